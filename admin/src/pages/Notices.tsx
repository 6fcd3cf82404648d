/**
 * 内容 · 公告: every notice (hidden ones too), and the editor — a rich-text draft on the left, on the right
 * the HTML the server would store and the H5 show (sanitized by the server as it saves). New notices start
 * hidden until the editor publishes them; every save is audited.
 */
import type { ActionType, ProColumns } from '@ant-design/pro-components'
import { NOTICE_TYPES } from '@contract/constants'
import type { AdminNotice, AdminNoticeRow, NoticeInput, NoticePreview } from '@contract/content'
import { Alert, Button, Col, Drawer, Form, Input, InputNumber, Row, Select, Space, Switch, Tag, Typography } from 'antd'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { api, ApiError } from '../api'
import { DeskTable, type DrawerProps } from '../components/DeskTable'
import { useAct } from '../components/useAct'
import { useRecord } from '../components/useRecord'
import { dateTime, valueEnum } from '../format'
import { Loading } from '../Loading'

const RichTextEditor = lazy(() => import('../components/RichTextEditor'))

const STATUS_LABELS = { published: '已发布', hidden: '已隐藏' }

/** The server's sanitized version of the draft, asked for a moment after typing stops. */
function usePreview(html: string): { preview?: NoticePreview; refusal?: string } {
  const [state, setState] = useState<{ preview?: NoticePreview; refusal?: string }>({})
  useEffect(() => {
    const timer = setTimeout(() => {
      api.post<NoticePreview>('/admin/notices/preview', { content: html }).then(
        (preview) => setState({ preview }),
        (error) => setState({ refusal: error instanceof ApiError ? error.message : '预览失败' }),
      )
    }, 400)
    return () => clearTimeout(timer)
  }, [html])
  return state
}

function NoticeForm({ notice, onSave }: { notice?: AdminNotice; onSave(input: NoticeInput): Promise<boolean> }) {
  const [form] = Form.useForm<NoticeInput & { published: boolean }>()
  const [html, setHtml] = useState(notice?.content ?? '<p></p>')
  const { preview, refusal } = usePreview(html)
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{
        type: notice?.type ?? 'xwgg',
        title: notice?.title ?? '',
        sort: notice?.sort ?? 0,
        published: notice ? notice.status === 'published' : false,
      }}
      onFinish={({ published, ...fields }) =>
        onSave({ ...fields, content: html, status: published ? 'published' : 'hidden' })
      }
    >
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item name="type" label="类型" rules={[{ required: true }]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={Object.entries(NOTICE_TYPES).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
            <Input maxLength={100} showCount />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={-100000} max={100000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="published" label="发布" valuePropName="checked">
            <Switch checkedChildren="已发布" unCheckedChildren="隐藏" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24} wrap={false}>
        <Col flex="auto">
          <Typography.Text strong>正文</Typography.Text>
          <Suspense fallback={<Loading />}>
            <RichTextEditor value={html} onChange={setHtml} />
          </Suspense>
        </Col>
        <Col flex="none">
          <Typography.Text strong>H5 显示（服务器净化后）</Typography.Text>
          {refusal ? (
            <Alert type="error" showIcon message={refusal} style={{ width: 375 }} />
          ) : (
            // The server's allow-list has already removed scripts, handlers and outside addresses.
            <div
              className="notice-preview"
              data-testid="notice-preview"
              dangerouslySetInnerHTML={{ __html: preview?.html ?? '' }}
            />
          )}
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" style={{ marginTop: 16 }}>
        保存
      </Button>
    </Form>
  )
}

function NoticeDrawer({ id, onClose, onChanged }: DrawerProps) {
  const { record: notice, run } = useRecord<AdminNotice>(`/admin/notices/${id}`, { onGone: onClose, onChanged })
  return (
    <Drawer open width={1160} title={`编辑公告 #${id}`} onClose={onClose} loading={!notice} destroyOnHidden>
      {notice && (
        <NoticeForm notice={notice} onSave={(input) => run(() => api.put(`/admin/notices/${id}`, input), '已保存')} />
      )}
    </Drawer>
  )
}

const columns: ProColumns<AdminNoticeRow>[] = [
  { title: '编号', dataIndex: 'id', width: 80, search: false },
  { title: '类型', dataIndex: 'type', width: 140, valueEnum: valueEnum(NOTICE_TYPES) },
  { title: '标题', dataIndex: 'title', ellipsis: true },
  {
    title: '状态',
    dataIndex: 'status',
    width: 100,
    valueEnum: valueEnum(STATUS_LABELS),
    render: (_, row) => (
      <Tag color={row.status === 'published' ? 'success' : 'default'}>{STATUS_LABELS[row.status]}</Tag>
    ),
  },
  { title: '排序', dataIndex: 'sort', width: 80, search: false },
  { title: '更新时间', dataIndex: 'updatedAt', width: 160, search: false, render: (_, row) => dateTime(row.updatedAt) },
]

export default function Notices() {
  const act = useAct()
  const table = useRef<ActionType>(null)
  const [creating, setCreating] = useState(false)
  return (
    <>
      <DeskTable<AdminNoticeRow>
        path="/admin/notices"
        title="公告"
        columns={columns}
        actionRef={table}
        detail={{ label: '编辑', Drawer: NoticeDrawer }}
        toolbar={[
          <Button key="new" type="primary" onClick={() => setCreating(true)}>
            新建公告
          </Button>,
        ]}
      />
      <Drawer open={creating} width={1160} title="新建公告" onClose={() => setCreating(false)} destroyOnHidden>
        <Space direction="vertical" style={{ width: '100%' }}>
          <NoticeForm
            onSave={async (input) => {
              const saved = await act(() => api.post('/admin/notices', input), '已新建')
              if (saved) {
                setCreating(false)
                table.current?.reload()
              }
              return saved
            }}
          />
        </Space>
      </Drawer>
    </>
  )
}
