import { Text } from '@tarojs/components'
import ChoiceChips, { MultiChoiceChips } from '@/components/ChoiceChips'
import Field, { InputField } from '@/components/Field'
import Hint from '@/components/Hint'
import type { RentOffer, RentRule } from '@/contract/catalogue'
import { RENT_LIMITS, RENT_RULE_LABELS } from '@/contract/constants'
import { yuanToFen } from '@/contract/money'
import type { Draft } from './draft'

const RULES = Object.entries(RENT_RULE_LABELS).map(([value, label]) => ({ value: value as RentRule, label }))

const hours = (text: string) => (/^\d+$/.test(text) ? Number(text) : undefined)

/** The rent terms as typed, checked as the server checks them: what is wrong with each field (or nothing). */
export function rentProblems(draft: Draft): Record<string, string> {
  if (!draft.rentOn) return {}
  const hourly = yuanToFen(draft.rentHourly)
  const daily = yuanToFen(draft.rentDaily)
  const deposit = yuanToFen(draft.rentDeposit)
  const [min, max] = [hours(draft.rentMinHours), hours(draft.rentMaxHours)]
  const inRange = (h: number | undefined) => h !== undefined && h >= RENT_LIMITS.minHours && h <= RENT_LIMITS.maxHours
  return {
    rentHourly: hourly === undefined || hourly < 100 ? '请输入时租，至少 1 元' : '',
    rentDaily:
      daily === undefined || daily < 100
        ? '请输入日租，至少 1 元'
        : hourly !== undefined && daily < hourly
          ? '日租不能低于时租'
          : hourly !== undefined && daily > hourly * 24
            ? '日租不能高于 24 小时的时租'
            : '',
    rentDeposit: deposit === undefined ? '请输入押金（可为 0）' : '',
    rentMinHours: inRange(min) ? '' : `最短租期为 ${RENT_LIMITS.minHours}–${RENT_LIMITS.maxHours} 小时`,
    rentMaxHours: !inRange(max)
      ? `最长租期为 ${RENT_LIMITS.minHours}–${RENT_LIMITS.maxHours} 小时`
      : min !== undefined && max! < min
        ? '最长租期不能短于最短租期'
        : '',
  }
}

/** The request's rent: the terms when offered for rent, null when for sale only. */
export function rentOffer(draft: Draft): RentOffer | null {
  if (!draft.rentOn) return null
  return {
    hourly: yuanToFen(draft.rentHourly)!,
    daily: yuanToFen(draft.rentDaily)!,
    deposit: yuanToFen(draft.rentDeposit)!,
    minHours: Number(draft.rentMinHours),
    maxHours: Number(draft.rentMaxHours),
    rules: draft.rentRules,
  }
}

/** 同时出租: whether the account is also for rent, and on what terms. */
export default function RentSection(props: {
  draft: Draft
  set: (patch: Partial<Draft>) => void
  problems: Record<string, string>
}) {
  const { draft, set, problems } = props
  const shown = (key: keyof Draft) => (draft[key] ? problems[key] : '')
  return (
    <>
      <Text className="basic-information__section">出租（选填）</Text>
      <Field label="是否同时出租">
        <ChoiceChips
          label="是否同时出租"
          options={[
            { value: 'no', label: '只出售' },
            { value: 'yes', label: '出售并出租' },
          ]}
          value={draft.rentOn ? 'yes' : 'no'}
          onChange={(value) => set({ rentOn: value === 'yes' })}
        />
      </Field>
      {draft.rentOn && (
        <>
          <Hint>租号双方都需实名；租金与押金由平台托管，到期归还、你验号后结算。出租中的账号不能同时被购买。</Hint>
          <InputField
            label="时租（元/小时）"
            name="时租"
            value={draft.rentHourly}
            onChange={(rentHourly) => set({ rentHourly })}
            error={shown('rentHourly')}
            type="digit"
            maxlength={8}
          />
          <InputField
            label="日租（元/天）"
            name="日租"
            value={draft.rentDaily}
            onChange={(rentDaily) => set({ rentDaily })}
            error={shown('rentDaily')}
            type="digit"
            maxlength={8}
            placeholder="租满 24 小时按日租计"
          />
          <InputField
            label="押金（元）"
            name="押金"
            value={draft.rentDeposit}
            onChange={(rentDeposit) => set({ rentDeposit })}
            error={shown('rentDeposit')}
            type="digit"
            maxlength={9}
            placeholder="归还验号无误后退还租客"
          />
          <InputField
            label="最短租期（小时）"
            name="最短租期"
            value={draft.rentMinHours}
            onChange={(rentMinHours) => set({ rentMinHours })}
            error={shown('rentMinHours')}
            type="number"
            maxlength={3}
          />
          <InputField
            label="最长租期（小时）"
            name="最长租期"
            value={draft.rentMaxHours}
            onChange={(rentMaxHours) => set({ rentMaxHours })}
            error={shown('rentMaxHours')}
            type="number"
            maxlength={3}
          />
          <Field label="租号规则">
            <MultiChoiceChips
              label="租号规则"
              options={RULES}
              values={draft.rentRules}
              onChange={(rentRules) => set({ rentRules })}
            />
          </Field>
        </>
      )}
    </>
  )
}
