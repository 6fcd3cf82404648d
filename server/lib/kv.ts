import { EventEmitter } from 'node:events'
import { Redis } from 'ioredis'

/**
 * Short-lived shared state — captcha answers, SMS codes, rate-limit counters — and the instances' one
 * broadcast channel (the deal rooms' live delivery). Memory is enough for the single embedded instance;
 * several instances must share Redis or each would keep its own limits and hear only its own messages.
 */
export interface KvStore {
  readonly kind: 'memory' | 'redis'
  get(key: string): Promise<string | null>
  /** Every value expires: nothing kept here is meant to outlive a few minutes or hours. */
  set(key: string, value: string, ttlSeconds: number): Promise<void>
  /** Returns the new count; the window starts at the first increment and is not extended by later ones. */
  incr(key: string, ttlSeconds: number): Promise<number>
  /** Reads and deletes in one step, so a code can be used once even when two instances race for it. */
  take(key: string): Promise<string | null>
  del(key: string): Promise<void>
  /** Whole seconds until the key expires; 0 when it does not exist. */
  ttl(key: string): Promise<number>
  /** Sends `message` to every instance's listeners of `channel` (this one's included). */
  publish(channel: string, message: string): Promise<void>
  /**
   * Hears what any instance publishes on `channel` from now on; returns the way to stop. `onResumed` is told
   * when the line to the store came back after a break: what was published meanwhile was not heard.
   */
  subscribe(channel: string, listener: (message: string) => void, onResumed?: () => void): Promise<() => void>
  /** Rejects when the store cannot be reached (readiness). */
  ping(): Promise<void>
  close(): Promise<void>
}

interface Entry {
  value: string
  expiresAt: number
}

export function createMemoryKv(now: () => number = Date.now): KvStore {
  const entries = new Map<string, Entry>()
  const channels = new EventEmitter().setMaxListeners(0)
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key)
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return entry
  }
  // Keys that are written once and never read again (per-IP counters) would otherwise stay forever.
  const sweeper = setInterval(() => {
    for (const key of entries.keys()) live(key)
  }, 60_000)
  sweeper.unref()

  return {
    kind: 'memory',
    async get(key) {
      return live(key)?.value ?? null
    },
    async set(key, value, ttlSeconds) {
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 })
    },
    async incr(key, ttlSeconds) {
      const entry = live(key)
      const count = (entry ? Number(entry.value) : 0) + 1
      entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? now() + ttlSeconds * 1000 })
      return count
    },
    async take(key) {
      const value = live(key)?.value ?? null
      entries.delete(key)
      return value
    },
    async del(key) {
      entries.delete(key)
    },
    async ttl(key) {
      const entry = live(key)
      return entry ? Math.ceil((entry.expiresAt - now()) / 1000) : 0
    },
    async publish(channel, message) {
      channels.emit(channel, message)
    },
    async subscribe(channel, listener) {
      channels.on(channel, listener)
      return () => channels.off(channel, listener)
    },
    async ping() {},
    async close() {
      clearInterval(sweeper)
      entries.clear()
      channels.removeAllListeners()
    },
  }
}

// INCR and EXPIRE in one script: a crash between two separate calls would leave a counter that never expires.
const INCR_WITH_TTL = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`

type ScriptedRedis = Redis & { incrWithTtl(key: string, ttlSeconds: number): Promise<number> }

/** A second connection for SUBSCRIBE (published channels carry the key prefix themselves). */
async function openSubscriber(redis: Redis, keyPrefix: string): Promise<Redis> {
  // Named, so that `CLIENT LIST` tells it apart.
  const connection = redis.duplicate({ keyPrefix: '', lazyConnect: true, connectionName: `${keyPrefix}subscriber` })
  connection.on('error', (error: Error) => console.error(`Redis 订阅连接出错：${error.message}`))
  await connection.connect()
  return connection
}

/** Connects before returning so that a wrong REDIS_URL stops the start instead of failing the first request. */
export async function openRedisKv(url: string, keyPrefix = 'haoanxin:'): Promise<KvStore> {
  let connected = false
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    // No retries before the first connection: a failed open must leave no reconnect timer behind.
    retryStrategy: (attempt) => (connected ? Math.min(attempt * 200, 2000) : null),
  }) as ScriptedRedis
  redis.defineCommand('incrWithTtl', { numberOfKeys: 1, lua: INCR_WITH_TTL })
  // ioredis reconnects by itself and reports each failed attempt; say so once per distinct problem.
  let lastError: Error | undefined
  redis.on('error', (error: Error) => {
    if (error.message !== lastError?.message) console.error(`Redis 连接出错：${error.message}`)
    lastError = error
  })
  redis.on('ready', () => (lastError = undefined))
  try {
    await redis.connect()
    connected = true
  } catch (error) {
    redis.disconnect()
    const { hostname, port } = new URL(url)
    const reason = (lastError ?? (error as Error)).message
    throw new Error(`无法连接 Redis（${hostname || 'localhost'}:${port || 6379}）：${reason}`, { cause: error })
  }
  let subscriber: Promise<Redis> | undefined
  const subscribed = new Set<string>()
  return {
    kind: 'redis',
    get: (key) => redis.get(key),
    async set(key, value, ttlSeconds) {
      await redis.set(key, value, 'EX', ttlSeconds)
    },
    incr: (key, ttlSeconds) => redis.incrWithTtl(key, ttlSeconds),
    take: (key) => redis.getdel(key),
    async del(key) {
      await redis.del(key)
    },
    async ttl(key) {
      return Math.max(0, await redis.ttl(key))
    },
    async publish(channel, message) {
      await redis.publish(keyPrefix + channel, message)
    },
    async subscribe(channel, listener, onResumed) {
      // A connection in subscriber mode does nothing else: one of its own, opened on the first listener.
      subscriber ??= openSubscriber(redis, keyPrefix)
      const connection = await subscriber
      const name = keyPrefix + channel
      const onMessage = (from: string, message: string) => {
        if (from === name) listener(message)
      }
      // After a reconnection ioredis subscribes again once 'ready' is out; a PING answered after it says the
      // subscription holds, and only then is the listener told to catch up.
      const onReady = () =>
        void connection.ping().then(
          () => onResumed?.(),
          () => undefined,
        )
      connection.on('message', onMessage)
      connection.on('ready', onReady)
      if (!subscribed.has(name)) {
        subscribed.add(name)
        await connection.subscribe(name)
      }
      return () => {
        connection.off('message', onMessage)
        connection.off('ready', onReady)
      }
    },
    async ping() {
      await redis.ping()
    },
    async close() {
      if (subscriber) (await subscriber).disconnect()
      await redis.quit()
    },
  }
}

export function openKvStore(redisUrl: string | undefined): Promise<KvStore> {
  return redisUrl ? openRedisKv(redisUrl) : Promise.resolve(createMemoryKv())
}
