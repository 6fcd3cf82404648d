/**
 * 租号: every rental, the complaints first (the longest waiting first); the drawer has the rental, the owner's
 * payouts, the complaint with its screenshots, the deal room of its order, and the decision — refund the renter
 * everything (the listing leaves the market for its owner to check) or settle with up to the deposit to the owner.
 */
import { ModalForm, ProDescriptions, ProFormDigit, ProFormRadio, ProFormTextArea } from '@ant-design/pro-components'
import type { ProColumns } from '@ant-design/pro-components'
import {
  RENT_RULE_LABELS,
  RENTAL_COMPLAINT_LABELS,
  RENTAL_OUTCOME_LABELS,
  RENTAL_PAYOUT_LABELS,
  RENTAL_STATUS_LABELS,
  SETTLEMENT_LABELS,
} from '@contract/constants'
import type { Rental, RentalDecision } from '@contract/rentals'
import { Button, Drawer, Form, Space, Tag, Typography } from 'antd'
import { Link } from 'react-router-dom'
import { api } from '../api'
import { DealRoomPanel } from '../components/DealRoomPanel'
import { DeskTable, deskRow, type DrawerProps } from '../components/DeskTable'
import { Pictures } from '../components/Pictures'
import { Section } from '../components/Section'
import { useRecord } from '../components/useRecord'
import { dateTime, PAYOUT_COLORS, selectOptions, valueEnum, yuan } from '../format'

const STATUS_COLORS: Record<Rental['status'], string> = {
  pending_payment: 'default',
  active: 'processing',
  returned: 'cyan',
  disputed: 'error',
  settled: 'success',
  cancelled: 'default',
}

const statusTag = (row: Rental) => <Tag color={STATUS_COLORS[row.status]}>{RENTAL_STATUS_LABELS[row.status]}</Tag>

/** The form speaks yuan; the API takes fen. */
interface DecisionValues {
  outcome: RentalDecision['outcome']
  damage?: number
  reason: string
}

function DecideButton({ item, run }: { item: Rental; run: ReturnType<typeof useRecord>['run'] }) {
  const [form] = Form.useForm<DecisionValues>()
  return (
    <ModalForm<DecisionValues>
      title={`处理租号投诉 #${item.id}`}
      form={form}
      width={560}
      trigger={<Button type="primary">处理</Button>}
      modalProps={{ destroyOnHidden: true, okText: '提交处理' }}
      initialValues={{ outcome: item.complaint?.by === 'owner' ? 'settle' : 'refund', damage: 0 }}
      onFinish={({ outcome, damage, reason }) =>
        run(
          () =>
            api.post(`/admin/rentals/${item.id}/decide`, {
              outcome,
              reason,
              ...(outcome === 'settle' ? { damage: Math.round((damage ?? 0) * 100) } : {}),
            }),
          '已处理，租客和号主会收到通知',
          form,
        )
      }
    >
      <ProFormRadio.Group
        name="outcome"
        label="处理结果"
        options={selectOptions(RENTAL_OUTCOME_LABELS)}
        rules={[{ required: true }]}
      />
      <Form.Item noStyle dependencies={['outcome']}>
        {({ getFieldValue }) =>
          getFieldValue('outcome') === 'settle' ? (
            <ProFormDigit
              name="damage"
              label={`赔偿号主（元，从押金扣除，最多 ${yuan(item.depositAmount)}）`}
              min={0}
              max={item.depositAmount / 100}
              fieldProps={{ precision: 2 }}
            />
          ) : (
            <Typography.Paragraph type="secondary">
              退回租客已付的租金和押金 {yuan(item.rentAmount + item.depositAmount)}
              ；账号下架，号主核对账号信息后重新提交。
            </Typography.Paragraph>
          )
        }
      </Form.Item>
      <ProFormTextArea
        name="reason"
        label="处理说明（租客和号主可见）"
        fieldProps={{ maxLength: 300, showCount: true }}
        rules={[{ required: true, min: 2, message: '请写明处理说明' }]}
      />
    </ModalForm>
  )
}

function RentalDrawer({ id, onClose, onChanged }: DrawerProps) {
  const { record: item, run, reload } = useRecord<Rental>(`/admin/rentals/${id}`, { onGone: onClose, onChanged })
  return (
    <Drawer
      open
      width={860}
      title={item ? `租号 #${item.id} · ${item.title}` : '租号'}
      onClose={onClose}
      loading={!item}
      extra={item?.actions.includes('decide') && <DecideButton item={item} run={run} />}
    >
      {item && (
        <>
          <ProDescriptions<Rental>
            column={2}
            dataSource={item}
            columns={[
              { title: '状态', dataIndex: 'status', render: () => statusTag(item) },
              { title: '游戏', dataIndex: 'gameName' },
              { title: '租期', dataIndex: 'hours', render: () => `${item.hours} 小时（最长 ${item.maxHours}）` },
              { title: '时租 / 日租', dataIndex: 'hourly', render: () => `${yuan(item.hourly)} / ${yuan(item.daily)}` },
              { title: '租金', dataIndex: 'rentAmount', render: () => yuan(item.rentAmount) },
              { title: '押金', dataIndex: 'depositAmount', render: () => yuan(item.depositAmount) },
              { title: '开始', dataIndex: 'startAt', render: () => dateTime(item.startAt) },
              { title: '到期', dataIndex: 'endAt', render: () => dateTime(item.endAt) },
              { title: '归还', dataIndex: 'returnedAt', render: () => dateTime(item.returnedAt) },
              { title: '结算', dataIndex: 'settledAt', render: () => dateTime(item.settledAt) },
              {
                title: '订单',
                span: 2,
                render: () => (
                  <Space>
                    <Link to={deskRow('/orders', item.orderId)}>租金订单</Link>
                    {item.renewal && <Link to={deskRow('/orders', item.renewal.orderId)}>续租订单</Link>}
                  </Space>
                ),
              },
              {
                title: '号主打款',
                dataIndex: 'payouts',
                span: 2,
                render: () =>
                  item.payouts.length ? (
                    <Space wrap>
                      {item.payouts.map((payout, index) => (
                        <Tag key={index} color={PAYOUT_COLORS[payout.status]}>
                          {RENTAL_PAYOUT_LABELS[payout.kind]}
                          {SETTLEMENT_LABELS[payout.status]} {yuan(payout.amount)}
                          {payout.reason ? `：${payout.reason}` : ''}
                        </Tag>
                      ))}
                    </Space>
                  ) : (
                    '—'
                  ),
              },
              {
                title: '规则',
                dataIndex: 'rules',
                span: 2,
                render: () =>
                  item.rules.length ? (
                    <Space wrap>
                      {item.rules.map((rule) => (
                        <Tag key={rule}>{RENT_RULE_LABELS[rule as keyof typeof RENT_RULE_LABELS] ?? rule}</Tag>
                      ))}
                    </Space>
                  ) : (
                    '—'
                  ),
              },
              {
                title: '处理结果',
                dataIndex: 'decision',
                span: 2,
                render: () =>
                  item.decision
                    ? `${RENTAL_OUTCOME_LABELS[item.decision.outcome]}${item.damageAmount ? `，赔偿号主 ${yuan(item.damageAmount)}` : ''}：${item.decision.reason}`
                    : '—',
              },
            ]}
          />
          {item.complaint && (
            <Section
              title={`${item.complaint.by === 'renter' ? '租客' : '号主'}投诉 · ${RENTAL_COMPLAINT_LABELS[item.complaint.reason]} · ${dateTime(item.complaint.at)}`}
            >
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                {item.complaint.description}
              </Typography.Paragraph>
              <Pictures urls={item.complaint.images} />
            </Section>
          )}
          {item.status !== 'pending_payment' && item.status !== 'cancelled' && (
            <DealRoomPanel orderId={item.orderId} onCard={reload} />
          )}
        </>
      )}
    </Drawer>
  )
}

export default function Rentals() {
  const columns: ProColumns<Rental>[] = [
    {
      title: '状态',
      dataIndex: 'status',
      width: 120,
      valueEnum: valueEnum(RENTAL_STATUS_LABELS),
      render: (_, row) => statusTag(row),
    },
    {
      title: '投诉',
      dataIndex: 'complaint',
      width: 150,
      search: false,
      render: (_, row) =>
        row.complaint
          ? `${row.complaint.by === 'renter' ? '租客' : '号主'}：${RENTAL_COMPLAINT_LABELS[row.complaint.reason]}`
          : '—',
    },
    {
      title: '商品',
      dataIndex: 'title',
      ellipsis: true,
      search: false,
      render: (_, row) => `${row.gameName} · ${row.title}`,
    },
    { title: '租期', dataIndex: 'hours', width: 90, search: false, render: (_, row) => `${row.hours} 小时` },
    {
      title: '租金 / 押金',
      dataIndex: 'rentAmount',
      width: 160,
      search: false,
      render: (_, row) => `${yuan(row.rentAmount)} / ${yuan(row.depositAmount)}`,
    },
    {
      title: '下单时间',
      dataIndex: 'createdAt',
      width: 160,
      search: false,
      render: (_, row) => dateTime(row.createdAt),
    },
  ]
  return (
    <DeskTable<Rental>
      path="/admin/rentals"
      title="租号（投诉处理中的在前）"
      columns={columns}
      detail={{ label: '查看', Drawer: RentalDrawer }}
    />
  )
}
