/**
 * What the two local gateways share: keys and trades kept in DATA_DIR/keys, a tiny HTTP server on
 * 127.0.0.1 for the adapter's real HTTP + signature path, the hand-off from a not-yet-listening server
 * to the production adapter, and notice delivery with retries. Dev and tests only.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { FastifyPluginAsync } from 'fastify'
import type { NotifyRequest, PaymentGateway, PaymentGateways } from '../gateway'

/** A local stand-in: a PaymentGateway plus its cashier pages and a way for tests to get a genuine notice. */
/** A transfer this gateway made (or refused), kept like a trade: the same out_biz_no answers the same again. */
export interface LocalTransfer {
  outBizNo: string
  amount: number
  payeeAccount: string
  payeeName: string
  title: string
  orderId: string
  /** '' when paid; Alipay's refusal otherwise. */
  failure: string
  createdAt: string
}

export interface LocalGateway extends PaymentGateway {
  mode: 'local'
  /** The cashier routes; ./devRoutes.ts registers them under `/dev`. */
  cashier: FastifyPluginAsync
  /**
   * The stand-in for the app's in-browser bridge (WeixinJSBridge, AlipayJSBridge), a script that acts only
   * under the app's user agent; ./devRoutes.ts serves every gateway's as one `/dev/jsbridge.js`.
   */
  bridge: string
  /**
   * A notice as this gateway would post it, signed by its key (or by a stranger's with `foreignKey`).
   * A genuine paid notice for a known, never paid trade of that amount also marks it paid — as the
   * cashier's 支付 does, but also when closed or expired meanwhile (the races tests need) — so a later
   * query and refund agree.
   */
  testNotice(outTradeNo: string, amount: number, options?: { foreignKey?: boolean; status?: string }): NotifyRequest
  /** `http://127.0.0.1:<port>`, where the gateway's API listens (for tests calling it with other keys). */
  apiOrigin(): Promise<string>
  /** Alipay only: the next new transfer is refused with `reason`, as Alipay refuses a wrong payee. */
  failNextTransfer?(reason: string): void
  close(): Promise<void>
}

export const isLocalGateway = (gateway: PaymentGateway): gateway is LocalGateway =>
  gateway.mode === 'local' && 'cashier' in gateway

/** Where the payment dev routes are mounted; the local pay URLs point there. */
export const CASHIER_PREFIX = '/dev'

/** The local stand-ins for the apps' in-browser bridges, one script for all (./devRoutes.ts). */
export const BRIDGE_PATH = `${CASHIER_PREFIX}/jsbridge.js`

/** The channels served by a local stand-in (none in production). */
export const localGateways = (payments: PaymentGateways): LocalGateway[] =>
  (['alipay', 'wechat'] as const)
    .map((channel) => payments[channel])
    .filter((g) => g !== undefined)
    .filter(isLocalGateway)

/** Reads DATA_DIR/keys/<name>.json, creating it with `create()` (mode 600) the first time. */
export function keyFile<T>(dataDir: string, name: string, create: () => T): T {
  const file = path.join(dataDir, 'keys', `${name}.json`)
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as T
  const value = create()
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, JSON.stringify(value, null, 2), { mode: 0o600 })
  return value
}

const TRADE_DAYS_KEPT = 30

/**
 * The trades a local gateway knows, one file each under DATA_DIR/keys/<name>/ (replaced atomically), so that a
 * pay page and a query still work after a restart. Trades older than 30 days are dropped at start. The files are
 * the only copy, read at every use: the instances of a local cluster (npm run cluster) share DATA_DIR, and a
 * trade one of them made or saw paid is the same trade to the others — one file per trade, so two instances
 * writing two trades never overwrite each other.
 */
export class TradeBook<T extends { createdAt: string }> {
  private readonly dir: string

  /** `keyOf` names a record: a trade by its out_trade_no, a transfer by its out_biz_no. */
  constructor(
    dataDir: string,
    name: string,
    private readonly keyOf: (record: T) => string,
  ) {
    this.dir = path.join(dataDir, 'keys', name)
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    // Kept in one file before: split into the directory once.
    const single = `${this.dir}.json`
    if (fs.existsSync(single)) {
      for (const trade of JSON.parse(fs.readFileSync(single, 'utf8')) as T[]) this.save(trade)
      fs.rmSync(single)
    }
    const oldest = new Date(Date.now() - TRADE_DAYS_KEPT * 86_400_000).toISOString()
    for (const trade of this.all())
      if (trade.createdAt < oldest) fs.rmSync(this.fileOf(this.keyOf(trade)), { force: true })
  }

  private fileOf(key: string): string {
    return path.join(this.dir, `${encodeURIComponent(key)}.json`)
  }

  get(key: string): T | undefined {
    const file = this.fileOf(key)
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined
  }

  /** Every record, newest first. */
  all(): T[] {
    return fs
      .readdirSync(this.dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(fs.readFileSync(path.join(this.dir, name), 'utf8')) as T)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  }

  /** Stores a new or changed record. */
  save(trade: T): T {
    const file = this.fileOf(this.keyOf(trade))
    const temporary = `${file}.${process.pid}.tmp`
    fs.writeFileSync(temporary, JSON.stringify(trade), { mode: 0o600 })
    fs.renameSync(temporary, file)
    return trade
  }
}

export interface LocalRequest {
  method: string
  /** Path and query, as the client signed it. */
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}

export interface LocalResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * The gateway's API on 127.0.0.1 and a random port. `adapter` is made from the listening URL; until
 * then every call of the returned gateway waits for it, so the caller gets a gateway synchronously.
 */
export function serveLocalApi(
  handle: (request: LocalRequest) => LocalResponse,
  adapter: (origin: string) => PaymentGateway,
): { origin: Promise<string>; gateway: Promise<PaymentGateway>; close(): Promise<void> } {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      let answer: LocalResponse
      try {
        answer = handle({
          method: request.method ?? 'GET',
          url: request.url ?? '/',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        })
      } catch {
        answer = { status: 500, headers: { 'content-type': 'text/plain' }, body: 'local gateway error' }
      }
      response.writeHead(answer.status, answer.headers)
      response.end(answer.body)
    })
  })
  const origin = new Promise<string>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  })
  const gateway = origin.then(adapter)
  return {
    origin,
    gateway,
    close: async () => {
      await gateway.catch(() => undefined)
      if (!server.listening) return
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The production adapter's calls, each after the local server is listening. */
export function forwardTo(
  ready: Promise<PaymentGateway>,
): Pick<PaymentGateway, 'verifyNotify' | 'queryTrade' | 'closeTrade' | 'refund' | 'transfer'> {
  return {
    verifyNotify: async (request) => (await ready).verifyNotify(request),
    queryTrade: async (outTradeNo) => (await ready).queryTrade(outTradeNo),
    closeTrade: async (outTradeNo) => (await ready).closeTrade(outTradeNo),
    refund: async (outTradeNo, amount, refundNo) => (await ready).refund(outTradeNo, amount, refundNo),
    transfer: async (request) => {
      const gateway = await ready
      if (!gateway.transfer) throw new Error(`${gateway.channel}: no transfers`)
      return gateway.transfer(request)
    },
  }
}

const RETRY_DELAYS_MS = [1_000, 5_000, 30_000]

/**
 * Posts notices as a gateway does: the first attempt is awaited (the buyer lands on a paid order), the
 * retries run in the background until `accepted`; `close()` stops them. Failures go to `log`.
 */
export function noticeCourier(log: (message: string) => void) {
  const timers = new Set<NodeJS.Timeout>()
  const aborts = new AbortController()
  let closed = false

  async function attempt(url: string, init: RequestInit, accepted: (status: number, body: string) => boolean) {
    try {
      const response = await fetch(url, { ...init, method: 'POST', signal: aborts.signal })
      return accepted(response.status, (await response.text()).trim())
    } catch {
      return false
    }
  }

  return {
    async deliver(url: string, init: RequestInit, accepted: (status: number, body: string) => boolean) {
      if (await attempt(url, init, accepted)) return true
      const retry = (index: number) => {
        if (closed) return
        if (index >= RETRY_DELAYS_MS.length) return log(`local gateway: notice to ${url} was not accepted`)
        const timer = setTimeout(async () => {
          timers.delete(timer)
          if (!(await attempt(url, init, accepted))) retry(index + 1)
        }, RETRY_DELAYS_MS[index])
        timer.unref()
        timers.add(timer)
      }
      retry(0)
      return false
    },
    close() {
      closed = true
      aborts.abort()
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}

/** A form field or query parameter given once as a string; undefined otherwise. */
export function field(source: unknown, name: string): string | undefined {
  const value = (source as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : undefined
}

/** A string field of a parsed query or form that must be an absolute URL; null when it is not one. */
export function urlField(source: unknown, name: string): URL | null {
  try {
    return new URL(field(source, name) ?? '')
  } catch {
    return null
  }
}
