/**
 * 租号: who may rent (real-named, not the owner, within the hours); the rental machine through payment, the
 * credentials window, renewal, early return and the owner's confirmation; the sweeper at endAt and at the end
 * of the check window, catching up; the 15-minute full refund and staff's decision with its damage bounds; a
 * listing rented and ordered at once (one wins); the ledger verifying after all of it.
 */
import { and, desc, eq } from 'drizzle-orm'
import {
  credentialReveals,
  goods,
  goodsCredentials,
  ledgerEntries,
  messages,
  orders,
  payouts,
  rentals,
  users,
} from '../../server/db/schema'
import { sealPayout } from '../../server/modules/catalogue/credentials'
import { verifyLedger } from '../../server/modules/ledger/verify'
import { runSweep } from '../../server/modules/orders/sweeper'
import { localGateway } from '../../server/modules/payments'
import { runRentalSweep } from '../../server/modules/rentals/service'
import { auditActions } from './helpers/database'
import { useDealWorld } from './helpers/deals'
import { createPerson, type Person } from './helpers/http'
import { paidNotice, postNotice } from './helpers/payments'

const world = useDealWorld()
const HOUR = 3_600_000
const TERMS = {
  hourly: 500,
  daily: 6_000,
  deposit: 10_000,
  minHours: 1,
  maxHours: 24,
  rules: ['no_ranked', 'logout_on_time'],
}

const deps = () => ({
  db: world.database.db,
  payments: world.app.deps.payments,
  vault: world.app.deps.vault,
  log: world.app.log,
})

async function realNamed(person?: Person) {
  const who = person ?? (await createPerson(world.database))
  await world.database.db
    .update(users)
    .set({ realNameStatus: 'verified', realName: '李四' })
    .where(eq(users.id, who.id))
  return who
}

/** A rentable listing of a new owner, its credentials and payout account on file. */
async function rentable(terms: Partial<typeof TERMS> = {}) {
  const owner = await realNamed()
  const [item] = await world.database.db
    .insert(goods)
    .values({
      gameId: world.gameId,
      sellerId: owner.id,
      title: '王者 可租',
      price: 200_000,
      status: 'on_sale',
      listedAt: new Date(),
      rent: { ...TERMS, ...terms },
    })
    .returning()
  await world.database.db
    .update(goods)
    .set({ payoutSealed: sealPayout(world.app.deps.vault, item.id, { alipayAccount: '13900139000', name: '王五' }) })
    .where(eq(goods.id, item.id))
  await world.database.db.insert(goodsCredentials).values({
    goodsId: item.id,
    sealed: world.app.deps.vault.seal(
      JSON.stringify({ account: 'wz_owner', password: 'pw-123456' }),
      `goods:${item.id}:credentials`,
    ),
  })
  return { owner, goodsId: item.id }
}

const need = (method: 'GET' | 'POST', path: string, who: Person, body?: object) =>
  world.call(method, `/api/need/${path}`, { token: who.token, body })

async function pay(who: Person, orderId: number) {
  const started = await world.call('POST', `/api/pay/${orderId}`, {
    token: who.token,
    body: { channel: 'alipay', kind: 'full', returnUrl: '/index/orderDetail' },
  })
  expect(started.status).toBe(200)
  expect(
    await postNotice(world.app, paidNotice(world.app, started.body.data.outTradeNo, started.body.data.amount)),
  ).toBe('success')
}

/** A rental of a new listing by a new renter, paid when `paid`. */
async function rented(hours = 2, { paid = true, terms = {} }: { paid?: boolean; terms?: Partial<typeof TERMS> } = {}) {
  const listing = await rentable(terms)
  const renter = await realNamed()
  const made = await need('POST', 'rental', renter, { goodsId: listing.goodsId, hours })
  expect(made.status).toBe(200)
  if (paid) await pay(renter, made.body.data.orderId)
  return { ...listing, renter, id: made.body.data.id as number, orderId: made.body.data.orderId as number }
}

const rentalOf = async (id: number) => (await world.database.db.select().from(rentals).where(eq(rentals.id, id)))[0]
const goodsStatus = async (id: number) =>
  (await world.database.db.select({ status: goods.status }).from(goods).where(eq(goods.id, id)))[0].status
const ledgerOk = async () => expect((await verifyLedger(world.database.db)).problems).toEqual([])

describe('who may rent', () => {
  it('a real-named renter, not the owner, for hours within the terms, of a rentable listing on sale', async () => {
    const { owner, goodsId } = await rentable({ minHours: 2, maxHours: 10 })
    const stranger = await createPerson(world.database)
    const unverified = await need('POST', 'rental', stranger, { goodsId, hours: 2 })
    expect(unverified.status).toBe(403)
    expect(unverified.body).toMatchObject({ msg: '租号需要先完成实名认证', data: { need: 'realName' } })
    expect((await need('POST', 'rental', owner, { goodsId, hours: 2 })).body.msg).toBe('不能租用自己的账号')
    const renter = await realNamed(stranger)
    expect((await need('POST', 'rental', renter, { goodsId, hours: 1 })).body.msg).toBe('最短租 2 小时')
    expect((await need('POST', 'rental', renter, { goodsId, hours: 11 })).body.msg).toBe('该账号最长租 10 小时')

    const [forSaleOnly] = await world.database.db
      .insert(goods)
      .values({
        gameId: world.gameId,
        sellerId: owner.id,
        title: '只卖',
        price: 100,
        status: 'on_sale',
        listedAt: new Date(),
      })
      .returning()
    expect((await need('POST', 'rental', renter, { goodsId: forSaleOnly.id, hours: 2 })).body.msg).toBe('该账号不出租')

    // 26 hours: a day at the daily price and two hours at the hourly one; the deposit on top.
    const made = await need('POST', 'rental', renter, { goodsId, hours: 3 })
    expect(made.body.data).toMatchObject({ totalAmount: 3 * 500 + 10_000 })
    expect(await goodsStatus(goodsId)).toBe('rented')
    const second = await need('POST', 'rental', await realNamed(), { goodsId, hours: 2 })
    expect(second.body.msg).toBe('该账号正在出租中，请稍后再租')
    // Out of the public list while rented; its detail says so.
    const detail = await world.call('GET', `/api/web/good/${goodsId}`)
    expect(detail.body.data.status).toBe('rented')
  })

  it('prices whole days at the daily rate and the rest by the hour, never above a day', async () => {
    const { renter, id } = await rented(26, { paid: false, terms: { maxHours: 48 } })
    const rental = (await need('GET', `rental/${id}`, renter)).body.data
    expect(rental).toMatchObject({ rentAmount: 6_000 + 2 * 500, depositAmount: 10_000, status: 'pending_payment' })
    const long = await rented(47, { paid: false, terms: { maxHours: 48 } })
    // 23 hours at ¥5 would be ¥115: a day costs ¥60.
    expect((await rentalOf(long.id)).rentAmount).toBe(2 * 6_000)
  })

  it('a listing rented and ordered at once goes to exactly one of them', async () => {
    for (let round = 0; round < 3; round++) {
      const { goodsId } = await rentable()
      const [renter, buyer] = await Promise.all([realNamed(), createPerson(world.database)])
      const answers = await Promise.all([
        need('POST', 'rental', renter, { goodsId, hours: 2 }),
        world.call('POST', '/api/order', {
          token: buyer.token,
          body: { goodsId, guaranteeType: 'none', payMode: 'full', agree: true },
        }),
      ])
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
      const status = await goodsStatus(goodsId)
      expect(status).toBe(answers[0].status === 200 ? 'rented' : 'in_trade')
    }
  })
})

describe('the rental machine', () => {
  it('activates on the signed payment; the renter reads the account only while it runs; the sweeper returns it at endAt', async () => {
    const { renter, owner, id, orderId } = await rented(2, { paid: false })
    expect((await need('GET', `rental/${id}/credentials`, renter)).body.msg).toBe('支付后才能查看账号')
    const unpaid = (await need('GET', `rental/${id}`, renter)).body.data
    expect(unpaid.actions).toEqual(['pay', 'cancel'])
    await pay(renter, orderId)

    const active = (await need('GET', `rental/${id}`, renter)).body.data
    expect(active).toMatchObject({ status: 'active', hours: 2, role: 'renter' })
    expect(Date.parse(active.endAt) - Date.parse(active.startAt)).toBe(2 * HOUR)
    expect(active.actions).toEqual(['credentials', 'renew', 'return', 'complain'])
    // Each side is told until when, in China time.
    const endsAt = new Date(Date.parse(active.endAt) + 8 * HOUR).toISOString().slice(5, 16).replace('T', ' ')
    const messagesTo = async (who: Person) =>
      (await need('GET', 'message/list', who)).body.rows!.map((m: { content: string }) => m.content).join('\n')
    expect(await messagesTo(renter)).toContain(`可用至 ${endsAt}，`)
    expect(await messagesTo(owner)).toContain(`出租至 ${endsAt}，`)
    const seen = await need('GET', `rental/${id}/credentials`, renter)
    expect(seen.body.data).toEqual({ account: 'wz_owner', password: 'pw-123456', notes: '' })
    const reveals = await world.database.db
      .select()
      .from(credentialReveals)
      .where(eq(credentialReveals.orderId, orderId))
    expect(reveals).toMatchObject([{ userId: renter.id, role: 'buyer', reason: '租号' }])
    // The owner, a stranger: never.
    expect((await need('GET', `rental/${id}/credentials`, owner)).status).toBe(403)
    expect((await need('GET', `rental/${id}/credentials`, await createPerson(world.database))).status).toBe(404)
    expect((await need('GET', `rental/${id}`, await createPerson(world.database))).status).toBe(404)
    const ownerView = (await need('GET', `rental/${id}`, owner)).body.data
    expect(ownerView).toMatchObject({ role: 'owner', actions: ['complain'] })
    // The order is not a purchase: no hand-over, no 我的买单.
    const [order] = await world.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ status: 'paid', kind: 'rental', rentalId: id })
    expect((await need('GET', 'myOrder', renter)).body.rows).toEqual([])
    // Its room (renter, owner, staff) shows the rental's steps, with a countdown to endAt — not a sale's hand-over.
    const room = (await need('GET', `myOrder/${orderId}/messages`, owner)).body.data
    expect(room.rental).toMatchObject({ id, status: 'active', endAt: active.endAt })
    expect(room.messages.map((m: { card: { event: string } | null }) => m.card?.event)).toEqual(['rentalStart'])

    // endAt passed before the sweeper came: the reveal stops at once; the sweep returns it.
    await world.database.db
      .update(rentals)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(rentals.id, id))
    expect((await need('GET', `rental/${id}/credentials`, renter)).body.msg).toBe('租期已结束，账号已收回')
    expect(await runRentalSweep(deps())).toMatchObject({ expired: 1 })
    const returned = await rentalOf(id)
    expect(returned.status).toBe('returned')
    expect(returned.checkUntil!.getTime() - returned.returnedAt!.getTime()).toBe(2 * HOUR)
    const [reminder] = await world.database.db
      .select()
      .from(messages)
      .where(eq(messages.userId, owner.id))
      .orderBy(desc(messages.id))
    expect(reminder).toMatchObject({ type: 'rental', title: '请修改账号密码', relatedType: 'rental', relatedId: id })
    expect((await need('GET', `rental/${id}`, owner)).body.data.actions).toEqual(['complain', 'confirmReturn'])
    const cards = (await need('GET', `myOrder/${orderId}/messages`, renter)).body.data.messages
    expect(cards.map((m: { card: { event: string } | null }) => m.card?.event)).toEqual(['rentalStart', 'rentalReturn'])

    // The check window passes (a sweep long after, catching up): settled, deposit back, the owner owed the rent.
    expect(await runRentalSweep(deps(), new Date(Date.now() + 3 * HOUR))).toMatchObject({ settled: 1 })
    const settled = await rentalOf(id)
    expect(settled.status).toBe('settled')
    expect(await goodsStatus(settled.goodsId)).toBe('on_sale')
    const [done] = await world.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(done).toMatchObject({ status: 'completed', refundAmount: 10_000 })
    // Completed, the order is still no sale: not counted in the owner's 成交, nothing to review, even by calling
    // the sale's route.
    const review = { rating: 5, tags: [], text: '' }
    expect((await need('POST', `myOrder/${orderId}/review`, renter, review)).body).toMatchObject({
      code: 409,
      msg: '租号不能评价',
    })
    expect((await world.call('GET', `/api/web/seller/${owner.id}`)).body.data.sales).toBe(0)
    // Due at once: the owner sees it coming on the rental (the renter does not), and 我的代售 shows the listing on
    // sale again, not a sale of it.
    const owed = 1_000 - done.commissionAmount
    expect(done.commissionAmount).toBeGreaterThan(0)
    expect((await need('GET', `rental/${id}`, owner)).body.data.payouts).toEqual([
      { kind: 'rental', status: 'pending', amount: owed, dueAt: done.protectedUntil!.toISOString(), actions: [] },
    ])
    expect((await need('GET', `rental/${id}`, renter)).body.data.payouts).toEqual([])
    expect((await need('GET', `myConsignment?id=${settled.goodsId}`, owner)).body.rows).toMatchObject([
      { status: 'on_sale', orderId: null, orderNo: null, settlement: null },
    ])
    // The gateway refuses the owner's payout: they are told and sent to the rental, where it reads refused with
    // 修改收款账户; the listing's new account (in their verified name) pays it at once.
    localGateway(world.app.deps.payments, 'alipay').failNextTransfer!('收款账户已冻结')
    await runSweep(deps(), new Date(Date.now() + 3 * HOUR))
    const [refused] = await world.database.db.select().from(payouts).where(eq(payouts.orderId, orderId))
    expect(refused).toMatchObject({ status: 'failed', reason: '收款账户已冻结' })
    const [told] = await world.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, owner.id), eq(messages.title, '租金打款失败')))
    expect(told).toMatchObject({ relatedType: 'rental', relatedId: id })
    expect(told.content).toMatch(
      /的租金 ¥\d+\.\d\d 打款失败：收款账户已冻结。请在「租号详情」中修改收款账户，修改后立即重新打款。$/,
    )
    expect((await need('GET', `rental/${id}`, owner)).body.data.payouts).toMatchObject([
      { kind: 'rental', status: 'failed', amount: owed, reason: '收款账户已冻结', actions: ['payee'] },
    ])
    const gateway = world.app.deps.payments.alipay!
    const transfer = gateway.transfer!.bind(gateway)
    const sent: Parameters<typeof transfer>[0][] = []
    gateway.transfer = (request) => {
      sent.push(request)
      return transfer(request)
    }
    try {
      const changed = await world.call('PUT', `/api/need/myConsignment/${settled.goodsId}/payee`, {
        token: owner.token,
        body: { alipayAccount: 'owner@example.com' },
      })
      expect(changed.status).toBe(200)
    } finally {
      gateway.transfer = transfer
    }
    expect(sent).toMatchObject([
      { outBizNo: `PO${refused.id}-2`, payeeAccount: 'owner@example.com', payeeName: '李四' },
    ])
    const [paid] = (await need('GET', `rental/${id}`, owner)).body.data.payouts
    expect(paid).toMatchObject({ kind: 'rental', status: 'paid', amount: owed, actions: [] })
    const [thanks] = await world.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, owner.id), eq(messages.title, '租金已打款')))
    expect(thanks).toMatchObject({ relatedType: 'rental', relatedId: id })
    expect(thanks.content).toContain(
      `的租金 ¥${(owed / 100).toFixed(2)} 已转入您的支付宝账户，转账单号 ${paid.transferNo}。`,
    )
    await ledgerOk()
  })

  it('renews while running (endAt moves on, to the longest at most), returns early, and the owner confirms', async () => {
    const { renter, owner, id, goodsId } = await rented(2, { terms: { maxHours: 5 } })
    const before = await rentalOf(id)
    expect((await need('POST', `rental/${id}/renew`, renter, { hours: 4 })).body.msg).toBe(
      '该账号最长租 5 小时，最多还能续租 3 小时',
    )
    const renewal = await need('POST', `rental/${id}/renew`, renter, { hours: 3 })
    expect(renewal.body.data).toMatchObject({ id, totalAmount: 1_500 })
    const waiting = (await need('GET', `rental/${id}`, renter)).body.data
    expect(waiting.renewal).toEqual({ orderId: renewal.body.data.orderId, hours: 3, totalAmount: 1_500 })
    await pay(renter, renewal.body.data.orderId)
    const renewed = await rentalOf(id)
    expect(renewed).toMatchObject({ status: 'active', hours: 5, rentAmount: 2_500 })
    expect(renewed.endAt!.getTime() - before.endAt!.getTime()).toBe(3 * HOUR)
    expect((await need('GET', `rental/${id}`, renter)).body.data.actions).not.toContain('renew')

    // A renewal left unpaid is dropped when the renter gives the account back; its late payment goes back.
    await world.database.db.update(rentals).set({ maxHours: 8 }).where(eq(rentals.id, id))
    const unpaid = await need('POST', `rental/${id}/renew`, renter, { hours: 1 })
    const started = await world.call('POST', `/api/pay/${unpaid.body.data.orderId}`, {
      token: renter.token,
      body: { channel: 'alipay', kind: 'full', returnUrl: '/index/orderDetail' },
    })
    const back = await need('POST', `rental/${id}/return`, renter)
    expect(back.body.data).toMatchObject({ status: 'returned', renewal: null })
    expect((await need('GET', `rental/${id}/credentials`, renter)).status).toBe(403)
    await postNotice(world.app, paidNotice(world.app, started.body.data.outTradeNo, started.body.data.amount))
    expect((await rentalOf(id)).hours).toBe(5)
    expect((await need('POST', `rental/${id}/confirm-return`, renter)).status).toBe(403)
    const confirmed = await need('POST', `rental/${id}/confirm-return`, owner)
    expect(confirmed.body.data).toMatchObject({ status: 'settled', ownerAmount: expect.any(Number) })
    expect(await goodsStatus(goodsId)).toBe('on_sale')
    const money = await world.database.db.select().from(orders).where(eq(orders.rentalId, id)).orderBy(orders.id)
    expect(money.map((o) => [o.kind, o.status])).toEqual([
      ['rental', 'completed'],
      ['renewal', 'completed'],
      ['renewal', 'cancelled'],
    ])
    // Paid out order by order, the dropped renewal not at all: together what the owner was told they get.
    const owed = confirmed.body.data.payouts
    expect(owed).toMatchObject([
      { kind: 'rental', status: 'pending', amount: 1_000 + 10_000 - money[0].commissionAmount - money[0].refundAmount },
      { kind: 'renewal', status: 'pending', amount: 1_500 - money[1].commissionAmount },
    ])
    expect(owed[0].amount + owed[1].amount).toBe(confirmed.body.data.ownerAmount)
    await runSweep(deps())
    const after = (await need('GET', `rental/${id}`, owner)).body.data.payouts
    expect(after.map((p: { status: string }) => p.status)).toEqual(['paid', 'paid'])
    await ledgerOk()
  })

  it('runs a renewal paid after endAt, before the sweeper returned the rental, from its payment', async () => {
    const { renter, id } = await rented(2, { terms: { maxHours: 5 } })
    const renewal = await need('POST', `rental/${id}/renew`, renter, { hours: 1 })
    await world.database.db
      .update(rentals)
      .set({ endAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(rentals.id, id))
    expect((await need('GET', `rental/${id}/credentials`, renter)).status).toBe(403)
    const paidAt = Date.now()
    await pay(renter, renewal.body.data.orderId)
    const renewed = await rentalOf(id)
    expect(renewed).toMatchObject({ status: 'active', hours: 3 })
    expect(renewed.endAt!.getTime()).toBeGreaterThanOrEqual(paidAt + HOUR)
    expect(renewed.endAt!.getTime()).toBeLessThan(Date.now() + HOUR + 1_000)
    expect((await need('GET', `rental/${id}/credentials`, renter)).status).toBe(200)
    await ledgerOk()
  })

  it('lapses unpaid with its order: the listing is on sale again', async () => {
    const { renter, id, goodsId, orderId } = await rented(2, { paid: false })
    await world.database.db
      .update(orders)
      .set({ closeAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId))
    await runSweep(deps())
    expect((await rentalOf(id)).status).toBe('cancelled')
    expect(await goodsStatus(goodsId)).toBe('on_sale')
    const other = await rented(2, { paid: false })
    const cancelled = await need('POST', `rental/${other.id}/cancel`, other.renter)
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', actions: [] })
    expect(await goodsStatus(other.goodsId)).toBe('on_sale')
    expect((await need('POST', `rental/${id}/cancel`, renter)).body.msg).toBe('只有待支付的租号可以取消')
  })
})

describe('complaints', () => {
  const complaint = (reason: string) => ({
    reason,
    description: '登录提示密码错误，无法上号',
    images: [world.screenshot],
  })

  it('账号不符/密码错误 within 15 minutes refunds everything at once and takes the listing off the market', async () => {
    const { renter, id, goodsId, orderId } = await rented(3)
    const refunded = await need('POST', `rental/${id}/complain`, renter, complaint('wrong_password'))
    expect(refunded.body.data).toMatchObject({ status: 'settled', decision: { outcome: 'refund' }, actions: [] })
    const [order] = await world.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ status: 'refunded', refundAmount: 1_500 + 10_000 })
    expect(await goodsStatus(goodsId)).toBe('delisted')
    const refunds = await world.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'refund')))
    expect(refunds).toMatchObject([{ amount: 11_500, debitAccount: 'escrow' }])
    await ledgerOk()
  })

  it('after 15 minutes, or for other reasons, a complaint goes to staff; damage is bounded by the deposit', async () => {
    const { renter, owner, id, orderId } = await rented(3)
    await world.database.db
      .update(rentals)
      .set({ startAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(rentals.id, id))
    expect((await need('POST', `rental/${id}/complain`, renter, complaint('rule_broken'))).body.msg).toBe(
      '租客不能以「违反租号规则」投诉',
    )
    const disputed = await need('POST', `rental/${id}/complain`, renter, complaint('wrong_password'))
    expect(disputed.body.data).toMatchObject({
      status: 'disputed',
      complaint: { by: 'renter', reason: 'wrong_password' },
    })
    expect((await need('GET', `rental/${id}/credentials`, renter)).status).toBe(403)

    const decide = (body: object, who: Person = world.service) =>
      world.call('POST', `/api/admin/rentals/${id}/decide`, {
        token: who.token,
        body: { reason: '核实后处理', ...body },
      })
    expect((await decide({ outcome: 'settle', damage: 1 }, renter)).status).toBe(403)
    const queue = (await world.call('GET', '/api/admin/rentals', { token: world.service.token })).body
    expect(queue.rows?.[0]).toMatchObject({ id, status: 'disputed', actions: ['decide'] })
    expect((await decide({ outcome: 'settle', damage: 10_001 })).body.msg).toBe('赔偿最多为押金 ¥100.00')
    expect((await decide({ outcome: 'refund', damage: 1 })).body.msg).toBe('全额退款时不能赔偿号主')
    const decided = await decide({ outcome: 'settle', damage: 4_000 })
    expect(decided.body.data).toMatchObject({ status: 'settled', damageAmount: 4_000 })
    expect((await decide({ outcome: 'settle' })).body.msg).toBe('只有投诉处理中的租号可以处理')
    expect(await auditActions(world.database, 'rental', id)).toEqual(['rental.decide'])
    const [order] = await world.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ status: 'completed', refundAmount: 6_000 })
    const ownerView = (await need('GET', `rental/${id}`, owner)).body.data
    expect(ownerView.ownerAmount).toBe(1_500 - order.commissionAmount + 4_000)
    await runSweep(deps())
    const [payout] = await world.database.db.select().from(payouts).where(eq(payouts.orderId, orderId))
    expect(payout.amount).toBe(ownerView.ownerAmount)
    await ledgerOk()
  })

  it('the owner complains while checking the account back; staff may refund instead', async () => {
    const { renter, owner, id } = await rented(2)
    await need('POST', `rental/${id}/return`, renter)
    expect((await need('POST', `rental/${id}/complain`, owner, complaint('mismatch'))).body.msg).toBe(
      '号主不能以「账号与描述不符」投诉',
    )
    const disputed = await need('POST', `rental/${id}/complain`, owner, complaint('damaged'))
    expect(disputed.body.data).toMatchObject({ status: 'disputed', complaint: { by: 'owner' } })
    expect((await need('POST', `rental/${id}/complain`, owner, complaint('damaged'))).body.msg).toBe(
      '租用中或验号期间才能投诉',
    )
    const refunded = await world.call('POST', `/api/admin/rentals/${id}/decide`, {
      token: world.service.token,
      body: { outcome: 'refund', reason: '账号描述有误' },
    })
    expect(refunded.body.data).toMatchObject({ status: 'settled', decision: { outcome: 'refund' } })
    await ledgerOk()
  })
})
