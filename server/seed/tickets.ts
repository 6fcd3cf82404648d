/**
 * 中介担保 on a fresh local database: the demo buyer and seller agreed on an account elsewhere and brought the deal
 * here — the buyer opened a ticket naming the seller's phone, the seller joined with its code and entered the
 * account at the agreed price. So the buyer's 中介担保 has a ticket to check and approve (its order is then paid
 * like any), and the seller's shows it waiting for the buyer. Each step is the ticket's own call.
 */
import { escrowTickets } from '../db/schema'
import { CatalogueCache } from '../modules/catalogue/service'
import type { ConsignmentDeps } from '../modules/consignment/service'
import { enterListing, join, openTicket } from '../modules/escrowTickets/service'
import { demoAccount, yuanShare } from './accounts'
import { createRandom } from './catalogue'
import { demoPhone, demoUserIds } from './users'

/** Makes the demo ticket once, when there is no ticket yet; returns how many it made. */
export async function seedDemoTicket(listingDeps: Omit<ConsignmentDeps, 'cache'>): Promise<number> {
  const deps = { ...listingDeps, cache: new CatalogueCache() }
  if ((await deps.db.select({ id: escrowTickets.id }).from(escrowTickets).limit(1)).length > 0) return 0
  const ids = await demoUserIds(deps.db, ['buyer', 'seller'])
  if (!ids) return 0
  const [buyer, seller] = ids.map((userId) => ({ userId, operator: false }))
  const { fields, fairPrice } = await demoAccount(deps.db, createRandom(20_261_128), '王者荣耀', 0.7, '中介担保')
  const agreedPrice = yuanShare(fairPrice, 0.9)
  const { id, code } = await openTicket(deps.db, buyer, {
    gameId: fields.gameId,
    description: '在游戏群里谈好的号，卖家同意走平台担保：先验号再付款，账号换绑后确认收货。',
    agreedPrice,
    counterparty: { phone: demoPhone('seller') },
    role: 'buyer',
  })
  await join(deps.db, seller, code)
  await enterListing(deps, seller, id, { ...fields, price: agreedPrice })
  return 1
}
