/**
 * 设置: every setting with its unit and bounds, from the JSON Schema the server validates against
 * (GET /admin/settings/schema) — money typed in yuan (stored in fen), rates in percent (stored in basis
 * points). Saving sends only what changed; the server refuses a value out of bounds with its name, and
 * audits each change with the old and new values.
 */
import { PageContainer, ProCard } from '@ant-design/pro-components'
import type { Settings as SettingsValues } from '@contract/settings'
import { Alert, Button, Form, InputNumber, Space, Spin, Switch, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { api, ApiError } from '../api'
import { useAct } from '../components/useAct'
import { unitOf, type FieldSchema } from '../format'

type Values = Record<string, number | boolean | Record<string, number>>

function NumberField({ name, field }: { name: (string | number)[]; field: FieldSchema }) {
  const unit = unitOf(field)
  const shown = (stored: number | undefined) =>
    stored === undefined ? '' : (stored / unit.scale).toLocaleString('zh-CN')
  return (
    <Form.Item
      name={name}
      label={field.title}
      extra={`范围 ${shown(field.minimum)}–${shown(field.maximum)} ${unit.suffix}`.trimEnd()}
      getValueProps={(stored: number) => ({ value: stored / unit.scale })}
      normalize={(typed: number | null) => (typed === null ? typed : Math.round(typed * unit.scale))}
      rules={[{ required: true, message: `请填写${field.title}` }]}
    >
      <InputNumber
        style={{ width: 200 }}
        min={(field.minimum ?? 0) / unit.scale}
        max={(field.maximum ?? Number.MAX_SAFE_INTEGER) / unit.scale}
        precision={unit.precision}
        addonAfter={unit.suffix || undefined}
      />
    </Form.Item>
  )
}

function Field({ name, field }: { name: string; field: FieldSchema }) {
  if (field.type === 'boolean')
    return (
      <Form.Item name={name} label={field.title} valuePropName="checked">
        <Switch />
      </Form.Item>
    )
  if (field.type === 'integer') return <NumberField name={[name]} field={field} />
  return (
    <ProCard title={field.title} size="small" bordered style={{ marginBottom: 16 }}>
      <Space wrap size={32}>
        {Object.entries(field.properties ?? {}).map(([key, inner]) => (
          <NumberField key={key} name={[name, key]} field={inner} />
        ))}
      </Space>
    </ProCard>
  )
}

export default function Settings() {
  const act = useAct()
  const [form] = Form.useForm<Values>()
  const [schema, setSchema] = useState<FieldSchema>()
  const [saved, setSaved] = useState<Values>()
  const [failure, setFailure] = useState<string>()
  useEffect(() => {
    Promise.all([api.get<FieldSchema>('/admin/settings/schema'), api.get<SettingsValues>('/admin/settings')]).then(
      ([described, values]) => {
        setSchema(described)
        setSaved(values)
      },
      (error) => setFailure(error instanceof ApiError ? error.message : '加载失败'),
    )
  }, [])
  if (failure) return <Alert type="error" showIcon message={failure} />
  if (!schema || !saved) return <Spin style={{ display: 'block', margin: '80px auto' }} />

  const save = async (values: Values) => {
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(saved[key])),
    )
    if (Object.keys(changed).length === 0) return
    await act(
      async () => {
        const next = await api.put<SettingsValues>('/admin/settings', changed)
        setSaved(next)
        form.setFieldsValue(next)
      },
      `已保存 ${Object.keys(changed).length} 项设置`,
    )
  }
  const entries = Object.entries(schema.properties ?? {})
  return (
    <PageContainer title="设置" subTitle="费用、时限与开关；每次修改写入审计日志">
      <ProCard>
        <Form form={form} layout="vertical" initialValues={saved} onFinish={save}>
          <Typography.Title level={5}>基本设置</Typography.Title>
          <Space wrap size={32} align="start">
            {entries
              .filter(([, field]) => field.type !== 'object')
              .map(([key, field]) => (
                <Field key={key} name={key} field={field} />
              ))}
          </Space>
          <Typography.Title level={5}>费用与限制</Typography.Title>
          {entries
            .filter(([, field]) => field.type === 'object')
            .map(([key, field]) => (
              <Field key={key} name={key} field={field} />
            ))}
          <Button type="primary" htmlType="submit">
            保存修改
          </Button>
        </Form>
      </ProCard>
    </PageContainer>
  )
}
