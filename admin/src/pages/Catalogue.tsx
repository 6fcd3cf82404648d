/**
 * 目录: the games as buyers see them listed — icon, hot, order and enabled changed in place —, each game's region
 * tree, reordered by dragging a node among its siblings (the server refuses anything else), and its attribute
 * template (TemplateDrawer).
 */
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components'
import type { AdminGame, GamePatch, RegionNode } from '@contract/catalogue'
import { Alert, Drawer, InputNumber, Switch, Tag, Tree, type TreeDataNode, type TreeProps } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'
import { api } from '../api'
import { ImageField } from '../components/ImageField'
import { useAct } from '../components/useAct'
import { TemplateDrawer } from './TemplateDrawer'

const KIND_LABELS: Record<RegionNode['kind'], string> = {
  system: '系统',
  carrier: '运营商',
  area: '大区',
  server: '服务器',
}

interface Node extends TreeDataNode {
  key: number
  parentId: number | null
  children: Node[]
}

function treeOf(nodes: RegionNode[]): Node[] {
  const byId = new Map<number, Node>(
    nodes.map((node) => [
      node.id,
      {
        key: node.id,
        parentId: node.parentId,
        title: (
          <>
            {node.name} <Tag bordered={false}>{KIND_LABELS[node.kind]}</Tag>
          </>
        ),
        children: [],
      },
    ]),
  )
  const roots: Node[] = []
  for (const node of nodes)
    (node.parentId === null ? roots : byId.get(node.parentId)!.children).push(byId.get(node.id)!)
  return roots
}

function RegionDrawer({ game, onClose }: { game: AdminGame; onClose(): void }) {
  const act = useAct()
  const [nodes, setNodes] = useState<RegionNode[]>()
  useEffect(() => {
    api.get<RegionNode[]>(`/admin/games/${game.id}/regions`).then(setNodes, onClose)
  }, [game.id, onClose])

  const parentOf = (id: number) => nodes?.find((node) => node.id === id)?.parentId ?? null
  const allowDrop: TreeProps<Node>['allowDrop'] = ({ dragNode, dropNode, dropPosition }) =>
    dropPosition !== 0 && dragNode.parentId === dropNode.parentId
  const onDrop: TreeProps<Node>['onDrop'] = async ({ dragNode, node, dropPosition, dropToGap }) => {
    if (!nodes || !dropToGap) return
    const parentId = parentOf(dragNode.key)
    const siblings = nodes.filter((n) => n.parentId === parentId).map((n) => n.id)
    const rest = siblings.filter((id) => id !== dragNode.key)
    const relative = dropPosition - Number(node.pos.split('-').at(-1))
    const at = rest.indexOf(node.key) + (relative > 0 ? 1 : 0)
    const ids = [...rest.slice(0, at), dragNode.key, ...rest.slice(at)]
    await act(async () => {
      setNodes(await api.put<RegionNode[]>(`/admin/games/${game.id}/regions/order`, { parentId, ids }))
    }, '顺序已保存')
  }
  return (
    <Drawer open width={560} title={`${game.name} · 区服`} onClose={onClose} loading={!nodes}>
      <Alert
        type="info"
        showIcon
        message="拖动区服调整同级之间的顺序，买家选择区服时按此顺序显示"
        style={{ marginBottom: 16 }}
      />
      {nodes && (
        <Tree<Node>
          treeData={treeOf(nodes)}
          draggable={{ icon: false }}
          blockNode
          allowDrop={allowDrop}
          onDrop={onDrop}
        />
      )}
    </Drawer>
  )
}

export default function Catalogue() {
  const act = useAct()
  const table = useRef<ActionType>(null)
  const [regionsOf, setRegionsOf] = useState<AdminGame>()
  const closeRegions = useCallback(() => setRegionsOf(undefined), [])
  const [templateOf, setTemplateOf] = useState<AdminGame>()
  const closeTemplate = useCallback(() => setTemplateOf(undefined), [])
  const change = (game: AdminGame, patch: GamePatch) =>
    act(() => api.put(`/admin/games/${game.id}`, patch), `已保存「${game.name}」`).then(() => table.current?.reload())
  const columns: ProColumns<AdminGame>[] = [
    { title: '编号', dataIndex: 'id', width: 70 },
    {
      title: '图标',
      dataIndex: 'icon',
      width: 70,
      render: (_, game) => <ImageField small value={game.icon} onChange={(icon) => change(game, { icon })} />,
    },
    { title: '名称', dataIndex: 'name' },
    { title: '类型', dataIndex: 'type', width: 80, valueEnum: { mobile: { text: '手游' }, pc: { text: '端游' } } },
    { title: '在售', dataIndex: 'onSaleCount', width: 90 },
    {
      title: '热门',
      dataIndex: 'hot',
      width: 80,
      render: (_, game) => <Switch size="small" checked={game.hot} onChange={(hot) => change(game, { hot })} />,
    },
    {
      title: '排序（小的在前）',
      dataIndex: 'sort',
      width: 150,
      render: (_, game) => (
        <InputNumber
          size="small"
          defaultValue={game.sort}
          min={-100000}
          max={100000}
          precision={0}
          onBlur={(event) => {
            const sort = Number(event.target.value)
            if (Number.isInteger(sort) && sort !== game.sort) void change(game, { sort })
          }}
        />
      ),
    },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 80,
      render: (_, game) => (
        <Switch size="small" checked={game.enabled} onChange={(enabled) => change(game, { enabled })} />
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 110,
      render: (_, game) => [
        <a key="regions" onClick={() => setRegionsOf(game)}>
          区服
        </a>,
        <a key="template" onClick={() => setTemplateOf(game)}>
          模板
        </a>,
      ],
    },
  ]
  return (
    <>
      <ProTable<AdminGame>
        rowKey="id"
        actionRef={table}
        headerTitle="游戏（按买家看到的顺序）"
        columns={columns}
        search={false}
        pagination={false}
        request={async () => ({ data: await api.get<AdminGame[]>('/admin/games'), success: true })}
      />
      {regionsOf && <RegionDrawer game={regionsOf} onClose={closeRegions} />}
      {templateOf && <TemplateDrawer game={templateOf} onClose={closeTemplate} />}
    </>
  )
}
