import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro, { useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { collectGoods, fetchGoods, fetchRecommendations, uncollectGoods } from '@/api/catalogue'
import { fetchFairPrice } from '@/api/priceIndex'
import { fetchGoodsSeller } from '@/api/reviews'
import { ApiError, mediaUrl, toastError } from '@/api/request'
import AttributeTable from '@/components/AttributeTable'
import Carousel from '@/components/Carousel'
import EmptyState from '@/components/EmptyState'
import GlyphIcon from '@/components/GlyphIcon'
import GoodsCard, { Badges } from '@/components/GoodsCard'
import Icon from '@/components/Icon'
import ImageViewer from '@/components/ImageViewer'
import LazyImage from '@/components/LazyImage'
import { useNotices } from '@/components/NoticeArticle'
import PriceTag from '@/components/PriceTag'
import PurchaseNotice, { purchaseNoticeMuted } from '@/components/PurchaseNotice'
import RentTermsCard from '@/components/RentTermsCard'
import QqGroups from '@/components/QqGroups'
import RichContent from '@/components/RichContent'
import ShareButton from '@/components/ShareButton'
import Skeleton from '@/components/Skeleton'
import Tabs from '@/components/Tabs'
import type { GoodsCard as Goods, GoodsDetail, GoodsStatus } from '@/contract/catalogue'
import type { NoticeType } from '@/contract/content'
import type { FairPrice } from '@/contract/priceIndex'
import type { SellerCard as SellerCardData } from '@/contract/reviews'
import MainShell from '@/layouts/MainShell'
import { openPage, replacePage, usePageParams } from '@/navigation'
import { pagePath, routes } from '@/routes'
import { readToken } from '@/store'
import { rememberGame } from '@/utils/games'
import { usePageTitle } from '@/utils/pageTitle'
import { formatTime } from '@/utils/time'
import { formatPrice } from '@/contract/money'
import FairPriceCard from './FairPriceCard'
import RentSheet from './RentSheet'
import SellerPanel from './SellerPanel'
import './index.scss'

type Tab = 'detail' | 'notice' | 'guarantee' | 'group'

const TABS: { value: Tab; label: string }[] = [
  { value: 'detail', label: '商品详情' },
  { value: 'notice', label: '交易须知' },
  { value: 'guarantee', label: '包赔介绍' },
  { value: 'group', label: '官方交流群' },
]

/** Why 立即购买 is not offered. */
const UNAVAILABLE: Partial<Record<GoodsStatus, string>> = {
  in_trade: '该商品交易中',
  rented: '出租中，归还后可买',
  sold: '该商品已出售',
  delisted: '该商品已下架',
}

const GUARANTEE_TEXT: Record<GoodsDetail['guarantee'], string> = {
  free: '本商品赠送找回包赔：账号被找回，平台全额赔付',
  buyer_pays: '可购买找回包赔 / 人脸包赔，下单时选择',
  none: '该商品不提供包赔服务，请谨慎购买',
}

/**
 * Signed-out visitors go to /login (in place of this page) and come back to this listing afterwards —
 * with `then=buy` after 立即购买, so the purchase goes on by itself.
 */
function signInFirst(goodsId: number, then?: 'buy' | 'rent'): boolean {
  if (readToken()) return true
  void replacePage('login', { redirect: `${pagePath('goodDetail')}?id=${goodsId}${then ? `&then=${then}` : ''}` })
  return false
}

export default function GoodDetailPage() {
  const params = usePageParams()
  const id = Number(params.id)
  const [goods, setGoods] = useState<GoodsDetail | null>(null)
  const [extras, setExtras] = useState<Extras>({ fair: null, seller: null })
  const [problem, setProblem] = useState<'missing' | 'failed' | null>(Number.isInteger(id) && id > 0 ? null : 'missing')
  const [similar, setSimilar] = useState<Goods[]>([])

  // The listing, its 价格参考 and its seller's card side by side, and the page drawn once all three are in:
  // cards that came in later would push down what the reader is looking at. Drawn as a transition, in slices
  // that leave the phone responsive.
  const load = useCallback(
    () =>
      Promise.all([
        fetchGoods(id),
        fetchFairPrice(id).then(
          (r) => r.data,
          () => null,
        ),
        fetchGoodsSeller(id).then(
          (r) => r.data,
          () => null,
        ),
      ]).then(
        ([result, fair, seller]) => {
          startTransition(() => {
            setGoods(result.data)
            setExtras({ fair, seller })
          })
          rememberGame(result.data.gameId)
        },
        (error) => setProblem(error instanceof ApiError && error.code === 404 ? 'missing' : 'failed'),
      ),
    [id],
  )
  useEffect(() => {
    if (!(Number.isInteger(id) && id > 0)) return
    void load()
    fetchRecommendations(id).then(
      (result) => setSimilar(result.data.filter((g) => g.id !== id)),
      () => undefined,
    )
  }, [id, load])

  return (
    <MainShell>
      {problem === 'missing' ? (
        <EmptyState
          text="商品不存在或已下架"
          action={{ label: '看看其他账号', onClick: () => replacePage('accountOrder') }}
        />
      ) : problem === 'failed' ? (
        <EmptyState
          text="商品加载失败，请检查网络"
          action={{
            label: '重试',
            onClick: () => {
              setProblem(null)
              void load()
            },
          }}
        />
      ) : goods ? (
        <Detail
          goods={goods}
          extras={extras}
          similar={similar}
          onChange={setGoods}
          resume={params.then === 'buy' || params.then === 'rent' ? params.then : undefined}
        />
      ) : (
        <DetailSkeleton />
      )}
    </MainShell>
  )
}

/** What the page shows beside the listing, fetched with it (null: none to show, or it failed). */
interface Extras {
  fair: FairPrice | null
  seller: SellerCardData | null
}

interface DetailProps {
  goods: GoodsDetail
  extras: Extras
  similar: Goods[]
  onChange: (goods: GoodsDetail) => void
  /** Back from signing in after 立即购买 or 租号: that goes on. */
  resume?: 'buy' | 'rent'
}

function Detail({ goods, extras, similar, onChange, resume }: DetailProps) {
  const [notice, setNotice] = useState(false)
  const [slide, setSlide] = useState(0)
  const [viewer, setViewer] = useState<{ images: string[]; index: number } | null>(null)
  const [tab, setTab] = useState<Tab>('detail')
  const [saving, setSaving] = useState(false)
  const gallery = [...new Set([goods.coverImage, ...goods.images].filter(Boolean))]
  const unavailable = UNAVAILABLE[goods.status] ?? (goods.status === 'on_sale' ? '' : '该商品暂不可购买')

  // Mini-programs: a card to a friend or the timeline, with the cover and the price.
  const shareTitle = `${formatPrice(goods.price)} ${goods.title}`
  usePageTitle(shareTitle)
  useShareAppMessage(() => ({
    title: shareTitle,
    path: `${pagePath('goodDetail')}?id=${goods.id}`,
    imageUrl: mediaUrl(goods.coverImage),
  }))
  useShareTimeline(() => ({ title: shareTitle, query: `id=${goods.id}`, imageUrl: mediaUrl(goods.coverImage) }))

  const toggleFavourite = async () => {
    if (saving || !signInFirst(goods.id)) return
    const next = !goods.collected
    setSaving(true)
    onChange({ ...goods, collected: next, favourites: Math.max(0, goods.favourites + (next ? 1 : -1)) })
    try {
      await (next ? collectGoods(goods.id) : uncollectGoods(goods.id))
      void Taro.showToast({ title: next ? '已收藏' : '已取消收藏', icon: 'none' })
    } catch (error) {
      onChange(goods)
      if (!(error instanceof ApiError && error.code === 401)) {
        toastError(error, '操作失败，请重试')
      }
    } finally {
      setSaving(false)
    }
  }

  // 立即购买: the purchase notice first (unless muted), then the order with the notice agreed to.
  const buy = () => {
    if (unavailable || !signInFirst(goods.id, 'buy')) return
    if (purchaseNoticeMuted()) void openPage('sureOrder', { goodsId: goods.id })
    else setNotice(true)
  }
  // 租号: offered while the listing is on sale and its seller rents it out; back from signing in, the sheet is open.
  const rentable = goods.rent !== null && goods.status === 'on_sale'
  const [renting, setRenting] = useState(() => resume === 'rent' && rentable && Boolean(readToken()))
  const rent = () => {
    if (rentable && signInFirst(goods.id, 'rent')) setRenting(true)
  }
  const resumed = useRef(false)
  useEffect(() => {
    if (resume !== 'buy' || resumed.current || !readToken()) return
    resumed.current = true
    buy()
    // Once, when the page opens back from signing in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resume])

  return (
    <View className="good-detail">
      <View className="good-detail__gallery">
        {gallery.length ? (
          <Carousel className="good-detail__swiper" current={slide} onChange={setSlide}>
            {gallery.map((src, i) => (
              <View
                key={src}
                className="good-detail__slide"
                role="button"
                aria-label={`查看大图 ${i + 1}`}
                onClick={() => setViewer({ images: gallery, index: i })}
              >
                <LazyImage
                  className="good-detail__photo"
                  src={src}
                  thumb={i === 0 ? goods.thumbImage : undefined}
                  alt={`${goods.title} 图 ${i + 1}`}
                  lazy={i > 0}
                />
              </View>
            ))}
          </Carousel>
        ) : (
          <LazyImage className="good-detail__swiper" src="" alt={goods.title} />
        )}
        {gallery.length > 1 && (
          <Text className="good-detail__counter">
            {slide + 1} / {gallery.length}
          </Text>
        )}
        {unavailable && <Text className="good-detail__mark">{unavailable.replace('该商品', '')}</Text>}
      </View>

      <View className="good-detail__card good-detail__head">
        <View className="good-detail__price-line">
          <PriceTag fen={goods.price} size="large" muted={Boolean(unavailable)} />
          <Text className="good-detail__no">编号 {goods.id}</Text>
        </View>
        <Text className="good-detail__title">{goods.title}</Text>
        <Badges goods={goods} />
        <View className="good-detail__facts">
          <Text>
            <GlyphIcon name="eye" size={24} /> {goods.views} 次浏览
          </Text>
          <Text>
            <GlyphIcon name="heart" size={24} /> {goods.favourites} 人收藏
          </Text>
          <Text>
            <GlyphIcon name="clock" size={24} /> {formatTime(goods.listedAt)} 上架
          </Text>
        </View>
      </View>

      <View className="good-detail__card good-detail__trust">
        <TrustLine icon="shield" title="平台担保" text="资金由平台托管，确认收货后才打款给卖家" />
        <TrustLine
          icon="medal"
          title={goods.guarantee === 'none' ? '无包赔' : '找回包赔'}
          text={GUARANTEE_TEXT[goods.guarantee]}
        />
        {goods.accountType === 'self' && (
          <TrustLine icon="check" title="平台自营" text="官方收购、验号，客服全程跟进" />
        )}
      </View>

      {goods.rent && (
        <View className="good-detail__card">
          <Text className="good-detail__section">可租号</Text>
          <RentTermsCard rent={goods.rent} />
        </View>
      )}

      <FairPriceCard fair={extras.fair} price={goods.price} />

      <SellerPanel goodsId={goods.id} card={extras.seller} />

      <View className="good-detail__card">
        <Text className="good-detail__section">账号信息</Text>
        <AttributeTable gameName={goods.gameName} regionNames={goods.regionNames} rows={goods.attributeRows} />
      </View>

      <View className="good-detail__card good-detail__tabs">
        <Tabs tabs={TABS} value={tab} onChange={setTab} />
        <View className="good-detail__tab-body">
          {tab === 'detail' && (
            <View>
              <Text className="good-detail__description">{goods.description || '卖家未填写更多描述'}</Text>
              {goods.images.map((src, i) => (
                <View
                  key={src}
                  className="good-detail__detail-image"
                  onClick={() => setViewer({ images: goods.images, index: i })}
                >
                  <LazyImage className="good-detail__detail-photo" src={src} alt={`${goods.title} 详情图 ${i + 1}`} />
                </View>
              ))}
            </View>
          )}
          {tab === 'notice' && <NoticeTab type="jyxz" />}
          {tab === 'guarantee' && <NoticeTab type="bpjs" />}
          {tab === 'group' && (
            <View className="good-detail__group">
              <Text className="good-detail__description">
                加入{goods.gameName}官方交流群，获取上新提醒与交易保障说明。官方群不会私聊要求转账，谨防冒充客服。
              </Text>
              <QqGroups
                gameId={goods.gameId}
                empty={
                  <View className="good-detail__group-button" role="button" onClick={() => openPage('contactkefu')}>
                    <Text>联系客服获取群号</Text>
                  </View>
                }
              />
            </View>
          )}
        </View>
      </View>

      {similar.length > 0 && (
        <View className="good-detail__similar">
          <Text className="good-detail__section good-detail__section--outside">相似推荐</Text>
          <View className="good-detail__similar-grid">
            {similar.slice(0, 8).map((g) => (
              <GoodsCard key={g.id} goods={g} variant="tile" onClick={() => openPage('goodDetail', { id: g.id })} />
            ))}
          </View>
        </View>
      )}

      <View className="good-detail__bar">
        <View
          className={`good-detail__bar-action${goods.collected ? ' good-detail__bar-action--on' : ''}`}
          role="button"
          aria-label={goods.collected ? '取消收藏' : '收藏'}
          aria-pressed={goods.collected}
          onClick={() => void toggleFavourite()}
        >
          <GlyphIcon name={goods.collected ? 'heartFilled' : 'heart'} size={44} />
          <Text className="good-detail__bar-label">{goods.collected ? '已收藏' : '收藏'}</Text>
        </View>
        <ShareButton
          url={`${routes.find((r) => r.name === 'goodDetail')!.url}?id=${goods.id}`}
          className="good-detail__bar-action"
          labelClassName="good-detail__bar-label"
          card={{ title: shareTitle, desc: goods.highlights.join(' · ') || goods.gameName, imageUrl: goods.coverImage }}
        />
        <View
          className="good-detail__bar-action"
          role="button"
          aria-label="客服"
          onClick={() => openPage('contactkefu')}
        >
          <Icon name="service" size={44} />
          <Text className="good-detail__bar-label">客服</Text>
        </View>
        {rentable && (
          <View className="good-detail__rent" role="button" onClick={rent}>
            <Text>租号</Text>
          </View>
        )}
        <View
          className={`good-detail__buy${unavailable ? ' good-detail__buy--off' : ''}`}
          role="button"
          aria-disabled={Boolean(unavailable)}
          onClick={buy}
        >
          <Text>{unavailable || '立即购买'}</Text>
        </View>
      </View>

      {renting && goods.rent && <RentSheet goodsId={goods.id} rent={goods.rent} onClose={() => setRenting(false)} />}
      {viewer && <ImageViewer images={viewer.images} initialIndex={viewer.index} onClose={() => setViewer(null)} />}
      {notice && (
        <PurchaseNotice
          onClose={() => setNotice(false)}
          onAgree={() => {
            setNotice(false)
            void openPage('sureOrder', { goodsId: goods.id, agreed: 1 })
          }}
        />
      )}
    </View>
  )
}

function TrustLine({ icon, title, text }: { icon: 'shield' | 'medal' | 'check'; title: string; text: string }) {
  return (
    <View className="good-detail__trust-line">
      <GlyphIcon name={icon} size={36} className="good-detail__trust-icon" />
      <Text className="good-detail__trust-title">{title}</Text>
      <Text className="good-detail__trust-text">{text}</Text>
    </View>
  )
}

/** 交易须知 / 包赔介绍: the operator's notices of that type, loaded when the tab is first opened. */
function NoticeTab({ type }: { type: NoticeType }) {
  const { state, reload } = useNotices({ type })
  if (state.status === 'loading') {
    return (
      <View aria-label="加载中">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={`skeleton-line${i === 2 ? ' skeleton-line--short' : ''}`} />
        ))}
      </View>
    )
  }
  if (state.status === 'failed') {
    return <EmptyState text="内容加载失败，请检查网络" action={{ label: '重试', onClick: reload }} />
  }
  if (state.status === 'missing') return <Text className="good-detail__description">暂无内容，可联系客服了解</Text>
  return (
    <>
      {state.notices.map((notice) => (
        <RichContent key={notice.id} html={notice.content} />
      ))}
    </>
  )
}

function DetailSkeleton() {
  return (
    <View className="good-detail" aria-label="加载中">
      <Skeleton className="good-detail__swiper" />
      <View className="good-detail__card good-detail__head">
        <Skeleton className="skeleton-line skeleton-line--tiny" />
        <Skeleton className="skeleton-line" />
        <Skeleton className="skeleton-line skeleton-line--short" />
      </View>
      <View className="good-detail__card">
        <Skeleton className="skeleton-line" />
        <Skeleton className="skeleton-line skeleton-line--short" />
      </View>
    </View>
  )
}
