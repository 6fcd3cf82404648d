import { useEffect, useRef, useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { listDistrictSuit, listKeys } from '@/api/catalogue'
import GlyphIcon from '@/components/GlyphIcon'
import Sheet from '@/components/Sheet'
import type { GameType, RegionNode } from '@/contract/catalogue'
import './index.scss'

/** What the two levels of a game's region tree are called (手游: 系统 → 运营商; 端游: 大区 → 服务器). */
export const REGION_LEVELS: Record<GameType, [string, string]> = {
  mobile: ['系统', '运营商'],
  pc: ['大区', '服务器'],
}

export const regionRoots = (gameId: number, type: GameType) =>
  listKeys({ gameId, systemKey: type === 'mobile' ? 'system' : 'area' }).then((r) => r.data)

export const regionChildren = (gameId: number, type: GameType, parentId: number) =>
  (type === 'mobile' ? listKeys({ gameId, systemKey: 'carrier', parentId }) : listDistrictSuit(parentId)).then(
    (r) => r.data,
  )

/** "安卓 / 微信", or the placeholder when nothing is chosen. */
export const regionLabel = (path: RegionNode[], type: GameType) =>
  path.length ? path.map((n) => n.name).join(' / ') : `全部${REGION_LEVELS[type][0]}`

interface RegionCascadeProps {
  gameId: number
  gameType: GameType
  /** The chosen nodes, root first: [], [level 1] or [level 1, level 2]. */
  value: RegionNode[]
  onChange: (path: RegionNode[]) => void
  onClose: () => void
  /** A full path is needed (listing an account): no 全部 choices. */
  complete?: boolean
}

type Loaded = RegionNode[] | 'loading' | 'failed'

/** The region tree as a two-column sheet: level 1 on the left, its children on the right. */
export default function RegionCascade({ gameId, gameType, value, onChange, onClose, complete }: RegionCascadeProps) {
  const [level1, level2] = REGION_LEVELS[gameType]
  const [roots, setRoots] = useState<Loaded>('loading')
  const [active, setActive] = useState<RegionNode | null>(value[0] ?? null)
  const [children, setChildren] = useState<Record<number, Loaded>>({})
  const requested = useRef(new Set<number>())

  useEffect(() => {
    regionRoots(gameId, gameType).then(setRoots, () => setRoots('failed'))
  }, [gameId, gameType])
  const retryRoots = () => {
    setRoots('loading')
    regionRoots(gameId, gameType).then(setRoots, () => setRoots('failed'))
  }

  const loadChildren = (parent: RegionNode, force = false) => {
    if (requested.current.has(parent.id) && !force) return
    requested.current.add(parent.id)
    setChildren((c) => ({ ...c, [parent.id]: 'loading' }))
    regionChildren(gameId, gameType, parent.id).then(
      (nodes) => setChildren((c) => ({ ...c, [parent.id]: nodes })),
      () => setChildren((c) => ({ ...c, [parent.id]: 'failed' })),
    )
  }
  useEffect(() => {
    if (active) loadChildren(active)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active])

  const pick = (path: RegionNode[]) => {
    onChange(path)
    onClose()
  }
  const sub = active ? children[active.id] : undefined

  return (
    <Sheet title={`选择${level1}${level2}`} onClose={onClose}>
      <View className="region-cascade">
        <ScrollView className="region-cascade__column region-cascade__column--roots" scrollY>
          {!complete && (
            <Option label={`全部${level1}`} selected={value.length === 0 && !active} onClick={() => pick([])} />
          )}
          {roots === 'loading' && <Text className="region-cascade__hint">加载中…</Text>}
          {roots === 'failed' && (
            <Text className="region-cascade__hint region-cascade__retry" onClick={retryRoots}>
              加载失败，点击重试
            </Text>
          )}
          {Array.isArray(roots) &&
            roots.map((node) => (
              <Option
                key={node.id}
                label={node.name}
                selected={active?.id === node.id}
                onClick={() => setActive(node)}
              />
            ))}
        </ScrollView>
        <ScrollView className="region-cascade__column" scrollY>
          {!active && <Text className="region-cascade__hint">请先在左侧选择{level1}</Text>}
          {active && !complete && (
            <Option
              label={`全部${level2}`}
              selected={value.length === 1 && value[0].id === active.id}
              onClick={() => pick([active])}
              checkable
            />
          )}
          {sub === 'loading' && <Text className="region-cascade__hint">加载中…</Text>}
          {sub === 'failed' && active && (
            <Text className="region-cascade__hint region-cascade__retry" onClick={() => loadChildren(active, true)}>
              加载失败，点击重试
            </Text>
          )}
          {active &&
            Array.isArray(sub) &&
            sub.map((node) => (
              <Option
                key={node.id}
                label={node.name}
                selected={value[1]?.id === node.id}
                onClick={() => pick([active, node])}
                checkable
              />
            ))}
        </ScrollView>
      </View>
    </Sheet>
  )
}

function Option(props: { label: string; selected: boolean; onClick: () => void; checkable?: boolean }) {
  const { label, selected, onClick, checkable } = props
  return (
    <View
      className={`region-cascade__option${selected ? ' region-cascade__option--on' : ''}`}
      role="option"
      aria-selected={selected}
      aria-label={label}
      onClick={onClick}
    >
      <Text className="region-cascade__name">{label}</Text>
      {checkable && selected && <GlyphIcon name="check" size={32} />}
    </View>
  )
}
