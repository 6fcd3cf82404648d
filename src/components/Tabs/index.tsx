import { useEffect, useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { usePageQuery } from '@/utils/selectorQuery'
import './index.scss'

interface TabsProps<T extends string> {
  tabs: { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
}

interface Rect {
  left: number
  width: number
}

let instances = 0

/**
 * A row of tabs with an accent underline on the active one. A row wider than the screen scrolls, and brings the
 * active tab to its middle — a page opened on its last tab, a tap on one half out of sight.
 */
export default function Tabs<T extends string>({ tabs, value, onChange }: TabsProps<T>) {
  const [id] = useState(() => `tabs-${++instances}`)
  const [scrollLeft, setScrollLeft] = useState(0)
  const active = tabs.findIndex((tab) => tab.value === value)
  const pageQuery = usePageQuery()

  // Measured, as the mini-programs allow: the box the row shows through, the row (its left edge moves as it
  // scrolls) and the active tab.
  useEffect(() => {
    void Taro.nextTick(() =>
      pageQuery()
        .select(`#${id}`)
        .boundingClientRect()
        .select(`#${id}-row`)
        .boundingClientRect()
        .select(`#${id}-${active}`)
        .boundingClientRect()
        .exec((result) => {
          const [box, row, tab] = (result ?? []) as (Rect | null)[]
          if (!box || !row || !tab) return
          setScrollLeft(Math.max(0, Math.round(tab.left - row.left - (box.width - tab.width) / 2)))
        }),
    )
  }, [id, active, pageQuery])

  return (
    // The scroll view's id is not passed on to the element it draws on H5: the box is measured through this one.
    <View id={id}>
      <ScrollView className="tabs" scrollX scrollLeft={scrollLeft} scrollWithAnimation enhanced showScrollbar={false}>
        <View id={`${id}-row`} className="tabs__row" role="tablist">
          {tabs.map((tab, i) => (
            <View
              key={tab.value}
              id={`${id}-${i}`}
              role="tab"
              aria-selected={tab.value === value}
              className={`tabs__item${tab.value === value ? ' tabs__item--active' : ''}`}
              onClick={() => onChange(tab.value)}
            >
              <Text>{tab.label}</Text>
            </View>
          ))}
        </View>
      </ScrollView>
    </View>
  )
}
