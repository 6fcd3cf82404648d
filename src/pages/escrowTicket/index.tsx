import { useCallback, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import {
  escrowTicketStep,
  fetchEscrowInvite,
  fetchEscrowTicket,
  joinEscrowTicket,
  rejectEscrowListing,
} from '@/api/escrowTickets'
import { ApiError, toastError } from '@/api/request'
import ActionsBar from '@/components/ActionsBar'
import CopyButton from '@/components/CopyButton'
import EmptyState, { LoadFailed } from '@/components/EmptyState'
import Hint from '@/components/Hint'
import InfoRows from '@/components/InfoRows'
import LazyImage from '@/components/LazyImage'
import Panel from '@/components/Panel'
import PromptDialog from '@/components/PromptDialog'
import Skeleton from '@/components/Skeleton'
import SubmitBar from '@/components/SubmitBar'
import { ESCROW_TICKET_STATUS_LABELS } from '@/contract/constants'
import type { EscrowTicket, EscrowTicketAction } from '@/contract/escrowTickets'
import { formatPrice } from '@/contract/money'
import OtherShell from '@/layouts/OtherShell'
import { openPage, replacePage, usePageParams } from '@/navigation'
import { routes } from '@/routes'
import { useRequireLogin } from '@/session'
import { showDialog } from '@/utils/dialog'
import { siteUrl } from '@/utils/siteUrl'
import { formatTime } from '@/utils/time'
import { useBusy } from '@/utils/useBusy'
import { useRecord } from '@/utils/useRecord'
import './index.scss'

const ROLE_LABELS = { buyer: '买方', seller: '卖方' }

/** 担保单: `id` is a ticket of the viewer's; `code` (a shared link) asks its holder to join first. */
export default function EscrowTicketPage() {
  const signedIn = useRequireLogin()
  const params = usePageParams()
  const id = Number(params.id)
  return (
    <OtherShell>
      {!signedIn ? null : id > 0 ? (
        <TicketView id={id} />
      ) : params.code ? (
        <Invite code={params.code} />
      ) : (
        <EmptyState text="担保单不存在" action={{ label: '中介担保', onClick: () => openPage('security') }} />
      )}
    </OtherShell>
  )
}

/** Someone with the code: what they are asked to join, and their side of it. */
function Invite({ code }: { code: string }) {
  const fetch = useCallback(() => fetchEscrowInvite(code), [code])
  const { item: invite, failed, reload } = useRecord(fetch, '担保码无效，请向对方核对')
  const [joining, setJoining] = useState(false)
  if (failed) return <LoadFailed failure={failed} onRetry={reload} />
  if (!invite) return <Skeleton className="escrow-ticket__skeleton" />
  const join = async () => {
    setJoining(true)
    try {
      const { data } = await joinEscrowTicket(code)
      await replacePage('escrowTicket', { id: data.id })
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 401)) toastError(error, '加入失败，请重试')
    } finally {
      setJoining(false)
    }
  }
  return (
    <View className="escrow-ticket">
      <Hint>对方邀请你通过号安心中介担保完成交易：资金由平台托管，验号移交、确认收货后才打款给卖方。</Hint>
      <Panel title="担保交易">
        <InfoRows
          rows={[
            ['游戏', invite.gameName],
            ['成交价', formatPrice(invite.agreedPrice)],
            ['担保服务费', `${formatPrice(invite.feeAmount)}（买方支付）`],
            ['你的身份', ROLE_LABELS[invite.role]],
            ['交易说明', invite.description],
          ]}
        />
      </Panel>
      {invite.status === 'awaiting_party' && (
        <SubmitBar loading={joining} onClick={() => void join()}>
          加入担保单
        </SubmitBar>
      )}
    </View>
  )
}

/** What the ticket waits for, as each side reads it. */
function waitingFor(ticket: EscrowTicket): string {
  const mine = (side: 'buyer' | 'seller') => ticket.role === side
  switch (ticket.status) {
    case 'awaiting_party':
      return '把担保码或链接发给对方，对方登录后加入'
    case 'awaiting_listing':
      return mine('seller') ? '请录入账号信息，买方确认后付款' : '等待卖方录入账号信息'
    case 'awaiting_approval':
      return mine('buyer') ? '请核对卖方录入的账号，确认后付款' : '等待买方确认账号'
    case 'in_trade':
      return mine('buyer') ? '按订单付款；客服验号移交后确认收货' : '买方付款后由客服验号移交，确认收货后打款给你'
    case 'completed':
      return '交易完成'
    default:
      return ticket.closedReason || '担保单已关闭'
  }
}

function TicketView({ id }: { id: number }) {
  const fetch = useCallback(() => fetchEscrowTicket(id), [id])
  const { item: ticket, setItem, failed, reload } = useRecord(fetch, '担保单不存在')
  const { busy, run } = useBusy()
  const [rejecting, setRejecting] = useState(false)

  if (failed) return <LoadFailed failure={failed} onRetry={reload} />
  if (!ticket) return <Skeleton className="escrow-ticket__skeleton" />
  const can = (action: EscrowTicketAction) => ticket.actions.includes(action)

  const approve = () =>
    run(async () => {
      const total = formatPrice(ticket.agreedPrice + ticket.feeAmount)
      const asked = await showDialog({
        title: '确认账号',
        content: `确认后生成订单，需支付 ${total}（含担保服务费 ${formatPrice(ticket.feeAmount)}）。`,
        confirmText: '确认并付款',
      })
      if (!asked.confirm) return
      const { data } = await escrowTicketStep(ticket.id, 'approve')
      setItem(data)
      void openPage('pay', { id: data.orderId!, kind: 'full' })
    })
  const close = () =>
    run(async () => {
      if (!(await showDialog({ title: '关闭担保单', content: '关闭后本担保单作废，如需交易请重新发起。' })).confirm)
        return
      setItem((await escrowTicketStep(ticket.id, 'close')).data)
    })
  // The page's web address with the code: whoever opens it signs in and is asked to join.
  const link = siteUrl(`${routes.find((r) => r.name === 'escrowTicket')!.url}?code=${ticket.code}`)

  return (
    <View className="escrow-ticket">
      <View className={`escrow-ticket__status escrow-ticket__status--${ticket.status}`} role="status">
        <Text className="escrow-ticket__status-label">{ESCROW_TICKET_STATUS_LABELS[ticket.status]}</Text>
        <Text className="escrow-ticket__status-note">{waitingFor(ticket)}</Text>
      </View>

      {ticket.status === 'awaiting_party' && (
        <Panel title="邀请对方">
          <View className="escrow-ticket__code">
            <Text className="escrow-ticket__code-value" userSelect>
              {ticket.code}
            </Text>
            <CopyButton text={ticket.code} what="担保码" />
          </View>
          <View className="escrow-ticket__code">
            <Text className="escrow-ticket__link" userSelect>
              {link}
            </Text>
            <CopyButton text={link} what="链接" />
          </View>
          <Text className="escrow-ticket__note">
            {ticket.counterparty.contact.startsWith('QQ')
              ? '持有担保码的人都能加入，请只发给对方本人。'
              : `只有手机号 ${ticket.counterparty.contact} 的用户能加入。`}
          </Text>
        </Panel>
      )}

      {ticket.rejectReason && ticket.status === 'awaiting_listing' && (
        <Hint>买方退回了账号信息：{ticket.rejectReason}</Hint>
      )}

      <Panel title="担保交易">
        <InfoRows
          rows={[
            ['游戏', ticket.gameName],
            ['成交价', formatPrice(ticket.agreedPrice)],
            ['担保服务费', `${formatPrice(ticket.feeAmount)}（买方支付）`],
            ['我的身份', ROLE_LABELS[ticket.role]],
            ['对方', ticket.counterparty.name ?? (ticket.counterparty.contact || '待加入')],
            ['交易说明', ticket.description],
            ['发起时间', formatTime(ticket.createdAt)],
          ]}
        />
      </Panel>

      {ticket.listing && (
        <Panel title="卖方录入的账号">
          <View className="escrow-ticket__listing">
            <LazyImage className="escrow-ticket__cover" src={ticket.listing.coverImage} alt={ticket.listing.title} />
            <Text className="escrow-ticket__listing-title">{ticket.listing.title}</Text>
          </View>
          <Text className="escrow-ticket__note">账号密码由平台加密保管，客服验号后移交买方；本账号不会公开展示。</Text>
        </Panel>
      )}

      <ActionsBar
        busy={busy}
        buttons={[
          ...(can('close') ? [{ label: '关闭', onClick: close }] : []),
          ...(can('reject') ? [{ label: '退回修改', onClick: () => setRejecting(true) }] : []),
          ...(can('list')
            ? [
                {
                  label: ticket.listing ? '重新录入账号' : '录入账号',
                  primary: true,
                  onClick: () =>
                    openPage('BasicInformation', { mode: 'escrow', ticketId: ticket.id, gameId: ticket.gameId }),
                },
              ]
            : []),
          ...(can('approve') ? [{ label: '确认并付款', primary: true, onClick: approve }] : []),
          ...(ticket.orderId !== null
            ? [{ label: '查看订单', primary: true, onClick: () => openPage('orderDetail', { id: ticket.orderId! }) }]
            : []),
        ]}
      />

      {rejecting && (
        <PromptDialog
          title="退回修改"
          message="告诉卖方哪里不对，卖方修改后重新录入。"
          placeholder="如：皮肤数量与约定不符"
          validator={(value) => (value.trim().length >= 2 ? true : '请写明原因')}
          onCancel={() => setRejecting(false)}
          onConfirm={(reason) => {
            setRejecting(false)
            void run(async () => {
              setItem((await rejectEscrowListing(ticket.id, reason.trim())).data)
              void Taro.showToast({ title: '已退回卖方修改', icon: 'none' })
            })
          }}
        />
      )}
    </View>
  )
}
