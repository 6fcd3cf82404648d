/**
 * The listing's life cycle (DOMAIN.md "Life cycles") on the machine library: the seller submits, an
 * operator reviews (or `system` approves at once when the autoApprove setting is on), the seller or an
 * operator delists, the seller relists what they delisted themselves; an order takes it, and gives it
 * back or sells it; a rental takes it for its hours and gives it back. Every status change of a listing is a row here, and the buttons a seller or operator
 * sees (`actions[]`) are read from the same table.
 */
import { sql } from 'drizzle-orm'
import { GOODS_STATUSES } from '../../../src/contract/catalogue'
import { goods, goodsEvents } from '../../db/schema'
import { defineMachine, taking, type Guard } from '../../lib/machine'

export type GoodsRow = typeof goods.$inferSelect

/** Once on the market (approved at least once): an order that ends without a sale puts it back on sale. */
const listed: Guard<GoodsRow> = { holds: (row) => row.listedAt !== null, sql: sql`${goods.listedAt} is not null` }
/** Never on the market (a recycling request's account): it goes back to its seller, not on sale. */
const neverListed: Guard<GoodsRow> = { holds: (row) => row.listedAt === null, sql: sql`${goods.listedAt} is null` }

/** A listing an operator delisted comes back only through review: the seller edits and resubmits it. */
const delistedBySeller: Guard<GoodsRow> = {
  holds: (row) => row.delistedBy === 'seller',
  sql: sql`${goods.delistedBy} = 'seller'`,
}

/** A 中介担保 ticket's account, entered by its seller for the ticket's buyer alone. */
const guarantee: Guard<GoodsRow> = { holds: (row) => row.kind === 'guarantee', sql: sql`${goods.kind} = 'guarantee'` }

/** Offered for rent (租号): the seller gave rent terms. */
const rentable: Guard<GoodsRow> = { holds: (row) => row.rent !== null, sql: sql`${goods.rent} is not null` }

const transitions = {
  /** The seller lists an account; it waits for review. */
  submit: { from: [], to: 'pending_review', by: ['seller'] },
  /** The seller offers an account to merchants only (竞价回收): it stays off the market. */
  offer: { from: [], to: 'draft', by: ['seller'] },
  /** An operator approves it (or `system` when the autoApprove setting is on): it is on sale. */
  approve: { from: ['pending_review'], to: 'on_sale', by: ['operator', 'system'] },
  /** An operator rejects it with a reason the seller reads. */
  reject: { from: ['pending_review'], to: 'rejected', by: ['operator'] },
  /** The seller edited a rejected or delisted listing: back to review. */
  resubmit: { from: ['rejected', 'delisted'], to: 'pending_review', by: ['seller'] },
  /**
   * Off the market: the seller (withdrawing it, also from review) or an operator, with a reason — or `system`
   * when a rental was refunded because the account was not as described.
   */
  delist: { from: ['pending_review', 'on_sale'], to: 'delisted', by: ['seller', 'operator', 'system'] },
  /** The seller puts back on sale what they delisted themselves. */
  relist: { from: ['delisted'], to: 'on_sale', by: ['seller'], guard: delistedBySeller },
  /** A claim was paid against its seller and the setting says so: back to review before it sells again. */
  hold: { from: ['on_sale'], to: 'pending_review', by: ['system'] },
  /** Ordered: of racing buyers exactly one finds it on sale. */
  take: { from: ['on_sale'], to: 'in_trade', by: ['buyer'] },
  /**
   * Its seller accepted a merchant's quote for it (竞价回收): in trade with that merchant's order — from off
   * the market, or from on sale (官方代售+竞价回收), where no buyer's order holds it.
   */
  award: { from: ['draft', 'on_sale'], to: 'in_trade', by: ['seller'] },
  /** Rented (租号): of a racing buyer and renter exactly one finds it on sale; it is off the list meanwhile. */
  rent: { from: ['on_sale'], to: 'rented', by: ['buyer'], guard: rentable },
  /** Its rental lapsed unpaid, or settled (returned, refunded): on sale again. */
  endRent: { from: ['rented'], to: 'on_sale', by: ['buyer', 'seller', 'operator', 'system'] },
  /** A 中介担保 ticket's buyer approved its account: in trade with the ticket's order (never on the market). */
  escrow: { from: ['draft'], to: 'in_trade', by: ['buyer'], guard: guarantee },
  /** Its order was cancelled (buyer or timeout) or refunded (operator). */
  release: { from: ['in_trade'], to: 'on_sale', by: ['buyer', 'operator', 'system'], guard: listed },
  /** The same for an account that was never on the market: back to its seller. */
  withdraw: { from: ['in_trade'], to: 'draft', by: ['buyer', 'operator', 'system'], guard: neverListed },
  /** Its order completed (the buyer's confirmation, the sweeper's, or staff's partial refund after sale). */
  sell: { from: ['in_trade'], to: 'sold', by: ['buyer', 'system', 'operator'] },
  /**
   * Staff refunded a buyer in full after sale: the account goes back to its seller, off the market — it
   * returns only through review, once the seller has secured it again.
   */
  reclaim: { from: ['in_trade', 'sold'], to: 'delisted', by: ['operator'] },
} as const

export type GoodsEvent = keyof typeof transitions

/** Price, credentials and the listing's text change only while no order holds it. */
const EDITABLE = ['pending_review', 'on_sale', 'delisted', 'rejected'] as const

export const goodsMachine = defineMachine({
  name: 'goods',
  table: goods,
  events: { table: goodsEvents, subject: 'goodsId' },
  statuses: GOODS_STATUSES,
  actors: ['buyer', 'seller', 'operator', 'system'],
  transitions,
  actions: {
    // 改价
    editPrice: [{ in: ['on_sale', 'delisted', 'rejected'], by: ['seller', 'operator'] }],
    // 下架 / 上架
    delist: [taking(transitions.delist)],
    relist: [taking(transitions.relist)],
    // 编辑重提
    edit: [taking(transitions.resubmit)],
    // 补充账号信息
    credentials: [{ in: EDITABLE, by: ['seller'] }],
    // 查看失败原因
    reason: [{ in: ['rejected'], by: ['seller'] }],
    // The review, for operators; and their corrections of what a listing says while no order holds it.
    approve: [taking(transitions.approve, ['operator'])],
    reject: [taking(transitions.reject)],
    revise: [{ in: EDITABLE, by: ['operator'] }],
  },
})
