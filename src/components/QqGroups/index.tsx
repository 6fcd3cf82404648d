import { useEffect, useState, type ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { listQqGroups } from '@/api/trust'
import CopyButton from '@/components/CopyButton'
import Skeleton from '@/components/Skeleton'
import type { QqGroup } from '@/contract/trust'
import './index.scss'

interface QqGroupsProps {
  /** Only this game's groups and the general ones; all groups when absent. */
  gameId?: number
  /** Drawn above the rows (a section title); left out with the rows when there are no groups. */
  heading?: ReactNode
  className?: string
  /** Drawn instead when there are no groups (or they could not be loaded). */
  empty?: ReactNode
}

/** The official QQ groups, each number with a copy button; a full group says 已满. */
export default function QqGroups({ gameId, heading = null, className = '', empty = null }: QqGroupsProps) {
  const [groups, setGroups] = useState<QqGroup[] | null>(null)
  useEffect(() => {
    listQqGroups(gameId).then(
      (result) => setGroups(result.data),
      () => setGroups([]),
    )
  }, [gameId])
  if (groups !== null && groups.length === 0) return <>{empty}</>
  return (
    <>
      {heading}
      <View className={`qq-groups ${className}`}>
        {groups === null
          ? [0, 1, 2].map((i) => <Skeleton key={i} className="skeleton-line qq-groups__skeleton" />)
          : groups.map((group) => (
              <View key={group.id} className="qq-groups__row">
                <View className="qq-groups__text">
                  <Text className="qq-groups__name">{group.name}</Text>
                  <Text className="qq-groups__meta">
                    群号 {group.number}
                    {group.gameName ? ` · ${group.gameName}` : ' · 综合交流'}
                  </Text>
                </View>
                {group.full ? (
                  <Text className="qq-groups__full">已满</Text>
                ) : (
                  <CopyButton text={group.number} what={`${group.name}群号`} />
                )}
              </View>
            ))}
      </View>
    </>
  )
}
