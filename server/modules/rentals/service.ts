/**
 * 租号: the renter's hire of a rentable listing, its reading of the account, renewal, early return and
 * complaints; the owner's confirmation; staff's decision of a complaint; the sweeper's two clocks (endAt, the
 * check window). Each step is the rental machine's, its money and listing moved in the same transaction
 * (rentals/lifecycle.ts); the gateway refunds go out right after the commit, the sweeper retries what did not.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { RentTerms } from '../../../src/contract/catalogue'
import {
  FULL_REFUND_COMPLAINTS,
  OWNER_COMPLAINTS,
  RENT_LIMITS,
  RENTAL_COMPLAINT_LABELS,
  RENTER_COMPLAINTS,
} from '../../../src/contract/constants'
import { formatPrice, rentFor } from '../../../src/contract/money'
import type { Credentials } from '../../../src/contract/orders'
import type {
  AdminRentalsQuery,
  Rental,
  RentalComplaintRequest,
  RentalDecision,
  RentalPayable,
  RentalRequest,
  RentalsQuery,
} from '../../../src/contract/rentals'
import type { Db, Executor } from '../../db'
import { games, goods, orders, payouts, rentals, users } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import type { Viewer } from '../../lib/auth'
import { AppError, invalid } from '../../lib/envelope'
import { isStoredImage } from '../../lib/images'
import { applyRate, tradeSettings } from '../../lib/settings'
import { sweepDue } from '../../lib/sweep'
import type { Vault } from '../../lib/vault'
import { revealCredentials } from '../catalogue/credentials'
import { goodsMachine } from '../catalogue/machine'
import { notifyUsers } from '../messages/service'
import { cancelIn } from '../orders/lifecycle'
import { checkBuyerLimits, goodsForSale, openOrder } from '../orders/service'
import type { PayoutRow } from '../payments/machine'
import { settlementOf } from '../payments/payouts'
import { closeGatewayTrades, settleRefunds, type PaymentDeps } from '../payments/service'
import {
  dropRenewals,
  refundMoneyIn,
  RENTAL_NOT_FOUND,
  rentalMessage,
  rentalOrders,
  returnIn,
  settleMoneyIn,
  type RentalActor,
} from './lifecycle'
import { fullRefundUntil, rentalMachine, type RentalRow, type TimedRentalEvent } from './machine'

export interface RentalDeps extends PaymentDeps {
  vault: Vault
  dataDir: string
}

type Role = Rental['role']

const iso = (at: Date | null) => at?.toISOString() ?? null

/** The rentals `where` finds, with what the viewer sees of each; the newest first unless said. */
async function rentalRows(
  db: Executor,
  where: SQL | undefined,
  page: { order?: SQL[]; limit?: number; offset?: number } = {},
) {
  return db
    .select({
      row: rentals,
      title: goods.title,
      coverImage: goods.coverImage,
      gameName: games.name,
    })
    .from(rentals)
    .innerJoin(goods, eq(goods.id, rentals.goodsId))
    .innerJoin(games, eq(games.id, goods.gameId))
    .where(where)
    .orderBy(...(page.order ?? [desc(rentals.id)]))
    .limit(page.limit ?? 50)
    .offset(page.offset ?? 0)
}

type Found = Awaited<ReturnType<typeof rentalRows>>[number]

/** A rental's orders, each with its payout once the sweeper made one. */
type Money = { order: typeof orders.$inferSelect; payout: PayoutRow | null }[]

/** The owner's money, order by order, once settled (a refunded rental's orders were never completed). */
const ownerPayouts = (money: Money): Rental['payouts'] =>
  money.flatMap(({ order, payout }) => {
    const settlement = settlementOf(
      { ...order, commission: order.commissionAmount, refunded: order.refundAmount },
      payout,
      null,
    )
    return settlement && order.kind !== 'sale' ? [{ kind: order.kind, ...settlement }] : []
  })

function toRental({ row, title, coverImage, gameName }: Found, role: Role, money: Money) {
  const first = money.find(({ order }) => order.kind === 'rental')!.order
  const renewal = money.find(({ order }) => order.kind === 'renewal' && order.status === 'pending_payment')?.order
  const roles = role === 'staff' ? (['operator'] as const) : ([role] as const)
  return {
    id: row.id,
    goodsId: row.goodsId,
    title,
    coverImage,
    gameName,
    role,
    status: row.status,
    hours: row.hours,
    maxHours: row.maxHours,
    hourly: row.hourly,
    daily: row.daily,
    rentAmount: row.rentAmount,
    depositAmount: row.depositAmount,
    damageAmount: row.damageAmount,
    ownerAmount: row.rentAmount - row.commissionAmount + row.damageAmount,
    payouts: role === 'renter' ? [] : ownerPayouts(money),
    rules: row.rules,
    orderId: first.id,
    renewal: renewal ? { orderId: renewal.id, hours: renewal.rentHours!, totalAmount: renewal.totalAmount } : null,
    closeAt: first.closeAt.toISOString(),
    startAt: iso(row.startAt),
    endAt: iso(row.endAt),
    returnedAt: iso(row.returnedAt),
    checkUntil: iso(row.checkUntil),
    settledAt: iso(row.settledAt),
    fullRefundUntil: iso(fullRefundUntil(row)),
    complaint: row.complaint,
    decision: row.decision,
    createdAt: row.createdAt.toISOString(),
    actions: rentalMachine.actionsFor(row, roles),
  } satisfies Rental
}

async function withOrders(db: Executor, found: Found[], role: (found: Found) => Role): Promise<Rental[]> {
  if (found.length === 0) return []
  const money = await db
    .select({ order: orders, payout: payouts })
    .from(orders)
    .leftJoin(payouts, eq(payouts.orderId, orders.id))
    .where(
      inArray(
        orders.rentalId,
        found.map((f) => f.row.id),
      ),
    )
    .orderBy(asc(orders.id))
  return found.map((f) =>
    toRental(
      f,
      role(f),
      money.filter(({ order }) => order.rentalId === f.row.id),
    ),
  )
}

const roleOf = (row: RentalRow, viewer: Viewer): 'renter' | 'owner' | null =>
  row.renterId === viewer.userId ? 'renter' : row.ownerId !== null && row.ownerId === viewer.userId ? 'owner' : null

/** GET /need/rental/{id}: the renter's or the owner's; anyone else gets the same 404 as a missing id. */
export async function myRental(db: Executor, viewer: Viewer, id: number): Promise<Rental> {
  const [found] = await rentalRows(db, eq(rentals.id, id))
  const role = found && roleOf(found.row, viewer)
  if (!role) throw new AppError(404, RENTAL_NOT_FOUND)
  const [rental] = await withOrders(db, [found], () => role)
  return rental
}

/** GET /need/rentals: what the viewer rented (renter) or let (owner), newest first. */
export async function myRentals(db: Executor, viewer: Viewer, query: RentalsQuery): Promise<Rental[]> {
  const role = query.role ?? 'renter'
  const mine = role === 'renter' ? eq(rentals.renterId, viewer.userId) : eq(rentals.ownerId, viewer.userId)
  return withOrders(db, await rentalRows(db, mine), () => role)
}

/** GET /api/admin/rentals: complaints first (the longest waiting first), then the newest. */
export async function adminRentals(db: Executor, query: AdminRentalsQuery): Promise<{ rows: Rental[]; total: number }> {
  const { pageNum = 1, pageSize = 20, status } = query
  const where = status ? eq(rentals.status, status) : undefined
  const [found, [{ total }]] = await Promise.all([
    rentalRows(db, where, {
      order: [
        sql`${rentals.status} = 'disputed' desc`,
        sql`case when ${rentals.status} = 'disputed' then ${rentals.updatedAt} end asc`,
        desc(rentals.id),
      ],
      limit: pageSize,
      offset: (pageNum - 1) * pageSize,
    }),
    db.select({ total: count() }).from(rentals).where(where),
  ])
  return { rows: await withOrders(db, found, () => 'staff'), total }
}

export async function adminRental(db: Executor, id: number): Promise<Rental> {
  const [found] = await rentalRows(db, eq(rentals.id, id))
  if (!found) throw new AppError(404, RENTAL_NOT_FOUND)
  const [rental] = await withOrders(db, [found], () => 'staff')
  return rental
}

// ---------------------------------------------------------------- renting

function checkHours(terms: Pick<RentTerms, 'minHours' | 'maxHours'>, hours: number, already = 0) {
  if (hours + already < terms.minHours) invalid('hours', `最短租 ${terms.minHours} 小时`)
  if (hours + already > terms.maxHours)
    invalid(
      'hours',
      already > 0
        ? `该账号最长租 ${terms.maxHours} 小时，最多还能续租 ${terms.maxHours - already} 小时`
        : `该账号最长租 ${terms.maxHours} 小时`,
    )
}

/**
 * The rent of `hours` and the commission kept back from it: the sellers' rate without its minimum (an hour's
 * rent may be below it, and the owner is always left something); none for the platform's own stock.
 */
async function priceRent(
  tx: Executor,
  terms: Pick<RentTerms, 'hourly' | 'daily'>,
  hours: number,
  ownerId: number | null,
) {
  const rent = rentFor(terms, hours)
  const { sellerCommission } = await tradeSettings(tx)
  return { rent, commission: ownerId === null ? 0 : applyRate(rent, { ...sellerCommission, min: 0 }, rent - 1) }
}

function refusalOf(status: string) {
  if (status === 'rented') return new AppError(409, '该账号正在出租中，请稍后再租')
  if (status === 'in_trade') return new AppError(409, '该账号正在交易中，暂不能租用')
  if (status === 'sold') return new AppError(409, '该账号已出售')
  return new AppError(409, '该账号已下架')
}

/** A rental's order (its first, rent + deposit; or a renewal's rent), opened for the renter like any order. */
async function openRentalOrder(
  tx: Executor,
  renterId: number,
  item: Awaited<ReturnType<typeof goodsForSale>>,
  money: { amount: number; commission: number },
  rental: { kind: 'rental' | 'renewal'; rentalId: number; rentHours: number },
) {
  return openOrder(
    tx,
    'create',
    { kind: 'buyer', userId: renterId },
    {
      item,
      buyerId: renterId,
      choice: { guaranteeType: 'none', payMode: 'full' },
      priced: {
        goodsAmount: money.amount,
        guaranteeAmount: 0,
        serviceAmount: 0,
        totalAmount: money.amount,
        commissionAmount: money.commission,
      },
      settings: await tradeSettings(tx),
      rental,
    },
  )
}

/**
 * POST /need/rental: the renter (real-named) takes the listing for `hours`; the first order (rent + deposit)
 * is paid like any order. Taking the listing is the lock: a racing buyer or renter finds it taken.
 */
export async function rent(db: Db, viewer: Viewer, body: RentalRequest): Promise<RentalPayable> {
  const [renter] = await db.select({ status: users.realNameStatus }).from(users).where(eq(users.id, viewer.userId))
  if (renter?.status !== 'verified') throw new AppError(403, '租号需要先完成实名认证', { need: 'realName' })
  return db.transaction(async (tx) => {
    const item = await goodsForSale(tx, body.goodsId)
    const [{ terms }] = await tx.select({ terms: goods.rent }).from(goods).where(eq(goods.id, item.id))
    if (!terms) throw new AppError(409, '该账号不出租')
    if (item.sellerId === viewer.userId) throw new AppError(409, '不能租用自己的账号')
    checkHours(terms, body.hours)
    const settings = await tradeSettings(tx)
    await checkBuyerLimits(tx, viewer.userId, settings, new Date())
    const taken = await goodsMachine.transition(
      tx,
      item.id,
      'rent',
      { kind: 'buyer', userId: viewer.userId },
      { updatedAt: new Date() },
    )
    if (!taken) throw refusalOf(item.status === 'on_sale' ? 'rented' : item.status)
    const { rent: rentAmount, commission } = await priceRent(tx, terms, body.hours, item.sellerId)
    const rental = await rentalMachine.create(
      tx,
      'create',
      { kind: 'renter', userId: viewer.userId },
      {
        goodsId: item.id,
        renterId: viewer.userId,
        ownerId: item.sellerId,
        hours: body.hours,
        maxHours: terms.maxHours,
        hourly: terms.hourly,
        daily: terms.daily,
        rentAmount,
        depositAmount: terms.deposit,
        commissionAmount: commission,
        rules: terms.rules,
      },
    )
    const order = await openRentalOrder(
      tx,
      viewer.userId,
      item,
      { amount: rentAmount + terms.deposit, commission },
      { kind: 'rental', rentalId: rental.id, rentHours: body.hours },
    )
    return { id: rental.id, orderId: order.id, totalAmount: order.totalAmount }
  })
}

/** The renter's rental under its row lock, or the same 404 as a missing one. */
async function lockedRental(tx: Executor, viewer: Viewer, id: number, role: 'renter' | 'owner') {
  const [row] = await tx.select().from(rentals).where(eq(rentals.id, id)).for('update')
  if (!row || roleOf(row, viewer) !== role) {
    if (row && roleOf(row, viewer))
      throw new AppError(403, role === 'renter' ? '只有租客可以这样做' : '只有号主可以这样做')
    throw new AppError(404, RENTAL_NOT_FOUND)
  }
  return row
}

/** POST /need/rental/{id}/renew: a renewal order for more hours (an unpaid earlier one is dropped). */
export async function renew(deps: RentalDeps, viewer: Viewer, id: number, hours: number): Promise<RentalPayable> {
  const now = new Date()
  const { payable, dropped } = await deps.db.transaction(async (tx) => {
    const row = await lockedRental(tx, viewer, id, 'renter')
    if (!rentalMachine.allows('renew', row, 'renter'))
      throw new AppError(
        409,
        row.status === 'active' && row.hours >= row.maxHours ? `已达最长租期 ${row.maxHours} 小时` : '租用中才能续租',
      )
    checkHours({ minHours: 1, maxHours: row.maxHours }, hours, row.hours)
    const dropped = await dropRenewals(tx, id, now)
    const item = await goodsForSale(tx, row.goodsId)
    const { rent: extra, commission } = await priceRent(tx, row, hours, row.ownerId)
    const order = await openRentalOrder(
      tx,
      viewer.userId,
      item,
      { amount: extra, commission },
      { kind: 'renewal', rentalId: id, rentHours: hours },
    )
    return { payable: { id, orderId: order.id, totalAmount: order.totalAmount }, dropped }
  })
  for (const orderId of dropped) await closeGatewayTrades(deps, orderId)
  return payable
}

/** GET /need/rental/{id}/credentials: the renter's, while the rental runs; every reveal logged. */
export async function credentials(
  deps: RentalDeps,
  viewer: Viewer,
  id: number,
  client: { ip: string; userAgent: string },
): Promise<Credentials> {
  const [row] = await deps.db.select().from(rentals).where(eq(rentals.id, id))
  const role = row && roleOf(row, viewer)
  if (!role) throw new AppError(404, RENTAL_NOT_FOUND)
  if (!rentalMachine.allows('credentials', row, role)) {
    if (role === 'owner') throw new AppError(403, '号主请在「我的发布」中管理账号信息')
    throw new AppError(403, row.status === 'pending_payment' ? '支付后才能查看账号' : '租期已结束，账号已收回')
  }
  const [first] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.rentalId, id), eq(orders.kind, 'rental')))
  const opened = await revealCredentials(deps.db, deps.vault, row.goodsId, {
    orderId: first.id,
    userId: viewer.userId,
    role: 'buyer',
    reason: '租号',
    ip: client.ip,
    userAgent: client.userAgent,
  })
  if (!opened) throw new AppError(404, '号主尚未提交账号信息，请联系客服')
  return { account: opened.account, password: opened.password, notes: opened.notes ?? '' }
}

/** POST /need/rental/{id}/cancel: the renter gives up an unpaid rental (its order cancels; the listing is free). */
export async function cancel(deps: RentalDeps, viewer: Viewer, id: number): Promise<Rental> {
  const now = new Date()
  const orderId = await deps.db.transaction(async (tx) => {
    const row = await lockedRental(tx, viewer, id, 'renter')
    const cancelled = await rentalMachine.transition(
      tx,
      id,
      'cancel',
      { kind: 'renter', userId: viewer.userId },
      { cancelledAt: now, updatedAt: now },
    )
    if (!cancelled) throw new AppError(409, '只有待支付的租号可以取消')
    const [first] = (await rentalOrders(tx, row.id)).filter((order) => order.kind === 'rental')
    await cancelIn(tx, first.id, { kind: 'buyer', userId: viewer.userId }, '租客取消', now)
    return first.id
  })
  await closeGatewayTrades(deps, orderId)
  return myRental(deps.db, viewer, id)
}

/** POST /need/rental/{id}/return: the renter gives the account back before endAt. */
export async function giveBack(deps: RentalDeps, viewer: Viewer, id: number): Promise<Rental> {
  const returned = await deps.db.transaction(async (tx) => {
    await lockedRental(tx, viewer, id, 'renter')
    return returnIn(tx, id, 'return', { kind: 'renter', userId: viewer.userId }, new Date())
  })
  if (!returned) throw new AppError(409, '租用中才能归还')
  for (const orderId of returned.dropped) await closeGatewayTrades(deps, orderId)
  return myRental(deps.db, viewer, id)
}

/** POST /need/rental/{id}/confirm-return: the owner checked the account back; the money settles now. */
export async function confirmReturn(deps: RentalDeps, viewer: Viewer, id: number): Promise<Rental> {
  await deps.db.transaction(async (tx) => {
    await lockedRental(tx, viewer, id, 'owner')
    const actor = { kind: 'owner' as const, userId: viewer.userId }
    const now = new Date()
    const settled = await rentalMachine.transition(tx, id, 'confirmReturn', actor, { settledAt: now, updatedAt: now })
    if (!settled) throw new AppError(409, '账号归还后才能确认')
    await settleMoneyIn(tx, settled, actor, now)
  })
  await settleRefunds(deps)
  return myRental(deps.db, viewer, id)
}

/**
 * POST /need/rental/{id}/complain: the renter's (while using it) or the owner's (also while checking it
 * back). 账号不符 or 密码错误 within the first minutes refunds the renter at once; anything else goes to staff.
 */
export async function complain(
  deps: RentalDeps,
  viewer: Viewer,
  id: number,
  body: RentalComplaintRequest,
): Promise<Rental> {
  const description = body.description.trim()
  if (description.length < 5) invalid('description', '请至少用 5 个字描述问题')
  for (const image of body.images)
    if (!(await isStoredImage(deps.dataDir, image))) invalid('images', '图片必须是上传得到的地址，请重新上传')
  const now = new Date()
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(rentals).where(eq(rentals.id, id)).for('update')
    const role = row && roleOf(row, viewer)
    if (!role) throw new AppError(404, RENTAL_NOT_FOUND)
    const allowed: readonly string[] = role === 'renter' ? RENTER_COMPLAINTS : OWNER_COMPLAINTS
    if (!allowed.includes(body.reason))
      invalid('reason', `${role === 'renter' ? '租客' : '号主'}不能以「${RENTAL_COMPLAINT_LABELS[body.reason]}」投诉`)
    if (!rentalMachine.allows('complain', row, role))
      throw new AppError(409, role === 'renter' ? '租用中才能投诉' : '租用中或验号期间才能投诉')
    const actor = { kind: role, userId: viewer.userId, detail: { reason: body.reason } }
    const complaint = { by: role, reason: body.reason, description, images: body.images, at: now.toISOString() }
    const early = (FULL_REFUND_COMPLAINTS as readonly string[]).includes(body.reason) && role === 'renter'
    if (early && rentalMachine.can('refundEarly', row, 'renter')) {
      const reason = `开始 ${RENT_LIMITS.fullRefundMinutes} 分钟内反馈${RENTAL_COMPLAINT_LABELS[body.reason]}`
      const refunded = await rentalMachine.transition(tx, id, 'refundEarly', actor, {
        complaint,
        decision: { outcome: 'refund', reason },
        settledAt: now,
        updatedAt: now,
      })
      await refundMoneyIn(tx, refunded!, actor, reason, now)
      return
    }
    const disputed = await rentalMachine.transition(tx, id, 'complain', actor, {
      complaint,
      disputedFrom: row.status as 'active' | 'returned',
      updatedAt: now,
    })
    await dropRenewals(tx, id, now)
    const other = role === 'renter' ? disputed!.ownerId : disputed!.renterId
    await notifyUsers(
      tx,
      rentalMessage(
        disputed!,
        other,
        '租号被投诉',
        `${role === 'renter' ? '租客' : '号主'}投诉：${RENTAL_COMPLAINT_LABELS[body.reason]}。平台客服将尽快核实处理，租号暂停。`,
      ),
    )
  })
  await settleRefunds(deps)
  return myRental(deps.db, viewer, id)
}

/**
 * POST /api/admin/rentals/{id}/decide: refund the renter everything, or settle with `damage` (at most the
 * deposit) of the deposit to the owner. Audited.
 */
export async function decide(deps: RentalDeps, staff: Staff, id: number, body: RentalDecision): Promise<Rental> {
  const reason = body.reason.trim()
  if (reason.length < 2) invalid('reason', '请写明处理说明')
  const damage = body.damage ?? 0
  if (body.outcome === 'refund' && damage > 0) invalid('damage', '全额退款时不能赔偿号主')
  const now = new Date()
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(rentals).where(eq(rentals.id, id)).for('update')
    if (!row) throw new AppError(404, RENTAL_NOT_FOUND)
    if (damage > row.depositAmount) invalid('damage', `赔偿最多为押金 ${formatPrice(row.depositAmount)}`)
    const actor: RentalActor = { kind: 'operator', userId: staff.userId, detail: { outcome: body.outcome, damage } }
    const decided = await rentalMachine.transition(tx, id, 'decide', actor, {
      decision: { outcome: body.outcome, reason },
      damageAmount: damage,
      settledAt: now,
      returnedAt: row.returnedAt ?? now,
      updatedAt: now,
    })
    if (!decided) throw new AppError(409, '只有投诉处理中的租号可以处理')
    if (body.outcome === 'refund') await refundMoneyIn(tx, decided, actor, reason, now)
    else await settleMoneyIn(tx, decided, actor, now)
    await audit(tx, staff, 'rental.decide', { type: 'rental', id }, { outcome: body.outcome, damage, reason })
  })
  await settleRefunds(deps)
  return adminRental(deps.db, id)
}

// ---------------------------------------------------------------- the sweeper

/**
 * The rentals whose hours are up are returned (their unpaid renewals dropped, at the gateway too); those whose
 * check window passed settle. Due rows are found from `now`, so a run after downtime catches up.
 */
export async function runRentalSweep(
  deps: PaymentDeps,
  now = new Date(),
): Promise<{ expired: number; settled: number }> {
  const settings = await tradeSettings(deps.db)
  const dropped: number[] = []
  const steps: Record<TimedRentalEvent, (tx: Executor, id: number) => Promise<unknown>> = {
    expire: async (tx, id) => {
      const returned = await returnIn(tx, id, 'expire', { kind: 'system' }, now)
      dropped.push(...(returned?.dropped ?? []))
      return returned
    },
    settle: async (tx, id) => {
      const settled = await rentalMachine.transition(
        tx,
        id,
        'settle',
        { kind: 'system' },
        { settledAt: now, updatedAt: now },
      )
      if (settled) await settleMoneyIn(tx, settled, { kind: 'system' }, now)
      return settled
    },
  }
  const sweep = (event: TimedRentalEvent) =>
    sweepDue(
      deps,
      rentals,
      rentalMachine.due(event, now, settings)!,
      rentalMachine.spec.transitions[event].timer!.at,
      (tx, id) => steps[event](tx, id),
    )
  const expired = await sweep('expire')
  const settled = await sweep('settle')
  for (const orderId of dropped) await closeGatewayTrades(deps, orderId)
  if (settled.length > 0) await settleRefunds(deps)
  return { expired: expired.length, settled: settled.length }
}
