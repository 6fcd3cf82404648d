/**
 * 评价: every review, newest first — the stars, the tags, the words as the buyer wrote them beside what the public
 * reads (contact details masked) — and hiding one with a reason (audited; it leaves every rating at once).
 */
import type { ActionType, ProColumns } from '@ant-design/pro-components'
import type { AdminReview } from '@contract/reviews'
import { Rate, Space, Tag, Typography } from 'antd'
import { useRef } from 'react'
import { api } from '../api'
import { DeskTable } from '../components/DeskTable'
import { ReasonButton } from '../components/ReasonButton'
import { useAct } from '../components/useAct'
import { dateTime } from '../format'

const SHOWN = { false: { text: '展示中' }, true: { text: '已隐藏' } }

export default function Reviews() {
  const act = useAct()
  const table = useRef<ActionType>(null)
  const columns: ProColumns<AdminReview>[] = [
    { title: '编号', dataIndex: 'id', width: 70, search: false },
    {
      title: '评分',
      dataIndex: 'rating',
      width: 150,
      search: false,
      render: (_, row) => <Rate disabled value={row.rating} style={{ fontSize: 14 }} />,
    },
    {
      title: '评价',
      dataIndex: 'text',
      width: 380,
      search: false,
      render: (_, row) => (
        <Space direction="vertical" size={4}>
          {row.tags.length > 0 && (
            <Space size={4} wrap>
              {row.tags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </Space>
          )}
          <span>{row.original || '（未写文字）'}</span>
          {row.text !== row.original && <Typography.Text type="secondary">公开展示：{row.text}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: '商品 / 订单',
      dataIndex: 'goodsTitle',
      width: 190,
      search: false,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text ellipsis style={{ maxWidth: 180 }}>
            {row.goodsTitle}
          </Typography.Text>
          <Typography.Text type="secondary">订单 #{row.orderId}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '买家 / 卖家',
      dataIndex: 'buyerName',
      width: 130,
      search: false,
      render: (_, row) => `${row.buyerName} → ${row.sellerId === null ? '自营' : `#${row.sellerId}`}`,
    },
    {
      title: '状态',
      dataIndex: 'hidden',
      width: 140,
      valueEnum: SHOWN,
      render: (_, row) =>
        row.hidden ? (
          <Space direction="vertical" size={0}>
            <Tag>已隐藏</Tag>
            <Typography.Text type="secondary">{row.hiddenReason}</Typography.Text>
          </Space>
        ) : (
          <Tag color="success">展示中</Tag>
        ),
    },
    { title: '时间', dataIndex: 'createdAt', width: 160, search: false, render: (_, row) => dateTime(row.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 80,
      render: (_, row) =>
        row.hidden ? null : (
          <ReasonButton
            label="隐藏"
            title={`隐藏评价 #${row.id}`}
            templates={['含广告或站外联系方式', '辱骂、人身攻击', '与交易无关', '恶意差评，已核实']}
            button={{ type: 'link', danger: true, size: 'small' }}
            onConfirm={async (reason) => {
              const hidden = await act(
                () => api.post(`/admin/reviews/${row.id}/hide`, { reason }),
                '已隐藏，不再计入评分',
              )
              if (hidden) table.current?.reload()
              return hidden
            }}
          />
        ),
    },
  ]
  return <DeskTable<AdminReview> path="/admin/reviews" title="评价（最新在前）" columns={columns} actionRef={table} />
}
