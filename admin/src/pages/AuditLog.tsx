/** 审计日志: who did what to which subject, with the before/after and reason they left, from which address; read-only. */
import type { ProColumns } from '@ant-design/pro-components'
import type { AuditEntry } from '@contract/audit'
import { AUDIT_ACTIONS, AUDIT_SUBJECTS } from '@contract/constants'
import { Space, Typography } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { api } from '../api'
import { AuditDetail } from '../components/AuditDetail'
import { DeskTable } from '../components/DeskTable'
import { dateTime, valueEnum, type FieldSchema } from '../format'

const labelOf = (labels: Record<string, string>, code: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(labels, code) ? labels[code] : undefined

const columnsFor = (settings?: FieldSchema): ProColumns<AuditEntry>[] => [
  {
    title: '时间',
    dataIndex: 'createdAt',
    width: 160,
    search: false,
    sorter: true,
    render: (_, row) => dateTime(row.createdAt),
  },
  {
    title: '日期',
    dataIndex: 'day',
    valueType: 'dateRange',
    hideInTable: true,
    search: { transform: ([from, to]) => ({ from, to }) },
  },
  { title: '操作人', dataIndex: 'actor', width: 120 },
  {
    title: '操作',
    dataIndex: 'action',
    width: 200,
    valueEnum: valueEnum(AUDIT_ACTIONS),
    fieldProps: { showSearch: true },
    // The name staff read, over the code the row keeps (a code from before it was named shows alone).
    render: (_, row) => (
      <Space direction="vertical" size={0}>
        {labelOf(AUDIT_ACTIONS, row.action)}
        <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
          {row.action}
        </Typography.Text>
      </Space>
    ),
  },
  {
    title: '对象类型',
    dataIndex: 'subjectType',
    width: 110,
    valueEnum: valueEnum(AUDIT_SUBJECTS),
    render: (_, row) => labelOf(AUDIT_SUBJECTS, row.subjectType) ?? row.subjectType,
  },
  { title: '对象编号', dataIndex: 'subjectId', width: 100, valueType: 'digit' },
  {
    title: '内容（原因、前后值）',
    dataIndex: 'detail',
    search: false,
    render: (_, row) => <AuditDetail entry={row} settings={settings} />,
  },
  { title: 'IP', dataIndex: 'ip', width: 130, search: false },
]

export default function AuditLog() {
  // The settings' names and units for their changes; without them a change shows its stored keys.
  const [settings, setSettings] = useState<FieldSchema>()
  useEffect(() => {
    api.get<FieldSchema>('/admin/settings/schema').then(setSettings, () => undefined)
  }, [])
  const columns = useMemo(() => columnsFor(settings), [settings])
  return <DeskTable<AuditEntry> path="/admin/audit-log" title="审计日志（只读）" columns={columns} />
}
