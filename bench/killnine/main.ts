/**
 * bench/killnine: two instances on a private PostgreSQL and Redis under a mixed load of orders, payments (the
 * gateway's signed notices) and deal-room messages; halfway, one instance is killed with SIGKILL and started
 * again. Then: every write an instance acknowledged is in the database (orders, payments, messages), the sweeper
 * catches up with the orders left unpaid past their deadline (the unpaid timeout is set to one minute), and the
 * escrow journal proves (verifyLedger).
 *
 *   npm run bench:killnine                          # 60 s of load, ≈ 4 min in all
 *   npm run bench:killnine -- --seconds 20 --no-write
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { loadConfig } from '../../server/config'
import { connectDatabase } from '../../server/db'
import { dealMessages, goods, orders, settings, users } from '../../server/db/schema'
import { createSession } from '../../server/lib/auth'
import { verifyLedger } from '../../server/modules/ledger/verify'
import { createPaymentGateways, localGateway } from '../../server/modules/payments'
import { startPostgres } from '../lib/postgres'
import { startRedis } from '../lib/redis'
import { onCleanup, runMain, startServer, tempDir, type RunningServer } from '../lib/proc'
import { markdownTable, runInfo, writeSection } from '../lib/results'

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    buyers: { type: 'string', default: '40' },
    workers: { type: 'string', default: '8' },
    'no-write': { type: 'boolean', default: false },
  },
})
const SECONDS = Number(args.seconds)

runMain(async () => {
  const { dir } = tempDir('haoanxin-killnine-')
  const postgres = await startPostgres()
  const redisUrl = await startRedis()
  const database = await connectDatabase({ kind: 'postgres', url: postgres.url, maxConnections: 4 })
  onCleanup(() => database.close())
  // Unpaid orders lapse after a minute, so the sweeper has work that falls due while an instance is down.
  await database.db.update(settings).set({ value: 1 }).where(eq(settings.key, 'unpaidOrderTimeoutMinutes'))

  const start = () => startServer({ dataDir: dir, databaseUrl: postgres.url, redisUrl })
  const instances: (RunningServer & { child: import('node:child_process').ChildProcess })[] = [await start()]
  instances.push(await start())
  const live = () =>
    instances.filter((instance) => instance.child.exitCode === null && instance.child.signalCode === null)

  // The gateway's side: notices signed with the local Alipay's key (the instances made it in DATA_DIR).
  const payments = createPaymentGateways(loadConfig({ DATA_DIR: dir }))
  onCleanup(() => payments.close())
  const alipay = localGateway(payments, 'alipay')

  const buyerIds = await database.db
    .insert(users)
    .values(
      Array.from({ length: Number(args.buyers) }, (_, i) => ({
        username: `kn_${randomBytes(4).toString('hex')}_${i}`,
      })),
    )
    .returning({ id: users.id })
  const tokens = await Promise.all(
    buyerIds.map(
      async ({ id }) => (await createSession(database.db, id, 7, { ip: '127.0.0.1', userAgent: 'killnine' })).token,
    ),
  )
  const onSale = (
    await database.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.status, 'on_sale'), eq(goods.kind, 'listing'), sql`${goods.sellerId} is not null`))
      .limit(400)
  ).map((row) => row.id)

  const acked = { orders: new Set<number>(), paid: new Set<number>(), messages: new Set<string>() }
  /** Per kind of work: answered 2xx, refused (4xx: the listing taken, a buyer's unpaid limit), failed (5xx or no answer). */
  const counts: Record<'order' | 'pay' | 'message', { ok: number; refused: number; failed: number }> = {
    order: { ok: 0, refused: 0, failed: 0 },
    pay: { ok: 0, refused: 0, failed: 0 },
    message: { ok: 0, refused: 0, failed: 0 },
  }
  const owner = new Map<number, string>()
  /** About a third of the orders are never paid: they lapse, some while an instance is down, for the sweeper. */
  const neverPaid = new Set<number>()
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]
  const failures: string[] = []
  const call = async (
    path: string,
    token: string | undefined,
    body?: unknown,
    raw?: { type: string; text: string },
  ) => {
    const origin = pick(live()).origin
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'content-type': raw?.type ?? 'application/json',
      },
      body: raw ? raw.text : JSON.stringify(body ?? {}),
    })
    const text = await response.text()
    if (response.status >= 500 && failures.length < 5) failures.push(`${path} ${response.status} ${text.slice(0, 120)}`)
    return { status: response.status, text }
  }

  const actions = {
    async order() {
      const token = pick(tokens)
      const answer = await call('/api/order', token, {
        goodsId: pick(onSale),
        guaranteeType: 'none',
        payMode: 'full',
        agree: true,
      })
      if (answer.status !== 200) return answer.status
      const id = (JSON.parse(answer.text) as { data: { id: number } }).data.id
      acked.orders.add(id)
      owner.set(id, token)
      if (Math.random() < 1 / 3) neverPaid.add(id)
      return 200
    },
    async pay() {
      const unpaid = [...acked.orders].filter((id) => !acked.paid.has(id) && !neverPaid.has(id))
      if (unpaid.length === 0) return null
      const id = pick(unpaid)
      const started = await call(`/api/pay/${id}`, owner.get(id), {
        channel: 'alipay',
        kind: 'full',
        returnUrl: '/index/orderDetail',
      })
      if (started.status !== 200) return started.status
      const { outTradeNo, amount } = (JSON.parse(started.text) as { data: { outTradeNo: string; amount: number } }).data
      const notice = alipay.testNotice(outTradeNo, amount)
      const answer = await call('/api/pay/notify/alipay', undefined, undefined, {
        type: String(notice.headers['content-type']),
        text: notice.rawBody,
      })
      if (answer.text !== 'success') return answer.status >= 500 ? answer.status : 400
      acked.paid.add(id)
      return 200
    },
    async message() {
      if (acked.paid.size === 0) return null
      const id = pick([...acked.paid])
      const clientId = randomBytes(8).toString('hex')
      const answer = await call(`/api/need/myOrder/${id}/messages`, owner.get(id), {
        clientId,
        text: '在吗？什么时候可以换绑',
      })
      if (answer.status !== 200) return answer.status
      acked.messages.add(clientId)
      return 200
    },
  }

  const end = Date.now() + SECONDS * 1000
  let killedAt = 0
  let restartedIn = 0
  const killer = (async () => {
    await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 2))
    const victim = instances[0]
    killedAt = Date.now()
    victim.child.kill('SIGKILL')
    await new Promise((resolve) => victim.child.once('exit', resolve))
    await victim.stop()
    const restarted = await start()
    restartedIn = (Date.now() - killedAt) / 1000
    instances[0] = restarted
  })()
  const worker = async () => {
    while (Date.now() < end) {
      const kind = pick(['order', 'order', 'pay', 'pay', 'message'] as const)
      try {
        const status = await actions[kind]()
        if (status === null) await new Promise((resolve) => setTimeout(resolve, 20))
        else counts[kind][status < 300 ? 'ok' : status < 500 ? 'refused' : 'failed'] += 1
      } catch (error) {
        // No answer: the instance was killed under the call.
        counts[kind].failed += 1
        if (failures.length < 5) failures.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
  await Promise.all([killer, ...Array.from({ length: Number(args.workers) }, worker)])

  // The sweeper catches up: every unpaid order is given up once its deadline (a minute after it was made) has
  // passed — those that fell due while an instance was down, and the last ones made — within a few sweeps.
  const overdue = async () =>
    (
      await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'pending_payment'), lt(orders.closeAt, new Date(Date.now() - 1_000))))
    ).length
  const allDue = end + 61_000
  while (Date.now() < allDue + 60_000 && (Date.now() < allDue || (await overdue()) > 0))
    await new Promise((resolve) => setTimeout(resolve, 2_000))
  const overdueLeft = await overdue()

  const ids = [...acked.orders]
  const stored = ids.length ? await database.db.select().from(orders).where(inArray(orders.id, ids)) : []
  const paidIds = [...acked.paid]
  const paidStored = stored.filter((order) => acked.paid.has(order.id) && order.paidAmount >= order.totalAmount)
  const messageIds = [...acked.messages]
  const messagesStored = messageIds.length
    ? await database.db
        .select({ id: dealMessages.id })
        .from(dealMessages)
        .where(inArray(dealMessages.clientId, messageIds))
    : []
  const ledger = await verifyLedger(database.db)
  for (const instance of live()) await instance.stop()

  const check = (ok: boolean) => (ok ? 'met' : '**missed**')
  const lost = {
    orders: ids.length - stored.length,
    paid: paidIds.length - paidStored.length,
    messages: messageIds.length - messagesStored.length,
  }
  const report = [
    '## kill -9 under load (`bench/killnine`)',
    '',
    runInfo(),
    `- two instances (local mode) on a private PostgreSQL 15 and Redis; ${args.workers} workers for ${SECONDS} s over both, ${args.buyers} buyers; unpaid orders lapse after 1 min`,
    `- at ${SECONDS / 2} s one instance was killed with SIGKILL and started again (serving again after ${restartedIn.toFixed(1)} s); calls meanwhile went to the live one`,
    '',
    markdownTable(
      ['work', 'acknowledged (2xx)', 'refused (4xx)', 'failed (5xx or no answer)', 'distinct acknowledged'],
      [
        ['orders placed', counts.order.ok, counts.order.refused, counts.order.failed, acked.orders.size],
        ['payments (notice answered success)', counts.pay.ok, counts.pay.refused, counts.pay.failed, acked.paid.size],
        ['deal-room messages', counts.message.ok, counts.message.refused, counts.message.failed, acked.messages.size],
      ],
    ),
    '',
    failures.length ? `First failures: ${failures.map((f) => `\`${f}\``).join('; ')}` : 'No failure.',
    '',
    '### Targets',
    '',
    markdownTable(
      ['target', 'measured', ''],
      [
        ['acknowledged orders lost: 0', `${lost.orders} of ${ids.length}`, check(lost.orders === 0)],
        ['acknowledged payments lost: 0', `${lost.paid} of ${paidIds.length}`, check(lost.paid === 0)],
        ['acknowledged messages lost: 0', `${lost.messages} of ${messageIds.length}`, check(lost.messages === 0)],
        [
          `unpaid orders past their deadline left by the sweeper: 0 (${neverPaid.size} were never paid)`,
          overdueLeft,
          check(overdueLeft === 0 && neverPaid.size > 0),
        ],
        ['ledger:verify passes', ledger.ok ? 'passes' : ledger.problems.slice(0, 3).join('; '), check(ledger.ok)],
      ],
    ),
  ].join('\n')
  console.log(`\n${report}`)
  if (!args['no-write']) writeSection('killnine', report)
  if (lost.orders + lost.paid + lost.messages + overdueLeft > 0 || !ledger.ok) process.exitCode = 1
})
