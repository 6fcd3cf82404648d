/**
 * Review by staff: the queue, one listing with the seller's record and blacklist hits, approve, reject,
 * and 验号 (the credentials, logged with a reason). Each action is a goods-machine transition, an audit
 * row and the seller's message, in one transaction.
 */
import { count, eq, sql } from 'drizzle-orm'
import type {
  AdminGoodsQuery,
  AdminListing,
  AdminListingDetail,
  ListingCredentials,
  SellerContact,
} from '../../../src/contract/consignment'
import type { AttributeValue } from '../../../src/contract/catalogue'
import type { Executor } from '../../db'
import { goods, goodsEvents, users } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import { AppError, invalid } from '../../lib/envelope'
import { revealCredentials } from '../catalogue/credentials'
import { templateRows } from '../catalogue/service'
import { goodsMachine, type GoodsRow } from '../catalogue/machine'
import { notifyUsers } from '../messages/service'
import { recordsByHashes, subjectHashOf } from '../trust/service'
import { approvedMessage, listingOf, listings, maskedPayout, ownListing, type ConsignmentDeps } from './service'

/** GET /admin/goods: the review queue (pending, oldest first) or any status (newest first). */
export const adminListings = (
  deps: ConsignmentDeps,
  query: Required<Pick<AdminGoodsQuery, 'pageNum' | 'pageSize'>> & Omit<AdminGoodsQuery, 'pageNum' | 'pageSize'>,
) => listings(deps, { ...query, oldestFirst: query.status === 'pending_review' }, 'operator')

/** How this seller has fared with us: listings, sales, rejections, and delistings by staff. */
async function sellerHistory(db: Executor, sellerId: number) {
  const [listed] = await db
    .select({
      listings: count(),
      sold: sql<number>`count(*) filter (where ${goods.status} = 'sold')`.mapWith(Number),
    })
    .from(goods)
    .where(eq(goods.sellerId, sellerId))
  const [events] = await db
    .select({
      rejected: sql<number>`count(*) filter (where ${goodsEvents.event} = 'reject')`.mapWith(Number),
      delistedByStaff:
        sql<number>`count(*) filter (where ${goodsEvents.event} = 'delist' and ${goodsEvents.actor} = 'operator')`.mapWith(
          Number,
        ),
    })
    .from(goodsEvents)
    .innerJoin(goods, eq(goods.id, goodsEvents.goodsId))
    .where(eq(goods.sellerId, sellerId))
  return { ...listed, ...events }
}

/** The blacklist on the game account (by its stored hash), the seller's phone and the listing's contacts. */
async function blacklistHits(deps: ConsignmentDeps, row: GoodsRow) {
  const [seller] = await deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, row.sellerId!))
  const contact = row.contact as SellerContact
  const hashes = [
    row.accountHash,
    seller?.phone ? subjectHashOf(deps.lookupKey, 'phone', seller.phone) : null,
    contact.phone ? subjectHashOf(deps.lookupKey, 'phone', contact.phone) : null,
    contact.qq ? subjectHashOf(deps.lookupKey, 'qq', contact.qq) : null,
    contact.weixin ? subjectHashOf(deps.lookupKey, 'weixin', contact.weixin) : null,
  ].filter((hash): hash is string => Boolean(hash))
  return recordsByHashes(deps.db, hashes, row.gameId)
}

/** GET /admin/goods/{id}. */
export async function adminListing(deps: ConsignmentDeps, staff: Staff, id: number): Promise<AdminListingDetail> {
  const row = await ownListing(deps.db, staff, id)
  const payout = maskedPayout(deps, row)
  const attributes = row.attributes as Record<string, AttributeValue>
  const fields = await deps.cache.fields(deps.db, [{ gameId: row.gameId, version: row.templateVersion }])
  return {
    ...(await listingOf(deps, staff, id)),
    description: row.description,
    images: row.images,
    attributes: row.attributes,
    templateRows: templateRows(fields.get(`${row.gameId}:${row.templateVersion}`) ?? [], attributes),
    accountSource: row.accountSource as AdminListingDetail['accountSource'],
    guaranteeMaterials: row.guaranteeMaterials,
    contact: row.contact as SellerContact,
    payout,
    sellerHistory: await sellerHistory(deps.db, row.sellerId!),
    blacklistHits: await blacklistHits(deps, row),
  }
}

const REVIEW_ONLY = '只有待审核的商品可以审核'

/** Approve or reject one pending listing: the transition, its audit row and the seller's message, together. */
async function decide(
  deps: ConsignmentDeps,
  staff: Staff,
  id: number,
  decision: { event: 'approve' } | { event: 'reject'; reason: string },
): Promise<AdminListing> {
  const reason = decision.event === 'reject' ? decision.reason.trim() : ''
  if (decision.event === 'reject' && !reason) invalid('reason', '请填写驳回原因')
  await deps.db.transaction(async (tx) => {
    const row = await ownListing(tx, staff, id, true)
    const now = new Date()
    const moved = await goodsMachine.transition(
      tx,
      id,
      decision.event,
      { kind: 'operator', userId: staff.userId, detail: reason ? { reason } : {} },
      decision.event === 'approve'
        ? { auditReason: '', listedAt: now, updatedAt: now }
        : { auditReason: reason, updatedAt: now },
    )
    if (!moved) throw new AppError(409, REVIEW_ONLY)
    await audit(tx, staff, `goods.${decision.event}`, { type: 'goods', id }, reason ? { reason } : {})
    await notifyUsers(tx, [
      decision.event === 'approve'
        ? approvedMessage(row)
        : {
            userId: row.sellerId!,
            type: 'audit_failed',
            title: '商品审核未通过',
            content: `您发布的「${row.title}」未通过审核：${reason}。修改后可重新提交。`,
            relatedType: 'goods',
            relatedId: id,
          },
    ])
  })
  return listingOf(deps, staff, id)
}

export const approve = (deps: ConsignmentDeps, staff: Staff, id: number) =>
  decide(deps, staff, id, { event: 'approve' })

export const reject = (deps: ConsignmentDeps, staff: Staff, id: number, reason: string) =>
  decide(deps, staff, id, { event: 'reject', reason })

/** GET /admin/goods/{id}/credentials: 验号 while the listing is not yet anyone's; logged and audited. */
export async function revealForReview(
  deps: ConsignmentDeps,
  staff: Staff,
  id: number,
  client: { reason: string; userAgent: string },
): Promise<ListingCredentials> {
  const reason = client.reason.trim()
  if (!reason) invalid('reason', '请填写查看原因')
  const row = await ownListing(deps.db, staff, id)
  if (!['pending_review', 'on_sale', 'delisted', 'rejected'].includes(row.status))
    throw new AppError(403, '交易中或已售出的商品请在订单中查看账号信息')
  return deps.db.transaction(async (tx) => {
    const credentials = await revealCredentials(tx, deps.vault, id, {
      orderId: null,
      userId: staff.userId,
      role: 'operator',
      reason,
      ip: staff.ip,
      userAgent: client.userAgent,
    })
    if (!credentials) throw new AppError(404, '卖家尚未提交账号信息')
    await audit(tx, staff, 'goods.credentials', { type: 'goods', id }, { reason })
    return {
      account: credentials.account,
      password: credentials.password,
      notes: credentials.notes ?? '',
      binding: credentials.binding ?? null,
    }
  })
}
