/** 号商申请: merchant applications, the longest waiting first; the drawer shows one whole and decides it. */
import { ProDescriptions, type ProColumns } from '@ant-design/pro-components'
import { MERCHANT_APPLICATION_STATUS_LABELS } from '@contract/constants'
import type { AdminMerchantApplication } from '@contract/merchants'
import { Button, Drawer, Popconfirm, Space, Tag } from 'antd'
import { api } from '../api'
import { DeskTable, submittedColumn, type DrawerProps } from '../components/DeskTable'
import { ReasonButton } from '../components/ReasonButton'
import { useRecord } from '../components/useRecord'
import { dateTime, valueEnum } from '../format'

const STATUS_COLORS: Record<AdminMerchantApplication['status'], string> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
}

const REJECT_REASONS = [
  '请补充营业执照或工作室资质',
  '请补充过往交易记录或店铺链接',
  '联系电话无法接通，请核对后重新提交',
  '经营的游戏暂不在回收范围内',
]

const statusTag = (row: AdminMerchantApplication) => (
  <Tag color={STATUS_COLORS[row.status]}>{MERCHANT_APPLICATION_STATUS_LABELS[row.status]}</Tag>
)
const gameNames = (row: AdminMerchantApplication) => row.games.map((game) => game.name).join('、')

function ApplicationDrawer({ id, onClose, onChanged }: DrawerProps) {
  const { record: application, run } = useRecord<AdminMerchantApplication>(`/admin/merchant-applications/${id}`, {
    onGone: onClose,
    onChanged,
  })
  const actions = application?.actions ?? []
  return (
    <Drawer
      open
      width={720}
      title={`号商申请 #${id}`}
      onClose={onClose}
      loading={!application}
      extra={
        <Space>
          {actions.includes('reject') && (
            <ReasonButton
              label="驳回"
              title="驳回申请：原因会通过系统消息告知用户"
              templates={REJECT_REASONS}
              button={{ danger: true }}
              onConfirm={(reason) =>
                run(() => api.post(`/admin/merchant-applications/${id}/reject`, { reason }), '已驳回')
              }
            />
          )}
          {actions.includes('approve') && (
            <Popconfirm
              title="通过申请？用户将成为号商，可参与竞价回收"
              onConfirm={() =>
                run(() => api.post(`/admin/merchant-applications/${id}/approve`), '已通过，用户已成为号商')
              }
            >
              <Button type="primary">通过</Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      {application && (
        <ProDescriptions<AdminMerchantApplication>
          column={2}
          dataSource={application}
          columns={[
            { title: '状态', dataIndex: 'status', render: () => statusTag(application) },
            {
              title: '用户',
              dataIndex: 'userName',
              render: () => `${application.userName}（#${application.userId}）`,
            },
            { title: '称呼 / 公司名', dataIndex: 'name' },
            { title: '提交时间', dataIndex: 'createdAt', render: () => dateTime(application.createdAt) },
            { title: '手机号', dataIndex: 'phone' },
            { title: 'QQ', dataIndex: 'qq', render: () => application.qq || '—' },
            { title: '经营的游戏', dataIndex: 'games', span: 2, render: () => gameNames(application) },
            { title: '合作内容', dataIndex: 'business', span: 2 },
            {
              title: '此前被驳回',
              dataIndex: 'earlierRejections',
              render: () => (application.earlierRejections ? `${application.earlierRejections} 次` : '无'),
            },
            ...(application.status === 'pending'
              ? []
              : [
                  { title: '处理人', dataIndex: 'decidedBy', render: () => application.decidedBy ?? '—' },
                  { title: '处理时间', dataIndex: 'decidedAt', render: () => dateTime(application.decidedAt) },
                  ...(application.reason ? [{ title: '驳回原因', dataIndex: 'reason', span: 2 } as const] : []),
                ]),
          ]}
        />
      )}
    </Drawer>
  )
}

const columns: ProColumns<AdminMerchantApplication>[] = [
  { title: '编号', dataIndex: 'id', width: 80, search: false },
  { title: '称呼 / 公司名', dataIndex: 'name', width: 180, search: false },
  { title: '用户', dataIndex: 'userName', width: 140, search: false },
  { title: '经营的游戏', dataIndex: 'games', ellipsis: true, search: false, render: (_, row) => gameNames(row) },
  {
    title: '状态',
    dataIndex: 'status',
    width: 100,
    valueEnum: valueEnum(MERCHANT_APPLICATION_STATUS_LABELS),
    render: (_, row) => statusTag(row),
  },
  submittedColumn<AdminMerchantApplication>(),
]

export default function Merchants() {
  return (
    <DeskTable<AdminMerchantApplication>
      path="/admin/merchant-applications"
      title="号商入驻申请（先提交的在前）"
      columns={columns}
      detail={{ label: '处理', Drawer: ApplicationDrawer }}
    />
  )
}
