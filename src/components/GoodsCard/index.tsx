import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import LazyImage from '@/components/LazyImage'
import PriceTag from '@/components/PriceTag'
import Skeleton from '@/components/Skeleton'
import type { GoodsCard as Goods, GoodsStatus } from '@/contract/catalogue'
import './index.scss'

/** Height of one list row in design px (card + gap): the virtual list and the stylesheet share it. */
export const GOODS_ROW_HEIGHT = 256

const STATUS_MARK: Partial<Record<GoodsStatus, string>> = {
  in_trade: '交易中',
  sold: '已售出',
  delisted: '已下架',
}

/** The trust and deal badges of a listing, in the order buyers look for them. */
export function goodsBadges(goods: Pick<Goods, 'guarantee' | 'specialOffer' | 'accountType' | 'rent'>) {
  const badges: { label: string; tone: 'trust' | 'accent' | 'info' | 'plain' }[] = []
  if (goods.guarantee === 'free') badges.push({ label: '包赔', tone: 'trust' })
  if (goods.guarantee === 'buyer_pays') badges.push({ label: '可包赔', tone: 'trust' })
  if (goods.specialOffer) badges.push({ label: '特价', tone: 'accent' })
  if (goods.accountType === 'self') badges.push({ label: '自营', tone: 'info' })
  if (goods.rent) badges.push({ label: '可租', tone: 'plain' })
  return badges
}

export function Badges({ goods }: { goods: Pick<Goods, 'guarantee' | 'specialOffer' | 'accountType' | 'rent'> }) {
  const badges = goodsBadges(goods)
  if (badges.length === 0) return null
  return (
    <View className="goods-badges">
      {badges.map((b) => (
        <Text key={b.label} className={`goods-badge goods-badge--${b.tone}`}>
          {b.label}
        </Text>
      ))}
    </View>
  )
}

interface GoodsCardProps {
  goods: Goods
  /** `row`: cover left, for lists (fixed height); `tile`: cover on top, for grids and carousels. */
  variant?: 'row' | 'tile'
  /** The price shown, when not the listing's (租号: the hourly rent). */
  price?: { fen: number; unit: string }
  /** Bottom-right hint text; defaults to the view count. */
  note?: string
  /** Replaces the note, e.g. a remove button. */
  extra?: ReactNode
  /** Load the cover only near the viewport. */
  lazy?: boolean
  onClick?: () => void
}

/** A listing as a card: cover 4:3, two-line title, region, badges, price bottom-left (DESIGN.md). */
export default function GoodsCard(props: GoodsCardProps) {
  const { goods, variant = 'row', price, note, extra, lazy = true, onClick } = props
  const mark = STATUS_MARK[goods.status]
  const region = [goods.gameName, ...goods.regionNames].filter(Boolean).join(' · ')
  const cover = (
    <View className="goods-card__cover">
      <LazyImage
        className="goods-card__image"
        src={goods.thumbImage || goods.coverImage}
        alt={goods.title}
        lazy={lazy}
      />
      {mark && <Text className="goods-card__mark">{mark}</Text>}
    </View>
  )
  if (variant === 'tile') {
    return (
      <View className="goods-tile" role="link" aria-label={goods.title} onClick={onClick}>
        {cover}
        <View className="goods-tile__body">
          <Text className="goods-tile__title">{goods.title}</Text>
          <Text className="goods-tile__region">{region}</Text>
          <PriceTag fen={price?.fen ?? goods.price} unit={price?.unit} size="small" muted={Boolean(mark)} />
        </View>
      </View>
    )
  }
  return (
    <View className="goods-card" role="link" aria-label={goods.title} onClick={onClick}>
      {cover}
      <View className="goods-card__body">
        <View className="goods-card__title">
          {goodsBadges(goods).map((b) => (
            <Text key={b.label} className={`goods-badge goods-badge--${b.tone}`}>
              {b.label}
            </Text>
          ))}
          <Text>{goods.title}</Text>
        </View>
        <Text className="goods-card__region">{region}</Text>
        {goods.highlights.length > 0 && (
          <View className="goods-card__highlights">
            {goods.highlights.slice(0, 3).map((text) => (
              <Text key={text} className="goods-card__highlight">
                {text}
              </Text>
            ))}
          </View>
        )}
        <View className="goods-card__bottom">
          <PriceTag fen={price?.fen ?? goods.price} unit={price?.unit} muted={Boolean(mark)} />
          {extra ?? <Text className="goods-card__note">{note ?? `${goods.views} 人看过`}</Text>}
        </View>
      </View>
    </View>
  )
}

/** Grey blocks shaped like cards while the first page loads. */
export function GoodsCardSkeleton({ count = 4 }: { count?: number }) {
  return (
    <View aria-label="加载中">
      {Array.from({ length: count }, (_, i) => (
        <View key={i} className="goods-card goods-card--skeleton">
          <Skeleton className="goods-card__cover" />
          <View className="goods-card__body">
            <Skeleton className="skeleton-line" />
            <Skeleton className="skeleton-line skeleton-line--short" />
            <Skeleton className="skeleton-line skeleton-line--tiny" />
          </View>
        </View>
      ))}
    </View>
  )
}
