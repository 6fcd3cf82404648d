/**
 * Prometheus metrics at `GET /metrics`: request rate and latency by route, the database pool, the sweeper's
 * lag, payment notices by outcome, open WebSockets, and Node's own (event-loop delay, memory, GC). One registry
 * for the process; the parts that count (routes, the sweeper, the notices, the hub) call in here.
 *
 * Not for the public: it answers a caller on this machine or the private network that came straight to the
 * instance (no X-Forwarded-For — a request through the proxy carries one; the proxy also refuses the path), or
 * anyone presenting METRICS_TOKEN.
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Pool } from 'pg'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { AppError } from './envelope'
import { isLoopback } from './network'

export const registry = new Registry()
collectDefaultMetrics({ register: registry })

const requests = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, and how long they took',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [registry],
})

export const paymentNotices = new Counter({
  name: 'payment_notices_total',
  help: 'Signed payment notices from the gateways, by channel and outcome',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
})

export const webSockets = new Gauge({
  name: 'websocket_connections',
  help: 'Deal-room WebSockets open on this instance',
  registers: [registry],
})

const sweeperRuns = new Histogram({
  name: 'sweeper_run_duration_seconds',
  help: 'How long each sweeper run took',
  buckets: [0.05, 0.1, 0.5, 1, 5, 15, 60],
  registers: [registry],
})
let lastSweep = 0
new Gauge({
  name: 'sweeper_lag_seconds',
  help: 'Seconds since the sweeper last finished a run (timed transitions wait at most this long)',
  registers: [registry],
  collect() {
    this.set(lastSweep === 0 ? 0 : (Date.now() - lastSweep) / 1000)
  },
})

const sweeperFailures = new Counter({
  name: 'sweeper_failures_total',
  help: 'Items the sweeper could not step (tried again on its next run), by table or work',
  labelNames: ['sweep'] as const,
  registers: [registry],
})

/** The sweeper reports each item that failed (the rest of its run goes on). */
export function sweepFailed(what: string): void {
  sweeperFailures.inc({ sweep: what })
}

/** The sweeper reports each finished run. */
export function sweptIn(seconds: number): void {
  sweeperRuns.observe(seconds)
  lastSweep = Date.now()
}

const pools = new Set<Pool>()
const poolGauge = (name: string, help: string, read: (pool: Pool) => number) =>
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set([...pools].reduce((sum, pool) => sum + read(pool), 0))
    },
  })
poolGauge('db_pool_connections', 'Database connections open', (pool) => pool.totalCount)
poolGauge('db_pool_idle', 'Database connections idle', (pool) => pool.idleCount)
poolGauge('db_pool_waiting', 'Queries waiting for a connection', (pool) => pool.waitingCount)

const PRIVATE = [/^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^f[cd][0-9a-f]{2}:/i]
const isInternal = (address: string | undefined) =>
  isLoopback(address) || PRIVATE.some((range) => range.test((address ?? '').replace(/^::ffff:/, '')))

function allowed(request: FastifyRequest, token: string | undefined): boolean {
  const auth = request.headers.authorization ?? ''
  if (token && auth.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice(7))
    const wanted = Buffer.from(token)
    return given.length === wanted.length && timingSafeEqual(given, wanted)
  }
  return isInternal(request.socket.remoteAddress) && request.headers['x-forwarded-for'] === undefined
}

/** Times every request by its route pattern (never the raw URL: ids would make a series each) and serves `/metrics`. */
export function installMetrics(app: FastifyInstance, pool: Pool, token: string | undefined): void {
  pools.add(pool)
  app.addHook('onClose', async () => void pools.delete(pool))
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    if (route === '/metrics') return
    requests.observe({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000)
  })
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, token)) throw new AppError(404, '接口不存在')
    return reply.type(registry.contentType).send(await registry.metrics())
  })
}
