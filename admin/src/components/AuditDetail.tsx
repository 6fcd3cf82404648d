/**
 * What a staff action left in its audit row, as staff read it: one line a key, by its Chinese name, money in
 * yuan, a change as `before → after`. A settings change takes its names and units from the settings' own
 * schema (the one the settings form is built from); a key this list does not know shows as it is stored.
 */
import { AFTERSALE_OUTCOME_LABELS, RENTAL_OUTCOME_LABELS } from '@contract/constants'
import type { AuditEntry } from '@contract/audit'
import { Typography } from 'antd'
import { unitOf, yuan, type FieldSchema } from '../format'

/**
 * The keys the server's audit() calls write, and the rows of the editable lists they copy, in the order they are
 * shown (a row's detail is stored as jsonb, which keeps its keys in an order of its own).
 */
const KEY_NAMES: Record<string, string> = {
  outcome: '结果',
  amount: '金额',
  damage: '赔偿号主',
  min: '最低估价',
  max: '最高估价',
  point: '参考价',
  reason: '原因',
  note: '备注',
  orderId: '订单',
  userId: '用户',
  attempt: '第几次',
  before: '之前',
  after: '之后',
  changes: '修改',
  fields: '字段',
  from: '由版本',
  version: '版本',
  parentId: '上级节点',
  id: '编号',
  gameId: '游戏',
  gameIds: '游戏',
  title: '标题',
  description: '描述',
  images: '图片',
  image: '图片',
  attributes: '属性',
  type: '类型',
  kind: '类型',
  subjectKind: '类别',
  maskedSubject: '对象',
  evidence: '证据',
  name: '名称',
  hot: '热门',
  sort: '排序',
  enabled: '启用',
  icon: '图标',
  qq: 'QQ',
  weixin: '微信',
  phone: '电话',
  qrImage: '二维码',
  workHours: '服务时间',
  number: '群号',
  full: '已满',
  link: '链接',
  content: '内容',
  platform: '平台',
  fans: '粉丝数',
  account: '账号',
  avatar: '头像',
}

/** Keys whose numbers are fen. */
const FEN = new Set(['amount', 'damage', 'min', 'max', 'point', 'price'])
const OUTCOMES: Record<string, string> = { ...AFTERSALE_OUTCOME_LABELS, ...RENTAL_OUTCOME_LABELS }
const PICTURES = new Set(['images', 'image', 'icon', 'qrImage', 'avatar'])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  isRecord(value) && Object.keys(value).sort().join() === 'from,to'

/** Keys in the order they are read: the schema's, else KEY_NAMES'; keys neither knows last. */
function ordered(keys: string[], field?: FieldSchema): string[] {
  const order = Object.keys(field?.properties ?? KEY_NAMES)
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length)
  return [...keys].sort((a, b) => rank(a) - rank(b))
}

const nameOf = (key: string, field?: FieldSchema): string => field?.title ?? KEY_NAMES[key] ?? key

function shown(key: string, value: unknown, field?: FieldSchema): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? '是' : '否'
  if (typeof value === 'number') {
    if (field?.description === '分' || (!field && FEN.has(key))) return yuan(value)
    const unit = field ? unitOf(field) : { scale: 1, suffix: '' }
    return `${value / unit.scale}${unit.suffix}`
  }
  if (typeof value === 'string') {
    if (key === 'outcome') return OUTCOMES[value] ?? value
    return PICTURES.has(key) ? '1 张' : value
  }
  if (Array.isArray(value)) {
    if (PICTURES.has(key)) return `${value.length} 张`
    if (key === 'fields') return value.map((item) => KEY_NAMES[String(item)] ?? String(item)).join('、')
    return value.length ? value.map((item) => shown(key, item)).join('、') : '—'
  }
  if (isChange(value)) {
    const { from, to } = value
    if (!isRecord(from) || !isRecord(to)) return `${shown(key, from, field)} → ${shown(key, to, field)}`
    // A group of settings changed: only its members that changed, each `before → after`.
    return ordered([...new Set([...Object.keys(from), ...Object.keys(to)])], field)
      .filter((inner) => JSON.stringify(from[inner]) !== JSON.stringify(to[inner]))
      .map((inner) => {
        const innerField = field?.properties?.[inner]
        // 找回包赔：找回包赔费率 … reads 找回包赔：费率 …
        const name = nameOf(inner, innerField).replace(field?.title ?? '', '')
        return `${name} ${shown(inner, { from: from[inner], to: to[inner] }, innerField)}`
      })
      .join('，')
  }
  const record = value as Record<string, unknown>
  return ordered(Object.keys(record), field)
    .map((inner) => {
      const innerField = field?.properties?.[inner]
      return `${nameOf(inner, innerField)} ${shown(inner, record[inner], innerField)}`
    })
    .join('，')
}

export function AuditDetail({ entry, settings }: { entry: AuditEntry; settings?: FieldSchema }) {
  // Only a settings change is keyed by the settings' names.
  const schema = entry.action === 'settings.update' ? settings : undefined
  const keys = ordered(Object.keys(entry.detail), schema)
  if (keys.length === 0) return <>—</>
  return (
    <div>
      {keys.map((key) => {
        const field = schema?.properties?.[key]
        const value = entry.detail[key]
        return (
          <div key={key}>
            <Typography.Text type="secondary">{nameOf(key, field)}：</Typography.Text>
            {shown(key, value, field)}
          </div>
        )
      })}
    </div>
  )
}
