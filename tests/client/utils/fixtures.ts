import type { Game, GoodsCard } from '@/contract/catalogue'

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
