import { useState } from 'react'
import { View } from '@tarojs/components'
import AttributeFilter, { Chip, FilterBlock, RangeInput } from '@/components/AttributeFilter'
import Sheet, { SheetActions } from '@/components/Sheet'
import type { AccountType, AttributeField, NumberRange } from '@/contract/catalogue'
import type { ListFilters } from './query'

type SheetValue = Pick<ListFilters, 'attributes' | 'priceMin' | 'priceMax' | 'accountType' | 'specialOffer'>

interface AmountFilter {
  label: string
  unit: string
  /** Quick bands in yuan. */
  bands: { label: string; min?: number; max?: number }[]
}

/** What 筛选's amount range filters by: the sale price, or on the hire list the hourly rent. */
export function amountFilter(rentable: boolean): AmountFilter {
  return rentable
    ? {
        label: '租金',
        unit: '元/小时',
        bands: [
          { label: '5 以下', max: 5 },
          { label: '5–10', min: 5, max: 10 },
          { label: '10–30', min: 10, max: 30 },
          { label: '30 以上', min: 30 },
        ],
      }
    : {
        label: '价格',
        unit: '元',
        bands: [
          { label: '100 以下', max: 100 },
          { label: '100–500', min: 100, max: 500 },
          { label: '500–2000', min: 500, max: 2000 },
          { label: '2000–6000', min: 2000, max: 6000 },
          { label: '6000 以上', min: 6000 },
        ],
      }
}

const ACCOUNT_TYPES: { value: AccountType; label: string }[] = [
  { value: 'self', label: '平台自营' },
  { value: 'consign', label: '用户代售' },
]

const yuan = (fen?: number) => (fen === undefined ? undefined : fen / 100)
const fen = (yuanValue?: number) => (yuanValue === undefined ? undefined : Math.round(yuanValue * 100))

interface FilterSheetProps {
  fields: AttributeField[]
  value: ListFilters
  /** The hire list: the amount range is the hourly rent. */
  rentable: boolean
  onApply: (value: SheetValue) => void
  onClose: () => void
}

/** 筛选: the game's searchable attributes, price range, account type and 特价捡漏, applied together on 确定. */
export default function FilterSheet({ fields, value, rentable, onApply, onClose }: FilterSheetProps) {
  const amount = amountFilter(rentable)
  const [draft, setDraft] = useState<SheetValue>({
    attributes: value.attributes,
    priceMin: value.priceMin,
    priceMax: value.priceMax,
    accountType: value.accountType,
    specialOffer: value.specialOffer,
  })
  const price: NumberRange = { min: yuan(draft.priceMin), max: yuan(draft.priceMax) }
  const setPrice = (range: NumberRange) =>
    setDraft((d) => ({ ...d, priceMin: fen(range.min), priceMax: fen(range.max) }))

  const confirm = () => {
    const { priceMin, priceMax } = draft
    // A reversed range is what the visitor meant the other way round.
    const swapped = priceMin !== undefined && priceMax !== undefined && priceMin > priceMax
    onApply(swapped ? { ...draft, priceMin: priceMax, priceMax: priceMin } : draft)
    onClose()
  }

  return (
    <Sheet
      title="筛选"
      onClose={onClose}
      footer={<SheetActions onReset={() => setDraft({ attributes: {}, specialOffer: false })} onConfirm={confirm} />}
    >
      <View className="filter-sheet">
        <FilterBlock title={amount.label} hint={`单位：${amount.unit}`}>
          <RangeInput label={amount.label} value={price} onChange={setPrice} decimals />
          <View className="chip-group filter-sheet__bands">
            {amount.bands.map((band) => (
              <Chip
                key={band.label}
                label={band.label}
                role="radio"
                on={price.min === band.min && price.max === band.max}
                onClick={() => setPrice({ min: band.min, max: band.max })}
              />
            ))}
          </View>
        </FilterBlock>
        <AttributeFilter
          fields={fields}
          value={draft.attributes}
          onChange={(attributes) => setDraft((d) => ({ ...d, attributes }))}
        />
        <FilterBlock title="账号类型">
          <View className="chip-group" role="radiogroup">
            {ACCOUNT_TYPES.map((t) => (
              <Chip
                key={t.value}
                label={t.label}
                role="radio"
                on={draft.accountType === t.value}
                onClick={() =>
                  setDraft((d) => ({ ...d, accountType: d.accountType === t.value ? undefined : t.value }))
                }
              />
            ))}
          </View>
        </FilterBlock>
        <FilterBlock title="优惠">
          <View className="chip-group">
            <Chip
              label="特价捡漏"
              on={draft.specialOffer}
              onClick={() => setDraft((d) => ({ ...d, specialOffer: !d.specialOffer }))}
            />
          </View>
        </FilterBlock>
      </View>
    </Sheet>
  )
}

export const ACCOUNT_TYPE_LABEL: Record<AccountType, string> = { self: '平台自营', consign: '用户代售' }
