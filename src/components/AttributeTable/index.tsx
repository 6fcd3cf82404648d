import { Text, View } from '@tarojs/components'
import type { AttributeRow } from '@/contract/catalogue'
import './index.scss'

interface AttributeTableProps {
  gameName: string
  regionNames: string[]
  rows: AttributeRow[]
}

/** An account's game, region and attributes as a two-column table (goodDetail, an appraisal's result). */
export default function AttributeTable({ gameName, regionNames, rows }: AttributeTableProps) {
  const cells = [
    { key: 'game', label: '游戏', value: gameName },
    { key: 'region', label: '区服', value: regionNames.join(' / ') },
    ...rows,
  ]
  return (
    <View className="attribute-table">
      {cells.map((cell) => (
        <View key={cell.key} className="attribute-table__cell">
          <Text className="attribute-table__label">{cell.label}</Text>
          <Text className="attribute-table__value">{cell.value || '—'}</Text>
        </View>
      ))}
    </View>
  )
}
