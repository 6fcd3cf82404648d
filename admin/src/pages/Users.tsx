/**
 * 用户: people found by name, phone or number; the drawer shows one — real name masked, what they bought and
 * sold, the sessions they are signed in with — disables or enables the account with a reason, and lets an
 * admin set the staff roles (the server refuses everyone else, and an admin removing their own).
 */
import { ProDescriptions, type ProColumns } from '@ant-design/pro-components'
import { STAFF_ROLE_LABELS } from '@contract/constants'
import type { StaffRole } from '@contract/staff'
import type { AdminUser, AdminUserDetail } from '@contract/user'
import { Button, Checkbox, Drawer, Space, Tag } from 'antd'
import { useState } from 'react'
import { api } from '../api'
import { DeskTable, type DrawerProps } from '../components/DeskTable'
import { ReasonButton } from '../components/ReasonButton'
import { Section, SectionTable } from '../components/Section'
import { useRecord } from '../components/useRecord'
import { dateTime, valueEnum } from '../format'
import { useSession } from '../session'

const ROLE_LABELS: Record<string, string> = { user: '用户', merchant: '商户', ...STAFF_ROLE_LABELS }
const STAFF_ROLES = Object.keys(STAFF_ROLE_LABELS) as StaffRole[]

const roleTags = (roles: string[]) =>
  roles.map((role) => (
    <Tag key={role} color={role in STAFF_ROLE_LABELS ? 'orange' : role === 'merchant' ? 'blue' : undefined}>
      {ROLE_LABELS[role] ?? role}
    </Tag>
  ))

function RolesEditor({ person, onSave }: { person: AdminUserDetail; onSave(roles: StaffRole[]): Promise<boolean> }) {
  const held = person.roles.filter((role): role is StaffRole => role in STAFF_ROLE_LABELS)
  const [roles, setRoles] = useState<StaffRole[]>(held)
  const changed = [...roles].sort().join() !== [...held].sort().join()
  return (
    <Section title="员工角色（仅管理员可改）">
      <Space direction="vertical">
        <Checkbox.Group
          value={roles}
          onChange={(values) => setRoles(values as StaffRole[])}
          options={STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }))}
        />
        <Button type="primary" disabled={!changed} onClick={() => onSave(roles)}>
          保存角色
        </Button>
      </Space>
    </Section>
  )
}

/**
 * 正常, or what is not: 已停用, a deletion in its cooling-off period, the account erased; `dated` (the drawer)
 * says when the period ends or when the account was erased.
 */
function PersonState({ person, dated = false }: { person: AdminUser; dated?: boolean }) {
  const { deletion } = person
  if (deletion?.status === 'erased') return <Tag>{dated ? `已注销（${dateTime(deletion.at)}）` : '已注销'}</Tag>
  if (!person.disabled && !deletion) return <Tag color="success">正常</Tag>
  return (
    <Space size={4} wrap>
      {person.disabled && <Tag color="error">已停用</Tag>}
      {deletion && <Tag color="warning">{dated ? `注销冷静期，${dateTime(deletion.at)} 注销` : '注销冷静期'}</Tag>}
    </Space>
  )
}

function UserDrawer({ id, onClose, onChanged }: DrawerProps) {
  const { can } = useSession()
  const { record: person, run } = useRecord<AdminUserDetail>(`/admin/users/${id}`, { onGone: onClose, onChanged })
  // An erased account stays as erasure left it: no enabling, no roles.
  const erased = person?.deletion?.status === 'erased'
  return (
    <Drawer
      open
      width={820}
      title={`用户 #${id}`}
      onClose={onClose}
      loading={!person}
      extra={
        person &&
        !erased &&
        (person.disabled ? (
          <ReasonButton
            label="启用"
            title="启用账号"
            templates={['核实完毕，恢复使用', '误操作停用']}
            onConfirm={(reason) => run(() => api.post(`/admin/users/${id}/enable`, { reason }), '已启用')}
          />
        ) : (
          <ReasonButton
            label="停用"
            title="停用账号：其登录立即失效"
            templates={['涉嫌诈骗，暂停使用', '多次恶意找回', '用户本人申请注销']}
            button={{ danger: true }}
            onConfirm={(reason) => run(() => api.post(`/admin/users/${id}/disable`, { reason }), '已停用')}
          />
        ))
      }
    >
      {person && (
        <>
          <ProDescriptions<AdminUserDetail>
            column={2}
            dataSource={person}
            columns={[
              { title: '用户名', dataIndex: 'username' },
              { title: '昵称', dataIndex: 'nickName', render: () => person.nickName || '—' },
              { title: '手机号', dataIndex: 'phone', render: () => person.phone || '—' },
              { title: '角色', dataIndex: 'roles', render: () => roleTags(person.roles) },
              {
                title: '实名',
                dataIndex: 'realName',
                render: () => (person.realNameStatus === 'verified' ? `已实名（${person.realName}）` : '未实名'),
              },
              { title: '状态', dataIndex: 'disabled', render: () => <PersonState person={person} dated /> },
              { title: '买入订单', dataIndex: 'orders' },
              { title: '发布 / 售出', dataIndex: 'listings', render: () => `${person.listings} / ${person.sold}` },
              { title: '注册时间', dataIndex: 'createdAt', render: () => dateTime(person.createdAt) },
              { title: '最近登录', dataIndex: 'lastLoginAt', render: () => dateTime(person.lastLoginAt) },
            ]}
          />
          <SectionTable
            title="在用的登录"
            rows={person.sessions}
            empty="没有在用的登录"
            columns={[
              { title: '类型', dataIndex: 'staff', render: (staff: boolean) => (staff ? '管理后台' : 'H5 / 小程序') },
              { title: 'IP', dataIndex: 'ip' },
              { title: '设备', dataIndex: 'userAgent', ellipsis: true },
              { title: '登录时间', dataIndex: 'createdAt', render: dateTime },
              { title: '最近使用', dataIndex: 'lastSeenAt', render: dateTime },
            ]}
          />
          {can([]) && !erased && (
            <RolesEditor
              key={person.roles.join()}
              person={person}
              onSave={(roles) => run(() => api.put(`/admin/users/${id}/roles`, { roles }), '角色已更新')}
            />
          )}
        </>
      )}
    </Drawer>
  )
}

const columns: ProColumns<AdminUser>[] = [
  { title: '编号', dataIndex: 'id', width: 80, search: false },
  {
    title: '关键词',
    dataIndex: 'keyword',
    hideInTable: true,
    fieldProps: { placeholder: '用户名、昵称、手机号或编号' },
  },
  { title: '用户名', dataIndex: 'username', width: 140, search: false },
  { title: '昵称', dataIndex: 'nickName', width: 140, search: false },
  { title: '手机号', dataIndex: 'phone', width: 130, search: false },
  {
    title: '角色',
    dataIndex: 'role',
    width: 180,
    valueEnum: valueEnum(ROLE_LABELS),
    render: (_, row) => roleTags(row.roles),
  },
  {
    title: '实名',
    dataIndex: 'realNameStatus',
    width: 90,
    search: false,
    valueEnum: valueEnum({ none: '未实名', verified: '已实名' }),
  },
  {
    title: '状态',
    dataIndex: 'disabled',
    width: 110,
    valueEnum: { true: { text: '已停用' }, false: { text: '正常' } },
    render: (_, row) => <PersonState person={row} />,
  },
  {
    title: '注册时间',
    dataIndex: 'createdAt',
    width: 160,
    search: false,
    sorter: true,
    render: (_, row) => dateTime(row.createdAt),
  },
  {
    title: '最近登录',
    dataIndex: 'lastLoginAt',
    width: 160,
    search: false,
    sorter: true,
    render: (_, row) => dateTime(row.lastLoginAt),
  },
]

export default function Users() {
  return (
    <DeskTable<AdminUser>
      path="/admin/users"
      title="用户"
      columns={columns}
      detail={{ label: '查看', Drawer: UserDrawer }}
    />
  )
}
