import type { Game, GoodsCard } from '@/contract/catalogue'
import type { Claim } from '@/contract/claims'
import type { Order, Quote, QuoteRequest } from '@/contract/orders'

/** A listing's card as the server sends it: 王者荣耀, ¥3,000, on sale. */
export const goodsCard = (over: Partial<GoodsCard> = {}): GoodsCard => ({
  id: 7,
  gameId: 1,
  gameName: '王者荣耀',
  title: '王者荣耀 国服 V8 全英雄',
  price: 300_000,
  coverImage: '/uploads/7.jpg',
  thumbImage: '/uploads/7-s.jpg',
  regionIds: [11, 111],
  regionNames: ['安卓', '微信'],
  highlights: [],
  accountType: 'consign',
  guarantee: 'buyer_pays',
  specialOffer: false,
  rent: null,
  status: 'on_sale',
  views: 0,
  favourites: 0,
  listedAt: '2026-11-01T02:00:00Z',
  ...over,
})

/** A game as the game list sends it: 王者荣耀, hot, 12 on sale, none for rent. */
export const gameRow = (over: Partial<Game> = {}): Game => ({
  id: 1,
  name: '王者荣耀',
  initial: 'W',
  type: 'mobile',
  icon: '',
  hot: true,
  sort: 0,
  onSaleCount: 12,
  rentableCount: 0,
  ...over,
})

/** A buyer's 包赔 claim, in review unless `over` says otherwise. */
export const claim = (over: Partial<Claim> = {}): Claim => ({
  id: 3,
  orderId: 7,
  orderNo: 'HA20261126100000123456',
  title: '王者荣耀 V8 全英雄',
  coverImage: '/uploads/cover.jpg',
  guaranteeType: 'retrieval',
  goodsAmount: 50_000,
  maxAmount: 50_000,
  kind: 'recovered',
  description: '账号在成交后第三天被原号主找回了',
  images: [],
  additions: [],
  payee: { alipayAccount: '139****1234', name: '张*' },
  status: 'submitted',
  infoRequest: '',
  amount: null,
  rejectReason: '',
  transferNo: null,
  transferFailure: '',
  recoveredAmount: 0,
  createdAt: '2026-11-26T02:00:00Z',
  decidedAt: null,
  paidAt: null,
  actions: [],
  ...over,
})

/**
 * An order as the detail answers it: 31, the card's listing bought with 找回包赔, waiting for payment for 15 more
 * minutes — its next deadline is that timeout while it waits.
 */
export const order = (over: Partial<Order> = {}): Order => {
  const card = goodsCard()
  const base: Order = {
    id: 31,
    no: 'HA20261122153012345678',
    kind: 'sale',
    source: 'market',
    rentalId: null,
    status: 'pending_payment',
    claimStatus: null,
    goods: {
      id: 7,
      gameId: 1,
      gameName: '王者荣耀',
      title: card.title,
      coverImage: card.coverImage,
      regionNames: card.regionNames,
      price: card.price,
    },
    guaranteeType: 'retrieval',
    payMode: 'full',
    goodsAmount: 300_000,
    guaranteeAmount: 30_123,
    serviceAmount: 801,
    totalAmount: 330_924,
    depositAmount: null,
    paidAmount: 0,
    refundAmount: 0,
    closeAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    createdAt: '2026-11-22T07:30:12Z',
    paidAt: null,
    handedOverAt: null,
    completedAt: null,
    reviewedAt: null,
    cancelledAt: null,
    refundedAt: null,
    cancelReason: '',
    actions: ['pay', 'cancel'],
    ...over,
  }
  return { deadline: base.status === 'pending_payment' ? { kind: 'payment', at: base.closeAt } : null, ...base }
}

/** Amounts no client could work out from the settings: whatever is shown must be the server's. */
const GUARANTEE_FEE = { retrieval: 30_123, face: 45_321, none: 0 }

/** POST /order/quote's answer for the card's listing, with the guarantee and pay mode asked for. */
export const quoteOf = (body: QuoteRequest): Quote => {
  const price = goodsCard().price
  const totalAmount = price + GUARANTEE_FEE[body.guaranteeType] + 801
  const depositAmount = body.payMode === 'deposit' ? 33_011 : undefined
  return {
    goodsAmount: price,
    guaranteeAmount: GUARANTEE_FEE[body.guaranteeType],
    serviceAmount: 801,
    totalAmount,
    ...(depositAmount ? { depositAmount } : {}),
    payNow: depositAmount ?? totalAmount,
    guaranteeOptions: (['retrieval', 'face', 'none'] as const).map((type) => ({ type, amount: GUARANTEE_FEE[type] })),
    depositAllowed: true,
    // Terms no client could guess: the notes beside each choice must be the server's.
    terms: {
      guaranteeRetrieval: { rateBps: 1_234, min: 5_600 },
      guaranteeFace: { rateBps: 1_700, min: 0 },
      deposit: { rateBps: 2_050, min: 7_000 },
      unpaidOrderTimeoutMinutes: 25,
    },
  }
}
