/**
 * 目录 → a game's attribute template: its versions (listings keep the one they were made with), the fields
 * edited in a table starting from any version, the rules checked as you type (the same check the server
 * makes), and beside them a live preview of what the fields produce — the sell form a seller fills in and the
 * filters a buyer gets on the list. Saving adds a version.
 */
import { PlusOutlined } from '@ant-design/icons'
import { EditableProTable, type ProColumns } from '@ant-design/pro-components'
import { filterableFields, sellFormFields, templateProblem } from '@contract/attributes'
import type { AdminGame, AttributeField, AttributeOption, TemplateVersion } from '@contract/catalogue'
import {
  Alert,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { api } from '../api'
import { useAct } from '../components/useAct'
import { dateTime } from '../format'

const TYPE_LABELS: Record<AttributeField['type'], string> = {
  text: '文本',
  number: '数字',
  radio: '单选',
  checkbox: '多选',
  date: '日期',
}

/** A field as the table edits it: options as their labels (ids are kept for labels that had one). */
interface Row extends Omit<AttributeField, 'options'> {
  rowKey: string
  options: string[]
}

const toRows = (fields: AttributeField[]): Row[] =>
  fields.map((field) => ({ ...field, rowKey: field.key, options: field.options.map((option) => option.label) }))

/** The rows as fields: an option keeps the id it had in any version; a new one gets the next free `oN`. */
function toFields(rows: Row[], known: Map<string, string>): AttributeField[] {
  const used = new Set(known.values())
  let next = 1
  const idOf = (label: string) => {
    const had = known.get(label)
    if (had) return had
    while (used.has(`o${next}`)) next += 1
    used.add(`o${next}`)
    known.set(label, `o${next}`)
    return `o${next}`
  }
  return rows.map(({ rowKey: _rowKey, options, ...field }) => ({
    ...field,
    options: options.map((label): AttributeOption => ({ id: idOf(label), label })),
  }))
}

function SellFormPreview({ fields }: { fields: AttributeField[] }) {
  const shown = sellFormFields(fields)
  if (shown.length === 0) return <Empty description="没有在发布表单中填写的字段" />
  return (
    <Form layout="vertical" size="middle">
      {shown.map((field) => (
        <Form.Item key={field.key} label={field.label} required={field.required}>
          {field.type === 'text' && <Input placeholder={`请输入${field.label}`} />}
          {field.type === 'number' && <InputNumber style={{ width: '100%' }} addonAfter={field.unit || undefined} />}
          {field.type === 'date' && <DatePicker style={{ width: '100%' }} />}
          {field.type === 'radio' && (
            <Radio.Group optionType="button" options={field.options.map((o) => ({ value: o.id, label: o.label }))} />
          )}
          {field.type === 'checkbox' && (
            <Checkbox.Group options={field.options.map((o) => ({ value: o.id, label: o.label }))} />
          )}
        </Form.Item>
      ))}
    </Form>
  )
}

function FilterPreview({ fields }: { fields: AttributeField[] }) {
  const shown = filterableFields(fields)
  if (shown.length === 0) return <Empty description="没有可筛选的字段（数字、单选、多选字段勾选“可筛选”）" />
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {shown.map((field) => (
        <div key={field.key}>
          <Typography.Text strong>
            {field.label}
            {field.type === 'checkbox' && <Typography.Text type="secondary">（可多选）</Typography.Text>}
          </Typography.Text>
          <div style={{ marginTop: 8 }}>
            {field.type === 'number' ? (
              <Space>
                <InputNumber placeholder="最低" addonAfter={field.unit || undefined} />
                —
                <InputNumber placeholder="最高" addonAfter={field.unit || undefined} />
              </Space>
            ) : (
              <Space wrap size={[8, 8]}>
                {field.options.map((option) => (
                  <Tag.CheckableTag key={option.id} checked={false}>
                    {option.label}
                  </Tag.CheckableTag>
                ))}
              </Space>
            )}
          </div>
        </div>
      ))}
    </Space>
  )
}

export function TemplateDrawer({ game, onClose }: { game: AdminGame; onClose(): void }) {
  const act = useAct()
  const [versions, setVersions] = useState<TemplateVersion[]>()
  const [base, setBase] = useState<number>()
  const [rows, setRows] = useState<Row[]>([])
  const [saves, setSaves] = useState(0)
  useEffect(() => {
    api.get<TemplateVersion[]>(`/admin/games/${game.id}/templates`).then((found) => {
      setVersions(found)
      setBase(found[0]?.version)
      setRows(toRows(found[0]?.fields ?? []))
    }, onClose)
  }, [game.id, saves, onClose])

  /** Each label's id in any version, so a renamed-back option keeps its id. */
  const known = useMemo(() => {
    const ids = new Map<string, string>()
    for (const version of versions ?? [])
      for (const field of version.fields) for (const option of field.options) ids.set(option.label, option.id)
    return ids
  }, [versions])
  const fields = useMemo(() => toFields(rows, new Map(known)), [rows, known])
  const problem = templateProblem(fields)
  const latest = versions?.[0]?.version ?? 0

  const columns: ProColumns<Row>[] = [
    { title: '排序', dataIndex: 'sort', valueType: 'digit', width: 64, fieldProps: { precision: 0 } },
    {
      title: '字段键',
      dataIndex: 'key',
      width: 110,
      formItemProps: { rules: [{ required: true, pattern: /^[a-z][a-zA-Z0-9_]{0,31}$/, message: '小写字母开头' }] },
    },
    { title: '名称', dataIndex: 'label', width: 100, formItemProps: { rules: [{ required: true }] } },
    {
      title: '类型',
      dataIndex: 'type',
      width: 80,
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(TYPE_LABELS).map(([value, text]) => [value, { text }])),
    },
    {
      title: '选项（单选、多选）',
      dataIndex: 'options',
      valueType: 'select',
      width: 230,
      fieldProps: { mode: 'tags', maxTagCount: 'responsive', tokenSeparators: ['，', ','], placeholder: '输入后回车' },
    },
    { title: '单位', dataIndex: 'unit', width: 56 },
    { title: '必填', dataIndex: 'required', valueType: 'switch', width: 56 },
    { title: '发布填写', dataIndex: 'showOnSellForm', valueType: 'switch', width: 72 },
    { title: '可筛选', dataIndex: 'searchable', valueType: 'switch', width: 64 },
    {
      title: '',
      valueType: 'option',
      width: 50,
      render: () => null,
    },
  ]

  const newRow = (): Row => ({
    rowKey: `new-${Date.now()}`,
    key: '',
    label: '',
    type: 'radio',
    options: [],
    unit: '',
    required: false,
    searchable: true,
    showOnSellForm: true,
    sort: Math.max(0, ...rows.map((row) => row.sort)) + 1,
  })

  return (
    <Drawer
      open
      width="96%"
      title={`${game.name} · 属性模板`}
      onClose={onClose}
      loading={!versions}
      extra={
        <Space>
          <Select<number>
            style={{ width: 300 }}
            value={base}
            placeholder="还没有模板"
            options={versions?.map((v) => ({
              value: v.version,
              label: `以 v${v.version} 为基础 · ${dateTime(v.createdAt)} · ${v.goodsCount} 件商品`,
            }))}
            onChange={(version) => {
              setBase(version)
              setRows(toRows(versions!.find((v) => v.version === version)!.fields))
            }}
          />
          <Button
            type="primary"
            disabled={!!problem || rows.length === 0}
            onClick={() =>
              act(
                async () => {
                  await api.post(`/admin/games/${game.id}/templates`, { fields })
                  setSaves((n) => n + 1)
                },
                `已保存为 v${latest + 1}，新发布的商品使用此版本`,
              )
            }
          >
            保存为新版本 v{latest + 1}
          </Button>
        </Space>
      }
    >
      <Alert
        type={problem ? 'error' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        message={
          problem?.message ?? '每次保存都是一个新版本：已发布的商品沿用发布时的版本，新发布和列表筛选使用最新版本。'
        }
      />
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <EditableProTable<Row>
            rowKey="rowKey"
            value={rows}
            onChange={(next) => setRows([...next])}
            columns={columns}
            recordCreatorProps={false}
            editable={{
              type: 'multiple',
              editableKeys: rows.map((row) => row.rowKey),
              actionRender: (_, __, dom) => [dom.delete],
              onValuesChange: (_, next) => setRows(next),
            }}
          />
          <Button block type="dashed" icon={<PlusOutlined />} onClick={() => setRows([...rows, newRow()])}>
            添加字段
          </Button>
        </div>
        <Card size="small" style={{ width: 360, flex: 'none' }} title="预览（与 H5 使用同一规则）">
          <Tabs
            items={[
              { key: 'form', label: '发布表单', children: <SellFormPreview fields={fields} /> },
              { key: 'filter', label: '列表筛选', children: <FilterPreview fields={fields} /> },
            ]}
          />
        </Card>
      </div>
    </Drawer>
  )
}
