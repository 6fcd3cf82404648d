/**
 * 申请售后: who may open, read, answer and decide a case; the dispute machine transition by transition with
 * the sweeper's 48-hour escalation; a disputed order is never paid out; refunds bounded and posted through
 * the ledger and the gateway; a rejected case returns the order with its clock resumed.
 */
import { and, eq } from 'drizzle-orm'
import { dealMessages, goods, orders, payments, payouts } from '../../server/db/schema'
import { escalateDue } from '../../server/modules/aftersale/service'
import { verifyLedger } from '../../server/modules/ledger/verify'
import { runSweep } from '../../server/modules/orders/sweeper'
import { auditActions } from './helpers/database'
import { handedOverDeal, makeDeal, useDealWorld } from './helpers/deals'
import { createPerson, type Person } from './helpers/http'

const world = useDealWorld()
const HOUR = 3_600_000
const DAY = 24 * HOUR

const orderDeps = () => ({
  db: world.database.db,
  payments: world.app.deps.payments,
  vault: world.app.deps.vault,
  log: world.app.log,
})

const handedOver = (confirm = false) => handedOverDeal(world, { confirm })

const open = (who: Person, orderId: number, body: Record<string, unknown> = {}) =>
  world.call('POST', `/api/need/myOrder/${orderId}/aftersale`, {
    token: who.token,
    body: { reason: 'recovered', description: '账号昨晚被原主人找回了', images: [world.screenshot], ...body },
  })
const decide = (id: number, body: Record<string, unknown>, who: Person = world.service) =>
  world.call('POST', `/api/admin/aftersale/${id}/decide`, { token: who.token, body: { reason: '核实属实', ...body } })
const orderOf = async (id: number) => (await world.database.db.select().from(orders).where(eq(orders.id, id)))[0]
const ledgerOk = async () => expect((await verifyLedger(world.database.db)).problems).toEqual([])

describe('who may', () => {
  it('lets only the buyer open a case, and only buyer and seller read it', async () => {
    const { buyer, seller, orderId } = await handedOver()
    const stranger = await createPerson(world.database)
    expect((await open(stranger, orderId)).status).toBe(404)
    expect((await open(seller, orderId)).status).toBe(404)
    expect((await world.call('POST', `/api/need/myOrder/${orderId}/aftersale`, { body: {} })).status).toBe(401)

    const opened = await open(buyer, orderId)
    expect(opened.status).toBe(200)
    const id = opened.body.data.id
    expect(opened.body.data).toMatchObject({ status: 'awaiting_seller', role: 'buyer', actions: [] })
    expect((await world.call('GET', `/api/need/aftersale/${id}`, { token: stranger.token })).status).toBe(404)
    const asSeller = await world.call('GET', `/api/need/aftersale/${id}`, { token: seller.token })
    expect(asSeller.body.data).toMatchObject({ role: 'seller', actions: ['reply'] })
    // Neither party decides, nor a staff member without the role.
    expect((await decide(id, { outcome: 'reject' }, buyer)).status).toBe(403)
    expect(
      (await decide(id, { outcome: 'reject' }, await createPerson(world.database, ['user', 'editor']))).status,
    ).toBe(403)
    const reply = { text: '我没有找回，对方在乱说', images: [] }
    expect(
      (await world.call('POST', `/api/need/aftersale/${id}/reply`, { token: buyer.token, body: reply })).status,
    ).toBe(404)
  })

  it('refuses a case before hand-over, twice, after the window, and with pictures not ours', async () => {
    const paidOnly = await makeDeal(world.database, world.app, world.gameId)
    expect((await open(paidOnly.buyer, paidOnly.orderId)).body.msg).toBe('账号移交后才能申请售后')

    const { buyer, orderId } = await handedOver()
    const foreign = await open(buyer, orderId, { images: ['/uploads/' + 'a'.repeat(40) + '.png'] })
    expect(foreign.status).toBe(400)
    expect(foreign.body.msg).toContain('图片必须是上传得到的地址')
    expect((await open(buyer, orderId)).status).toBe(200)
    expect((await open(buyer, orderId)).body.msg).toBe('该订单已在售后处理中')

    const late = await handedOver(true)
    await world.database.db
      .update(orders)
      .set({ protectedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, late.orderId))
    const refused = await open(late.buyer, late.orderId)
    expect(refused.status).toBe(409)
    expect(refused.body.msg).toBe('已过售后保障期，货款已结算给卖家')
  })
})

describe('the dispute machine', () => {
  it('opens, takes the seller’s reply, and a rejection returns the order with its clock resumed', async () => {
    const { buyer, seller, orderId } = await handedOver()
    const before = await orderOf(orderId)
    const detail = await world.call('GET', `/api/need/myOrder/${orderId}`, { token: buyer.token })
    expect(detail.body.data.actions).toContain('aftersale')

    const opened = await open(buyer, orderId)
    const id = opened.body.data.id
    expect(opened.body.data.dueAt).toBeTruthy()
    expect(new Date(opened.body.data.dueAt).getTime() - Date.now()).toBeGreaterThan(47 * HOUR)
    const disputed = await orderOf(orderId)
    expect(disputed).toMatchObject({ status: 'disputed', disputedFrom: 'handed_over' })
    const after = await world.call('GET', `/api/need/myOrder/${orderId}`, { token: buyer.token })
    expect(after.body.data).toMatchObject({ status: 'disputed', aftersaleId: id })
    expect(after.body.data.actions).not.toContain('aftersale')
    expect(after.body.data.actions).not.toContain('confirm')

    // The room: a card, then the buyer's words and world.screenshot.
    const room = await world.call('GET', `/api/need/myOrder/${orderId}/messages`, { token: seller.token })
    const tail = room.body.data.messages.slice(-3)
    expect(tail.map((m: { kind: string }) => m.kind)).toEqual(['card', 'text', 'image'])
    expect(tail[0]).toMatchObject({ card: { event: 'aftersaleOpen' }, text: '售后原因：账号被找回' })
    expect(tail[1]).toMatchObject({ sender: { role: 'buyer' }, text: '账号昨晚被原主人找回了' })

    const replied = await world.call('POST', `/api/need/aftersale/${id}/reply`, {
      token: seller.token,
      body: { text: '我没有找回，加我 QQ 12345678 说', images: [world.screenshot] },
    })
    expect(replied.body.data).toMatchObject({
      status: 'awaiting_staff',
      reply: { text: '我没有找回，加我 QQ 12345678 说' },
    })
    // The reply reaches the buyer masked.
    const buyerRoom = await world.call('GET', `/api/need/myOrder/${orderId}/messages`, { token: buyer.token })
    const sellerWords = buyerRoom.body.data.messages.filter(
      (m: { sender: { role: string } }) => m.sender.role === 'seller',
    )
    expect(sellerWords[0]).toMatchObject({ masked: true })
    expect(sellerWords[0].text).not.toContain('12345678')
    expect(
      (
        await world.call('POST', `/api/need/aftersale/${id}/reply`, {
          token: seller.token,
          body: { text: '再说一遍啊啊', images: [] },
        })
      ).body.msg,
    ).toBe('已回复过，平台处理中')

    // Staff reject after a while: the auto-confirm clock moves on by the time the case took.
    await world.database.db
      .update(orders)
      .set({ disputedAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(orders.id, orderId))
    const rejected = await decide(id, { outcome: 'reject' })
    expect(rejected.body.data).toMatchObject({ status: 'decided', outcome: 'reject', refundAmount: 0 })
    const resumed = await orderOf(orderId)
    expect(resumed).toMatchObject({ status: 'handed_over', disputedFrom: null })
    const shift = resumed.handedOverAt!.getTime() - before.handedOverAt!.getTime()
    expect(Math.abs(shift - 2 * DAY)).toBeLessThan(60_000)
    expect(await auditActions(world.database, 'aftersale', id)).toEqual(['aftersale.decide'])
    expect((await decide(id, { outcome: 'reject' })).body.msg).toBe('售后已处理完毕')
    await ledgerOk()
  })

  it('goes to staff by itself, marked 卖家未响应, once the seller has been silent 48 hours', async () => {
    const { buyer, orderId } = await handedOver()
    const id = (await open(buyer, orderId)).body.data.id
    expect(await escalateDue(orderDeps(), new Date(Date.now() + 47 * HOUR))).toBe(0)
    // (the cases earlier tests left waiting for their sellers go too)
    expect(await escalateDue(orderDeps(), new Date(Date.now() + 49 * HOUR))).toBeGreaterThanOrEqual(1)
    expect(await escalateDue(orderDeps(), new Date(Date.now() + 50 * HOUR))).toBe(0)
    const seen = await world.call('GET', `/api/need/aftersale/${id}`, { token: buyer.token })
    expect(seen.body.data).toMatchObject({ status: 'awaiting_staff', sellerSilent: true })
    const cards = await world.database.db
      .select({ event: dealMessages.cardEvent })
      .from(dealMessages)
      .where(and(eq(dealMessages.orderId, orderId), eq(dealMessages.kind, 'card')))
    expect(cards.map((c) => c.event)).toEqual(['pay', 'handOver', 'aftersaleOpen', 'aftersaleEscalate'])
  })

  it('counts the seller’s words in the room as the answer', async () => {
    const { buyer, seller, orderId } = await handedOver()
    const id = (await open(buyer, orderId)).body.data.id
    await world.call('POST', `/api/need/myOrder/${orderId}/messages`, {
      token: seller.token,
      body: { clientId: 'answer-in-room-1', text: '账号是我卖出后被盗的，我可以配合找回' },
    })
    const seen = await world.call('GET', `/api/need/aftersale/${id}`, { token: buyer.token })
    expect(seen.body.data).toMatchObject({
      status: 'awaiting_staff',
      sellerSilent: false,
      reply: { text: '账号是我卖出后被盗的，我可以配合找回' },
    })
  })

  it('never pays out a disputed order, and pays less by a partial refund once decided', async () => {
    const { buyer, seller, orderId, goodsId } = await handedOver(true)
    const completed = await orderOf(orderId)
    const id = (await open(buyer, orderId)).body.data.id
    expect(await orderOf(orderId)).toMatchObject({ status: 'disputed', disputedFrom: 'completed' })
    await runSweep(orderDeps(), new Date(Date.now() + 60 * DAY))
    expect(await world.database.db.select().from(payouts).where(eq(payouts.orderId, orderId))).toEqual([])
    await ledgerOk()

    const net = completed.goodsAmount - completed.commissionAmount
    const tooMuch = await decide(id, { outcome: 'refund_partial', amount: net })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.msg).toContain('部分退款最多')
    expect((await decide(id, { outcome: 'refund_partial' })).body.msg).toContain('部分退款须填写退款金额')
    expect((await decide(id, { outcome: 'reject', amount: 100 })).body.msg).toContain('只有部分退款需要填写金额')

    const half = Math.floor(completed.paidAmount / 2)
    const decided = await decide(id, { outcome: 'refund_partial', amount: half })
    expect(decided.body.data).toMatchObject({ status: 'decided', outcome: 'refund_partial', refundAmount: half })
    expect(await orderOf(orderId)).toMatchObject({ status: 'completed', refundAmount: half })
    // The gateway sent back exactly the half; the buyer keeps the account.
    const [payment] = await world.database.db.select().from(payments).where(eq(payments.orderId, orderId))
    expect(payment).toMatchObject({ status: 'refunded', refundDue: false, refundAmount: half })
    expect((await world.database.db.select().from(goods).where(eq(goods.id, goodsId)))[0].status).toBe('sold')
    // No second case for money already refunded once.
    expect((await open(buyer, orderId)).body.msg).toBe('该订单已处理过售后退款，如有新问题请联系客服')

    await runSweep(orderDeps(), new Date(Date.now() + 60 * DAY))
    const [payout] = await world.database.db.select().from(payouts).where(eq(payouts.orderId, orderId))
    expect(payout).toMatchObject({ status: 'paid', amount: net - half, sellerId: seller.id })
    await ledgerOk()
  })

  it('refunds everything on a handed-over order and gives the account back to its seller, off the market', async () => {
    const { buyer, orderId, goodsId } = await handedOver()
    const id = (await open(buyer, orderId)).body.data.id
    const decided = await decide(id, { outcome: 'refund_full' })
    const order = await orderOf(orderId)
    expect(order).toMatchObject({ status: 'refunded', refundAmount: order.paidAmount })
    expect(decided.body.data.refundAmount).toBe(order.paidAmount)
    const [item] = await world.database.db.select().from(goods).where(eq(goods.id, goodsId))
    expect(item).toMatchObject({ status: 'delisted', delistedBy: 'operator' })
    const [payment] = await world.database.db.select().from(payments).where(eq(payments.orderId, orderId))
    expect(payment).toMatchObject({ status: 'refunded', refundAmount: order.paidAmount })
    await ledgerOk()
  })

  it('refunds everything on a completed order from the seller’s frozen money and the fees', async () => {
    const { buyer, orderId } = await handedOver(true)
    const id = (await open(buyer, orderId)).body.data.id
    await decide(id, { outcome: 'refund_full' })
    expect(await orderOf(orderId)).toMatchObject({ status: 'refunded' })
    await runSweep(orderDeps(), new Date(Date.now() + 60 * DAY))
    expect(await world.database.db.select().from(payouts).where(eq(payouts.orderId, orderId))).toEqual([])
    await ledgerOk()
  })
})
