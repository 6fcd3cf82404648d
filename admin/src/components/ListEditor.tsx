/**
 * One of the short lists editors keep by hand (server/lib/editableList.ts): every row in the order buyers see
 * it, shown or hidden with a switch, added and changed in one form, deleted after a confirmation. The
 * server's refusal of a field shows under that field.
 */
import { ModalForm, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Button, Form, Popconfirm, Switch } from 'antd'
import { useRef, type ReactNode } from 'react'
import { api } from '../api'
import { useAct } from './useAct'

interface Row {
  id: number
  enabled?: boolean
}

interface Props<T extends Row> {
  /** `/admin/banners`. */
  path: string
  /** What one row is ("轮播图"), in titles and confirmations. */
  noun: string
  columns: ProColumns<T>[]
  /** The fields of the form that adds and changes a row. */
  fields: ReactNode
  /** A new row's starting values. */
  blank: Omit<T, 'id'>
  nameOf(row: T): string
}

function RowForm<T extends Row>({
  title,
  trigger,
  initialValues,
  fields,
  save,
}: {
  title: string
  trigger: ReactNode
  initialValues: Partial<T>
  fields: ReactNode
  save(values: Partial<T>, form: ReturnType<typeof Form.useForm<Partial<T>>>[0]): Promise<boolean>
}) {
  const [form] = Form.useForm<Partial<T>>()
  return (
    <ModalForm<Partial<T>>
      title={title}
      width={560}
      form={form}
      trigger={trigger as JSX.Element}
      initialValues={initialValues}
      modalProps={{ destroyOnHidden: true }}
      omitNil={false}
      onFinish={(values) => save(values, form)}
    >
      {fields}
    </ModalForm>
  )
}

export function ListEditor<T extends Row>({ path, noun, columns, fields, blank, nameOf }: Props<T>) {
  const act = useAct()
  const table = useRef<ActionType>(null)
  const run = async (action: () => Promise<unknown>, done: string, form?: Parameters<typeof act>[2]) => {
    const succeeded = await act(action, done, form)
    if (succeeded) await table.current?.reload()
    return succeeded
  }
  const shownColumn: ProColumns<T>[] =
    'enabled' in blank
      ? [
          {
            title: '显示',
            dataIndex: 'enabled',
            width: 80,
            render: (_, row) => (
              <Switch
                checked={row.enabled}
                aria-label={`显示${nameOf(row)}`}
                onChange={(enabled) =>
                  run(() => api.put(`${path}/${row.id}`, { enabled }), enabled ? '已显示' : '已隐藏')
                }
              />
            ),
          },
        ]
      : []
  return (
    <ProTable<T>
      rowKey="id"
      actionRef={table}
      search={false}
      pagination={false}
      options={{ reload: true, density: false, setting: false }}
      request={async () => {
        const { rows } = await api.page<T>(path, {})
        return { data: rows, success: true, total: rows.length }
      }}
      toolBarRender={() => [
        <RowForm<T>
          key="add"
          title={`新增${noun}`}
          trigger={<Button type="primary">新增{noun}</Button>}
          initialValues={blank as Partial<T>}
          fields={fields}
          save={(values, form) => run(() => api.post(path, { ...blank, ...values }), `已新增${noun}`, form)}
        />,
      ]}
      columns={[
        ...columns,
        ...shownColumn,
        {
          title: '操作',
          valueType: 'option',
          width: 120,
          render: (_, row) => [
            <RowForm<T>
              key="edit"
              title={`修改${noun}`}
              trigger={<a>编辑</a>}
              initialValues={row}
              fields={fields}
              save={(values, form) => run(() => api.put(`${path}/${row.id}`, values), '已保存', form)}
            />,
            <Popconfirm
              key="delete"
              title={`删除「${nameOf(row)}」？`}
              description="删除后买家立即看不到，审计日志保留删除前的内容"
              okButtonProps={{ danger: true }}
              onConfirm={() => run(() => api.delete(`${path}/${row.id}`), '已删除')}
            >
              <a>删除</a>
            </Popconfirm>,
          ],
        },
      ]}
    />
  )
}
