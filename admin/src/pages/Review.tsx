/**
 * 商品审核 and 商品管理: the review queue (oldest first) and every consigned listing by status, each row
 * opening the review drawer — images, the template's fields with the seller's values, the seller's record
 * and blacklist hits, 验号, and the actions the server answers for the listing (approve, reject, edit, delist).
 */
import { ProDescriptions, type ProColumns, type ProDescriptionsItemProps } from '@ant-design/pro-components'
import { LISTING_STATUS_LABELS } from '@contract/constants'
import type { AdminListing, AdminListingDetail, ListingCredentials, SellerContact } from '@contract/consignment'
import { Alert, Button, Drawer, Image, Popconfirm, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { api } from '../api'
import { DeskTable, sellerColumn, type DrawerProps } from '../components/DeskTable'
import { ReasonButton } from '../components/ReasonButton'
import { RevealButton } from '../components/RevealButton'
import { useAct } from '../components/useAct'
import { useRecord } from '../components/useRecord'
import { dateTime, valueEnum, yuan } from '../format'
import { ListingRevisionButton } from './ListingRevision'

const REJECT_REASONS = [
  '图片不清晰或与账号不符',
  '描述含联系方式或站外交易引导',
  '价格明显异常，请核实',
  '必填属性缺失或与截图不符',
  '账号存在风险记录',
]
const DELIST_REASONS = ['账号存在纠纷，暂停出售', '信息与实际不符', '卖家申请下架']

/** Staff see listings once submitted: every status but the seller's draft. */
const { draft: _draft, ...SUBMITTED } = LISTING_STATUS_LABELS

/** The seller's contact, the phone masked until staff who must call give a reason (audited) to see it whole. */
function ContactCell({ listing }: { listing: AdminListingDetail }) {
  const act = useAct()
  const [revealed, setRevealed] = useState<SellerContact>()
  const { phone, qq, weixin } = revealed ?? listing.contact
  const parts = [phone && `手机 ${phone}`, qq && `QQ ${qq}`, weixin && `微信 ${weixin}`].filter(Boolean)
  return (
    <Space size={4} wrap>
      <Typography.Text copyable={revealed?.phone ? { text: revealed.phone } : false}>
        {parts.join('，') || '—'}
      </Typography.Text>
      {phone && !revealed && (
        <ReasonButton
          label="查看完整手机号"
          title="查看卖家手机号：原因写入审计日志"
          templates={['联系卖家核实账号信息', '联系卖家补充包赔材料', '联系卖家处理买家反馈']}
          button={{ type: 'link', size: 'small' }}
          onConfirm={(reason) =>
            act(
              async () => setRevealed(await api.get<SellerContact>(`/admin/goods/${listing.id}/contact`, { reason })),
              '本次查看已记录',
            )
          }
        />
      )}
    </Space>
  )
}

const COLUMNS: ProDescriptionsItemProps<AdminListingDetail>[] = [
  { title: '标题', dataIndex: 'title', span: 2 },
  { title: '游戏', dataIndex: 'gameName' },
  { title: '区服', dataIndex: 'regionNames', render: (_, row) => row.regionNames.join(' / ') || '—' },
  { title: '价格', dataIndex: 'price', render: (_, row) => yuan(row.price) },
  { title: '状态', dataIndex: 'status', valueEnum: valueEnum(LISTING_STATUS_LABELS) },
  { title: '卖家', dataIndex: 'sellerName', render: (_, row) => `${row.sellerName}（#${row.sellerId}）` },
  { title: '提交时间', dataIndex: 'createdAt', render: (_, row) => dateTime(row.createdAt) },
  {
    title: '账号来源',
    dataIndex: 'accountSource',
    valueEnum: { self_registered: { text: '自己注册' }, other_registered: { text: '他人注册' } },
  },
  {
    title: '包赔材料',
    dataIndex: 'guaranteeMaterials',
    render: (_, row) => (row.guaranteeMaterials ? '已提供' : '未提供'),
  },
  {
    title: '收款账户',
    dataIndex: 'payout',
    render: (_, row) => (row.payout ? `${row.payout.name} · ${row.payout.alipayAccount}` : '未填写'),
  },
  { title: '联系方式', dataIndex: 'contact', render: (_, row) => <ContactCell listing={row} /> },
  { title: '描述', dataIndex: 'description', span: 2 },
  {
    title: '驳回 / 下架原因',
    dataIndex: 'auditReason',
    span: 2,
    render: (_, row) => row.auditReason || row.delistReason || '—',
  },
  {
    title: '图片',
    dataIndex: 'images',
    span: 2,
    render: (_, row) => (
      <Image.PreviewGroup>
        <Space wrap>
          {[row.coverImage, ...row.images].map((src, i) => (
            <Image
              key={`${src}-${i}`}
              src={src}
              width={96}
              height={96}
              style={{ objectFit: 'cover', borderRadius: 4 }}
            />
          ))}
        </Space>
      </Image.PreviewGroup>
    ),
  },
  {
    title: '属性（按模板）',
    dataIndex: 'templateRows',
    span: 2,
    render: (_, row) => (
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={row.templateRows}
        style={{ width: '100%' }}
        columns={[
          {
            title: '字段',
            dataIndex: 'label',
            width: 160,
            render: (label, field) =>
              field.required ? (
                <>
                  {label} <Typography.Text type="danger">*</Typography.Text>
                </>
              ) : (
                label
              ),
          },
          {
            title: '卖家填写',
            dataIndex: 'value',
            render: (value: string, field) =>
              value ||
              (field.required ? (
                <Tag color="error">必填未填</Tag>
              ) : (
                <Typography.Text type="secondary">未填</Typography.Text>
              )),
          },
        ]}
      />
    ),
  },
  {
    title: '卖家记录',
    dataIndex: 'sellerHistory',
    span: 2,
    render: (_, { sellerHistory: h }) =>
      `发布 ${h.listings} · 售出 ${h.sold} · 被驳回 ${h.rejected} · 被平台下架 ${h.delistedByStaff}`,
  },
  {
    title: '黑名单',
    dataIndex: 'blacklistHits',
    span: 2,
    render: (_, row) =>
      row.blacklistHits.length === 0 ? (
        <Tag color="success">未命中</Tag>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {row.blacklistHits.map((hit) => (
            <Alert
              key={hit.id}
              type="error"
              showIcon
              message={`${hit.maskedSubject}（${hit.gameName || '全部游戏'}）`}
              description={hit.evidence}
            />
          ))}
        </Space>
      ),
  },
]

function ListingDrawer({ id, onClose, onChanged }: DrawerProps) {
  const { record: listing, run: done } = useRecord<AdminListingDetail>(`/admin/goods/${id}`, {
    onGone: onClose,
    onChanged,
  })
  const actions = listing?.actions ?? []
  return (
    <Drawer
      open
      width={800}
      title={`商品 #${id}`}
      onClose={onClose}
      loading={!listing}
      extra={
        listing && (
          <Space wrap>
            {listing.hasCredentials && (
              <RevealButton
                load={(reason) => api.get<ListingCredentials>(`/admin/goods/${id}/credentials`, { reason })}
              />
            )}
            {actions.includes('revise') && <ListingRevisionButton listing={listing} run={done} />}
            {actions.includes('delist') && (
              <ReasonButton
                label="下架"
                title="平台下架：原因会发给卖家"
                templates={DELIST_REASONS}
                button={{ danger: true }}
                onConfirm={(reason) => done(() => api.post(`/admin/goods/${id}/delist`, { reason }), '已下架')}
              />
            )}
            {actions.includes('reject') && (
              <ReasonButton
                label="驳回"
                title="驳回：原因会发给卖家"
                templates={REJECT_REASONS}
                button={{ danger: true }}
                onConfirm={(reason) => done(() => api.post(`/admin/goods/${id}/reject`, { reason }), '已驳回')}
              />
            )}
            {actions.includes('approve') && (
              <Popconfirm
                title="通过审核并上架出售？"
                onConfirm={() => done(() => api.post(`/admin/goods/${id}/approve`), '已通过，商品已上架')}
              >
                <Button type="primary">通过</Button>
              </Popconfirm>
            )}
          </Space>
        )
      }
    >
      {listing && <ProDescriptions<AdminListingDetail> column={2} dataSource={listing} columns={COLUMNS} />}
    </Drawer>
  )
}

function ListingTable({ queue }: { queue: boolean }) {
  const columns: ProColumns<AdminListing>[] = [
    { title: '编号', dataIndex: 'id', width: 80, search: false },
    {
      title: '封面',
      dataIndex: 'thumbImage',
      width: 72,
      search: false,
      render: (_, row) => (
        <Image
          src={row.thumbImage}
          width={48}
          height={48}
          style={{ objectFit: 'cover', borderRadius: 4 }}
          preview={false}
        />
      ),
    },
    { title: '标题', dataIndex: 'title', ellipsis: true, search: false },
    { title: '游戏', dataIndex: 'gameName', width: 120, search: false },
    { title: '价格', dataIndex: 'price', width: 120, search: false, render: (_, row) => yuan(row.price) },
    sellerColumn(120),
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      valueEnum: valueEnum(SUBMITTED),
      search: !queue,
    },
    {
      title: '提交时间',
      dataIndex: 'createdAt',
      width: 160,
      search: false,
      render: (_, row) => dateTime(row.createdAt),
    },
  ]
  return (
    <DeskTable<AdminListing>
      path="/admin/goods"
      title={queue ? '待审核（先提交的在前）' : '全部代售商品'}
      columns={columns}
      fixed={queue ? { status: 'pending_review' } : undefined}
      detail={{ label: queue ? '审核' : '查看', Drawer: ListingDrawer }}
    />
  )
}

export const ReviewQueue = () => <ListingTable queue />
export const AllListings = () => <ListingTable queue={false} />
