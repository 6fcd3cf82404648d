/** 反馈: everyone's feedback, the longest waiting first; the drawer shows it whole and sends the reply (a 系统消息). */
import { ProDescriptions, type ProColumns } from '@ant-design/pro-components'
import { PROBLEM_STATUS_LABELS, PROBLEM_TYPE_LABELS } from '@contract/constants'
import type { AdminProblem } from '@contract/feedback'
import { Button, Drawer, Form, Image, Input, Space, Tag } from 'antd'
import { api } from '../api'
import { DeskTable, type DrawerProps } from '../components/DeskTable'
import { Section } from '../components/Section'
import { useRecord } from '../components/useRecord'
import { dateTime, valueEnum } from '../format'

const STATUS_COLORS: Record<AdminProblem['status'], string> = { open: 'warning', replied: 'success', closed: 'default' }

function ProblemDrawer({ id, onClose, onChanged }: DrawerProps) {
  const { record: problem, run } = useRecord<AdminProblem>(`/admin/problems/${id}`, { onGone: onClose, onChanged })
  return (
    <Drawer open width={720} title={`反馈 #${id}`} onClose={onClose} loading={!problem}>
      {problem && (
        <>
          <ProDescriptions<AdminProblem>
            column={2}
            dataSource={problem}
            columns={[
              { title: '类型', dataIndex: 'type', valueEnum: valueEnum(PROBLEM_TYPE_LABELS) },
              {
                title: '状态',
                dataIndex: 'status',
                render: () => <Tag color={STATUS_COLORS[problem.status]}>{PROBLEM_STATUS_LABELS[problem.status]}</Tag>,
              },
              { title: '用户', dataIndex: 'userName', render: () => `${problem.userName}（#${problem.userId}）` },
              { title: '提交时间', dataIndex: 'createdAt', render: () => dateTime(problem.createdAt) },
              { title: '联系电话', dataIndex: 'phone', render: () => problem.phone || '—' },
              { title: 'QQ', dataIndex: 'qq', render: () => problem.qq || '—' },
              { title: '标题', dataIndex: 'title', span: 2 },
              { title: '内容', dataIndex: 'content', span: 2 },
            ]}
          />
          {problem.images.length > 0 && (
            <Image.PreviewGroup>
              <Space wrap>
                {problem.images.map((src) => (
                  <Image key={src} src={src} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 4 }} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          <Section title="回复">
            {problem.status === 'open' ? (
              <Form<{ reply: string }>
                layout="vertical"
                onFinish={({ reply }) =>
                  run(() => api.post(`/admin/problems/${id}/reply`, { reply }), '已回复，用户会收到系统消息')
                }
              >
                <Form.Item name="reply" rules={[{ required: true, whitespace: true, message: '请填写回复内容' }]}>
                  <Input.TextArea
                    rows={4}
                    maxLength={1000}
                    showCount
                    placeholder="回复会出现在用户的反馈记录和系统消息里"
                  />
                </Form.Item>
                <Button type="primary" htmlType="submit">
                  发送回复
                </Button>
              </Form>
            ) : (
              <>
                <div>{problem.reply || '—'}</div>
                <div style={{ color: '#86909C', marginTop: 8 }}>{dateTime(problem.repliedAt)}</div>
              </>
            )}
          </Section>
        </>
      )}
    </Drawer>
  )
}

const columns: ProColumns<AdminProblem>[] = [
  { title: '编号', dataIndex: 'id', width: 80, search: false },
  { title: '类型', dataIndex: 'type', width: 110, valueEnum: valueEnum(PROBLEM_TYPE_LABELS) },
  { title: '标题', dataIndex: 'title', ellipsis: true, search: false },
  { title: '用户', dataIndex: 'userName', width: 140, search: false },
  {
    title: '状态',
    dataIndex: 'status',
    width: 100,
    valueEnum: valueEnum(PROBLEM_STATUS_LABELS),
    render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{PROBLEM_STATUS_LABELS[row.status]}</Tag>,
  },
  { title: '提交时间', dataIndex: 'createdAt', width: 160, search: false, render: (_, row) => dateTime(row.createdAt) },
]

export default function Feedback() {
  return (
    <DeskTable<AdminProblem>
      path="/admin/problems"
      title="用户反馈（先提交的在前）"
      columns={columns}
      detail={{ label: '处理', Drawer: ProblemDrawer }}
    />
  )
}
