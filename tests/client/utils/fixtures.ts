import type { Game, GoodsCard } from '@/contract/catalogue'
import type { Claim } from '@/contract/claims'

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
