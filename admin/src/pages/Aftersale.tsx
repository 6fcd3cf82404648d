/**
 * 售后: the buyers' after-sale cases, the oldest deadline first (the seller's 48 hours, then the desk's own);
 * the drawer has the case, both sides' words and pictures, the deal room to talk in, and the decision —
 * refund all, refund part (less than the seller's net) or reject with a reason.
 */
import { ModalForm, ProDescriptions, ProFormDigit, ProFormRadio, ProFormTextArea } from '@ant-design/pro-components'
import type { ProColumns } from '@ant-design/pro-components'
import type { AftersaleCase, AftersaleDecision } from '@contract/aftersale'
import { AFTERSALE_OUTCOME_LABELS, AFTERSALE_REASON_LABELS, AFTERSALE_STATUS_LABELS } from '@contract/constants'
import { Button, Drawer, Form, Space, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { Link } from 'react-router-dom'
import { api } from '../api'
import { DealRoomPanel } from '../components/DealRoomPanel'
import { Pictures } from '../components/Pictures'
import { DeskTable, deskRow, type DrawerProps } from '../components/DeskTable'
import { Section } from '../components/Section'
import { useRecord } from '../components/useRecord'
import { dateTime, selectOptions, valueEnum, yuan } from '../format'

const STATUS_COLORS: Record<AftersaleCase['status'], string> = {
  awaiting_seller: 'processing',
  awaiting_staff: 'warning',
  decided: 'success',
}

const statusTags = (row: AftersaleCase) => (
  <Space size={4} wrap>
    <Tag color={STATUS_COLORS[row.status]}>{AFTERSALE_STATUS_LABELS[row.status]}</Tag>
    {row.sellerSilent && <Tag color="error">卖家未响应</Tag>}
    {row.ownStock && <Tag>自营</Tag>}
  </Space>
)

/** The deadline with what is left of it (overdue in red). */
function Due({ at }: { at: string | null }) {
  if (!at) return <>—</>
  const left = dayjs(at).diff(dayjs(), 'minute')
  const text = left < 0 ? `已超时 ${Math.ceil(-left / 60)} 小时` : `剩 ${Math.floor(left / 60)} 小时 ${left % 60} 分`
  return (
    <Space direction="vertical" size={0}>
      <span>{dateTime(at)}</span>
      <Typography.Text type={left < 0 ? 'danger' : 'secondary'}>{text}</Typography.Text>
    </Space>
  )
}

/** The form speaks yuan; the API takes fen. */
interface DecisionValues {
  outcome: AftersaleDecision['outcome']
  amount?: number
  reason: string
}

function DecideButton({ item, run }: { item: AftersaleCase; run: ReturnType<typeof useRecord>['run'] }) {
  const [form] = Form.useForm<DecisionValues>()
  return (
    <ModalForm<DecisionValues>
      title={`处理售后 #${item.id}`}
      form={form}
      width={560}
      trigger={<Button type="primary">处理</Button>}
      modalProps={{ destroyOnHidden: true, okText: '提交处理' }}
      initialValues={{ outcome: 'refund_partial' }}
      onFinish={({ outcome, amount, reason }) =>
        run(
          () =>
            api.post(`/admin/aftersale/${item.id}/decide`, {
              outcome,
              reason,
              ...(outcome === 'refund_partial' ? { amount: Math.round((amount ?? 0) * 100) } : {}),
            }),
          '已处理，买卖双方会收到通知',
          form,
        )
      }
    >
      <ProFormRadio.Group
        name="outcome"
        label="处理结果"
        options={selectOptions(AFTERSALE_OUTCOME_LABELS)}
        rules={[{ required: true }]}
      />
      <Form.Item noStyle dependencies={['outcome']}>
        {({ getFieldValue }) =>
          getFieldValue('outcome') === 'refund_partial' ? (
            <ProFormDigit
              name="amount"
              label={`退款金额（元，最多 ${yuan(item.maxPartialRefund)}）`}
              min={0.01}
              max={item.maxPartialRefund / 100}
              fieldProps={{ precision: 2 }}
              rules={[{ required: true, message: '请填写退款金额' }]}
            />
          ) : (
            <Typography.Paragraph type="secondary">
              {getFieldValue('outcome') === 'refund_full'
                ? `全额退回 ${yuan(item.paidAmount)}，账号退回卖家并下架，卖家找回改密后重新提交审核。`
                : '订单回到申请前的状态，确认收货或打款的计时从暂停处继续。'}
            </Typography.Paragraph>
          )
        }
      </Form.Item>
      <ProFormTextArea
        name="reason"
        label="处理说明（买卖双方可见）"
        fieldProps={{ maxLength: 300, showCount: true }}
        rules={[{ required: true, min: 2, message: '请写明处理说明' }]}
      />
    </ModalForm>
  )
}

function CaseDrawer({ id, onClose, onChanged }: DrawerProps) {
  const {
    record: item,
    run,
    reload,
  } = useRecord<AftersaleCase>(`/admin/aftersale/${id}`, { onGone: onClose, onChanged })
  return (
    <Drawer
      open
      width={860}
      title={item ? `售后 #${item.id} · 订单 ${item.orderNo}` : '售后'}
      onClose={onClose}
      loading={!item}
      extra={item?.actions.includes('decide') && <DecideButton item={item} run={run} />}
    >
      {item && (
        <>
          <ProDescriptions<AftersaleCase>
            column={2}
            dataSource={item}
            columns={[
              { title: '状态', dataIndex: 'status', render: () => statusTags(item) },
              { title: '期限', dataIndex: 'dueAt', render: () => <Due at={item.dueAt} /> },
              { title: '商品', dataIndex: 'title', span: 2 },
              {
                title: '订单',
                span: 2,
                render: () => <Link to={deskRow('/orders', item.orderId)}>{item.orderNo}</Link>,
              },
              { title: '实付', dataIndex: 'paidAmount', render: () => yuan(item.paidAmount) },
              { title: '部分退款上限', dataIndex: 'maxPartialRefund', render: () => yuan(item.maxPartialRefund) },
              { title: '申请时间', dataIndex: 'createdAt', render: () => dateTime(item.createdAt) },
              {
                title: '处理结果',
                dataIndex: 'outcome',
                render: () =>
                  item.outcome
                    ? `${AFTERSALE_OUTCOME_LABELS[item.outcome]}${item.refundAmount ? ` ${yuan(item.refundAmount)}` : ''}：${item.decisionReason}`
                    : '—',
              },
            ]}
          />
          <Section title={`买家说明 · ${AFTERSALE_REASON_LABELS[item.reason]}`}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{item.description}</Typography.Paragraph>
            <Pictures urls={item.images} />
          </Section>
          <Section title="卖家回复">
            {item.reply ? (
              <>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{item.reply.text}</Typography.Paragraph>
                <Pictures urls={item.reply.images} />
              </>
            ) : (
              <Typography.Text type="secondary">
                {item.ownStock
                  ? '自营商品：由平台答复'
                  : item.sellerSilent
                    ? '卖家未在 48 小时内回复'
                    : item.status === 'decided'
                      ? '卖家未回复'
                      : '等待卖家回复'}
              </Typography.Text>
            )}
          </Section>
          <DealRoomPanel orderId={item.orderId} onCard={reload} />
        </>
      )}
    </Drawer>
  )
}

export default function Aftersale() {
  const columns: ProColumns<AftersaleCase>[] = [
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      valueEnum: valueEnum(AFTERSALE_STATUS_LABELS),
      render: (_, row) => statusTags(row),
    },
    { title: '期限', dataIndex: 'dueAt', width: 150, search: false, render: (_, row) => <Due at={row.dueAt} /> },
    {
      title: '原因',
      dataIndex: 'reason',
      width: 110,
      search: false,
      render: (_, row) => AFTERSALE_REASON_LABELS[row.reason],
    },
    { title: '订单', dataIndex: 'orderNo', width: 210, search: false, copyable: true },
    { title: '商品', dataIndex: 'title', ellipsis: true, search: false },
    { title: '实付', dataIndex: 'paidAmount', width: 100, search: false, render: (_, row) => yuan(row.paidAmount) },
    {
      title: '申请时间',
      dataIndex: 'createdAt',
      width: 150,
      search: false,
      render: (_, row) => dateTime(row.createdAt),
    },
  ]
  return (
    <DeskTable<AftersaleCase>
      path="/admin/aftersale"
      title="售后（期限最早的在前）"
      columns={columns}
      detail={{ label: '处理', Drawer: CaseDrawer }}
    />
  )
}
