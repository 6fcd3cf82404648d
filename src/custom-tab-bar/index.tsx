import { Component } from 'react'
import Taro from '@tarojs/taro'
import TabBar from '@/components/TabBar'
import { pagePath } from '@/routes'

/**
 * The mini-programs' tabBar (app.config.ts: `custom: true`), drawn as the H5 one. The app keeps one per
 * tab page; the page says which tab it is when shown (MainShell), and a tap switches tabs.
 */
export default class CustomTabBar extends Component<object, { selected: string }> {
  state = { selected: '' }

  setSelected(name: string) {
    this.setState({ selected: name })
  }

  render() {
    return (
      <TabBar
        active={this.state.selected}
        onSelect={(name) => {
          this.setSelected(name)
          void Taro.switchTab({ url: pagePath(name) })
        }}
      />
    )
  }
}
