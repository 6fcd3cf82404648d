import { Card, Table, type TableColumnsType } from 'antd'
import type { ReactNode } from 'react'

/** One titled part of a detail drawer. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} style={{ marginTop: 16 }}>
      {children}
    </Card>
  )
}

/** A titled part that is a small table of rows with ids (payments, ledger postings). */
export function SectionTable<T extends { id: number }>(props: {
  title: string
  rows: T[]
  columns: TableColumnsType<T>
  empty?: string
}) {
  return (
    <Section title={props.title}>
      <Table<T>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={props.rows}
        columns={props.columns}
        locale={props.empty ? { emptyText: props.empty } : undefined}
      />
    </Section>
  )
}
