/**
 * 黑名单: the blacklist as staff keep it — found by kind, reason, game or the exact subject (looked up by its
 * hash; the plain subject is never stored), a new record with its evidence, and the removal of one filed in
 * error (with the reason; the audit row keeps what it said).
 */
import {
  ModalForm,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components'
import { BLACKLIST_REASON_LABELS, BLACKLIST_SUBJECT_LABELS } from '@contract/constants'
import type { AdminGame } from '@contract/catalogue'
import type { AdminBlacklistRecord, NewBlacklistRecord } from '@contract/trust'
import { Button } from 'antd'
import { useRef } from 'react'
import { api } from '../api'
import { DeskTable } from '../components/DeskTable'
import { ReasonButton } from '../components/ReasonButton'
import { useAct } from '../components/useAct'
import { useGames } from '../components/useGames'
import { dateTime, selectOptions, valueEnum } from '../format'

function NewRecord({ games, onAdded }: { games: AdminGame[]; onAdded(): void }) {
  const act = useAct()
  return (
    <ModalForm<NewBlacklistRecord>
      title="新增黑号记录"
      width={560}
      trigger={<Button type="primary">新增记录</Button>}
      modalProps={{ destroyOnHidden: true }}
      onFinish={async (record) => {
        const added = await act(() => api.post('/admin/blacklist', record), '已录入（只保存哈希与打码形式）')
        if (added) onAdded()
        return added
      }}
    >
      <ProFormSelect
        name="subjectKind"
        label="对象类型"
        options={selectOptions(BLACKLIST_SUBJECT_LABELS)}
        rules={[{ required: true }]}
      />
      <ProFormText
        name="subject"
        label="对象"
        placeholder="游戏账号、QQ、微信号、手机号或身份证号"
        rules={[{ required: true, whitespace: true }]}
      />
      <ProFormSelect
        name="gameId"
        label="游戏（不选则适用于所有游戏）"
        showSearch
        options={games.map((game) => ({ value: game.id, label: game.name }))}
      />
      <ProFormSelect
        name="reason"
        label="原因"
        options={selectOptions(BLACKLIST_REASON_LABELS)}
        rules={[{ required: true }]}
      />
      <ProFormTextArea
        name="evidence"
        label="情况说明（用户查询时可见，勿写个人信息）"
        fieldProps={{ maxLength: 500, showCount: true }}
        rules={[{ required: true, whitespace: true }]}
      />
      <ProFormText
        name="source"
        label="来源（仅员工可见）"
        placeholder="案件编号、用户举报、客服核实…"
        fieldProps={{ maxLength: 100 }}
      />
    </ModalForm>
  )
}

export default function Blacklist() {
  const act = useAct()
  const table = useRef<ActionType>(null)
  const games = useGames()
  const columns: ProColumns<AdminBlacklistRecord>[] = [
    { title: '编号', dataIndex: 'id', width: 60, search: false },
    { title: '对象', dataIndex: 'subject', hideInTable: true, fieldProps: { placeholder: '精确查找' } },
    { title: '类型', dataIndex: 'subjectKind', width: 90, valueEnum: valueEnum(BLACKLIST_SUBJECT_LABELS) },
    { title: '对象（打码）', dataIndex: 'maskedSubject', width: 150, search: false },
    {
      title: '游戏',
      dataIndex: 'gameId',
      width: 100,
      valueEnum: Object.fromEntries(games.map((game) => [game.id, { text: game.name }])),
      render: (_, row) => row.gameName || '所有游戏',
    },
    { title: '原因', dataIndex: 'reason', width: 90, valueEnum: valueEnum(BLACKLIST_REASON_LABELS) },
    { title: '情况说明', dataIndex: 'evidence', ellipsis: true, search: false },
    {
      title: '来源',
      dataIndex: 'source',
      width: 110,
      ellipsis: true,
      search: false,
      render: (_, row) => row.source || '—',
    },
    {
      title: '录入',
      dataIndex: 'createdByName',
      width: 80,
      search: false,
      render: (_, row) => row.createdByName || '—',
    },
    { title: '时间', dataIndex: 'createdAt', width: 140, search: false, render: (_, row) => dateTime(row.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 64,
      render: (_, row) => (
        <ReasonButton
          label="移除"
          title={`移除 ${row.maskedSubject} 的记录`}
          templates={['录入错误', '已核实为误报', '当事人已和解并撤回举报']}
          button={{ type: 'link', danger: true, size: 'small' }}
          onConfirm={async (reason) => {
            const removed = await act(() => api.post(`/admin/blacklist/${row.id}/remove`, { reason }), '已移除')
            if (removed) table.current?.reload()
            return removed
          }}
        />
      ),
    },
  ]
  return (
    <DeskTable<AdminBlacklistRecord>
      path="/admin/blacklist"
      title="黑号记录"
      columns={columns}
      actionRef={table}
      toolbar={[<NewRecord key="new" games={games} onAdded={() => table.current?.reload()} />]}
    />
  )
}
