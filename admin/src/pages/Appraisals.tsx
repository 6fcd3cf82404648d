/**
 * 估价: appraisals the sold-price index could not price (fewer than 5 comparable deals), the longest waiting
 * first; the drawer shows the account, the few deals the index did find, and takes the appraiser's range.
 */
import { ModalForm, ProDescriptions, ProFormDigit, ProFormTextArea, type ProColumns } from '@ant-design/pro-components'
import type { AdminAppraisal } from '@contract/appraisals'
import { APPRAISAL_STATUS_LABELS } from '@contract/constants'
import { Button, Drawer, Form, Image, Space, Table, Tag } from 'antd'
import { api } from '../api'
import { DeskTable, submittedColumn, type DrawerProps } from '../components/DeskTable'
import { useRecord } from '../components/useRecord'
import { dateTime, valueEnum, yuan } from '../format'

const statusTag = (row: AdminAppraisal) => (
  <Tag color={row.status === 'pending' ? 'warning' : 'success'}>{APPRAISAL_STATUS_LABELS[row.status]}</Tag>
)
const account = (row: AdminAppraisal) => [row.gameName, ...row.regionNames].join(' · ')
const range = (row: AdminAppraisal) =>
  row.estimate ? `${yuan(row.estimate.min)} – ${yuan(row.estimate.max)}（参考 ${yuan(row.estimate.point)}）` : '—'

/** The form speaks yuan; the API takes fen. */
interface EstimateValues {
  min: number
  max: number
  point: number
  note: string
}
const toFen = (value: number) => Math.round(value * 100)

function EstimateButton({ appraisal, run }: { appraisal: AdminAppraisal; run: ReturnType<typeof useRecord>['run'] }) {
  const [form] = Form.useForm<EstimateValues>()
  const money = (name: keyof EstimateValues, label: string) => (
    <ProFormDigit
      name={name}
      label={`${label}（元）`}
      min={1}
      max={1_000_000}
      fieldProps={{ precision: 2 }}
      rules={[{ required: true, message: `请填写${label}` }]}
    />
  )
  return (
    <ModalForm<EstimateValues>
      title={`估价单 #${appraisal.id}`}
      form={form}
      width={520}
      trigger={<Button type="primary">估价</Button>}
      modalProps={{ destroyOnHidden: true, okText: '提交估价' }}
      initialValues={appraisal.expectedPrice ? { point: appraisal.expectedPrice / 100 } : {}}
      onFinish={({ min, max, point, note }) =>
        run(
          () =>
            api.post(`/admin/appraisals/${appraisal.id}/estimate`, {
              min: toFen(min),
              max: toFen(max),
              point: toFen(point),
              note,
            }),
          '已估价，用户会收到通知',
          form,
        )
      }
    >
      <Space size="large">
        {money('min', '最低估价')}
        {money('max', '最高估价')}
        {money('point', '参考价')}
      </Space>
      <ProFormTextArea
        name="note"
        label="估价说明（用户可见）"
        fieldProps={{ maxLength: 300, showCount: true, rows: 3 }}
        rules={[{ required: true, whitespace: true, message: '请填写估价说明' }]}
      />
    </ModalForm>
  )
}

function AppraisalDrawer({ id, onClose, onChanged }: DrawerProps) {
  const { record: appraisal, run } = useRecord<AdminAppraisal>(`/admin/appraisals/${id}`, {
    onGone: onClose,
    onChanged,
  })
  return (
    <Drawer
      open
      width={760}
      title={`估价单 #${id}`}
      onClose={onClose}
      loading={!appraisal}
      extra={appraisal?.actions.includes('estimate') && <EstimateButton appraisal={appraisal} run={run} />}
    >
      {appraisal && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <ProDescriptions<AdminAppraisal>
            column={2}
            dataSource={appraisal}
            columns={[
              { title: '状态', dataIndex: 'status', render: () => statusTag(appraisal) },
              { title: '用户', dataIndex: 'userName', render: () => `${appraisal.userName}（#${appraisal.userId}）` },
              { title: '账号', dataIndex: 'gameName', render: () => account(appraisal) },
              { title: '提交时间', dataIndex: 'createdAt', render: () => dateTime(appraisal.createdAt) },
              {
                title: '心理价位',
                dataIndex: 'expectedPrice',
                render: () => (appraisal.expectedPrice ? yuan(appraisal.expectedPrice) : '未填写'),
              },
              { title: '估价', dataIndex: 'estimate', render: () => range(appraisal) },
              ...appraisal.attributeRows.map((row) => ({
                title: row.label,
                dataIndex: row.key,
                render: () => row.value || '—',
              })),
              { title: '补充说明', dataIndex: 'description', span: 2, render: () => appraisal.description || '—' },
              ...(appraisal.status === 'estimated'
                ? [
                    {
                      title: '估价人',
                      dataIndex: 'estimatedBy',
                      render: () => appraisal.estimatedBy ?? '系统（同类成交）',
                    },
                    { title: '估价时间', dataIndex: 'estimatedAt', render: () => dateTime(appraisal.estimatedAt) },
                    ...(appraisal.note ? [{ title: '估价说明', dataIndex: 'note', span: 2 } as const] : []),
                  ]
                : []),
            ]}
          />
          {appraisal.images.length > 0 && (
            <Image.PreviewGroup>
              <Space wrap>
                {appraisal.images.map((src) => (
                  <Image key={src} src={src} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 4 }} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          <Table
            size="small"
            rowKey="id"
            title={() =>
              appraisal.source === 'index'
                ? `估价依据的同类成交（${appraisal.comparableCount} 笔，显示最相似的 ${appraisal.comparables.length} 笔）`
                : `提交时找到的同类成交（${appraisal.comparableCount} 笔，不足 5 笔，未自动估价）`
            }
            pagination={false}
            dataSource={appraisal.comparables}
            columns={[
              { title: '商品', dataIndex: 'title', ellipsis: true },
              { title: '成交价', dataIndex: 'price', width: 120, render: (price: number) => yuan(price) },
              { title: '相似度', dataIndex: 'similarity', width: 90, render: (value: number) => `${value}%` },
              { title: '成交时间', dataIndex: 'soldAt', width: 160, render: (at: string) => dateTime(at) },
            ]}
          />
        </Space>
      )}
    </Drawer>
  )
}

const columns: ProColumns<AdminAppraisal>[] = [
  { title: '编号', dataIndex: 'id', width: 80, search: false },
  { title: '账号', dataIndex: 'gameName', search: false, render: (_, row) => account(row) },
  { title: '用户', dataIndex: 'userName', width: 140, search: false },
  {
    title: '心理价位',
    dataIndex: 'expectedPrice',
    width: 120,
    search: false,
    render: (_, row) => (row.expectedPrice ? yuan(row.expectedPrice) : '—'),
  },
  { title: '同类成交', dataIndex: 'comparableCount', width: 100, search: false },
  {
    title: '状态',
    dataIndex: 'status',
    width: 100,
    valueEnum: valueEnum(APPRAISAL_STATUS_LABELS),
    render: (_, row) => statusTag(row),
  },
  {
    title: '估价',
    dataIndex: 'estimate',
    width: 200,
    search: false,
    render: (_, row) => (row.estimate ? `${yuan(row.estimate.min)} – ${yuan(row.estimate.max)}` : '—'),
  },
  submittedColumn<AdminAppraisal>(),
]

export default function Appraisals() {
  return (
    <DeskTable<AdminAppraisal>
      path="/admin/appraisals"
      title="估价单（同类成交不足 5 笔的待人工估价，先提交的在前）"
      columns={columns}
      detail={{ label: '处理', Drawer: AppraisalDrawer }}
    />
  )
}
