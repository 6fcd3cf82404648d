/**
 * 包赔: a buyer's claim on a completed, guaranteed order; staff's review; the compensation paid from the
 * guarantee fund by Alipay transfer; money recovered from the seller back into the fund; the public figures.
 *
 *   claim paid   compensation  guarantee_fund → buyer:<id>        when the transfer succeeds (ref claim:<id>)
 *                recovery      seller_frozen:<id> → guarantee_fund  withheld from the seller's unpaid money for
 *                                                                  the sale, in the same transaction (ref withheld:<id>)
 *   recovered    recovery      seller:<id>    → guarantee_fund    what staff got back (ref recovery:<id>)
 *
 * A transfer is sent under the claim's row lock with `out_biz_no` CL<id>-<attempt>: a sweep that dies midway
 * sends the same transfer again, never a second one; a refused transfer waits for staff's retry (a new attempt).
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type {
  AdminClaim,
  AdminClaimsQuery,
  Claim,
  ClaimInfo,
  ClaimRequest,
  ClaimStats,
  ClaimStatsWindow,
} from '../../../src/contract/claims'
import type { AuditAction } from '../../../src/contract/constants'
import { CLAIM_KIND_LABELS, CLAIM_STATS_DAYS, DAY_MS } from '../../../src/contract/constants'
import { formatPrice } from '../../../src/contract/money'
import { checkAlipayAccount, maskAlipayAccount, maskName } from '../../../src/contract/validation'
import type { Executor } from '../../db'
import { claimRecoveries, claims, credentialReveals, goods, orders, payouts, sellerStats, users } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import type { Viewer } from '../../lib/auth'
import { AppError, checkField, invalid } from '../../lib/envelope'
import { isStoredImage } from '../../lib/images'
import { tradeSettings } from '../../lib/settings'
import { sweepEach } from '../../lib/sweep'
import { goodsMachine } from '../catalogue/machine'
import { account, post } from '../ledger/ledger'
import { notifyUsers } from '../messages/service'
import { ORDER_NOT_FOUND } from '../orders/lifecycle'
import type { OrderRow } from '../orders/machine'
import { payoutMachine } from '../payments/machine'
import type { PayoutDeps } from '../payments/payouts'
import { fundAvailable, fundBalance } from './fund'
import { claimMachine, type ClaimRow } from './machine'

export interface ClaimDeps extends PayoutDeps {
  dataDir: string
}

export const CLAIM_NOT_FOUND = '包赔申请不存在'
const BATCH = 50
export const payeeAad = (orderId: number) => `claim:${orderId}:payee`
const claimOutBizNo = (row: Pick<ClaimRow, 'id' | 'attempt'>) => `CL${row.id}-${row.attempt}`

/** What after-sale already gave back of the goods is not compensated a second time. */
const claimCeiling = (order: OrderRow) => order.goodsAmount - order.refundAmount

function toClaim(row: ClaimRow, order: OrderRow, role: 'buyer' | 'operator'): Claim {
  const iso = (d: Date | null) => d?.toISOString() ?? null
  return {
    id: row.id,
    orderId: order.id,
    orderNo: order.no,
    title: order.goods.title,
    coverImage: order.goods.coverImage,
    guaranteeType: order.guaranteeType === 'face' ? 'face' : 'retrieval',
    goodsAmount: order.goodsAmount,
    maxAmount: claimCeiling(order),
    kind: row.kind,
    description: row.description,
    images: row.images,
    additions: row.additions,
    payee: row.payeeMasked,
    status: row.status,
    infoRequest: row.infoRequest,
    amount: row.amount,
    rejectReason: row.rejectReason,
    transferNo: row.transferNo,
    transferFailure: row.transferFailure,
    recoveredAmount: row.recoveredAmount,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    paidAt: iso(row.paidAt),
    actions: claimMachine.actionsFor(row, [role]),
  }
}

async function checkImages(dataDir: string, field: string, images: string[]) {
  for (const image of images)
    if (!(await isStoredImage(dataDir, image))) invalid(field, '图片必须是上传得到的地址，请重新上传')
}

const words = (field: string, what: string, text: string) => {
  const trimmed = text.trim()
  if (trimmed.length < 10) invalid(field, `${what}至少 10 个字`)
  return trimmed
}

/** Why this order cannot take a claim now, in the buyer's words; '' when it can. */
function whyNoClaim(order: OrderRow, kind: ClaimRequest['kind'], termDays: number, now: Date): string {
  if (order.status !== 'completed') return '交易完成后才能申请包赔'
  if (order.guaranteeType === 'none') return '该订单未购买包赔服务'
  if (kind === 'face_recovered' && order.guaranteeType !== 'face') return '人脸找回需购买人脸包赔'
  if (termDays > 0 && order.completedAt && order.completedAt.getTime() + termDays * DAY_MS <= now.getTime())
    return `已超过包赔期限（完成后 ${termDays} 天内）`
  return ''
}

/** POST /need/myOrder/{id}/claim. */
export async function fileClaim(deps: ClaimDeps, viewer: Viewer, orderId: number, body: ClaimRequest): Promise<Claim> {
  const description = words('description', '问题描述', body.description)
  await checkImages(deps.dataDir, 'images', body.images)
  const alipayAccount = body.payee.alipayAccount.trim()
  checkField('payee.alipayAccount', checkAlipayAccount(alipayAccount))
  const name = body.payee.name.trim()
  const [buyer] = await deps.db.select({ realName: users.realName }).from(users).where(eq(users.id, viewer.userId))
  if (buyer?.realName && name !== buyer.realName) invalid('payee.name', '收款人姓名须与实名认证的姓名一致')
  const { guaranteeTermDays } = await tradeSettings(deps.db)
  const now = new Date()
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order || order.buyerId !== viewer.userId) throw new AppError(404, ORDER_NOT_FOUND)
    const refusal = whyNoClaim(order, body.kind, guaranteeTermDays, now)
    if (refusal) throw new AppError(409, refusal)
    const [open] = await tx
      .select({ status: claims.status })
      .from(claims)
      .where(and(eq(claims.orderId, orderId), sql`${claims.status} <> 'rejected'`))
    if (open) throw new AppError(409, open.status === 'paid' ? '该订单已获赔付' : '该订单已有包赔申请在处理中')
    const row = await claimMachine.create(
      tx,
      'file',
      { kind: 'buyer', userId: viewer.userId },
      {
        orderId,
        buyerId: order.buyerId,
        sellerId: order.sellerId,
        kind: body.kind,
        description,
        images: body.images,
        payeeSealed: deps.vault.seal(JSON.stringify({ alipayAccount, name }), payeeAad(orderId)),
        payeeMasked: { alipayAccount: maskAlipayAccount(alipayAccount), name: maskName(name) },
      },
    )
    return toClaim(row, order, 'buyer')
  })
}

async function claimWithOrder(db: Executor, where: SQL) {
  const found = await db
    .select({ row: claims, order: orders })
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .where(where)
    .orderBy(desc(claims.id))
  return found
}

/** GET /need/claims: the buyer's claims, newest first. */
export async function myClaims(db: Executor, viewer: Viewer): Promise<Claim[]> {
  const found = await claimWithOrder(db, eq(claims.buyerId, viewer.userId))
  return found.map(({ row, order }) => toClaim(row, order, 'buyer'))
}

/** GET /need/claims/{id}: one of the buyer's; anyone else gets the same 404 as a missing id. */
export async function myClaim(db: Executor, viewer: Viewer, id: number): Promise<Claim> {
  const [found] = await claimWithOrder(db, and(eq(claims.id, id), eq(claims.buyerId, viewer.userId))!)
  if (!found) throw new AppError(404, CLAIM_NOT_FOUND)
  return toClaim(found.row, found.order, 'buyer')
}

/** POST /need/claims/{id}/info: what staff asked for; the claim is back in review. */
export async function addInfo(deps: ClaimDeps, viewer: Viewer, id: number, body: ClaimInfo): Promise<Claim> {
  const text = words('text', '补充说明', body.text)
  await checkImages(deps.dataDir, 'images', body.images)
  return deps.db.transaction(async (tx) => {
    const [found] = await claimWithOrder(tx, and(eq(claims.id, id), eq(claims.buyerId, viewer.userId))!)
    if (!found) throw new AppError(404, CLAIM_NOT_FOUND)
    const additions = [...found.row.additions, { text, images: body.images, at: new Date().toISOString() }]
    const row = await claimMachine.transition(
      tx,
      id,
      'addInfo',
      { kind: 'buyer', userId: viewer.userId },
      { additions, updatedAt: new Date() },
    )
    if (!row) throw new AppError(409, '当前无需补充材料')
    return toClaim(row, found.order, 'buyer')
  })
}

// ---------------------------------------------------------------- staff

/** GET /api/admin/claims: by status, the longest waiting first. */
export async function adminClaims(
  db: Executor,
  query: AdminClaimsQuery & { pageNum: number; pageSize: number },
): Promise<{ rows: Claim[]; total: number }> {
  const where = query.status ? eq(claims.status, query.status) : undefined
  const [found, [{ total }]] = await Promise.all([
    db
      .select({ row: claims, order: orders })
      .from(claims)
      .innerJoin(orders, eq(orders.id, claims.orderId))
      .where(where)
      .orderBy(asc(claims.createdAt), asc(claims.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(claims).where(where),
  ])
  return { rows: found.map(({ row, order }) => toClaim(row, order, 'operator')), total }
}

/** GET /api/admin/claims/{id}: the claim with the order's credentials reveals and the seller's record. */
export async function adminClaim(db: Executor, id: number): Promise<AdminClaim> {
  const [found] = await claimWithOrder(db, eq(claims.id, id))
  if (!found) throw new AppError(404, CLAIM_NOT_FOUND)
  const { row, order } = found
  const [buyer] = await db.select({ id: users.id, name: users.nickName }).from(users).where(eq(users.id, row.buyerId))
  const reveals = await db
    .select({ role: credentialReveals.role, reason: credentialReveals.reason, at: credentialReveals.createdAt })
    .from(credentialReveals)
    .where(eq(credentialReveals.orderId, order.id))
    .orderBy(asc(credentialReveals.id))
  let seller: AdminClaim['seller'] = null
  if (row.sellerId !== null) {
    const [facts] = await db
      .select({
        name: users.nickName,
        // The seller card's own figure (seller_stats, kept with the orders).
        sales: sql<number>`coalesce((select ${sellerStats.sales} from ${sellerStats} where ${sellerStats.sellerKey} = ${row.sellerId}), 0)`,
        paidClaims: sql<number>`(select count(*)::int from ${claims} where ${claims.sellerId} = ${row.sellerId} and ${claims.status} = 'paid')`,
      })
      .from(users)
      .where(eq(users.id, row.sellerId))
    seller = { id: row.sellerId, name: facts.name, sales: facts.sales, paidClaims: facts.paidClaims }
  }
  return {
    ...toClaim(row, order, 'operator'),
    buyer: { id: buyer.id, name: buyer.name },
    seller,
    withheldAmount: row.withheldAmount,
    reveals: reveals.map((r) => ({ role: r.role, reason: r.reason, at: r.at.toISOString() })),
    fundAvailable: await fundAvailable(db),
  }
}

/** Staff's step on a claim, audited (`action`, `detail`) in its transaction; the buyer told. */
async function decideClaim(
  deps: ClaimDeps,
  staff: Staff,
  id: number,
  step: (tx: Executor, row: ClaimRow, order: OrderRow) => Promise<ClaimRow | null>,
  audited: { action: AuditAction; detail: Record<string, unknown>; refused: string },
  message: (row: ClaimRow) => [string, string],
): Promise<ClaimRow> {
  return deps.db.transaction(async (tx) => {
    const [found] = await claimWithOrder(tx, eq(claims.id, id))
    if (!found) throw new AppError(404, CLAIM_NOT_FOUND)
    const row = await step(tx, found.row, found.order)
    if (!row) throw new AppError(409, audited.refused)
    await audit(tx, staff, audited.action, { type: 'claim', id }, { ...audited.detail, orderId: row.orderId })
    const [title, content] = message(row)
    await notifyUsers(tx, [
      { userId: row.buyerId, type: 'system', title, content, relatedType: 'claim', relatedId: row.id },
    ])
    return row
  })
}

/** POST /api/admin/claims/{id}/approve: at most the goods price, and no more than the fund can pay. */
export async function approve(deps: ClaimDeps, staff: Staff, id: number, amount: number): Promise<AdminClaim> {
  const now = new Date()
  await decideClaim(
    deps,
    staff,
    id,
    async (tx, _row, order) => {
      const most = claimCeiling(order)
      if (amount > most) invalid('amount', `赔付金额不能超过 ${formatPrice(most)}（商品价格，减去售后已退款）`)
      // Approvals take turns on the fund: two at once cannot promise the same money.
      await tx.execute(sql`select pg_advisory_xact_lock(${FUND_LOCK})`)
      const available = await fundAvailable(tx)
      if (amount > available)
        throw new AppError(409, `包赔基金可用余额 ${formatPrice(Math.max(0, available))}，不足以赔付`)
      return claimMachine.transition(
        tx,
        id,
        'approve',
        { kind: 'operator', userId: staff.userId, detail: { amount } },
        { amount, decidedBy: staff.userId, decidedAt: now, updatedAt: now },
      )
    },
    { action: 'claim.approve', detail: { amount }, refused: '只有审核中的申请可以同意' },
    (row) => ['包赔申请已通过', `你的包赔申请已通过，赔付 ${formatPrice(row.amount ?? 0)} 将转入你的支付宝账户。`],
  )
  await sendClaimPayout(deps, id, { wait: true })
  return adminClaim(deps.db, id)
}

// Any fixed number: approvals of claims take turns on the fund.
const FUND_LOCK = 7_246_119

/** POST /api/admin/claims/{id}/reject. */
export async function reject(deps: ClaimDeps, staff: Staff, id: number, reason: string): Promise<AdminClaim> {
  const now = new Date()
  const text = reason.trim()
  await decideClaim(
    deps,
    staff,
    id,
    (tx) =>
      claimMachine.transition(
        tx,
        id,
        'reject',
        { kind: 'operator', userId: staff.userId, detail: { reason: text } },
        { rejectReason: text, decidedBy: staff.userId, decidedAt: now, updatedAt: now },
      ),
    { action: 'claim.reject', detail: { reason: text }, refused: '只有审核中或待补充的申请可以驳回' },
    () => ['包赔申请未通过', `你的包赔申请未通过：${text}`],
  )
  return adminClaim(deps.db, id)
}

/** POST /api/admin/claims/{id}/request-info. */
export async function requestInfo(deps: ClaimDeps, staff: Staff, id: number, note: string): Promise<AdminClaim> {
  const text = note.trim()
  await decideClaim(
    deps,
    staff,
    id,
    (tx) =>
      claimMachine.transition(
        tx,
        id,
        'requestInfo',
        { kind: 'operator', userId: staff.userId, detail: { note: text } },
        { infoRequest: text, updatedAt: new Date() },
      ),
    { action: 'claim.requestInfo', detail: { note: text }, refused: '只有审核中的申请可以要求补充材料' },
    () => ['包赔申请需要补充材料', `请补充：${text}`],
  )
  return adminClaim(deps.db, id)
}

/** POST /api/admin/claims/{id}/retry: a refused transfer gets a new attempt and is sent now. */
export async function retry(deps: ClaimDeps, staff: Staff, id: number): Promise<AdminClaim> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(claims).where(eq(claims.id, id)).for('update')
    if (!row) throw new AppError(404, CLAIM_NOT_FOUND)
    if (!claimMachine.allows('retry', row, 'operator')) throw new AppError(409, '只有打款失败的赔付可以重试')
    await tx
      .update(claims)
      .set({ attempt: row.attempt + 1, transferFailure: '', updatedAt: new Date() })
      .where(eq(claims.id, id))
    await audit(tx, staff, 'claim.retry', { type: 'claim', id }, { attempt: row.attempt + 1 })
  })
  await sendClaimPayout(deps, id, { wait: true })
  return adminClaim(deps.db, id)
}

/** POST /api/admin/claims/{id}/recovery: money got back from the seller goes into the fund. */
export async function recordRecovery(
  deps: ClaimDeps,
  staff: Staff,
  id: number,
  body: { amount: number; note: string },
): Promise<AdminClaim> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(claims).where(eq(claims.id, id)).for('update')
    if (!row) throw new AppError(404, CLAIM_NOT_FOUND)
    if (!claimMachine.allows('recover', row, 'operator'))
      throw new AppError(
        409,
        row.status === 'paid' ? `赔付金额 ${formatPrice(row.amount!)} 已全部追回` : '赔付完成后才能记录追回',
      )
    if (row.sellerId === null) throw new AppError(409, '自营商品没有可追回的卖家')
    if (row.recoveredAmount + body.amount > (row.amount ?? 0))
      invalid('amount', `追回合计不能超过赔付金额 ${formatPrice(row.amount ?? 0)}`)
    const [recovery] = await tx
      .insert(claimRecoveries)
      .values({ claimId: id, amount: body.amount, note: body.note.trim(), staffId: staff.userId })
      .returning()
    await tx
      .update(claims)
      .set({ recoveredAmount: row.recoveredAmount + body.amount, updatedAt: new Date() })
      .where(eq(claims.id, id))
    await post(tx, [
      {
        ref: `recovery:${recovery.id}`,
        orderId: row.orderId,
        kind: 'recovery',
        amount: body.amount,
        from: account.seller(row.sellerId),
        to: account.guaranteeFund,
      },
    ])
    await audit(tx, staff, 'claim.recovery', { type: 'claim', id }, { amount: body.amount, note: body.note.trim() })
  })
  return adminClaim(deps.db, id)
}

type Sent = 'paid' | 'failed' | 'unknown' | 'busy'

/**
 * Sends an approved claim's transfer: its current attempt, to the payee sealed with the claim. Paid → the
 * ledger's compensation, the claim paid and the buyer told (and, when the setting says so, the seller's
 * other listings back to review); refused → the gateway's words, for staff's retry; no answer → sent again
 * (the same attempt, so the same transfer) by the next sweep. The sweeper passes over a claim someone holds;
 * staff's approval or retry waits for it (a racing decision holds it for a moment), so it pays at once.
 */
export async function sendClaimPayout(deps: PayoutDeps, id: number, { wait = false } = {}): Promise<Sent> {
  return deps.db.transaction(async (tx): Promise<Sent> => {
    const [row] = await tx
      .select()
      .from(claims)
      .where(and(eq(claims.id, id), eq(claims.status, 'approved'), eq(claims.transferFailure, '')))
      .for('update', wait ? undefined : { skipLocked: true })
    if (!row) return 'busy'
    const fail = async (reason: string): Promise<Sent> => {
      await tx.update(claims).set({ transferFailure: reason, updatedAt: new Date() }).where(eq(claims.id, id))
      return 'failed'
    }
    const gateway = deps.payments.alipay
    if (!gateway?.transfer) return fail('未配置支付宝转账')
    const payee = JSON.parse(deps.vault.open(row.payeeSealed, payeeAad(row.orderId))) as {
      alipayAccount: string
      name: string
    }
    let result
    try {
      result = await gateway.transfer({
        outBizNo: claimOutBizNo(row),
        amount: row.amount!,
        payeeAccount: payee.alipayAccount,
        payeeName: payee.name,
        title: `号安心包赔赔付 ${CLAIM_KIND_LABELS[row.kind]}`.slice(0, 50),
      })
    } catch (error) {
      deps.log.error({ err: error, claimId: id }, 'claim transfer outcome unknown; the next sweep asks again')
      return 'unknown'
    }
    if (result.state === 'failed') return fail(result.reason)
    const now = new Date()
    const paid = await claimMachine.transition(
      tx,
      id,
      'pay',
      { kind: 'system' },
      { transferNo: result.transferNo, paidAt: result.paidAt ?? now, updatedAt: now },
    )
    if (!paid) return 'busy'
    await post(tx, [
      {
        ref: `claim:${id}`,
        orderId: row.orderId,
        kind: 'compensation',
        amount: row.amount!,
        from: account.guaranteeFund,
        to: account.buyer(row.buyerId),
      },
    ])
    const withheld = row.sellerId === null ? 0 : await withholdFromSale(tx, row, row.sellerId)
    await notifyUsers(tx, [
      {
        userId: row.buyerId,
        type: 'system',
        title: '包赔已赔付',
        content: `包赔赔付 ${formatPrice(row.amount!)} 已转入你的支付宝账户，转账单号 ${result.transferNo}。`,
        relatedType: 'claim',
        relatedId: row.id,
      },
    ])
    if (row.sellerId !== null) await holdSellerListings(tx, row, row.sellerId, withheld)
    return 'paid'
  })
}

/**
 * A claim paid before its seller was: the compensation comes back to the fund from the seller's money for the
 * sale, still frozen (the payouts are not made while a claim stands, payments/payouts.ts). What is left pays the
 * commission first; if nothing is left for the seller, the sale's money is settled here, with no payout. A payout
 * the gateway refused is amended to what is left (the operator's retry sends that), or cancelled. A payout paid or
 * on its way (its protection window had passed before the claim was filed) is the seller's: staff recover from
 * them as for any claim after that. Answers what was withheld.
 */
async function withholdFromSale(tx: Executor, claim: ClaimRow, sellerId: number): Promise<number> {
  const [order] = await tx
    .select({
      frozen: sql<number>`${orders.goodsAmount} - ${orders.refundAmount}`.mapWith(Number),
      commission: orders.commissionAmount,
      payout: { id: payouts.id, status: payouts.status },
    })
    .from(orders)
    .leftJoin(payouts, eq(payouts.orderId, orders.id))
    .where(and(eq(orders.id, claim.orderId), isNull(orders.releasedAt)))
    .for('update', { of: orders })
  if (!order || (order.payout && order.payout.status !== 'failed')) return 0
  const withheld = Math.min(claim.amount!, order.frozen)
  const left = order.frozen - withheld
  const settled = left <= order.commission
  await tx
    .update(claims)
    .set({ withheldAmount: withheld, recoveredAmount: claim.recoveredAmount + withheld })
    .where(eq(claims.id, claim.id))
  await post(tx, [
    {
      ref: `withheld:${claim.id}`,
      orderId: claim.orderId,
      kind: 'recovery',
      amount: withheld,
      from: account.sellerFrozen(sellerId),
      to: account.guaranteeFund,
    },
    ...(settled
      ? [
          {
            ref: `commission:${claim.orderId}`,
            orderId: claim.orderId,
            kind: 'fee' as const,
            amount: left,
            from: account.sellerFrozen(sellerId),
            to: account.fee,
          },
        ]
      : []),
  ])
  if (settled) await tx.update(orders).set({ releasedAt: new Date() }).where(eq(orders.id, claim.orderId))
  if (order.payout) {
    const actor = { kind: 'system' as const, detail: { claimId: claim.id, withheld } }
    if (settled) await payoutMachine.transition(tx, order.payout.id, 'cancel', actor, { updatedAt: new Date() })
    else
      await payoutMachine.transition(tx, order.payout.id, 'amend', actor, {
        amount: left - order.commission,
        updatedAt: new Date(),
      })
  }
  return withheld
}

/**
 * A paid claim marks its seller, who is told with the sold listing to open (its 包赔 shows there), and what
 * was withheld from their money for it; with the setting on, their listings on sale go back to review.
 */
async function holdSellerListings(tx: Executor, claim: ClaimRow, sellerId: number, withheld: number) {
  const { claimHoldsListings } = await tradeSettings(tx)
  const [sold] = await tx.select({ goodsId: orders.goodsId }).from(orders).where(eq(orders.id, claim.orderId))
  const taken = withheld > 0 ? `已从你该笔未结算的货款中扣回 ${formatPrice(withheld)}。` : ''
  await notifyUsers(tx, [
    {
      userId: sellerId,
      type: 'system',
      title: '你售出的账号发生包赔',
      content: claimHoldsListings
        ? `平台已向买家赔付，${taken}你在售的其他商品已转入重新审核。如有异议请联系客服。`
        : `平台已向买家赔付，${taken}该记录会计入你的卖家信用。如有异议请联系客服。`,
      relatedType: 'listing',
      relatedId: sold.goodsId,
    },
  ])
  if (!claimHoldsListings) return
  const onSale = await tx
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.sellerId, sellerId), eq(goods.status, 'on_sale')))
  for (const { id } of onSale)
    await goodsMachine.transition(
      tx,
      id,
      'hold',
      { kind: 'system', detail: { claimId: claim.id } },
      { updatedAt: new Date() },
    )
}

/** The sweeper: sends every approved claim whose transfer is not known refused. */
export async function sendPendingClaimPayouts(deps: PayoutDeps): Promise<number> {
  const due = await deps.db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.status, 'approved'), eq(claims.transferFailure, '')))
    .orderBy(asc(claims.decidedAt))
    .limit(BATCH)
  return sweepEach(deps, 'claims', due, async ({ id }) => (await sendClaimPayout(deps, id)) === 'paid')
}

// ---------------------------------------------------------------- public figures

/** GET /web/claims/stats: filed, approved, paid and how fast, over each window — from the claims themselves. */
export async function claimStats(db: Executor, now = new Date()): Promise<ClaimStats> {
  const windows: ClaimStatsWindow[] = []
  for (const days of CLAIM_STATS_DAYS) {
    const since = new Date(now.getTime() - days * DAY_MS)
    const [row] = (
      await db.execute(sql`
        select
          count(*)::int as filed,
          count(*) filter (where status in ('approved', 'paid'))::int as approved,
          count(*) filter (where status = 'paid')::int as paid,
          count(*) filter (where status = 'rejected')::int as rejected,
          coalesce(sum(amount) filter (where status = 'paid'), 0)::bigint as total_paid,
          percentile_cont(0.5) within group (order by extract(epoch from paid_at - created_at))
            filter (where status = 'paid') as median_seconds
        from ${claims}
        where created_at >= ${since} and created_at <= ${now}`)
    ).rows as {
      filed: number
      approved: number
      paid: number
      rejected: number
      total_paid: string
      median_seconds: number | null
    }[]
    const decided = row.paid + row.rejected
    windows.push({
      days,
      filed: row.filed,
      approved: row.approved,
      paid: row.paid,
      paidRatioBps: decided === 0 ? null : Math.round((row.paid / decided) * 10_000),
      medianDaysToPay: row.median_seconds === null ? null : Math.round((Number(row.median_seconds) / 86_400) * 10) / 10,
      totalPaid: Number(row.total_paid),
    })
  }
  return { windows, fund: await fundBalance(db) }
}
