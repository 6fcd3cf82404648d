import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { listOpenRequests, placeQuote } from '@/api/recycling'
import { toastError } from '@/api/request'
import ChoiceChips from '@/components/ChoiceChips'
import Countdown from '@/components/Countdown'
import EmptyState from '@/components/EmptyState'
import ListFooter from '@/components/ListFooter'
import PromptDialog from '@/components/PromptDialog'
import PullRefresh from '@/components/PullRefresh'
import StatusCard, { StatusCardGoods, StatusCardGoodsSkeleton } from '@/components/StatusCard'
import type { Game } from '@/contract/catalogue'
import { PRICE_BOUNDS } from '@/contract/constants'
import { fenToYuan, formatPrice, yuanToFen } from '@/contract/money'
import type { OpenRequest } from '@/contract/recycling'
import OtherShell from '@/layouts/OtherShell'
import { openPage } from '@/navigation'
import { useRequireLogin } from '@/session'
import { useAppState } from '@/store'
import { allGames } from '@/utils/games'
import { usePagedList } from '@/utils/usePagedList'
import './index.scss'

/** 回收大厅 (merchants): accounts open for sealed bids, the soonest to close first; a quote is raised only. */
export default function RecycleHallPage() {
  const signedIn = useRequireLogin()
  const profile = useAppState((s) => s.profile)
  const [games, setGames] = useState<Game[]>([])
  const [gameId, setGameId] = useState('all')
  useEffect(() => {
    allGames().then(setGames, () => setGames([]))
  }, [])
  return (
    <OtherShell>
      {signedIn && profile && !profile.roles.includes('merchant') ? (
        <EmptyState
          text="回收大厅仅对认证号商开放"
          action={{ label: '申请号商入驻', onClick: () => openPage('shanghu') }}
        />
      ) : signedIn && profile ? (
        <View className="recycle-hall">
          <View className="recycle-hall__games">
            <ChoiceChips
              label="游戏"
              options={[
                { value: 'all', label: '全部游戏' },
                ...games.map((g) => ({ value: String(g.id), label: g.name })),
              ]}
              value={gameId}
              onChange={setGameId}
            />
          </View>
          <Requests key={gameId} gameId={gameId === 'all' ? undefined : Number(gameId)} />
        </View>
      ) : null}
    </OtherShell>
  )
}

function Requests({ gameId }: { gameId?: number }) {
  const list = usePagedList((page) => listOpenRequests({ ...(gameId ? { gameId } : {}), ...page }), 10)
  const [mine, setMine] = useState<Record<number, number>>({})
  const [quoting, setQuoting] = useState<OpenRequest | null>(null)

  if (list.firstLoad && list.status === 'loading') return <StatusCardGoodsSkeleton />
  if (list.firstLoad && list.status === 'error') {
    return <EmptyState text="回收单加载失败" action={{ label: '重试', onClick: list.retry }} />
  }
  if (list.rows.length === 0) return <EmptyState text="暂时没有报价中的账号" />

  const quote = async (request: OpenRequest, fen: number) => {
    try {
      const { data } = await placeQuote(request.id, fen)
      setMine((m) => ({ ...m, [request.id]: data.price }))
      void Taro.showToast({ title: `已报价 ${formatPrice(data.price)}`, icon: 'none' })
    } catch (error) {
      toastError(error, '报价失败，请重试')
    }
  }
  return (
    <View className="status-card-list">
      <PullRefresh onRefresh={list.refresh} />
      {list.rows.map((request) => {
        const myQuote = mine[request.id] ?? request.myQuote
        return (
          <StatusCard
            key={request.id}
            className="recycle-hall__card"
            time={`${request.quoteCount} 个号商已报价`}
            status={myQuote === null ? '未报价' : `我的报价 ${formatPrice(myQuote)}`}
            tone={myQuote === null ? 'hint' : 'accent'}
            label={request.title}
            onOpen={() => setQuoting(request)}
          >
            <StatusCardGoods
              cover={request.coverImage}
              title={request.title}
              lines={[
                [request.gameName, ...request.regionNames].join(' · '),
                request.attributeRows
                  .slice(0, 3)
                  .map((row) => `${row.label} ${row.value}`)
                  .join(' · '),
              ].filter(Boolean)}
            />
            <View className="recycle-hall__bar">
              <Text className="recycle-hall__clock">
                距截止 <Countdown to={request.windowEndsAt} onEnd={list.reload} />
              </Text>
              <View
                className="recycle-hall__quote recycle-hall__quote--primary"
                role="button"
                aria-label={`给 ${request.title} 报价`}
              >
                <Text>{myQuote === null ? '报价' : '加价'}</Text>
              </View>
            </View>
          </StatusCard>
        )
      })}
      <ListFooter status={list.status} hasMore={list.hasMore} onMore={list.loadMore} onRetry={list.retry} />
      {quoting && (
        <QuoteDialog
          request={quoting}
          myQuote={mine[quoting.id] ?? quoting.myQuote}
          onCancel={() => setQuoting(null)}
          onConfirm={(fen) => {
            setQuoting(null)
            void quote(quoting, fen)
          }}
        />
      )}
    </View>
  )
}

function QuoteDialog(props: {
  request: OpenRequest
  myQuote: number | null
  onCancel: () => void
  onConfirm: (fen: number) => void
}) {
  const { request, myQuote, onCancel, onConfirm } = props
  return (
    <PromptDialog
      title={myQuote === null ? '报价' : '加价'}
      message={
        myQuote === null
          ? `「${request.title}」密封报价：其他号商和底价都看不到，截止后卖家从达到底价的报价中选择。`
          : `你当前的报价是 ${formatPrice(myQuote)}，只能提高。`
      }
      placeholder="报价（元）"
      defaultValue={myQuote === null ? '' : fenToYuan(myQuote)}
      validator={(value) => {
        const fen = yuanToFen(value)
        if (fen === undefined || fen < PRICE_BOUNDS.min || fen > PRICE_BOUNDS.max)
          return '请输入 1–1,000,000 元之间的报价，最多两位小数'
        return myQuote !== null && fen <= myQuote ? `报价只能提高，须高于 ${formatPrice(myQuote)}` : true
      }}
      confirmText="提交报价"
      onCancel={onCancel}
      onConfirm={(value) => onConfirm(yuanToFen(value)!)}
    />
  )
}
