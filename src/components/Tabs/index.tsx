import { Text, View } from '@tarojs/components'
import './index.scss'

interface TabsProps<T extends string> {
  tabs: { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
}

/** A row of tabs with an accent underline on the active one. */
export default function Tabs<T extends string>({ tabs, value, onChange }: TabsProps<T>) {
  return (
    <View className="tabs" role="tablist">
      {tabs.map((tab) => (
        <View
          key={tab.value}
          role="tab"
          aria-selected={tab.value === value}
          className={`tabs__item${tab.value === value ? ' tabs__item--active' : ''}`}
          onClick={() => onChange(tab.value)}
        >
          <Text>{tab.label}</Text>
        </View>
      ))}
    </View>
  )
}
