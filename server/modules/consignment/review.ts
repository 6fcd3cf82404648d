/**
 * Review by staff: the queue, one listing with the seller's record and blacklist hits, approve, reject,
 * corrections of what it says, and 验号 (the credentials, logged with a reason). Each action is a goods-machine transition, an audit
 * row and the seller's message, in one transaction.
 */
import { isDeepStrictEqual } from 'node:util'
import { count, eq, sql } from 'drizzle-orm'
import type {
  AdminGoodsQuery,
  AdminListing,
  AdminListingDetail,
  ListingCredentials,
  ListingRevision,
  SellerContact,
} from '../../../src/contract/consignment'
import type { AttributeValue } from '../../../src/contract/catalogue'
import { withMaskedPhone } from '../../../src/contract/validation'
import type { Executor } from '../../db'
import { goods, goodsEvents, users } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import { AppError, boundedText, invalid } from '../../lib/envelope'
import { revealCredentials } from '../catalogue/credentials'
import { templateRows } from '../catalogue/service'
import { goodsMachine, type GoodsRow } from '../catalogue/machine'
import { notifyUsers } from '../messages/service'
import { recordsByHashes, subjectHashOf } from '../trust/service'
import {
  approvedMessage,
  checkAttributes,
  cleanText,
  listingOf,
  listings,
  maskedPayout,
  ownListing,
  type ConsignmentDeps,
} from './service'

/** GET /admin/goods: the review queue (pending, oldest first) or any status (newest first). */
export const adminListings = (
  deps: ConsignmentDeps,
  query: Required<Pick<AdminGoodsQuery, 'pageNum' | 'pageSize'>> & Omit<AdminGoodsQuery, 'pageNum' | 'pageSize'>,
) => listings(deps, { ...query, oldestFirst: query.status === 'pending_review' }, 'operator')

/** The fields of the template version the listing was written against. */
async function listingFields(deps: ConsignmentDeps, row: GoodsRow) {
  const fields = await deps.cache.fields(deps.db, [{ gameId: row.gameId, version: row.templateVersion }])
  return fields.get(`${row.gameId}:${row.templateVersion}`) ?? []
}

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
  const templateFields = await listingFields(deps, row)
  return {
    ...(await listingOf(deps, staff, id)),
    description: row.description,
    images: row.images,
    attributes: row.attributes,
    templateRows: templateRows(templateFields, attributes),
    templateFields,
    accountSource: row.accountSource as AdminListingDetail['accountSource'],
    guaranteeMaterials: row.guaranteeMaterials,
    // Masked: staff who must call ask for it whole (`revealContact`).
    contact: withMaskedPhone(row.contact as SellerContact),
    payout,
    sellerHistory: await sellerHistory(deps.db, row.sellerId!),
    blacklistHits: await blacklistHits(deps, row),
  }
}

/**
 * PUT /admin/goods/{id}: staff correct the title, description, detail pictures (kept, reordered or dropped)
 * and attributes (against the listing's own template version) of a listing no order holds. One audit row
 * with each changed field from → to and the reason, which the seller also reads.
 */
export async function reviseListing(
  deps: ConsignmentDeps,
  staff: Staff,
  id: number,
  body: ListingRevision,
): Promise<AdminListingDetail> {
  const reason = boundedText('reason', body.reason, '修改原因', { min: 1, max: 200 })
  await deps.db.transaction(async (tx) => {
    const row = await ownListing(tx, staff, id, true)
    if (!goodsMachine.allows('revise', row, 'operator')) throw new AppError(409, '交易中或已售出的商品不能修改')
    const dropped = body.images.filter((image) => !row.images.includes(image))
    if (dropped.length > 0) invalid('images', '只能保留、调整顺序或删除原有的详情图')
    const next = {
      title: cleanText('title', '标题', body.title, 5),
      description: cleanText('description', '描述', body.description),
      images: body.images,
      attributes: checkAttributes(await listingFields(deps, row), body.attributes),
    }
    const changes = Object.fromEntries(
      (Object.keys(next) as (keyof typeof next)[])
        .filter((key) => !isDeepStrictEqual(next[key], row[key]))
        .map((key) => [key, { from: row[key], to: next[key] }]),
    )
    if (Object.keys(changes).length === 0) throw new AppError(400, '没有修改任何内容')
    await tx
      .update(goods)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(goods.id, id))
    await audit(tx, staff, 'goods.update', { type: 'goods', id }, { reason, changes })
    await notifyUsers(tx, [
      {
        userId: row.sellerId!,
        type: 'system',
        title: '客服修改了你的商品',
        content: `你发布的「${next.title}」已由客服修改：${reason}。`,
        relatedType: 'listing',
        relatedId: id,
      },
    ])
  })
  return adminListing(deps, staff, id)
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
            relatedType: 'listing',
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

/** GET /admin/goods/{id}/contact: the seller's contact in full, to call them; the reason is audited. */
export async function revealContact(deps: ConsignmentDeps, staff: Staff, id: number, given: string) {
  const reason = given.trim()
  if (!reason) invalid('reason', '请填写查看原因')
  return deps.db.transaction(async (tx) => {
    const row = await ownListing(tx, staff, id)
    await audit(tx, staff, 'goods.contact', { type: 'goods', id }, { reason })
    return row.contact as SellerContact
  })
}

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
