/**
 * A staff list: a ProTable over one `/api/admin` list (filters from its columns and the address's query,
 * paging and sorting on the server) and, when it has one, the row's detail drawer — opened from the last
 * column's link, a double click or the address (`?open=<id>`, from another desk's drawer), the list reloaded
 * after each change made in it.
 */
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { useCallback, useMemo, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react'
import { useSearchParams } from 'react-router-dom'
import { tableRequest, type Query } from '../api'
import { dateTime } from '../format'

/** The 提交时间 column of a queue: sortable on the server (the longest waiting first by default). */
export const submittedColumn = <T extends { createdAt: string }>(): ProColumns<T> => ({
  title: '提交时间',
  dataIndex: 'createdAt',
  width: 160,
  search: false,
  sorter: true,
  render: (_, row) => dateTime(row.createdAt),
})

/** A row's seller, by name and number; the filter above the list takes the number (卖家编号). */
export const sellerColumn = <T extends { sellerId: number; sellerName: string }>(width: number): ProColumns<T> => ({
  title: (_, type) => (type === 'form' ? '卖家编号' : '卖家'),
  dataIndex: 'sellerId',
  width,
  valueType: 'digit',
  render: (_, row) => `${row.sellerName}（#${row.sellerId}）`,
})

/** The address of a desk with one of its rows' drawer open: another desk's drawer links to it. */
export const deskRow = (path: string, id: number) => `${path}?open=${id}`

export interface DrawerProps {
  id: number
  onClose(): void
  /** Something changed: the list reloads. */
  onChanged(): void
}

interface Detail {
  /** The link that opens the drawer ("处理", "审核"). */
  label: string
  Drawer: ComponentType<DrawerProps>
}

interface Props<T> {
  path: string
  title: string
  columns: ProColumns<T>[]
  /** Filters the list always sends (the review queue's status). */
  fixed?: Query
  detail?: Detail
  /** For actions made in the row itself, which reload the list. */
  actionRef?: RefObject<ActionType>
  /** Buttons above the list (新建…). */
  toolbar?: ReactNode[]
  /** Told after a change made in the drawer, beside the list's own reload (figures shown above the list). */
  onChanged?(): void
}

export function DeskTable<T extends { id: number }>({
  path,
  title,
  columns,
  fixed,
  detail,
  actionRef,
  toolbar,
  onChanged,
}: Props<T>) {
  const own = useRef<ActionType>(null)
  const table = actionRef ?? own
  const [search, setSearch] = useSearchParams()
  const [open, setOpen] = useState(() => Number(search.get('open')) || undefined)
  const close = useCallback(() => {
    setOpen(undefined)
    // Closed, the drawer is not opened again by a reload of the page.
    setSearch(
      (current) => {
        current.delete('open')
        return current
      },
      { replace: true },
    )
  }, [setSearch])
  const reload = () => {
    table.current?.reload()
    onChanged?.()
  }
  const initialValues = useMemo(() => {
    const { open: _drawer, ...filters } = Object.fromEntries(search)
    return filters
  }, [search])
  const withLink: ProColumns<T>[] = detail
    ? [
        ...columns,
        {
          title: '操作',
          valueType: 'option',
          width: 80,
          render: (_, row) => [
            <a key="open" onClick={() => setOpen(row.id)}>
              {detail.label}
            </a>,
          ],
        },
      ]
    : columns
  return (
    <>
      <ProTable<T>
        rowKey="id"
        actionRef={table}
        headerTitle={title}
        toolBarRender={toolbar ? () => toolbar : undefined}
        columns={withLink}
        form={{ initialValues }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        onRow={detail ? (row) => ({ onDoubleClick: () => setOpen(row.id) }) : undefined}
        request={(params, sort) => tableRequest<T>(path, { ...params, ...fixed }, sort)}
      />
      {detail && open !== undefined && <detail.Drawer id={open} onClose={close} onChanged={reload} />}
    </>
  )
}
