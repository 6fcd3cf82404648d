/** A button that asks why before it acts: the reason is written to the audit log and, where it applies, told to the user. */
import { ModalForm, ProFormTextArea } from '@ant-design/pro-components'
import { Button, Form, Space, Tag } from 'antd'
import type { ButtonProps } from 'antd'

interface Props {
  label: string
  title: string
  /** Reasons staff give most often, one click each. */
  templates?: string[]
  onConfirm(reason: string): Promise<boolean>
  button?: ButtonProps
}

export function ReasonButton({ label, title, templates = [], onConfirm, button }: Props) {
  const [form] = Form.useForm<{ reason: string }>()
  return (
    <ModalForm<{ reason: string }>
      title={title}
      form={form}
      width={520}
      trigger={<Button {...button}>{label}</Button>}
      modalProps={{ destroyOnHidden: true, okText: '确定' }}
      onFinish={({ reason }) => onConfirm(reason.trim())}
    >
      {templates.length > 0 && (
        <Space wrap style={{ marginBottom: 12 }}>
          {templates.map((text) => (
            <Tag key={text} style={{ cursor: 'pointer' }} onClick={() => form.setFieldValue('reason', text)}>
              {text}
            </Tag>
          ))}
        </Space>
      )}
      <ProFormTextArea
        name="reason"
        label="原因"
        fieldProps={{ maxLength: 200, showCount: true, rows: 3 }}
        rules={[{ required: true, whitespace: true, message: '请填写原因' }]}
      />
    </ModalForm>
  )
}
