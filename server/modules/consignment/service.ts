/**
 * Selling on consignment: a verified seller lists an account (checked against the game's attribute
 * template, its region tree and our own uploads, with the credentials and the payout account sealed in
 * the vault, all in one transaction), sees their listings with what each allows, and changes price and
 * availability. Every status change goes through the goods machine; another user's listing is a 404.
 */
import { sellFormFields } from '../../../src/contract/attributes'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type {
  AccountCredentials,
  ConsignmentCreated,
  ConsignmentDetail,
  ConsignmentRequest,
  FeePreview,
  MyConsignmentQuery,
  AdminListing,
  PayeeChange,
  PayoutAccount,
  SellerContact,
} from '../../../src/contract/consignment'
import type { AttributeField, AttributeValue, RentOffer, RentTerms } from '../../../src/contract/catalogue'
import { formatPrice } from '../../../src/contract/money'
import {
  checkAlipayAccount,
  maskAlipayAccount,
  maskName,
  PHONE_PATTERN,
  QQ_PATTERN,
  QQ_RULE,
} from '../../../src/contract/validation'
import type { Db, Executor } from '../../db'
import { claims, goods, goodsCredentials, orders, payouts, regionNodes, users } from '../../db/schema'
import type { Viewer } from '../../lib/auth'
import { audit, type Staff } from '../../lib/audit'
import { AppError, checkField, invalid } from '../../lib/envelope'
import { NO_CONTROL_CHARS } from '../../lib/validation'
import { isStoredImage } from '../../lib/images'
import { applyRate, tradeSettings } from '../../lib/settings'
import type { Vault } from '../../lib/vault'
import { alertPriceDrop } from '../catalogue/alerts'
import { openPayout, sealPayout, storeCredentials } from '../catalogue/credentials'
import { goodsMachine, type GoodsRow } from '../catalogue/machine'
import { retryListing, sendPayout, settlementOf, type PayoutDeps } from '../payments/payouts'
import { latestTemplate, listingPage, type CatalogueCache } from '../catalogue/service'
import { notifyUsers } from '../messages/service'
import { subjectHashOf } from '../trust/service'

export interface ConsignmentDeps {
  db: Db
  vault: Vault
  /** Where uploads are stored: every image must be one of ours. */
  dataDir: string
  cache: CatalogueCache
  /** The blacklist's hash key: the game account is kept as its hash too, for review to check. */
  lookupKey: Buffer
}

export const LISTING_NOT_FOUND = '商品不存在'
/** The 403 of an unverified seller; the client sends them to 实名认证 and back. */
export const REAL_NAME_REQUIRED = '发布商品需要先完成实名认证'

const EMOJI = /\p{Extended_Pictographic}/u
const PLAIN_TEXT = new RegExp(NO_CONTROL_CHARS)
const WEIXIN_PATTERN = /^[A-Za-z][-_A-Za-z0-9]{5,19}$/
const DATE_PATTERN = /^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const MAX_ATTRIBUTE_NUMBER = 1_000_000_000
const MAX_ATTRIBUTE_TEXT = 200

/** The seller's commission on a price, from the settings (5 %, at least ¥50, never more than the price). */
export async function feePreview(db: Executor, price: number): Promise<FeePreview> {
  const { sellerCommission } = await tradeSettings(db)
  const commission = applyRate(price, sellerCommission, price)
  return { price, commission, net: price - commission, ...sellerCommission }
}

/**
 * Trimmed text without emoji (they do not survive every channel the listing is shown on) or control
 * characters (the schemas refuse those in every string they declare; attribute values are checked here).
 */
export function cleanText(field: string, label: string, value: string, min = 0): string {
  const trimmed = value.trim()
  if ([...trimmed].length < min) invalid(field, min <= 1 ? `请填写${label}` : `${label}至少 ${min} 个字`)
  if (EMOJI.test(trimmed)) invalid(field, `${label}不能包含表情符号`)
  if (!PLAIN_TEXT.test(trimmed)) invalid(field, `${label}不能包含控制字符`)
  return trimmed
}

const isEmpty = (value: AttributeValue | undefined) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0)

/** The seller's attributes, checked field by field against the template's sell form. */
export function checkAttributes(
  fields: AttributeField[],
  attributes: Record<string, unknown>,
): Record<string, AttributeValue> {
  const form = new Map(sellFormFields(fields).map((f) => [f.key, f]))
  for (const key of Object.keys(attributes)) {
    if (!form.has(key)) invalid(`attributes.${key}`, `该游戏没有属性「${key}」`)
  }
  const checked: Record<string, AttributeValue> = {}
  for (const field of form.values()) {
    const path = `attributes.${field.key}`
    const value = attributes[field.key] as AttributeValue | undefined
    if (isEmpty(value)) {
      if (field.required) invalid(path, `请填写${field.label}`)
      continue
    }
    const options = new Set(field.options.map((o) => o.id))
    switch (field.type) {
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_ATTRIBUTE_NUMBER)
          invalid(path, `${field.label}须为 0–${MAX_ATTRIBUTE_NUMBER} 之间的数字`)
        break
      case 'radio':
        if (typeof value !== 'string' || !options.has(value)) invalid(path, `${field.label}的选项不存在`)
        break
      case 'checkbox':
        if (
          !Array.isArray(value) ||
          value.some((v) => typeof v !== 'string' || !options.has(v)) ||
          new Set(value).size !== value.length
        )
          invalid(path, `${field.label}的选项不存在或重复`)
        break
      case 'date':
        if (typeof value !== 'string' || !DATE_PATTERN.test(value))
          invalid(path, `${field.label}须为日期，如 2020-01-31`)
        break
      case 'text':
        if (typeof value !== 'string' || [...value].length > MAX_ATTRIBUTE_TEXT)
          invalid(path, `${field.label}最多 ${MAX_ATTRIBUTE_TEXT} 个字`)
        cleanText(path, field.label, value)
        break
    }
    checked[field.key] = field.type === 'text' ? (value as string).trim() : value!
  }
  return checked
}

/** The region ids must be a path of this game's tree from its root. */
export async function checkRegions(db: Executor, gameId: number, regionIds: number[]): Promise<void> {
  const found = await db
    .select({ id: regionNodes.id, parentId: regionNodes.parentId })
    .from(regionNodes)
    .where(and(eq(regionNodes.gameId, gameId), inArray(regionNodes.id, regionIds)))
  const parentOf = new Map(found.map((r) => [r.id, r.parentId]))
  regionIds.forEach((id, i) => {
    if (!parentOf.has(id)) invalid('regionIds', '所选区服不属于该游戏')
    if (parentOf.get(id) !== (i === 0 ? null : regionIds[i - 1])) invalid('regionIds', '区服须从上到下依次选择')
  })
}

function checkContact(contact: SellerContact): SellerContact {
  const phone = contact.phone?.trim() ?? ''
  const qq = contact.qq?.trim() ?? ''
  const weixin = contact.weixin?.trim() ?? ''
  if (!phone && !qq && !weixin) invalid('contact', '请至少填写一种联系方式（手机号、QQ 或微信）')
  if (phone && !PHONE_PATTERN.test(phone)) invalid('contact.phone', '请输入正确的 11 位手机号')
  if (qq && !QQ_PATTERN.test(qq)) invalid('contact.qq', QQ_RULE)
  if (weixin && !WEIXIN_PATTERN.test(weixin))
    invalid('contact.weixin', '微信号为 6–20 位字母、数字、_ 或 -，以字母开头')
  return { ...(phone ? { phone } : {}), ...(qq ? { qq } : {}), ...(weixin ? { weixin } : {}) }
}

/** 出租条件: a day no cheaper than an hour and no dearer than 24 of them; the shortest rental within the longest. */
function checkRent(rent: RentOffer): RentTerms {
  if (rent.daily < rent.hourly) invalid('rent.daily', '日租不能低于时租')
  if (rent.daily > rent.hourly * 24) invalid('rent.daily', '日租不能高于 24 小时的时租')
  if (rent.minHours > rent.maxHours) invalid('rent.minHours', '最短租期不能长于最长租期')
  return { ...rent, rules: [...rent.rules] }
}

function checkCredentials(credentials: AccountCredentials): AccountCredentials {
  const account = cleanText('credentials.account', '游戏账号', credentials.account, 1)
  if (!credentials.password.trim()) invalid('credentials.password', '请填写游戏密码')
  const notes = cleanText('credentials.notes', '备注', credentials.notes ?? '')
  return { ...credentials, account, notes }
}

/** The payout account: an Alipay phone or e-mail in the seller's verified real name. */
function checkPayout(payout: PayoutAccount, realName: string): PayoutAccount {
  const alipayAccount = payout.alipayAccount.trim()
  checkField('payout.alipayAccount', checkAlipayAccount(alipayAccount))
  if (payout.name.trim() !== realName) invalid('payout.name', '收款人姓名须与实名认证的姓名一致')
  return { alipayAccount, name: realName }
}

/** Every picture must be one of our uploads. */
export async function checkDetailImages(dataDir: string, images: string[]): Promise<void> {
  for (const image of images) {
    if (!(await isStoredImage(dataDir, image))) invalid('images', '详情图必须是上传成功后返回的地址，请重新上传')
  }
}

async function checkImages(dataDir: string, coverImage: string, images: string[]): Promise<void> {
  if (!(await isStoredImage(dataDir, coverImage))) invalid('coverImage', '封面图必须是上传成功后返回的地址，请重新上传')
  await checkDetailImages(dataDir, images)
}

async function verifiedRealName(db: Executor, userId: number): Promise<string> {
  const [user] = await db
    .select({ status: users.realNameStatus, realName: users.realName })
    .from(users)
    .where(eq(users.id, userId))
  if (user?.status !== 'verified') throw new AppError(403, REAL_NAME_REQUIRED, { need: 'realName' })
  return user.realName
}

/** A price the seller gets something for: the commission (at least its minimum) must leave money over. */
export async function checkPrice(db: Executor, price: number): Promise<number> {
  const { net, min } = await feePreview(db, price)
  if (net <= 0) invalid('price', `售价须高于最低佣金 ${formatPrice(min)}，否则扣除佣金后到手为 ¥0`)
  return price
}

/** A listing's request, checked whole before anything is written: the columns, credentials and payout. */
export async function checkedListing(deps: ConsignmentDeps, userId: number, body: ConsignmentRequest) {
  const realName = await verifiedRealName(deps.db, userId)
  const template = await latestTemplate(deps.db, body.gameId)
  const attributes = checkAttributes(template.fields, body.attributes)
  await checkRegions(deps.db, body.gameId, body.regionIds)
  const values = {
    gameId: body.gameId,
    templateVersion: template.version,
    title: cleanText('title', '标题', body.title, 5),
    description: cleanText('description', '描述', body.description),
    price: await checkPrice(deps.db, body.price),
    coverImage: body.coverImage,
    images: body.images,
    attributes,
    regionIds: body.regionIds,
    contact: checkContact(body.contact),
    accountSource: body.accountSource,
    guaranteeMaterials: body.guaranteeMaterials,
    rent: body.rent ? checkRent(body.rent) : null,
  }
  const credentials = body.credentials && checkCredentials(body.credentials)
  const payout = checkPayout(body.payout, realName)
  await checkImages(deps.dataDir, body.coverImage, body.images)
  return { values, credentials, payout }
}

/** Seals the payout account and the credentials (when given) of listing `id`, keeping the account's hash. */
export async function sealSecrets(
  tx: Executor,
  deps: ConsignmentDeps,
  id: number,
  secrets: { payout?: PayoutAccount; credentials?: AccountCredentials },
) {
  const set: Partial<GoodsRow> = {}
  if (secrets.payout) set.payoutSealed = sealPayout(deps.vault, id, secrets.payout)
  if (secrets.credentials) {
    set.accountHash = subjectHashOf(deps.lookupKey, 'game_account', secrets.credentials.account)
    await storeCredentials(tx, deps.vault, id, secrets.credentials)
  }
  await tx.update(goods).set(set).where(eq(goods.id, id))
}

/** POST /need/consignment: checked whole, then written in one transaction; it waits for review. */
export async function createConsignment(
  deps: ConsignmentDeps,
  userId: number,
  body: ConsignmentRequest,
): Promise<ConsignmentCreated> {
  const checked = await checkedListing(deps, userId, body)
  if (!checked.credentials) invalid('credentials', '官方代售需要填写游戏账号和密码')
  return deps.db.transaction(async (tx) => {
    const row = await submitListingIn(tx, deps, userId, checked)
    return { id: row.id, status: row.status as ConsignmentCreated['status'] }
  })
}

/**
 * A checked listing written and sealed, waiting for review — or on sale at once, approved by the system,
 * when the operators have switched review off. Also 官方代售+竞价回收's listing.
 */
export async function submitListingIn(
  tx: Executor,
  deps: ConsignmentDeps,
  userId: number,
  { values, credentials, payout }: Awaited<ReturnType<typeof checkedListing>>,
): Promise<GoodsRow> {
  const row = await goodsMachine.create(
    tx,
    'submit',
    { kind: 'seller', userId },
    { ...values, sellerId: userId, accountType: 'consign', guarantee: 'buyer_pays' },
  )
  await sealSecrets(tx, deps, row.id, { payout, credentials })
  if (!(await tradeSettings(tx)).autoApprove) return row
  const now = new Date()
  const approved = await goodsMachine.transition(
    tx,
    row.id,
    'approve',
    { kind: 'system' },
    { listedAt: now, updatedAt: now },
  )
  await notifyUsers(tx, [approvedMessage(row)])
  return approved!
}

/** The seller's 审核通过 message. */
export const approvedMessage = (row: Pick<GoodsRow, 'id' | 'sellerId' | 'title'>) => ({
  userId: row.sellerId!,
  type: 'audit_passed' as const,
  title: '商品审核通过',
  content: `您发布的「${row.title}」已通过审核，正在出售。`,
  relatedType: 'goods' as const,
  relatedId: row.id,
})

/** PUT /need/consignment/{id}: the seller edits a rejected or delisted listing; it goes back to review. */
export async function resubmit(
  deps: ConsignmentDeps,
  viewer: Viewer,
  id: number,
  body: ConsignmentRequest,
): Promise<AdminListing> {
  await sellersListing(deps.db, viewer, id)
  const { values, credentials, payout } = await checkedListing(deps, viewer.userId, body)
  await deps.db.transaction(async (tx) => {
    const row = await sellersListing(tx, viewer, id, true)
    const moved = goodsMachine.can('resubmit', row, 'seller')
      ? await goodsMachine.transition(
          tx,
          id,
          'resubmit',
          { kind: 'seller', userId: viewer.userId },
          { ...values, auditReason: '', delistReason: '', delistedBy: null, updatedAt: new Date() },
        )
      : null
    if (!moved) throw new AppError(409, '只有审核失败或已下架的商品可以修改后重新提交')
    await sealSecrets(tx, deps, id, { payout, credentials })
  })
  return listingOf(deps, viewer, id)
}

/** PUT /need/consignment/{id}/credentials (fillInformation): the account, password, notes and bindings. */
export async function updateCredentials(
  deps: ConsignmentDeps,
  viewer: Viewer,
  id: number,
  body: AccountCredentials,
): Promise<AdminListing> {
  await sellersListing(deps.db, viewer, id)
  const credentials = checkCredentials(body)
  await deps.db.transaction(async (tx) => {
    const row = await sellersListing(tx, viewer, id, true)
    if (!goodsMachine.allows('credentials', row, 'seller'))
      throw new AppError(409, '交易中或已售出的商品不能修改账号信息')
    await sealSecrets(tx, deps, id, { credentials })
  })
  return listingOf(deps, viewer, id)
}

/** The listing, if `viewer` owns it or is an operator; anyone else learns nothing (404). */
export async function ownListing(db: Executor, viewer: Viewer, id: number, lock = false): Promise<GoodsRow> {
  const query = db.select().from(goods).where(eq(goods.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row || (row.sellerId !== viewer.userId && !viewer.operator) || row.sellerId === null)
    throw new AppError(404, LISTING_NOT_FOUND)
  return row
}

/** The listing, if `viewer` is its seller: what only the seller does (edit, credentials); staff get 404 too. */
async function sellersListing(db: Executor, viewer: Viewer, id: number, lock = false): Promise<GoodsRow> {
  const row = await ownListing(db, viewer, id, lock)
  if (row.sellerId !== viewer.userId) throw new AppError(404, LISTING_NOT_FOUND)
  return row
}

/** The one role a viewer has on a listing: its seller acts as seller only. */
export const roleOf = (row: GoodsRow, viewer: Viewer) => (row.sellerId === viewer.userId ? 'seller' : 'operator')

const REFUSED: Record<string, string> = {
  delist: '只有审核中或在售的商品可以下架',
  relist: '只有自己下架的商品可以直接上架；被平台下架的商品请修改后重新提交审核',
  editPrice: '交易中或已售出的商品不能改价',
}

/** GET /goods/info/upGoods/{id}: the seller puts back on sale what they delisted. */
export async function relist(deps: ConsignmentDeps, viewer: Viewer, id: number): Promise<AdminListing> {
  await deps.db.transaction(async (tx) => {
    const row = await ownListing(tx, viewer, id, true)
    const moved = goodsMachine.can('relist', row, roleOf(row, viewer))
      ? await goodsMachine.transition(
          tx,
          id,
          'relist',
          { kind: 'seller', userId: viewer.userId },
          { delistReason: '', delistedBy: null, listedAt: new Date(), updatedAt: new Date() },
        )
      : null
    if (!moved) throw new AppError(409, REFUSED.relist)
  })
  return listingOf(deps, viewer, id)
}

/** POST /goods/info/downGoods: the seller or an operator takes it off sale, saying why. */
export async function delist(deps: ConsignmentDeps, actor: Staff, id: number, reason: string): Promise<AdminListing> {
  const why = cleanText('reason', '下架原因', reason, 1)
  await deps.db.transaction(async (tx) => {
    const row = await ownListing(tx, actor, id, true)
    const role = roleOf(row, actor)
    const moved = goodsMachine.can('delist', row, role)
      ? await goodsMachine.transition(
          tx,
          id,
          'delist',
          { kind: role, userId: actor.userId, detail: { reason: why } },
          { delistReason: why, delistedBy: role, updatedAt: new Date() },
        )
      : null
    if (!moved) throw new AppError(409, REFUSED.delist)
    if (role === 'operator') {
      await audit(tx, actor, 'goods.delist', { type: 'goods', id }, { reason: why })
      await notifyUsers(tx, [
        {
          userId: row.sellerId!,
          type: 'system',
          title: '商品已被下架',
          content: `您发布的「${row.title}」已被平台下架：${why}。修改后可重新提交审核。`,
          relatedType: 'listing',
          relatedId: id,
        },
      ])
    }
  })
  return listingOf(deps, actor, id)
}

/** POST /need/goods/editPrice: only while no order holds it; the status does not change. */
export async function editPrice(
  deps: ConsignmentDeps,
  viewer: Viewer,
  id: number,
  price: number,
): Promise<AdminListing> {
  const row = await ownListing(deps.db, viewer, id)
  if (!goodsMachine.allows('editPrice', row, roleOf(row, viewer))) throw new AppError(409, REFUSED.editPrice)
  await checkPrice(deps.db, price)
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ price: goods.price, status: goods.status })
      .from(goods)
      .where(eq(goods.id, id))
      .for('update')
    const [updated] = await tx
      .update(goods)
      .set({ price, updatedAt: new Date() })
      .where(and(eq(goods.id, id), inArray(goods.status, ['on_sale', 'delisted', 'rejected'])))
      .returning({ id: goods.id, title: goods.title, sellerId: goods.sellerId })
    if (!updated) throw new AppError(409, REFUSED.editPrice)
    // 降价提醒: a listing on sale got cheaper.
    if (before.status === 'on_sale') await alertPriceDrop(tx, updated, before.price, price)
  })
  return listingOf(deps, viewer, id)
}

/** What only the seller and staff see of listings: review notes, credentials on file, the sale, the seller. */
async function sellerFacts(db: Executor, ids: number[]) {
  const found =
    ids.length === 0
      ? []
      : await db
          .select({
            row: goods,
            credentials: goodsCredentials.goodsId,
            order: {
              id: orders.id,
              no: orders.no,
              status: orders.status,
              protectedUntil: orders.protectedUntil,
              goodsAmount: orders.goodsAmount,
              commission: orders.commissionAmount,
              refunded: orders.refundAmount,
              releasedAt: orders.releasedAt,
            },
            payout: payouts,
            claim: {
              status: claims.status,
              kind: claims.kind,
              amount: claims.amount,
              paidAt: claims.paidAt,
              recoveredAmount: claims.recoveredAmount,
              withheldAmount: claims.withheldAmount,
            },
            sellerName: users.nickName,
          })
          .from(goods)
          .innerJoin(users, eq(users.id, goods.sellerId))
          .leftJoin(goodsCredentials, eq(goodsCredentials.goodsId, goods.id))
          // The sale that holds it (paid, handed over, in an after-sale case) or sold it: one at most, as the
          // goods machine allows. A rentable listing's rentals are the owner's 租出中, each with its own money.
          .leftJoin(
            orders,
            and(
              eq(orders.goodsId, goods.id),
              eq(orders.kind, 'sale'),
              inArray(orders.status, ['paid', 'handed_over', 'disputed', 'completed']),
            ),
          )
          .leftJoin(payouts, eq(payouts.orderId, orders.id))
          // One claim an order stands at a time (claims_one_per_order): it holds the payout, and once paid it is
          // the seller's to know.
          .leftJoin(claims, and(eq(claims.orderId, orders.id), ne(claims.status, 'rejected')))
          .where(inArray(goods.id, ids))
  return new Map(found.map((f) => [f.row.id, { ...f, hasCredentials: f.credentials !== null }]))
}

/**
 * Listings as the seller's list shows them (one seller's, or every seller's for staff), with the actions
 * `role` may take on each now. Rows carry the seller; the seller's own answer schema leaves that out.
 */
export async function listings(
  deps: ConsignmentDeps,
  query: Parameters<typeof listingPage>[2],
  role: 'seller' | 'operator',
): Promise<{ rows: AdminListing[]; total: number }> {
  const { cards, total } = await listingPage(deps.db, deps.cache, query)
  const facts = await sellerFacts(
    deps.db,
    cards.map((c) => c.id),
  )
  const rows = cards.map(({ row: _row, ...card }): AdminListing => {
    const { row, hasCredentials, order, payout, claim, sellerName } = facts.get(card.id)!
    return {
      ...card,
      status: row.status,
      auditReason: row.auditReason,
      delistReason: row.delistReason,
      hasCredentials,
      createdAt: row.createdAt.toISOString(),
      orderId: order?.id ?? null,
      orderNo: order?.no ?? null,
      settlement: settlementOf(order, payout, claim),
      claim:
        claim?.status === 'paid'
          ? {
              kind: claim.kind,
              amount: claim.amount!,
              paidAt: claim.paidAt!.toISOString(),
              recoveredAmount: claim.recoveredAmount,
              withheldAmount: claim.withheldAmount,
            }
          : null,
      actions: goodsMachine.actionsFor(row, [role]),
      sellerId: row.sellerId!,
      sellerName,
    }
  })
  return { rows, total }
}

/** GET /need/myConsignment: the caller's listings, newest first (or the one `id` names). */
export const myConsignments = (
  deps: ConsignmentDeps,
  viewer: Viewer,
  query: { status?: MyConsignmentQuery['status']; id?: number; pageNum: number; pageSize: number },
) => listings(deps, { ...query, sellerId: viewer.userId }, 'seller')

/** One listing as the seller's list shows it, to its seller or to staff. */
export async function listingOf(deps: ConsignmentDeps, viewer: Viewer, id: number): Promise<AdminListing> {
  const row = await ownListing(deps.db, viewer, id)
  const { rows } = await listings(deps, { id, sellerId: row.sellerId!, pageNum: 1, pageSize: 1 }, roleOf(row, viewer))
  return rows[0]
}

/**
 * PUT /need/myConsignment/{id}/payee: the seller of a listing whose payouts the gateway refused (its sale's, its
 * rentals') gives another Alipay account. It is sealed with the listing in the seller's verified real name — the
 * money can only go to an account in that name — and each refused payout's next attempt is sent at once (not one
 * a claim on the sale holds).
 */
export async function changePayee(
  deps: ConsignmentDeps & PayoutDeps,
  viewer: Viewer,
  id: number,
  body: PayeeChange,
): Promise<AdminListing> {
  await sellersListing(deps.db, viewer, id)
  const realName = await verifiedRealName(deps.db, viewer.userId)
  const payee = checkPayout({ alipayAccount: body.alipayAccount, name: realName }, realName)
  const sent = await deps.db.transaction(async (tx) => {
    const retried = await retryListing(tx, id, { kind: 'seller', userId: viewer.userId })
    await tx
      .update(goods)
      .set({ payoutSealed: sealPayout(deps.vault, id, payee) })
      .where(eq(goods.id, id))
    return retried
  })
  for (const payoutId of sent) await sendPayout(deps, payoutId, { wait: true })
  return listingOf(deps, viewer, id)
}

/** The listing's payout account as the seller and staff may see it again: masked. */
export function maskedPayout(deps: ConsignmentDeps, row: GoodsRow): PayoutAccount | null {
  if (!row.payoutSealed) return null
  const payout = openPayout(deps.vault, row.id, row.payoutSealed)
  return { alipayAccount: maskAlipayAccount(payout.alipayAccount), name: maskName(payout.name) }
}

/** GET /need/consignment/{id}: the seller's own listing as the form edits it (编辑重提). */
export async function consignmentDetail(deps: ConsignmentDeps, viewer: Viewer, id: number): Promise<ConsignmentDetail> {
  const row = await sellersListing(deps.db, viewer, id)
  const nodes = await deps.db
    .select()
    .from(regionNodes)
    .where(inArray(regionNodes.id, row.regionIds.length ? row.regionIds : [0]))
  const [credentials] = await deps.db
    .select({ id: goodsCredentials.goodsId })
    .from(goodsCredentials)
    .where(eq(goodsCredentials.goodsId, id))
  return {
    id,
    gameId: row.gameId,
    status: row.status,
    regions: row.regionIds.flatMap((regionId) => nodes.filter((n) => n.id === regionId)),
    title: row.title,
    description: row.description,
    price: row.price,
    coverImage: row.coverImage,
    images: row.images,
    attributes: row.attributes,
    accountSource: row.accountSource as ConsignmentDetail['accountSource'],
    guaranteeMaterials: row.guaranteeMaterials,
    contact: row.contact as SellerContact,
    hasCredentials: Boolean(credentials),
    rent: row.rent,
    payout: maskedPayout(deps, row),
  }
}
