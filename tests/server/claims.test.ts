/**
 * 包赔: only the buyer of a guaranteed, completed order within the term may file; the claim machine walked
 * through staff's questions, approval and the transfer; a claim is never paid twice (racing approvals, racing
 * sends, a refused transfer retried); the fund pays only what it holds and the ledger proves it; the public
 * figures computed from claims with known answers.
 */
import { and, eq } from 'drizzle-orm'
import {
  claims,
  fundContributions,
  games,
  goods,
  ledgerEntries,
  orders,
  payoutEvents,
  payouts,
  users,
} from '../../server/db/schema'
import { setSetting } from '../../server/lib/settings'
import { claimStats, sendClaimPayout } from '../../server/modules/claims/service'
import { verifyLedger } from '../../server/modules/ledger/verify'
import { localGateway } from '../../server/modules/payments'
import { runSweep } from '../../server/modules/orders/sweeper'
import { auditActions, createTestDatabase } from './helpers/database'
import { handedOverDeal, makeDeal, useDealWorld } from './helpers/deals'
import { createPerson, type Person } from './helpers/http'

const world = useDealWorld()
let finance: Person
const DAY = 86_400_000

beforeAll(async () => {
  finance = await createPerson(world.database, ['user', 'finance'])
})

const deps = () => ({
  db: world.database.db,
  payments: world.app.deps.payments,
  vault: world.app.deps.vault,
  log: world.app.log,
})

/** A deal handed over and confirmed, with the guarantee `guaranteeType` (the goods offers both). */
const completed = (guaranteeType: 'retrieval' | 'face' | 'none' = 'retrieval', price = 50_000) =>
  handedOverDeal(world, { guaranteeType, price, confirm: true })

const file = (who: Person, orderId: number, body: Record<string, unknown> = {}) =>
  world.call('POST', `/api/need/myOrder/${orderId}/claim`, {
    token: who.token,
    body: {
      kind: 'recovered',
      description: '账号在成交后第三天被原号主通过申诉找回了',
      images: [world.screenshot],
      payee: { alipayAccount: '13900001234', name: '张三' },
      ...body,
    },
  })
const staff = (path: string, body?: object, who: Person = world.service) =>
  world.call('POST', `/api/admin/claims/${path}`, { token: who.token, body })
const ledgerOk = async () => expect((await verifyLedger(world.database.db)).problems).toEqual([])

describe('who may file', () => {
  it('only the buyer of a completed, guaranteed order, within the term, once', async () => {
    const handedOver = await makeDeal(world.database, world.app, world.gameId, { guaranteeType: 'retrieval' })
    expect(
      (await world.call('POST', `/api/admin/orders/${handedOver.orderId}/hand-over`, { token: world.service.token }))
        .status,
    ).toBe(200)
    expect((await file(handedOver.buyer, handedOver.orderId)).body.msg).toBe('交易完成后才能申请包赔')

    const none = await completed('none')
    expect((await file(none.buyer, none.orderId)).body.msg).toBe('该订单未购买包赔服务')

    const { buyer, seller, orderId } = await completed('retrieval')
    expect((await file(seller, orderId)).status).toBe(404)
    expect((await file(await createPerson(world.database), orderId)).status).toBe(404)
    expect((await file(buyer, orderId, { kind: 'face_recovered' })).body.msg).toBe('人脸找回需购买人脸包赔')
    const foreign = await file(buyer, orderId, { images: [`/uploads/${'b'.repeat(40)}.png`] })
    expect(foreign.status).toBe(400)
    const badPayee = await file(buyer, orderId, { payee: { alipayAccount: 'not-an-account', name: '张三' } })
    expect(badPayee.body.msg).toBe('收款支付宝账号须为手机号或邮箱')

    await setSetting(world.database.db, 'guaranteeTermDays', 30)
    await world.database.db
      .update(orders)
      .set({ completedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(orders.id, orderId))
    expect((await file(buyer, orderId)).body.msg).toBe('已超过包赔期限（完成后 30 天内）')
    // 0: as long as the game runs.
    await setSetting(world.database.db, 'guaranteeTermDays', 0)
    const filed = await file(buyer, orderId)
    expect(filed.status).toBe(200)
    expect(filed.body.data).toMatchObject({
      status: 'submitted',
      payee: { alipayAccount: '139****1234', name: '张*' },
      actions: [],
    })
    expect(JSON.stringify(filed.body)).not.toContain('13900001234')
    expect((await file(buyer, orderId)).body.msg).toBe('该订单已有包赔申请在处理中')
  })
})

describe('the claim machine', () => {
  it('asks for more, takes it, approves within the goods price and the fund, pays by transfer once', async () => {
    // The fund: the guarantee fees of a few completed deals.
    for (let i = 0; i < 4; i++) await completed('face', 200_000)
    const { buyer, seller, orderId, goodsId } = await completed('face')
    // The seller's sold listing, as their 我的代售 opens it from a message.
    const sold = async () =>
      (await world.call('GET', '/api/need/myConsignment', { token: seller.token, query: { id: goodsId } })).body.rows!
    const id = (await file(buyer, orderId, { kind: 'face_recovered' })).body.data.id

    const asked = await staff(`${id}/request-info`, { note: '请补充找回通知短信的截图' })
    expect(asked.body.data).toMatchObject({ status: 'needs_info', infoRequest: '请补充找回通知短信的截图' })
    const mine = await world.call('GET', `/api/need/claims/${id}`, { token: buyer.token })
    expect(mine.body.data.actions).toEqual(['addInfo'])
    // The buyer is told, with the claim to open.
    const inbox = await world.call('GET', '/api/need/message/list?pageNum=1&pageSize=1', { token: buyer.token })
    expect(inbox.body.rows![0]).toMatchObject({ relatedType: 'claim', relatedId: id })
    expect((await staff(`${id}/approve`, { amount: 100 })).body.msg).toBe('只有审核中的申请可以同意')
    const added = await world.call('POST', `/api/need/claims/${id}/info`, {
      token: buyer.token,
      body: { text: '这是游戏官方发来的找回成功短信截图', images: [world.screenshot] },
    })
    expect(added.body.data).toMatchObject({
      status: 'submitted',
      additions: [{ text: '这是游戏官方发来的找回成功短信截图' }],
    })

    const [order] = await world.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect((await staff(`${id}/approve`, { amount: order.goodsAmount + 1 })).body.msg).toContain('不能超过')
    // Until it is paid, the claim is not the seller's to see.
    expect(await sold()).toMatchObject([{ id: goodsId, status: 'sold', claim: null }])

    // Racing approvals: one wins, and one transfer is made.
    const answers = await Promise.all(Array.from({ length: 5 }, () => staff(`${id}/approve`, { amount: 30_000 })))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    const [claim] = await world.database.db.select().from(claims).where(eq(claims.id, id))
    expect(claim).toMatchObject({ status: 'paid', amount: 30_000 })
    expect(claim.transferNo).toBeTruthy()
    expect(await sendClaimPayout(deps(), id)).toBe('busy')
    const compensations = await world.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.ref, `claim:${id}`))
    expect(compensations).toMatchObject([{ kind: 'compensation', amount: 30_000, debitAccount: 'guarantee_fund' }])
    expect(await auditActions(world.database, 'claim', id)).toEqual(['claim.requestInfo', 'claim.approve'])
    await ledgerOk()
    // The seller is told, with their sold listing to open; it shows what was paid, and nothing of the buyer's.
    const told = await world.call('GET', '/api/need/message/list?pageNum=1&pageSize=1', { token: seller.token })
    expect(told.body.rows![0]).toMatchObject({
      title: '你售出的账号发生包赔',
      relatedType: 'listing',
      relatedId: goodsId,
    })
    // The seller was not paid yet: the compensation came back to the fund from their money for the sale.
    const [paidListing] = await sold()
    expect(paidListing.claim).toEqual({
      kind: 'face_recovered',
      amount: 30_000,
      paidAt: claim.paidAt!.toISOString(),
      recoveredAmount: 30_000,
      withheldAmount: 30_000,
    })
    const report = await verifyLedger(world.database.db)
    expect(report.problems).toEqual([])
    expect(report.fund.balance).toBe(
      report.fund.fees + report.fund.recoveries - report.fund.compensations - report.fund.refunds,
    )
    expect(report.fund.balance).toBe(report.balances.guarantee_fund)
  })

  it('pays nothing the fund does not hold, and pays a refused transfer once on retry', async () => {
    // ¥50,000 of goods: its own 10 % guarantee fee and the earlier deals' cannot cover its price.
    const { buyer, orderId } = await completed('retrieval', 5_000_000)
    const id = (await file(buyer, orderId)).body.data.id
    const { fund } = await verifyLedger(world.database.db)
    expect(fund.balance).toBeLessThan(5_000_000)
    const tooMuch = await staff(`${id}/approve`, { amount: 5_000_000 })
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body.msg).toMatch(/^包赔基金可用余额 ¥[\d,.]+，不足以赔付$/)

    localGateway(world.app.deps.payments, 'alipay').failNextTransfer!('收款人姓名与支付宝账号不一致')
    const approved = await staff(`${id}/approve`, { amount: 1_000 })
    expect(approved.body.data).toMatchObject({ status: 'approved', transferFailure: '收款人姓名与支付宝账号不一致' })
    expect(approved.body.data.actions).toContain('retry')
    expect(await sendClaimPayout(deps(), id)).toBe('busy')
    const retried = await staff(`${id}/retry`, {}, finance)
    expect(retried.body.data).toMatchObject({ status: 'paid', transferFailure: '' })
    const paid = await world.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.ref, `claim:${id}`))
    expect(paid).toHaveLength(1)
    expect((await staff(`${id}/retry`, {}, finance)).body.msg).toBe('只有打款失败的赔付可以重试')
    await ledgerOk()
  })

  // One connection on PGlite: a second cannot wait for the first's lock there.
  const onPostgres = process.env.DATABASE_URL ? it : it.skip
  onPostgres('staff’s send waits out a claim held for a moment and pays it; the sweeper’s passes it over', async () => {
    const { buyer, orderId } = await completed('retrieval')
    const id = (await file(buyer, orderId)).body.data.id
    localGateway(world.app.deps.payments, 'alipay').failNextTransfer!('网络繁忙')
    await staff(`${id}/approve`, { amount: 1_000 })
    // As a retry leaves it (approved, a new attempt, the failure cleared), while a racing decision holds the row.
    const [refused] = await world.database.db.select().from(claims).where(eq(claims.id, id))
    await world.database.db
      .update(claims)
      .set({ transferFailure: '', attempt: refused.attempt + 1 })
      .where(eq(claims.id, id))
    let staffSend: Promise<string> | undefined
    await world.database.db.transaction(async (tx) => {
      await tx.select({ id: claims.id }).from(claims).where(eq(claims.id, id)).for('update')
      expect(await sendClaimPayout(deps(), id)).toBe('busy')
      staffSend = sendClaimPayout(deps(), id, { wait: true })
      await new Promise((resolve) => setTimeout(resolve, 100))
    })
    expect(await staffSend).toBe('paid')
    await ledgerOk()
  })

  it('rejects with a reason the buyer reads; a rejected claim may be followed by a new one', async () => {
    const { buyer, orderId } = await completed('retrieval')
    const id = (await file(buyer, orderId)).body.data.id
    const rejected = await staff(`${id}/reject`, { reason: '找回发生在交易前，不属于包赔范围' })
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: '找回发生在交易前，不属于包赔范围' })
    expect((await world.call('GET', '/api/need/claims', { token: buyer.token })).body.data).toHaveLength(1)
    expect((await file(buyer, orderId)).status).toBe(200)
    expect((await staff(`${id}/reject`, { reason: '再驳回一次' })).body.msg).toBe('只有审核中或待补充的申请可以驳回')
  })
})

describe('the platform capitalises the fund', () => {
  const contribute = (body: object, who: Person = finance) =>
    world.call('POST', '/api/admin/claims/fund/contributions', { token: who.token, body })
  const fund = async () => (await world.call('GET', '/api/admin/claims/fund', { token: world.service.token })).body.data

  it('a contribution finance records lets the fund pay a claim its fees could not, and the ledger proves it', async () => {
    const { buyer, orderId } = await completed('retrieval', 3_000_000)
    const id = (await file(buyer, orderId)).body.data.id
    const before = await fund()
    expect(before.available).toBeLessThan(3_000_000)
    // The desk's drawer says what the fund can pay beside the claim, before staff try.
    const desk = async () =>
      (await world.call('GET', `/api/admin/claims/${id}`, { token: world.service.token })).body.data
    expect((await desk()).fundAvailable).toBe(before.available)
    expect((await staff(`${id}/approve`, { amount: 3_000_000 })).status).toBe(409)

    // Only finance records money in; a note of spaces is no note; nothing is written by a refusal.
    expect((await contribute({ amount: 5_000_000, note: '平台注资' }, world.service)).status).toBe(403)
    expect((await contribute({ amount: 5_000_000, note: '   ' })).body.msg).toBe('注资说明不能为空')
    expect((await contribute({ amount: 0, note: '平台注资' })).status).toBe(400)
    expect(await fund()).toEqual(before)

    const [{ username }] = await world.database.db.select().from(users).where(eq(users.id, finance.id))
    const given = await contribute({ amount: 5_000_000, note: ' 平台首期注资 ' })
    expect(given.status).toBe(200)
    expect(given.body.data).toMatchObject({
      balance: before.balance + 5_000_000,
      available: before.available + 5_000_000,
      contributions: before.contributions + 5_000_000,
      latestContributions: [{ amount: 5_000_000, note: '平台首期注资', staffName: username }],
    })
    expect((await desk()).fundAvailable).toBe(before.available + 5_000_000)
    const contributionId = given.body.data.latestContributions[0].id
    expect(await auditActions(world.database, 'fund', contributionId)).toEqual(['fund.contribute'])
    const [entry] = await world.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.ref, `contribution:${contributionId}`))
    expect(entry).toMatchObject({
      orderId: null,
      kind: 'contribution',
      debitAccount: 'platform:capital',
      creditAccount: 'guarantee_fund',
    })

    const paid = (await staff(`${id}/approve`, { amount: 3_000_000 })).body.data
    expect(paid.status).toBe('paid')
    // Beside the claim, the seller's record: their completed sales (as their card counts them) and paid claims.
    const [{ n }] = (
      await world.database.pool.query('select count(*)::int as n from orders where seller_id = $1 and status = $2', [
        paid.seller.id,
        'completed',
      ])
    ).rows
    expect(paid.seller).toMatchObject({ sales: n, paidClaims: 1 })
    expect(n).toBeGreaterThan(0)
    // The seller's money for the sale, not paid out yet, paid the claim back (withheld).
    const after = await fund()
    expect(after).toMatchObject({
      balance: before.balance + 5_000_000 - 3_000_000 + 3_000_000,
      compensations: before.compensations + 3_000_000,
      recoveries: before.recoveries + 3_000_000,
    })
    const report = await verifyLedger(world.database.db)
    expect(report.problems).toEqual([])
    expect(report.fund.contributions).toBe(after.contributions)
    expect(report.fund.balance).toBe(after.balance)
    // The desk's kept figures are the proof's, figure by figure.
    expect(after).toMatchObject(report.fund)
    expect(report.balances['platform:capital']).toBe(-after.contributions)
    expect((await claimStats(world.database.db)).fund).toBe(after.balance)
  })

  it('the proof finds a contribution recorded without its posting', async () => {
    const [row] = await world.database.db
      .insert(fundContributions)
      .values({ amount: 100, note: '未入账的注资', staffId: finance.id })
      .returning()
    try {
      expect((await verifyLedger(world.database.db)).problems).toContain(
        `contribution ${row.id}: recorded 100, the fund got 0`,
      )
    } finally {
      await world.database.db.delete(fundContributions).where(eq(fundContributions.id, row.id))
    }
    await ledgerOk()
  })
})

describe('one remedy per order', () => {
  const aftersale = (who: Person, orderId: number) =>
    world.call('POST', `/api/need/myOrder/${orderId}/aftersale`, {
      token: who.token,
      body: { reason: 'recovered', description: '账号昨晚被原主人找回了', images: [world.screenshot] },
    })

  it('a claim filed or paid shuts 申请售后 (the fund never pays beside a refund); racing, one of the two wins', async () => {
    for (let i = 0; i < 2; i++) await completed('retrieval', 200_000)
    const { buyer, orderId } = await completed('retrieval')
    const id = (await file(buyer, orderId)).body.data.id
    expect((await aftersale(buyer, orderId)).body.msg).toBe('该订单的包赔申请正在处理中，不能同时申请售后')
    expect((await staff(`${id}/approve`, { amount: 1_000 })).body.data.status).toBe('paid')
    expect((await aftersale(buyer, orderId)).body.msg).toBe('该订单已获包赔赔付，不能再申请售后')

    const raced = await completed('retrieval')
    const answers = await Promise.all([file(raced.buyer, raced.orderId), aftersale(raced.buyer, raced.orderId)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    await ledgerOk()
  })

  it('the order offers neither remedy while a claim stands, shows the claim, and offers both again once it is turned down', async () => {
    const { buyer, orderId } = await completed('retrieval')
    const detail = async () =>
      (await world.call('GET', `/api/need/myOrder/${orderId}`, { token: buyer.token })).body.data
    const listed = async () =>
      (await world.call('GET', '/api/need/myOrder?pageNum=1&pageSize=50', { token: buyer.token })).body.rows!.find(
        (row: { id: number }) => row.id === orderId,
      )
    expect(await detail()).toMatchObject({
      claimId: null,
      claimStatus: null,
      actions: expect.arrayContaining(['claim', 'aftersale']),
    })

    const id = (await file(buyer, orderId)).body.data.id
    const room = (await world.call('GET', `/api/need/myOrder/${orderId}/messages`, { token: buyer.token })).body.data
    const card = room.messages.find((m: { kind: string }) => m.kind === 'card').card
    for (const actions of [(await detail()).actions, (await listed()).actions, card.actions]) {
      expect(actions).not.toContain('claim')
      expect(actions).not.toContain('aftersale')
      expect(actions).toContain('review')
    }
    expect(await detail()).toMatchObject({ claimId: id, claimStatus: 'submitted' })
    // Where the claim stands shows in the list as well.
    await staff(`${id}/request-info`, { note: '请补充找回通知短信的截图' })
    expect((await listed()).claimStatus).toBe('needs_info')

    await staff(`${id}/reject`, { reason: '找回发生在交易前，不属于包赔范围' })
    expect(await detail()).toMatchObject({
      claimId: id,
      claimStatus: null,
      actions: expect.arrayContaining(['claim', 'aftersale']),
    })
    expect(await listed()).toMatchObject({
      claimStatus: null,
      actions: expect.arrayContaining(['claim', 'aftersale']),
    })
  })

  it('after a partial refund after sale, a claim pays at most the rest of the goods price', async () => {
    for (let i = 0; i < 2; i++) await completed('retrieval', 200_000)
    const { buyer, orderId } = await completed('retrieval')
    const caseId = (await aftersale(buyer, orderId)).body.data.id
    const decided = await world.call('POST', `/api/admin/aftersale/${caseId}/decide`, {
      token: world.service.token,
      body: { outcome: 'refund_partial', amount: 20_000, reason: '核实属实' },
    })
    expect(decided.status).toBe(200)
    const id = (await file(buyer, orderId)).body.data.id
    const seen = (await world.call('GET', `/api/admin/claims/${id}`, { token: world.service.token })).body.data
    expect(seen).toMatchObject({ goodsAmount: 50_000, maxAmount: 30_000 })
    expect((await staff(`${id}/approve`, { amount: 30_001 })).body.msg).toBe(
      '赔付金额不能超过 ¥300.00（商品价格，减去售后已退款）',
    )
    expect((await staff(`${id}/approve`, { amount: 30_000 })).body.data.status).toBe('paid')
    await ledgerOk()
  })
})

describe('the seller’s money for an account the fund paid for', () => {
  const sweepDeps = () => ({ ...deps(), log: { error: () => undefined } })
  const sweep = (days: number) => runSweep(sweepDeps(), new Date(Date.now() + days * DAY))
  const listingOf = async (seller: Person, goodsId: number) =>
    (await world.call('GET', '/api/need/myConsignment', { token: seller.token, query: { id: goodsId } })).body.rows![0]
  const payoutsOf = (orderId: number) => world.database.db.select().from(payouts).where(eq(payouts.orderId, orderId))
  const balances = async () => (await verifyLedger(world.database.db)).balances

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) await completed('retrieval', 200_000)
  })

  it('is not paid out while a claim stands; a paid claim is withheld from it, and the rest is paid once', async () => {
    const { buyer, seller, orderId, goodsId } = await completed('retrieval', 50_000)
    const id = (await file(buyer, orderId)).body.data.id
    // The protection window passes with the claim in review: no payout, and the seller sees why.
    await sweep(8)
    expect(await payoutsOf(orderId)).toEqual([])
    expect((await listingOf(seller, goodsId)).settlement).toMatchObject({ status: 'held', amount: 45_000 })

    // ¥500 less the ¥50 commission; the fund pays ¥300, taken back from the seller's frozen ¥500.
    expect((await staff(`${id}/approve`, { amount: 30_000 })).body.data).toMatchObject({
      status: 'paid',
      recoveredAmount: 30_000,
    })
    const [claim] = await world.database.db.select().from(claims).where(eq(claims.id, id))
    expect(claim).toMatchObject({ withheldAmount: 30_000, recoveredAmount: 30_000 })
    expect((await balances())[`seller_frozen:${seller.id}`]).toBe(20_000)
    // All of it came back: nothing is left to recover, and the desk offers no recovery.
    expect((await staff(`${id}/recovery`, { amount: 1, note: '卖家退回' }, finance)).body.msg).toBe(
      '赔付金额 ¥300.00 已全部追回',
    )
    const desk = await world.call('GET', `/api/admin/claims/${id}`, { token: finance.token })
    expect(desk.body.data).toMatchObject({ withheldAmount: 30_000, actions: [] })
    const told = await world.call('GET', '/api/need/message/list?pageNum=1&pageSize=1', { token: seller.token })
    expect(told.body.rows![0].content).toContain('已从你该笔未结算的货款中扣回 ¥300.00')
    expect(await listingOf(seller, goodsId)).toMatchObject({
      settlement: { status: 'pending', amount: 15_000 },
      claim: { amount: 30_000, withheldAmount: 30_000, recoveredAmount: 30_000 },
    })
    await ledgerOk()

    expect((await sweep(8)).released).toBeGreaterThanOrEqual(1)
    expect(await payoutsOf(orderId)).toMatchObject([{ status: 'paid', amount: 15_000 }])
    await sweep(9)
    expect(await payoutsOf(orderId)).toHaveLength(1)
    const after = await balances()
    expect(after[`seller:${seller.id}`]).toBe(15_000)
    expect(after[`seller_frozen:${seller.id}`]).toBe(0)
    await ledgerOk()
  })

  it('a claim for the whole price leaves nothing to pay out: the sale is settled with no payout', async () => {
    const { buyer, seller, orderId, goodsId } = await completed('retrieval', 50_000)
    const id = (await file(buyer, orderId)).body.data.id
    expect((await staff(`${id}/approve`, { amount: 50_000 })).body.data.status).toBe('paid')
    const [order] = await world.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order.releasedAt).not.toBeNull()
    await sweep(8)
    expect(await payoutsOf(orderId)).toEqual([])
    expect((await balances())[`seller_frozen:${seller.id}`]).toBe(0)
    expect(await listingOf(seller, goodsId)).toMatchObject({ settlement: null, claim: { withheldAmount: 50_000 } })
    await ledgerOk()
  })

  it('a rejected claim lets the payout go; a payout made before a claim is not withheld, and staff recover', async () => {
    const rejected = await completed('retrieval', 50_000)
    const first = (await file(rejected.buyer, rejected.orderId)).body.data.id
    await sweep(8)
    expect(await payoutsOf(rejected.orderId)).toEqual([])
    expect((await staff(`${first}/reject`, { reason: '提供的截图无法证明账号被找回' })).status).toBe(200)
    await sweep(8)
    expect(await payoutsOf(rejected.orderId)).toMatchObject([{ status: 'paid', amount: 45_000 }])

    // Paid out after its window, claimed later: the fund pays, nothing is withheld, staff recover the rest.
    const late = await completed('retrieval', 50_000)
    await sweep(8)
    expect(await payoutsOf(late.orderId)).toMatchObject([{ status: 'paid', amount: 45_000 }])
    const id = (await file(late.buyer, late.orderId)).body.data.id
    expect((await staff(`${id}/approve`, { amount: 30_000 })).body.data).toMatchObject({
      status: 'paid',
      recoveredAmount: 0,
    })
    expect(await listingOf(late.seller, late.goodsId)).toMatchObject({
      settlement: { status: 'paid', amount: 45_000 },
      claim: { withheldAmount: 0, recoveredAmount: 0 },
    })
    expect((await staff(`${id}/recovery`, { amount: 40_000, note: '卖家退回' }, finance)).body.msg).toContain(
      '追回合计不能超过赔付金额',
    )
    const recovered = await staff(`${id}/recovery`, { amount: 20_000, note: '卖家已退回部分货款' }, finance)
    expect(recovered.body.data.recoveredAmount).toBe(20_000)
    expect((await listingOf(late.seller, late.goodsId)).claim).toMatchObject({ recoveredAmount: 20_000 })
    const report = await verifyLedger(world.database.db)
    expect(report.problems).toEqual([])
    expect(report.balances[`seller:${late.seller.id}`]).toBe(45_000 - 20_000)
    expect(report.fund.balance).toBe(report.balances.guarantee_fund)
  })

  /** A sale whose payout the gateway refused; the payouts already due are sent first, so the refusal meets this one. */
  const refusedSale = async () => {
    await sweep(8)
    const deal = await completed('retrieval', 50_000)
    localGateway(world.app.deps.payments, 'alipay').failNextTransfer!('收款账户已冻结')
    await sweep(8)
    return deal
  }

  it('a refused payout is not sent again while a claim on its order stands', async () => {
    const { buyer, orderId } = await refusedSale()
    const [refused] = await payoutsOf(orderId)
    expect(refused).toMatchObject({ status: 'failed' })
    const id = (await file(buyer, orderId)).body.data.id
    const retry = () => world.call('POST', `/api/admin/payouts/${refused.id}/retry`, { token: finance.token })
    expect((await retry()).body).toMatchObject({ code: 409, msg: '该订单的包赔申请处理中，处理完成前不能打款' })
    expect((await staff(`${id}/reject`, { reason: '提供的截图无法证明账号被找回' })).status).toBe(200)
    expect((await retry()).body.data).toMatchObject({ status: 'paid', amount: 45_000 })
    await ledgerOk()
  })

  /** A payout the gateway refused, then a claim filed on its order: the two as finance's desk shows them. */
  const refusedThenClaimed = async () => {
    const deal = await refusedSale()
    const claimId = (await file(deal.buyer, deal.orderId)).body.data.id
    const desk = async () =>
      (await world.call('GET', '/api/admin/payouts', { token: finance.token, query: { sellerId: deal.seller.id } }))
        .body.rows![0]
    return { ...deal, claimId, desk }
  }

  it('a claim paid while the payout stands refused takes from it: the retry sends the rest', async () => {
    const { seller, orderId, goodsId, claimId, desk } = await refusedThenClaimed()
    expect(await desk()).toMatchObject({
      status: 'failed',
      amount: 45_000,
      claim: { id: claimId, status: 'submitted', withheldAmount: 0 },
      actions: [],
    })
    // The seller reads why: held, and no other account may be given until the claim is decided.
    await world.database.db
      .update(users)
      .set({ realNameStatus: 'verified', realName: '李四' })
      .where(eq(users.id, seller.id))
    expect((await listingOf(seller, goodsId)).settlement).toMatchObject({ status: 'held', amount: 45_000, actions: [] })
    const payee = await world.call('PUT', `/api/need/myConsignment/${goodsId}/payee`, {
      token: seller.token,
      body: { alipayAccount: '13900009999' },
    })
    expect(payee.body).toMatchObject({ code: 409, msg: '该订单的包赔申请处理中，处理完成前不能打款' })
    expect((await staff(`${claimId}/approve`, { amount: 30_000 })).body.data).toMatchObject({
      status: 'paid',
      recoveredAmount: 30_000,
    })
    // ¥500 frozen less the ¥300 withheld, less the ¥50 commission: the next attempt sends ¥150.
    const amended = await desk()
    expect(amended).toMatchObject({
      status: 'failed',
      amount: 15_000,
      claim: { status: 'paid', withheldAmount: 30_000 },
      actions: ['retry'],
    })
    const [event] = await world.database.db
      .select()
      .from(payoutEvents)
      .where(and(eq(payoutEvents.payoutId, amended.id), eq(payoutEvents.event, 'amend')))
    expect(event).toMatchObject({ actor: 'system', detail: { claimId, withheld: 30_000 } })
    expect((await listingOf(seller, goodsId)).settlement).toMatchObject({
      status: 'failed',
      amount: 15_000,
      actions: ['payee'],
    })
    await ledgerOk()

    const retried = await world.call('POST', `/api/admin/payouts/${amended.id}/retry`, { token: finance.token })
    expect(retried.body.data).toMatchObject({ status: 'paid', amount: 15_000, attempt: 2 })
    const after = await balances()
    expect(after[`seller:${seller.id}`]).toBe(15_000)
    expect(after[`seller_frozen:${seller.id}`]).toBe(0)
    expect(await payoutsOf(orderId)).toHaveLength(1)
    await ledgerOk()
  })

  it('a claim that takes all of a refused payout cancels it: the sale is settled, nothing is left to retry', async () => {
    const { seller, orderId, goodsId, claimId, desk } = await refusedThenClaimed()
    expect((await staff(`${claimId}/approve`, { amount: 48_000 })).body.data.status).toBe('paid')
    const cancelled = await desk()
    expect(cancelled).toMatchObject({ status: 'cancelled', claim: { withheldAmount: 48_000 }, actions: [] })
    const retried = await world.call('POST', `/api/admin/payouts/${cancelled.id}/retry`, { token: finance.token })
    expect(retried.body).toMatchObject({ code: 409, msg: '只有打款失败的记录可以重试' })
    const [order] = await world.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order.releasedAt).not.toBeNull()
    await sweep(9)
    expect(await payoutsOf(orderId)).toMatchObject([{ status: 'cancelled' }])
    expect((await balances())[`seller_frozen:${seller.id}`]).toBe(0)
    expect(await listingOf(seller, goodsId)).toMatchObject({ settlement: null, claim: { withheldAmount: 48_000 } })
    await ledgerOk()
  })
})

describe('public figures', () => {
  it('are computed from the claims: filed, approved, paid, ratio, median days and total per window', async () => {
    // A world.database of its own, with claims of known dates and outcomes, one order each.
    const fresh = await createTestDatabase()
    try {
      const [buyer] = await fresh.db.insert(users).values({ username: 'stats_buyer', phone: '13700000001' }).returning()
      const [game] = await fresh.db.insert(games).values({ name: '原神', initial: 'Y', type: 'mobile' }).returning()
      const now = Date.now()
      const fixtures: [
        days: number,
        status: 'paid' | 'rejected' | 'submitted' | 'approved',
        payDays?: number,
        amount?: number,
      ][] = [
        [5, 'paid', 2, 10_000],
        [20, 'paid', 4, 30_000],
        [10, 'rejected'],
        [3, 'submitted'],
        [25, 'approved', undefined, 7_000],
        [50, 'paid', 1, 5_000],
        [60, 'rejected'],
        [200, 'rejected'],
        [400, 'paid', 3, 99_000],
      ]
      for (const [days, status, payDays, amount] of fixtures) {
        const [item] = await fresh.db
          .insert(goods)
          .values({ gameId: game.id, title: '号', price: 50_000, status: 'sold', soldAt: new Date() })
          .returning()
        const [order] = await fresh.db
          .insert(orders)
          .values({
            no: `S${item.id}`,
            buyerId: buyer.id,
            goodsId: item.id,
            goods: {
              id: item.id,
              gameId: game.id,
              gameName: '',
              title: '号',
              coverImage: '',
              regionNames: [],
              price: 50_000,
            },
            guaranteeType: 'retrieval',
            payMode: 'full',
            goodsAmount: 50_000,
            guaranteeAmount: 5_000,
            serviceAmount: 0,
            totalAmount: 55_000,
            commissionAmount: 0,
            paidAmount: 55_000,
            status: 'completed',
            closeAt: new Date(),
          })
          .returning()
        const createdAt = new Date(now - days * DAY)
        await fresh.db.insert(claims).values({
          orderId: order.id,
          buyerId: buyer.id,
          kind: 'recovered',
          description: '测试用的包赔申请',
          payeeSealed: 'sealed',
          payeeMasked: { alipayAccount: '139****0000', name: '张*' },
          status,
          amount: amount ?? null,
          createdAt,
          paidAt: payDays === undefined ? null : new Date(createdAt.getTime() + payDays * DAY),
        })
      }
      const { windows } = await claimStats(fresh.db, new Date(now))
      expect(windows).toEqual([
        // 5 (paid 2 d), 20 (paid 4 d), 10 (rejected), 3 (open), 25 (approved): 2 of 3 decided paid.
        { days: 30, filed: 5, approved: 3, paid: 2, paidRatioBps: 6_667, medianDaysToPay: 3, totalPaid: 40_000 },
        // + 50 (paid 1 d), 60 (rejected): paid 2, 4, 1 → median 2; 3 of 5 decided.
        { days: 90, filed: 7, approved: 4, paid: 3, paidRatioBps: 6_000, medianDaysToPay: 2, totalPaid: 45_000 },
        // + 200 (rejected); the 400-day one is outside every window.
        { days: 365, filed: 8, approved: 4, paid: 3, paidRatioBps: 5_000, medianDaysToPay: 2, totalPaid: 45_000 },
      ])
    } finally {
      await fresh.close()
    }
  })
})
