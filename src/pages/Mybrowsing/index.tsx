import { useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { changePayee, delistGoods, editGoodsPrice, listMyConsignments, relistGoods } from '@/api/consignment'
import { ApiError, toastError } from '@/api/request'
import PullRefresh from '@/components/PullRefresh'
import RentalList from '@/components/RentalList'
import EmptyState from '@/components/EmptyState'
import FocusBar from '@/components/FocusBar'
import ListFooter from '@/components/ListFooter'
import PriceTag from '@/components/PriceTag'
import PromptDialog from '@/components/PromptDialog'
import SettlementStrip, { PayeeDialog, payeeOutcome, payeeWanted } from '@/components/SettlementStrip'
import StatusCard, { StatusCardGoods, StatusCardGoodsSkeleton, type StatusTone } from '@/components/StatusCard'
import Tabs from '@/components/Tabs'
import type { GoodsAction, MyConsignmentQuery, MyListing } from '@/contract/consignment'
import { CLAIM_KIND_LABELS, LISTING_STATUS_LABELS, PRICE_BOUNDS } from '@/contract/constants'
import { formatPrice, fenToYuan, yuanToFen } from '@/contract/money'
import OtherShell from '@/layouts/OtherShell'
import { openPage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { formatDate, formatTime } from '@/utils/time'
import { usePagedList } from '@/utils/usePagedList'
import './index.scss'
import { showDialog } from '@/utils/dialog'

type Tab = 'all' | 'rentals' | NonNullable<MyConsignmentQuery['status']>
/** In review or in a deal, on sale, refused, over. */
const LISTING_TONES: Record<MyListing['status'], StatusTone> = {
  draft: 'hint',
  pending_review: 'info',
  on_sale: 'trust',
  in_trade: 'info',
  rented: 'info',
  rejected: 'error',
  delisted: 'hint',
  sold: 'hint',
}

/** What a seller does on their own listing (approve, reject and revise are the reviewers'). */
type SellerAction = Exclude<GoodsAction, 'approve' | 'reject' | 'revise'>

/** The tabs of SCREENS.md, in its order. */
const TABS: { value: Tab; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'on_sale', label: '在售' },
  { value: 'in_trade', label: '交易中' },
  { value: 'delisted', label: '已下架' },
  { value: 'pending_review', label: '待审核' },
  { value: 'rejected', label: '审核失败' },
  { value: 'sold', label: '已出售' },
  // The owner's side of 租号: every rental of their listings, not the listings.
  { value: 'rentals', label: '租出中' },
]

/** The seller's buttons in the order they stand on a card; the last is the filled one. */
const BUTTONS: { action: SellerAction; label: string | ((listing: MyListing) => string); primary?: boolean }[] = [
  { action: 'reason', label: '查看失败原因' },
  { action: 'delist', label: '下架' },
  { action: 'editPrice', label: '改价' },
  { action: 'credentials', label: (listing) => (listing.hasCredentials ? '修改账号信息' : '补充账号信息') },
  { action: 'relist', label: '上架', primary: true },
  { action: 'edit', label: '编辑重提', primary: true },
]

/**
 * 我的代售: the seller's listings by status, with the actions the server allows on each. A message about one
 * listing opens it alone (`id`), with the way back to all of them.
 */
export default function MybrowsingPage() {
  const signedIn = useRequireLogin()
  // Opened from a 个人中心 counter on its status, or from a message on one listing.
  const params = usePageParams()
  const [tab, setTab] = useState<Tab>(TABS.find((t) => t.value === params.tab)?.value ?? 'all')
  const [only, setOnly] = useState(Number(params.id) || undefined)
  return (
    <OtherShell>
      {signedIn ? (
        <View className="my-listings">
          <View className="my-listings__head">
            {only ? (
              <FocusBar text="消息中的商品" all="全部代售" onAll={() => setOnly(undefined)} />
            ) : (
              <Tabs tabs={TABS} value={tab} onChange={setTab} />
            )}
          </View>
          {only ? (
            <Listings key={`id-${only}`} query={{ id: only }} />
          ) : tab === 'rentals' ? (
            <RentalList role="owner" />
          ) : (
            <Listings key={tab} query={tab === 'all' ? {} : { status: tab }} />
          )}
        </View>
      ) : null}
    </OtherShell>
  )
}

type Asking = { kind: 'price' | 'delist' | 'payee'; listing: MyListing } | null

function Listings({ query }: { query: Parameters<typeof listMyConsignments>[0] }) {
  const list = usePagedList((page) => listMyConsignments(query, page), 10)
  const [changed, setChanged] = useState<Record<number, MyListing>>({})
  const [asking, setAsking] = useState<Asking>(null)
  const shown = useRef(false)
  // Back from editing or filling in credentials, the listing may have changed.
  useDidShow(() => {
    if (shown.current) list.reload()
    shown.current = true
  })

  const apply = async (call: Promise<{ data: MyListing }>, done: string | ((listing: MyListing) => string)) => {
    try {
      const { data } = await call
      setChanged((c) => ({ ...c, [data.id]: data }))
      void Taro.showToast({ title: typeof done === 'string' ? done : done(data), icon: 'none' })
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 401)) toastError(error, '操作失败，请重试')
    }
  }

  const handlers: Record<SellerAction, (listing: MyListing) => void> = {
    reason: (listing) =>
      void showDialog({ title: '审核未通过', content: listing.auditReason || '未填写原因', showCancel: false }),
    delist: (listing) => setAsking({ kind: 'delist', listing }),
    editPrice: (listing) => setAsking({ kind: 'price', listing }),
    credentials: (listing) => void openPage('fillInformation', { id: listing.id }),
    relist: (listing) =>
      void showDialog({ title: '上架', content: '重新上架后买家即可购买，确定上架吗？', confirmText: '上架' }).then(
        async ({ confirm }) => {
          if (confirm) await apply(relistGoods(listing.id), '已上架')
        },
      ),
    edit: (listing) => void openPage('BasicInformation', { id: listing.id, gameId: listing.gameId }),
  }

  if (list.firstLoad && list.status === 'loading') return <StatusCardGoodsSkeleton />
  if (list.firstLoad && list.status === 'error') {
    return <EmptyState text="商品加载失败" action={{ label: '重试', onClick: list.retry }} />
  }
  if (list.rows.length === 0) {
    return <EmptyState text="还没有相关商品" action={{ label: '我要卖', onClick: () => openPage('sell') }} />
  }
  return (
    <View className="status-card-list">
      <PullRefresh onRefresh={list.refresh} />
      {list.rows.map((row) => {
        const listing = changed[row.id] ?? row
        const buttons = BUTTONS.filter((b) => listing.actions.includes(b.action))
        const payee = payeeWanted(listing.settlement ? [listing.settlement] : [])
        return (
          <StatusCard
            key={listing.id}
            className="my-listings__card"
            time={`${formatTime(listing.createdAt)} 发布`}
            status={LISTING_STATUS_LABELS[listing.status]}
            tone={LISTING_TONES[listing.status]}
            label={listing.title}
            onOpen={() => openPage('goodDetail', { id: listing.id })}
          >
            <StatusCardGoods
              cover={listing.thumbImage}
              title={listing.title}
              lines={[[listing.gameName, ...listing.regionNames].join(' · ')]}
            >
              <PriceTag fen={listing.price} size="small" />
            </StatusCardGoods>
            <Notes listing={listing} />
            {(buttons.length > 0 || listing.orderId !== null || payee) && (
              // Each button stops its tap from also opening the card; the row itself is no target.
              <View className="my-listings__actions">
                {listing.orderId !== null && (
                  <View
                    role="button"
                    className="my-listings__button"
                    onClick={(e) => {
                      e.stopPropagation()
                      void openPage('dealRoom', { id: listing.orderId! })
                    }}
                  >
                    <Text>交易群</Text>
                  </View>
                )}
                {payee && (
                  <View
                    role="button"
                    className="my-listings__button my-listings__button--primary"
                    onClick={(e) => {
                      e.stopPropagation()
                      setAsking({ kind: 'payee', listing })
                    }}
                  >
                    <Text>修改收款账户</Text>
                  </View>
                )}
                {buttons.map((b) => (
                  <View
                    key={b.action}
                    role="button"
                    className={`my-listings__button${b.primary ? ' my-listings__button--primary' : ''}`}
                    onClick={(e) => {
                      e.stopPropagation()
                      handlers[b.action](listing)
                    }}
                  >
                    <Text>{typeof b.label === 'string' ? b.label : b.label(listing)}</Text>
                  </View>
                ))}
              </View>
            )}
          </StatusCard>
        )
      })}
      <ListFooter status={list.status} hasMore={list.hasMore} onMore={list.loadMore} onRetry={list.retry} />
      {asking?.kind === 'price' && (
        <PromptDialog
          title="改价"
          message={`当前价格 ${formatPrice(asking.listing.price)}，改价后立即生效`}
          placeholder="新的价格（元）"
          defaultValue={fenToYuan(asking.listing.price)}
          validator={(value) => {
            const fen = yuanToFen(value)
            return fen !== undefined && fen >= PRICE_BOUNDS.min && fen <= PRICE_BOUNDS.max
              ? true
              : '请输入 1–1,000,000 元之间的价格'
          }}
          confirmText="确认改价"
          onCancel={() => setAsking(null)}
          onConfirm={(value) => {
            setAsking(null)
            void apply(editGoodsPrice(asking.listing.id, yuanToFen(value)!), '价格已修改')
          }}
        />
      )}
      {asking?.kind === 'payee' && (
        <PayeeDialog
          onCancel={() => setAsking(null)}
          onConfirm={(alipayAccount) => {
            setAsking(null)
            void apply(changePayee(asking.listing.id, { alipayAccount }), (listing) =>
              payeeOutcome(listing.settlement ? [listing.settlement] : []),
            )
          }}
        />
      )}
      {asking?.kind === 'delist' && (
        <PromptDialog
          title="下架"
          message="下架后买家将看不到该商品，可随时重新上架"
          placeholder="下架原因，如：暂时自己玩"
          validator={(value) => (value.trim() ? true : '请填写下架原因')}
          confirmText="确认下架"
          onCancel={() => setAsking(null)}
          onConfirm={(value) => {
            setAsking(null)
            void apply(delistGoods(asking.listing.id, value.trim()), '已下架')
          }}
        />
      )}
    </View>
  )
}

/** What the seller needs to know under a listing: why it was refused or delisted, their money, a 包赔 paid on it. */
function Notes({ listing }: { listing: MyListing }) {
  const { settlement, claim } = listing
  return (
    <>
      {listing.status === 'rejected' && listing.auditReason && (
        <Text className="my-listings__note my-listings__note--warn">未通过：{listing.auditReason}</Text>
      )}
      {listing.status === 'delisted' && listing.delistReason && (
        <Text className="my-listings__note">下架原因：{listing.delistReason}</Text>
      )}
      {!listing.hasCredentials && listing.actions.includes('credentials') && (
        <Text className="my-listings__note my-listings__note--warn">尚未填写账号信息，买家付款后无法移交</Text>
      )}
      {settlement && (
        <SettlementStrip settlement={settlement} lines={listing.orderNo ? [`订单号 ${listing.orderNo}`] : []} />
      )}
      {claim && (
        <View className="status-card__strip status-card__strip--stacked status-card__strip--error">
          <Text>
            已包赔 {formatPrice(claim.amount)}（{CLAIM_KIND_LABELS[claim.kind]}）
          </Text>
          <Text className="my-listings__settlement-detail">
            {formatDate(claim.paidAt)} 平台已向买家赔付
            {claim.withheldAmount > 0 ? `，从该笔货款中扣回 ${formatPrice(claim.withheldAmount)}` : ''}
            {claim.recoveredAmount > claim.withheldAmount
              ? `，另向你追回 ${formatPrice(claim.recoveredAmount - claim.withheldAmount)}`
              : ''}
            。如有异议请联系客服
          </Text>
        </View>
      )}
    </>
  )
}
