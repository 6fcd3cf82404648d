/**
 * 打款: sellers' payouts by state — pending (waiting for the protection window or the gateway), paid, and
 * failed with the gateway's reason — and the retry of a failed one (a new transfer number; audited). The order's
 * 包赔 claim shows beside it: no retry while it is decided, and what it withheld once paid (the amount is less by
 * it, or the payout was cancelled when nothing was left).
 */
import type { ActionType, ProColumns } from '@ant-design/pro-components'
import { CLAIM_STATUS_LABELS, PAYOUT_LABELS } from '@contract/constants'
import type { Payout } from '@contract/payments'
import { Popconfirm, Tag, Tooltip, Typography } from 'antd'
import { useRef } from 'react'
import { Link } from 'react-router-dom'
import { api } from '../api'
import { DeskTable, deskRow, sellerColumn } from '../components/DeskTable'
import { useAct } from '../components/useAct'
import { dateTime, PAYOUT_COLORS, valueEnum, yuan } from '../format'

export default function Payouts() {
  const act = useAct()
  const table = useRef<ActionType>(null)
  const columns: ProColumns<Payout>[] = [
    { title: '编号', dataIndex: 'id', width: 64, search: false },
    { title: '订单编号', dataIndex: 'orderNo', width: 210, copyable: true },
    sellerColumn(140),
    {
      title: '金额',
      dataIndex: 'amount',
      width: 110,
      search: false,
      sorter: true,
      render: (_, row) => yuan(row.amount),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 130,
      valueEnum: valueEnum(PAYOUT_LABELS),
      // The transfer's own number and time, for a question to Alipay, on the paid tag; the order's claim under it.
      render: (_, { claim, ...row }) => (
        <>
          <Tooltip title={row.transferNo ? `转账单号 ${row.transferNo} · ${dateTime(row.paidAt)}` : undefined}>
            <Tag color={PAYOUT_COLORS[row.status]}>{PAYOUT_LABELS[row.status]}</Tag>
          </Tooltip>
          {claim && (
            <div>
              <Link to={deskRow('/claims', claim.id)}>{`包赔 #${claim.id} ${CLAIM_STATUS_LABELS[claim.status]}`}</Link>
              {claim.withheldAmount > 0 && <div>从货款扣回 {yuan(claim.withheldAmount)}</div>}
            </div>
          )}
        </>
      ),
    },
    {
      // Wrapped, not cut: the reason is what finance acts on.
      title: '网关原因',
      dataIndex: 'reason',
      search: false,
      render: (_, row) => (row.reason ? <Typography.Text type="danger">{row.reason}</Typography.Text> : '—'),
    },
    { title: '第几次', dataIndex: 'attempt', width: 70, search: false },
    {
      title: '生成时间',
      dataIndex: 'createdAt',
      width: 150,
      search: false,
      sorter: true,
      render: (_, row) => dateTime(row.createdAt),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 90,
      render: (_, row) => {
        // A refused payout without its retry waits for its order's 包赔 claim.
        if (!row.actions.includes('retry'))
          return (
            row.status === 'failed' && (
              <Tooltip title="该订单的包赔申请处理完成前不能重试">
                <Typography.Text type="secondary">暂缓</Typography.Text>
              </Tooltip>
            )
          )
        return (
          <Popconfirm
            title="用新的转账单号重新打款？"
            description="请先确认卖家已更正收款账户。"
            onConfirm={async () => {
              if (await act(() => api.post(`/admin/payouts/${row.id}/retry`), '已重新发起打款')) table.current?.reload()
            }}
          >
            <a>重试</a>
          </Popconfirm>
        )
      },
    },
  ]
  return <DeskTable<Payout> path="/admin/payouts" title="卖家打款" columns={columns} actionRef={table} />
}
