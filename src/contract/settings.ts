/**
 * The settings operators change (GET and PUT /api/admin/settings), each with its bounds: the server refuses
 * a value outside them with the setting's name. Money is fen, rates basis points (1000 = 10 %).
 */
import { Type, type Static } from 'typebox'
import { Body, MAX_ID } from './schemas'

const Fen = (title: string, maximum = MAX_ID) => Type.Integer({ title, minimum: 0, maximum, description: '分' })
const Whole = (title: string, minimum: number, maximum: number) => Type.Integer({ title, minimum, maximum })
/** Basis points of an amount: 1000 = 10 %. */
const Bps = (title: string) => Type.Integer({ title, minimum: 0, maximum: 10_000, description: '基点' })
const RateOf = (title: string) =>
  Body({ rateBps: Bps(`${title}费率`), min: Fen(`${title}最低金额`, 100_000_000) }, { title })

const properties = {
  serviceFee: Fen('服务费', 1_000_000),
  guaranteeRetrieval: RateOf('找回包赔'),
  guaranteeFace: RateOf('人脸包赔'),
  deposit: Body(
    {
      minGoodsPrice: Fen('可付定金的最低商品价', 100_000_000),
      rateBps: Bps('定金比例'),
      min: Fen('定金最低金额', 100_000_000),
    },
    { title: '定金' },
  ),
  sellerCommission: RateOf('卖家佣金'),
  /** 中介担保: what the buyer pays on top of the agreed price (no commission is taken from the seller). */
  escrowFee: RateOf('中介担保服务费'),
  unpaidOrderTimeoutMinutes: Whole('未支付订单超时（分钟）', 5, 1440),
  autoConfirmDays: Whole('自动确认收货（天）', 0, 30),
  /** 0 in the demo: payouts fall due as soon as a deal completes. */
  payoutProtectionDays: Whole('打款保护期（天）', 0, 60),
  autoHandOver: Type.Boolean({ title: '付清后自动移交' }),
  /** How long after completion a guaranteed order may take a claim; 0 = as long as the game runs. */
  guaranteeTermDays: Whole('包赔期限（天，0 为不限）', 0, 3650),
  /** A paid claim sends the seller's other listings on sale back to review. */
  claimHoldsListings: Type.Boolean({ title: '赔付后卖家其他商品重新审核' }),
  /** Off by default: every listing waits for a reviewer. */
  autoApprove: Type.Boolean({ title: '商品免审核上架' }),
  maxUnpaidOrders: Whole('同时未支付订单数', 1, 10),
  /** The shortest bidding window a seller may choose for 竞价回收 (the longest is 72 h). */
  recycleMinWindowMinutes: Whole('竞价回收最短报价时长（分钟）', 1, 72 * 60),
  expiryCooldown: Body(
    {
      expiries: Whole('超时次数', 1, 100),
      withinHours: Whole('统计时长（小时）', 1, 720),
      hours: Whole('限制下单（小时）', 0, 720),
    },
    { title: '超时限制' },
  ),
}

export const Settings = Type.Object(properties)
export type Settings = Static<typeof Settings>

/** PUT /api/admin/settings: any of the settings by key; the others stay as they are. */
export const SettingsPatch = Body(Type.Partial(Type.Object(properties)).properties, { minProperties: 1 })
export type SettingsPatch = Static<typeof SettingsPatch>
