/**
 * 包赔: the buyers' claims, the longest waiting first; the drawer has the claim and its evidence, the order's
 * credentials reveals and the seller's record beside it, and the decisions — approve an amount (paid at once
 * by transfer from the guarantee fund), ask for more, reject — then a refused transfer's retry and what was
 * recovered from the seller. Every step is audited. Above the list, the guarantee fund: what it holds, what
 * approved claims will take, what is left to approve, and finance's record of the platform's contributions.
 */
import {
  ModalForm,
  ProCard,
  ProDescriptions,
  ProFormDigit,
  ProFormTextArea,
  type ProColumns,
} from '@ant-design/pro-components'
import type { AdminClaim, Claim, GuaranteeFund } from '@contract/claims'
import { CLAIM_KIND_LABELS, CLAIM_STATUS_LABELS } from '@contract/constants'
import { Alert, Button, Drawer, Form, Popconfirm, Space, Statistic, Table, Tag, Typography } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { api, ApiError } from '../api'
import { DeskTable, deskRow, submittedColumn, type DrawerProps } from '../components/DeskTable'
import { Pictures } from '../components/Pictures'
import { ReasonButton } from '../components/ReasonButton'
import { Section } from '../components/Section'
import { useAct } from '../components/useAct'
import { useRecord } from '../components/useRecord'
import { dateTime, valueEnum, yuan } from '../format'
import { useSession } from '../session'

const STATUS_COLORS: Record<Claim['status'], string> = {
  submitted: 'processing',
  needs_info: 'warning',
  approved: 'blue',
  paid: 'success',
  rejected: 'default',
}
const statusTag = (row: Claim) => <Tag color={STATUS_COLORS[row.status]}>{CLAIM_STATUS_LABELS[row.status]}</Tag>
const toFen = (value: number) => Math.round(value * 100)

/** What the fund paid, its transfer, and what came back from the seller (withheld from the sale, or recovered). */
function compensation(claim: AdminClaim): string {
  if (claim.amount === null) return '—'
  const transfer = claim.transferNo ? `（转账单号 ${claim.transferNo}）` : ''
  const withheld = claim.withheldAmount ? `（其中 ${yuan(claim.withheldAmount)} 从卖家未结算的货款中扣回）` : ''
  const recovered = claim.recoveredAmount ? `，已追回 ${yuan(claim.recoveredAmount)}${withheld}` : ''
  return `${yuan(claim.amount)}${transfer}${recovered}`
}

function Evidence({ text, images, at }: { text: string; images: string[]; at: string }) {
  return (
    <div style={{ marginBottom: 12 }}>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>{text}</Typography.Paragraph>
      {images.length > 0 && <Pictures urls={images} />}
      <Typography.Text type="secondary"> {dateTime(at)}</Typography.Text>
    </div>
  )
}

/** A money form (yuan on screen, fen to the API) with an optional note. */
function MoneyButton(props: {
  label: string
  title: string
  /** The most it may be (fen); none when only the API's own bound holds. */
  max?: number
  /** What bounds it, under the field. */
  hint?: string
  note?: string
  onFinish(values: { amount: number; note?: string }): Promise<boolean>
  primary?: boolean
}) {
  const [form] = Form.useForm<{ amount: number; note?: string }>()
  return (
    <ModalForm<{ amount: number; note?: string }>
      title={props.title}
      form={form}
      width={520}
      trigger={<Button type={props.primary ? 'primary' : 'default'}>{props.label}</Button>}
      modalProps={{ destroyOnHidden: true, okText: '确定' }}
      onFinish={({ amount, note }) => props.onFinish({ amount: toFen(amount), note })}
    >
      <ProFormDigit
        name="amount"
        label={props.max === undefined ? '金额（元）' : `金额（元，最多 ${yuan(props.max)}）`}
        min={0.01}
        max={props.max === undefined ? undefined : props.max / 100}
        fieldProps={{ precision: 2 }}
        extra={props.hint}
        rules={[{ required: true, message: '请填写金额' }]}
      />
      {props.note && (
        <ProFormTextArea
          name="note"
          label={props.note}
          fieldProps={{ maxLength: 300, showCount: true }}
          rules={[{ required: true, min: 2, message: `请填写${props.note}` }]}
        />
      )}
    </ModalForm>
  )
}

function ClaimDrawer({ id, onClose, onChanged }: DrawerProps) {
  const { record: claim, run } = useRecord<AdminClaim>(`/admin/claims/${id}`, { onGone: onClose, onChanged })
  const post = (path: string, body: object, done: string) =>
    run(() => api.post(`/admin/claims/${id}/${path}`, body), done)
  return (
    <Drawer
      open
      width={860}
      title={claim ? `包赔 #${claim.id} · 订单 ${claim.orderNo}` : '包赔'}
      onClose={onClose}
      loading={!claim}
      extra={
        claim && (
          <Space wrap>
            {claim.actions.includes('requestInfo') && (
              <ReasonButton
                label="要求补充"
                title="要求买家补充材料"
                templates={['请补充账号被找回的游戏内通知截图', '请补充与原号主的沟通记录']}
                onConfirm={(note) => post('request-info', { note }, '已通知买家补充材料')}
              />
            )}
            {claim.actions.includes('reject') && (
              <ReasonButton
                label="驳回"
                title="驳回包赔申请"
                templates={['找回发生在交易前，不属于包赔范围', '材料无法证明账号被找回']}
                button={{ danger: true }}
                onConfirm={(reason) => post('reject', { reason }, '已驳回，买家会收到通知')}
              />
            )}
            {claim.actions.includes('approve') && (
              <MoneyButton
                primary
                label="同意赔付"
                title="同意赔付：从包赔基金转账给买家"
                hint={`商品价格（减去售后已退款）至多赔 ${yuan(claim.maxAmount)}；包赔基金可用 ${yuan(Math.max(0, claim.fundAvailable))}`}
                max={Math.max(0, Math.min(claim.maxAmount, claim.fundAvailable))}
                onFinish={({ amount }) => post('approve', { amount }, '已同意，赔付已发起')}
              />
            )}
            {claim.actions.includes('retry') && (
              <Popconfirm title="以新的转账单号重新打款？" onConfirm={() => post('retry', {}, '已重新打款')}>
                <Button type="primary">重新打款</Button>
              </Popconfirm>
            )}
            {claim.actions.includes('recover') && (
              <MoneyButton
                label="记录追回"
                title="记录向卖家追回的金额（计入包赔基金）"
                max={(claim.amount ?? 0) - claim.recoveredAmount}
                note="追回说明"
                onFinish={({ amount, note }) => post('recovery', { amount, note }, '已记录追回')}
              />
            )}
          </Space>
        )
      }
    >
      {claim && (
        <>
          <ProDescriptions<AdminClaim>
            column={2}
            dataSource={claim}
            columns={[
              { title: '状态', dataIndex: 'status', render: () => statusTag(claim) },
              { title: '类型', dataIndex: 'kind', render: () => CLAIM_KIND_LABELS[claim.kind] },
              { title: '商品', dataIndex: 'title', span: 2 },
              {
                title: '订单',
                span: 2,
                render: () => <Link to={deskRow('/orders', claim.orderId)}>{claim.orderNo}</Link>,
              },
              { title: '商品价格', dataIndex: 'goodsAmount', render: () => yuan(claim.goodsAmount) },
              {
                title: '赔付',
                dataIndex: 'amount',
                render: () => compensation(claim),
              },
              { title: '买家', dataIndex: 'buyer', render: () => `${claim.buyer.name}（#${claim.buyer.id}）` },
              {
                title: '收款账户',
                dataIndex: 'payee',
                render: () => `${claim.payee.alipayAccount}（${claim.payee.name}）`,
              },
              {
                title: '卖家',
                dataIndex: 'seller',
                span: 2,
                render: () =>
                  claim.seller
                    ? `${claim.seller.name}（#${claim.seller.id}）：成交 ${claim.seller.sales} 笔，被赔付 ${claim.seller.paidClaims} 次`
                    : '平台自营',
              },
              ...(claim.transferFailure
                ? [{ title: '打款失败', dataIndex: 'transferFailure', span: 2, render: () => claim.transferFailure }]
                : []),
              ...(claim.infoRequest
                ? [{ title: '要求补充', dataIndex: 'infoRequest', span: 2, render: () => claim.infoRequest }]
                : []),
              ...(claim.rejectReason
                ? [{ title: '驳回原因', dataIndex: 'rejectReason', span: 2, render: () => claim.rejectReason }]
                : []),
            ]}
          />
          <Section title="买家材料">
            <Evidence text={claim.description} images={claim.images} at={claim.createdAt} />
            {claim.additions.map((addition) => (
              <Evidence key={addition.at} {...addition} />
            ))}
          </Section>
          <Section title="账号查看记录">
            <Table
              size="small"
              rowKey="at"
              pagination={false}
              dataSource={claim.reveals}
              locale={{ emptyText: '没有查看记录' }}
              columns={[
                { title: '查看者', dataIndex: 'role', render: (role: string) => (role === 'buyer' ? '买家' : '员工') },
                { title: '原因', dataIndex: 'reason' },
                { title: '时间', dataIndex: 'at', render: dateTime },
              ]}
            />
          </Section>
        </>
      )}
    </Drawer>
  )
}

/** The guarantee fund above the queue; finance records the platform's contributions into it. */
function FundCard({ fund, onChanged }: { fund: GuaranteeFund | string | undefined; onChanged(): void }) {
  const { can } = useSession()
  const act = useAct()
  const [history, setHistory] = useState(false)
  if (typeof fund === 'string') return <Alert type="error" showIcon message={fund} style={{ marginBottom: 16 }} />
  if (!fund) return <ProCard bordered loading style={{ marginBottom: 16 }} />
  const parts: [string, number][] = [
    ['包赔费收入', fund.fees],
    ['平台注资', fund.contributions],
    ['向卖家追回', fund.recoveries],
    ['已赔付', -fund.compensations],
    ['售后退回', -fund.refunds],
  ]
  return (
    <ProCard
      bordered
      title="包赔基金"
      style={{ marginBottom: 16 }}
      extra={
        <Space>
          <Button onClick={() => setHistory(true)}>注资记录</Button>
          {can(['finance']) && (
            <MoneyButton
              primary
              label="注资"
              title="记录平台向包赔基金注资（平台自有资金，记入账本）"
              note="注资说明"
              onFinish={async (body) => {
                const done = await act(() => api.post('/admin/claims/fund/contributions', body), '已记录注资')
                if (done) onChanged()
                return done
              }}
            />
          )}
        </Space>
      }
    >
      <Space size={48} wrap align="start">
        <Statistic title="余额（账本）" value={yuan(fund.balance)} />
        <Statistic title="已同意待转账" value={yuan(fund.promised)} />
        <Statistic
          title="可用于新的赔付"
          value={yuan(fund.available)}
          valueStyle={{ color: fund.available > 0 ? '#12B76A' : '#F04438' }}
        />
        <Typography.Text type="secondary" style={{ maxWidth: 520, display: 'block', paddingTop: 4 }}>
          {parts.map(([label, fen]) => `${label} ${fen < 0 ? '−' : ''}${yuan(Math.abs(fen))}`).join(' · ')}
        </Typography.Text>
      </Space>
      <Drawer open={history} width={720} title="包赔基金注资记录（最近 20 笔）" onClose={() => setHistory(false)}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={fund.latestContributions}
          locale={{ emptyText: '还没有注资' }}
          columns={[
            { title: '时间', dataIndex: 'createdAt', width: 150, render: dateTime },
            { title: '金额', dataIndex: 'amount', width: 130, render: yuan },
            { title: '说明', dataIndex: 'note' },
            { title: '记录人', dataIndex: 'staffName', width: 110 },
          ]}
        />
      </Drawer>
    </ProCard>
  )
}

export default function Claims() {
  const [fund, setFund] = useState<GuaranteeFund | string>()
  const loadFund = useCallback(() => {
    api
      .get<GuaranteeFund>('/admin/claims/fund')
      .then(setFund, (error) => setFund(error instanceof ApiError ? error.message : '包赔基金加载失败'))
  }, [])
  useEffect(loadFund, [loadFund])
  const columns: ProColumns<Claim>[] = [
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      valueEnum: valueEnum(CLAIM_STATUS_LABELS),
      render: (_, row) => statusTag(row),
    },
    { title: '类型', dataIndex: 'kind', width: 110, search: false, render: (_, row) => CLAIM_KIND_LABELS[row.kind] },
    { title: '订单', dataIndex: 'orderNo', width: 210, search: false, copyable: true },
    { title: '商品', dataIndex: 'title', ellipsis: true, search: false },
    {
      title: '商品价格',
      dataIndex: 'goodsAmount',
      width: 100,
      search: false,
      render: (_, row) => yuan(row.goodsAmount),
    },
    {
      title: '赔付',
      dataIndex: 'amount',
      width: 100,
      search: false,
      render: (_, row) => (row.amount === null ? '—' : yuan(row.amount)),
    },
    { ...submittedColumn<Claim>(), sorter: false },
  ]
  return (
    <>
      <FundCard fund={fund} onChanged={loadFund} />
      <DeskTable<Claim>
        path="/admin/claims"
        title="包赔（先提交的在前）"
        columns={columns}
        detail={{ label: '处理', Drawer: ClaimDrawer }}
        onChanged={loadFund}
      />
    </>
  )
}
