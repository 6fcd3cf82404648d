/**
 * The listing's life cycle (DOMAIN.md "Life cycles") on the machine library. Today a listing moves only
 * with its order: taken when ordered, back on sale when the order ends without a sale, sold when it
 * completes. Listing, review and delisting join this table with selling.
 */
import { GOODS_STATUSES } from '../../../src/contract/catalogue'
import { goods, goodsEvents } from '../../db/schema'
import { defineMachine } from '../../lib/machine'

const transitions = {
  /** Ordered: of racing buyers exactly one finds it on sale. */
  take: { from: ['on_sale'], to: 'in_trade', by: ['buyer'] },
  /** Its order was cancelled (buyer or timeout) or refunded (operator). */
  release: { from: ['in_trade'], to: 'on_sale', by: ['buyer', 'operator', 'system'] },
  /** Its order completed (the buyer's confirmation, or the sweeper's). */
  sell: { from: ['in_trade'], to: 'sold', by: ['buyer', 'system'] },
} as const

export const goodsMachine = defineMachine({
  name: 'goods',
  table: goods,
  events: { table: goodsEvents, subject: 'goodsId' },
  statuses: GOODS_STATUSES,
  actors: ['buyer', 'seller', 'operator', 'system'],
  transitions,
  actions: {},
})
