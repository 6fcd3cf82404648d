/**
 * 订单: every order, found by number, buyer's phone, game, status and day; each opens the desk — the
 * timeline from its events, payments, the escrow journal's postings for it, and what the staff member may
 * do now: 验号 (logged), the hand-over with its checklist, the refund with a reason — and the deal room, where
 * staff talk with buyer and seller.
 */
import { ProDescriptions, type ProColumns } from '@ant-design/pro-components'
import {
  DEAL_ROOM_STATUSES,
  ORDER_KIND_LABELS,
  ORDER_SOURCE_LABELS,
  ORDER_STATUS_LABELS,
  PAY_CHANNEL_LABELS,
} from '@contract/constants'
import type { AdminOrderDetail, Credentials, Order, OrderActor, OrderEvent } from '@contract/orders'
import type { PayChannel, PaymentStatus } from '@contract/payments'
import { Button, Card, Checkbox, Drawer, Popconfirm, Space, Tag, Timeline, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { api } from '../api'
import { DealRoomPanel } from '../components/DealRoomPanel'
import { DeskTable, deskRow, type DrawerProps } from '../components/DeskTable'
import { ReasonButton } from '../components/ReasonButton'
import { RevealButton } from '../components/RevealButton'
import { Section, SectionTable } from '../components/Section'
import { useGames } from '../components/useGames'
import { useRecord } from '../components/useRecord'
import { dateTime, valueEnum, yuan } from '../format'

const EVENT_LABELS: Record<OrderEvent, string> = {
  create: '下单',
  award: '竞价成交，卖家为回收商下单',
  pay: '支付成功',
  payBalance: '尾款支付成功',
  cancel: '取消',
  handOver: '移交账号',
  confirm: '确认收货',
  refund: '退款',
  dispute: '申请售后',
  resume: '售后驳回，恢复待确认收货',
  conclude: '售后结束，交易完成',
  refundDispute: '售后全额退款',
  settleRental: '租期结束，租金结算',
  refundRental: '租号退款',
}
const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: '待支付',
  paid: '已到账',
  closed: '已关闭',
  refunded: '已退回',
}
const ACTOR_LABELS: Record<OrderActor, string> = {
  buyer: '买家',
  seller: '卖家',
  operator: '员工',
  system: '系统',
  gateway: '支付网关',
}
type LedgerKind = AdminOrderDetail['ledger'][number]['kind']
const LEDGER_LABELS: Record<LedgerKind, string> = {
  hold: '托管入账',
  settle: '结算至卖家冻结',
  fee: '平台收入',
  release: '打款给卖家',
  refund: '退款给买家',
  compensation: '包赔赔付',
  recovery: '向卖家追回',
  contribution: '平台注资',
}
const STATUS_COLORS: Record<Order['status'], string> = {
  pending_payment: 'default',
  paid: 'processing',
  handed_over: 'warning',
  completed: 'success',
  cancelled: 'default',
  refunded: 'error',
  disputed: 'error',
}
/** What the agent checks before handing the account over (验号 and 换绑). */
const HAND_OVER_CHECKS = [
  '已登录验号：账号、密码可用',
  '账号与商品描述一致（区服、等级、皮肤）',
  '已核对绑定信息，需换绑的已协助换绑',
  '已提醒买家登录后修改密码',
]
const REFUND_REASONS = ['卖家无法交付账号', '账号与描述严重不符', '买家与卖家协商一致退款', '账号存在安全风险']

function HandOver({ onHandOver }: { onHandOver(): Promise<boolean> }) {
  const [checked, setChecked] = useState<string[]>([])
  const ready = checked.length === HAND_OVER_CHECKS.length
  return (
    <Card size="small" title="移交账号" style={{ marginTop: 16 }}>
      <Checkbox.Group
        value={checked}
        onChange={(values) => setChecked(values as string[])}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        options={HAND_OVER_CHECKS}
      />
      <Popconfirm title="确认移交？买家将可以查看账号信息" disabled={!ready} onConfirm={onHandOver}>
        <Button type="primary" disabled={!ready} style={{ marginTop: 12 }}>
          移交给买家
        </Button>
      </Popconfirm>
      {!ready && (
        <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
          完成全部核对后才能移交
        </Typography.Text>
      )}
    </Card>
  )
}

const partyText = (party: AdminOrderDetail['buyer']) =>
  `${party.name || '—'}（#${party.id}，${party.phone || '无手机号'}）`

/** 买卖, 租号 or 续租; a sale that came from 竞价回收 or a 中介担保 ticket says so, the way the desk handles it. */
function OrderType({ order }: { order: Pick<Order, 'kind' | 'source'> }) {
  if (order.kind !== 'sale') return ORDER_KIND_LABELS[order.kind]
  if (order.source === 'market') return ORDER_KIND_LABELS.sale
  return <Tag color={order.source === 'recycling' ? 'purple' : 'cyan'}>{ORDER_SOURCE_LABELS[order.source]}</Tag>
}

function OrderDrawer({ id, onClose, onChanged }: DrawerProps) {
  const {
    record: order,
    run,
    reload,
  } = useRecord<AdminOrderDetail>(`/admin/orders/${id}`, { onGone: onClose, onChanged })
  return (
    <Drawer
      open
      width={860}
      title={order ? `订单 ${order.no}` : '订单'}
      onClose={onClose}
      loading={!order}
      extra={
        order && (
          <Space wrap>
            {order.actions.includes('credentials') && (
              <RevealButton load={(reason) => api.post<Credentials>(`/admin/orders/${id}/credentials`, { reason })} />
            )}
            {order.actions.includes('refund') && (
              <ReasonButton
                label="退款"
                title={`退款 ${yuan(order.paidAmount)}：原路退回，商品重新上架`}
                templates={REFUND_REASONS}
                button={{ danger: true }}
                onConfirm={(reason) => run(() => api.post(`/admin/orders/${id}/refund`, { reason }), '已退款')}
              />
            )}
          </Space>
        )
      }
    >
      {order && (
        <>
          <ProDescriptions<AdminOrderDetail>
            column={2}
            dataSource={order}
            columns={[
              {
                title: '状态',
                dataIndex: 'status',
                render: () => <Tag color={STATUS_COLORS[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Tag>,
              },
              { title: '下单时间', dataIndex: 'createdAt', render: () => dateTime(order.createdAt) },
              { title: '类型', dataIndex: 'kind', render: () => <OrderType order={order} /> },
              {
                title: '卖家',
                dataIndex: 'seller',
                render: () => (order.seller ? partyText(order.seller) : '平台自营'),
              },
              {
                title: '商品',
                dataIndex: ['goods', 'title'],
                span: 2,
                render: () => `#${order.goods.id} ${order.goods.title}`,
              },
              {
                title: '游戏 / 区服',
                dataIndex: ['goods', 'gameName'],
                render: () => [order.goods.gameName, ...order.goods.regionNames].join(' / '),
              },
              { title: '买家', dataIndex: 'buyer', render: () => partyText(order.buyer) },
              { title: '商品金额', dataIndex: 'goodsAmount', render: () => yuan(order.goodsAmount) },
              {
                title: '包赔 + 服务费',
                dataIndex: 'guaranteeAmount',
                render: () => yuan(order.guaranteeAmount + order.serviceAmount),
              },
              { title: '应付', dataIndex: 'totalAmount', render: () => yuan(order.totalAmount) },
              {
                title: '已付 / 已退',
                dataIndex: 'paidAmount',
                render: () => `${yuan(order.paidAmount)} / ${yuan(order.refundAmount)}`,
              },
              // What the order led to, each opened on its own desk.
              ...(
                [
                  ['租号', '/rentals', order.rentalId],
                  ['售后', '/aftersale', order.aftersaleId],
                  ['包赔', '/claims', order.claimId],
                ] as const
              ).flatMap(([name, desk, linked]) =>
                linked
                  ? [{ title: name, render: () => <Link to={deskRow(desk, linked)}>{`${name} #${linked}`}</Link> }]
                  : [],
              ),
            ]}
          />
          {order.actions.includes('handOver') && (
            <HandOver
              onHandOver={() => run(() => api.post(`/admin/orders/${id}/hand-over`), '已移交，买家可以查看账号')}
            />
          )}
          <Section title="时间线">
            <Timeline
              items={order.timeline.map((step) => ({
                children: (
                  <>
                    <Typography.Text strong>{EVENT_LABELS[step.event]}</Typography.Text>
                    <Typography.Text type="secondary">
                      {' '}
                      · {ACTOR_LABELS[step.actor]}
                      {step.actorName && ` ${step.actorName}`} · {dateTime(step.at)}
                    </Typography.Text>
                    {typeof step.detail.reason === 'string' && <div>原因：{step.detail.reason}</div>}
                  </>
                ),
              }))}
            />
          </Section>
          {(DEAL_ROOM_STATUSES as readonly string[]).includes(order.status) && (
            <DealRoomPanel orderId={order.id} onCard={reload} />
          )}
          <SectionTable
            title="支付记录"
            rows={order.payments ?? []}
            columns={[
              { title: '支付单号', dataIndex: 'outTradeNo' },
              { title: '渠道', dataIndex: 'channel', render: (c: PayChannel) => PAY_CHANNEL_LABELS[c] },
              { title: '金额', dataIndex: 'amount', render: yuan },
              { title: '状态', dataIndex: 'status', render: (status: PaymentStatus) => PAYMENT_STATUS_LABELS[status] },
              { title: '到账时间', dataIndex: 'paidAt', render: dateTime },
            ]}
          />
          <SectionTable
            title="账本分录"
            rows={order.ledger}
            empty="还没有分录（付款后记入托管）"
            columns={[
              { title: '#', dataIndex: 'id', width: 60 },
              { title: '类型', dataIndex: 'kind', render: (kind: LedgerKind) => LEDGER_LABELS[kind] },
              { title: '金额', dataIndex: 'amount', render: yuan },
              { title: '从', dataIndex: 'debitAccount' },
              { title: '到', dataIndex: 'creditAccount' },
              { title: '时间', dataIndex: 'at', render: dateTime },
            ]}
          />
        </>
      )}
    </Drawer>
  )
}

export default function Orders() {
  const games = useGames()
  const columns: ProColumns<Order>[] = [
    { title: '订单编号', dataIndex: 'no', width: 220, copyable: true },
    { title: '买家手机号', dataIndex: 'phone', hideInTable: true },
    {
      title: '游戏',
      dataIndex: 'gameId',
      hideInTable: true,
      valueEnum: Object.fromEntries(games.map((game) => [game.id, { text: game.name }])),
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 100,
      valueEnum: valueEnum(ORDER_KIND_LABELS),
      render: (_, row) => <OrderType order={row} />,
    },
    { title: '来源', dataIndex: 'source', hideInTable: true, valueEnum: valueEnum(ORDER_SOURCE_LABELS) },
    { title: '商品', dataIndex: ['goods', 'title'], ellipsis: true, search: false },
    { title: '游戏', dataIndex: ['goods', 'gameName'], width: 120, search: false },
    {
      title: '金额',
      dataIndex: 'totalAmount',
      width: 120,
      search: false,
      sorter: true,
      render: (_, row) => yuan(row.totalAmount),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      valueEnum: valueEnum(ORDER_STATUS_LABELS),
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{ORDER_STATUS_LABELS[row.status]}</Tag>,
    },
    {
      title: '下单日期',
      dataIndex: 'created',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: ([from, to]) => ({ from, to }) },
    },
    {
      title: '下单时间',
      dataIndex: 'createdAt',
      width: 160,
      search: false,
      sorter: true,
      render: (_, row) => dateTime(row.createdAt),
    },
  ]
  return (
    <DeskTable<Order>
      path="/admin/orders"
      title="订单"
      columns={columns}
      detail={{ label: '处理', Drawer: OrderDrawer }}
    />
  )
}
