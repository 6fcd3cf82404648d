import { Text, View } from '@tarojs/components'
import PromptDialog from '@/components/PromptDialog'
import { SETTLEMENT_LABELS } from '@/contract/constants'
import { formatPrice } from '@/contract/money'
import type { Settlement } from '@/contract/payments'
import { checkAlipayAccount } from '@/contract/validation'
import { formatDate } from '@/utils/time'
import './index.scss'

/** The line under a settlement's amount. */
const DETAILS: Record<Settlement['status'], (settlement: Settlement) => string> = {
  pending: (s) => `预计 ${formatDate(s.dueAt)} 打款`,
  held: () => '买家申请了包赔，处理完成前暂缓打款',
  paid: (s) => `${formatDate(s.paidAt)} 转账单号 ${s.transferNo ?? ''}`,
  failed: (s) =>
    s.actions.includes('payee') ? `${s.reason ?? ''}，请修改收款账户后重新打款` : `${s.reason ?? ''}，客服将联系您处理`,
}

/**
 * A seller's money for one order (a sale, a rental's rent): due, held, paid in green or refused in red; `name`
 * says which money it is, `lines` add what the page knows of it (the order's number).
 */
export default function SettlementStrip(props: { settlement: Settlement; name?: string; lines?: string[] }) {
  const { settlement, name = '', lines = [] } = props
  return (
    <View className={`settlement-strip settlement-strip--${settlement.status}`}>
      <Text>
        {name}
        {SETTLEMENT_LABELS[settlement.status]} {formatPrice(settlement.amount)}
      </Text>
      {[DETAILS[settlement.status](settlement), ...lines].map((line) => (
        <Text key={line} className="settlement-strip__detail">
          {line}
        </Text>
      ))}
    </View>
  )
}

/** Whether the seller may give another account for any of this money now (the gateway refused it). */
export const payeeWanted = (settlements: Settlement[]) => settlements.some((s) => s.actions.includes('payee'))

/** What became of the money once the seller gave another account: the toast after the change. */
export function payeeOutcome(settlements: Settlement[]): string {
  if (settlements.some((s) => s.status === 'failed')) return '仍然打款失败，请核对收款账户'
  if (settlements.some((s) => s.status === 'pending')) return '已提交打款，请稍后查看'
  return settlements.some((s) => s.status === 'paid') ? '已重新打款' : '收款账户已修改'
}

/** 修改收款账户: another Alipay account in the seller's verified name; the refused money is sent again at once. */
export function PayeeDialog({ onConfirm, onCancel }: { onConfirm: (account: string) => void; onCancel: () => void }) {
  return (
    <PromptDialog
      title="修改收款账户"
      message="收款人为你实名认证的姓名，修改后立即重新打款"
      placeholder="支付宝账号（手机号或邮箱）"
      validator={(value) => checkAlipayAccount(value.trim()) || true}
      confirmText="修改并打款"
      onCancel={onCancel}
      onConfirm={(value) => onConfirm(value.trim())}
    />
  )
}
