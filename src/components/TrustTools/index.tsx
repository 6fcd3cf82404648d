import { useState, type ReactNode } from 'react'
import { Button, Input, Text, View } from '@tarojs/components'
import { checkStaff, searchBlacklist } from '@/api/trust'
import { ApiError } from '@/api/request'
import GlyphIcon from '@/components/GlyphIcon'
import Tabs from '@/components/Tabs'
import { BLACKLIST_REASON_LABELS, BLACKLIST_SUBJECT_LABELS, CONTACT_KIND_LABELS } from '@/contract/constants'
import type { StaffCheck } from '@/contract/trust'
import { formatDate } from '@/utils/time'
import './index.scss'

const CHANNEL_LABELS: Record<NonNullable<StaffCheck['contact']>['channel'], string> = {
  qq: 'QQ',
  weixin: '微信',
  phone: '手机号',
  staffNo: '客服工号',
}

/** What a failed lookup says: the server's words for 400/429 (too many lookups), otherwise a retry. */
const failureText = (error: unknown) =>
  error instanceof ApiError && (error.code === 400 || error.code === 429) ? error.message : '查询失败，请稍后重试'

interface LookupProps<T> {
  label: string
  placeholder: string
  /** Explains the tool before the first lookup. */
  intro: string
  lookup: (value: string) => Promise<T>
  render: (result: T, value: string) => ReactNode
}

/** One input, one 查询 button, then the answer (or why there is none) under them. */
function Lookup<T>({ label, placeholder, intro, lookup, render }: LookupProps<T>) {
  const [value, setValue] = useState('')
  const [state, setState] = useState<
    | { status: 'idle' }
    | { status: 'busy' }
    | { status: 'done'; value: string; result: T }
    | { status: 'failed'; text: string }
  >({ status: 'idle' })
  const trimmed = value.trim()

  const submit = async () => {
    if (!trimmed || state.status === 'busy') return
    setState({ status: 'busy' })
    try {
      setState({ status: 'done', value: trimmed, result: await lookup(trimmed) })
    } catch (error) {
      setState({ status: 'failed', text: failureText(error) })
    }
  }

  return (
    <View className="trust-tool">
      <View className="trust-tool__form">
        <View className="trust-tool__field">
          <Input
            className="trust-tool__input"
            value={value}
            aria-label={label}
            placeholder={placeholder}
            placeholderClass="trust-tool__placeholder"
            maxlength={50}
            confirmType="search"
            onInput={(e) => setValue(e.detail.value)}
            onConfirm={() => void submit()}
          />
        </View>
        <Button
          className="trust-tool__button"
          disabled={!trimmed || undefined}
          loading={state.status === 'busy'}
          onClick={() => void submit()}
        >
          查询
        </Button>
      </View>
      <View className="trust-tool__result" aria-live="polite">
        {state.status === 'idle' || state.status === 'busy' ? (
          <Text className="trust-tool__intro">{intro}</Text>
        ) : state.status === 'failed' ? (
          <View className="trust-tool__failed" role="alert">
            {state.text}
          </View>
        ) : (
          render(state.result, state.value)
        )}
      </View>
    </View>
  )
}

function Verdict({ tone, title, children }: { tone: 'safe' | 'danger'; title: string; children?: ReactNode }) {
  return (
    <View className={`trust-verdict trust-verdict--${tone}`} role="status">
      <View className="trust-verdict__head">
        <GlyphIcon name={tone === 'safe' ? 'shield' : 'fire'} size={36} />
        <Text className="trust-verdict__title">{title}</Text>
      </View>
      {children}
    </View>
  )
}

/** 客服验证: is this QQ / WeChat / phone really one of our customer-service staff? */
export function StaffCheckTool() {
  return (
    <Lookup
      label="客服验证"
      placeholder="输入客服的 QQ / 微信号 / 手机号 / 工号"
      intro="添加客服前先验证，谨防冒充官方客服的骗子。"
      lookup={(value) => checkStaff(value).then((r) => r.data)}
      render={(result, value) =>
        result.official && result.contact ? (
          <Verdict tone="safe" title="官方客服，可以放心联系">
            <Text className="trust-verdict__text">
              {CHANNEL_LABELS[result.contact.channel]} {value} 是号安心
              {result.contact.kind ? CONTACT_KIND_LABELS[result.contact.kind] : '官方客服'}「{result.contact.name}」。
            </Text>
          </Verdict>
        ) : (
          <Verdict tone="danger" title="非官方客服，请立即停止交易">
            <Text className="trust-verdict__text">
              {value} 不是号安心的客服。任何私下转账、站外交易都不受平台保障，请通过本平台下单。
            </Text>
          </Verdict>
        )
      }
    />
  )
}

/** 黑号查询: has this game account / QQ / WeChat / phone / ID been reported (恶意找回, 诈骗…)? */
export function BlacklistTool() {
  return (
    <Lookup
      label="黑号查询"
      placeholder="输入游戏账号 / QQ / 微信 / 手机号"
      intro="交易前查一查对方是否有找回、诈骗记录。"
      lookup={(content) => searchBlacklist({ content }).then((r) => r.rows)}
      render={(records, value) =>
        records.length ? (
          <Verdict tone="danger" title={`发现 ${records.length} 条黑号记录，请勿交易`}>
            {records.map((record) => (
              <View key={record.id} className="trust-record">
                <Text className="trust-record__subject">
                  {BLACKLIST_SUBJECT_LABELS[record.subjectKind]} {record.maskedSubject}
                  {record.gameName ? ` · ${record.gameName}` : ''}
                </Text>
                <Text className="trust-record__reason">
                  {BLACKLIST_REASON_LABELS[record.reason]} · {formatDate(record.createdAt)}
                </Text>
                {record.evidence && <Text className="trust-record__evidence">{record.evidence}</Text>}
              </View>
            ))}
          </Verdict>
        ) : (
          <Verdict tone="safe" title="未查到黑号记录">
            <Text className="trust-verdict__text">
              {value} 暂无找回或诈骗记录。无记录不代表绝对安全，请始终通过平台担保交易。
            </Text>
          </Verdict>
        )
      }
    />
  )
}

type ToolTab = 'staff' | 'blacklist'

const TOOL_TABS: { value: ToolTab; label: string }[] = [
  { value: 'staff', label: '客服验证' },
  { value: 'blacklist', label: '黑号查询' },
]

/** Home's two quick tools behind two tabs. */
export default function TrustTools() {
  const [tab, setTab] = useState<ToolTab>('staff')
  return (
    <View className="trust-tools">
      <Tabs tabs={TOOL_TABS} value={tab} onChange={setTab} />
      {tab === 'staff' ? <StaffCheckTool /> : <BlacklistTool />}
    </View>
  )
}
