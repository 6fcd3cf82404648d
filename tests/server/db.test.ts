import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { Client } from 'pg'
import { migrateDatabase, openDatabase, startEmbedded, type Database, type Executor } from '../../server/db'
import { settings } from '../../server/db/schema'
import { createTestDatabase } from './helpers/database'

describe('migrated database', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.close())

  test('settings hold the product defaults, money in fen and rates in basis points', async () => {
    const rows = await database.db.select({ key: settings.key, value: settings.value }).from(settings)
    expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual({
      serviceFee: 800,
      guaranteeRetrieval: { rateBps: 1000, min: 5000 },
      guaranteeFace: { rateBps: 1500, min: 10000 },
      escrowFee: { rateBps: 500, min: 2000 },
      guaranteeTermDays: 0,
      deposit: { minGoodsPrice: 20000, rateBps: 1000, min: 5000 },
      sellerCommission: { rateBps: 500, min: 5000 },
      unpaidOrderTimeoutMinutes: 15,
      autoConfirmDays: 3,
      payoutProtectionDays: 7,
      recycleMinWindowMinutes: 60,
      topAccountThreshold: 600000,
      pageSizes: {
        goods: { default: 20, options: [10, 20, 50, 100, 200] },
        orders: { default: 10 },
        others: { default: 10 },
      },
      serviceHours: { from: '10:00', to: '02:00' },
      maxUnpaidOrders: 2,
      expiryCooldown: { expiries: 3, withinHours: 24, hours: 24 },
    })
  })

  test('a failed statement does not break the next one (the pool replaces its connection)', async () => {
    await expect(database.db.insert(settings).values({ key: 'serviceFee', value: 1 })).rejects.toThrow()
    const [row] = await database.db.select().from(settings).where(eq(settings.key, 'serviceFee'))
    expect(row.value).toBe(800)
  })

  test('migrating again applies nothing twice', async () => {
    await migrateDatabase(database.pool)
    const [{ count }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(settings)
    expect(count).toBe(16)
  })

  test('a transaction commits or rolls back as one through its executor', async () => {
    const setFee = (executor: Executor, fee: number) =>
      executor.update(settings).set({ value: fee }).where(eq(settings.key, 'serviceFee'))
    const fee = async () => (await database.db.select().from(settings).where(eq(settings.key, 'serviceFee')))[0].value

    await expect(
      database.db.transaction(async (tx) => {
        await setFee(tx, 1)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await fee()).toBe(800)

    await database.db.transaction((tx) => setFee(tx, 900))
    expect(await fee()).toBe(900)
  })
})

describe('embedded database (child process, as npm start runs it)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-db-'))
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  const embeddedChildren = () =>
    execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes('server/db/embedded.ts'))

  test('persists in DATA_DIR/pglite across a close and a reopen, and close stops the child', async () => {
    const first = await openDatabase({ dataDir })
    expect(first.kind).toBe('embedded')
    expect(embeddedChildren()).toHaveLength(1)
    await first.db.update(settings).set({ value: 1234 }).where(eq(settings.key, 'serviceFee'))
    await first.close()
    expect(embeddedChildren()).toHaveLength(0)
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)

    const second = await openDatabase({ dataDir })
    try {
      const [row] = await second.db.select().from(settings).where(eq(settings.key, 'serviceFee'))
      expect(row.value).toBe(1234)
    } finally {
      await second.close()
    }
  })

  test('listens on a private Unix socket only: no TCP port, a 0700 directory, other users refused', async () => {
    const embedded = await startEmbedded('memory://')
    const socketDir = new URLSearchParams(embedded.url.split('?')[1]).get('host')!
    try {
      const stat = fs.statSync(socketDir)
      expect(stat.mode & 0o777).toBe(0o700)
      expect(stat.uid).toBe(process.getuid!())
      expect(fs.readdirSync(socketDir)).toContain('.s.PGSQL.5432')
      // No listening TCP socket belongs to the child (its open sockets are all Unix ones).
      const child = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
        .split('\n')
        .find((line) => line.includes('server/db/embedded.ts'))!
      const pid = child.trim().split(/\s+/)[0]
      const inodes = fs
        .readdirSync(`/proc/${pid}/fd`)
        .map((fd) => fs.readlinkSync(`/proc/${pid}/fd/${fd}`))
        .filter((target) => target.startsWith('socket:['))
        .map((target) => target.slice(8, -1))
      const tcp = ['/proc/net/tcp', '/proc/net/tcp6']
        .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n').slice(1))
        .map((line) => line.trim().split(/\s+/))
        .filter((fields) => fields[3] === '0A')
        .map((fields) => fields[9])
      expect(inodes.filter((inode) => tcp.includes(inode))).toEqual([])
      // This user connects without a password; another user cannot even reach the socket.
      const client = new Client({ connectionString: embedded.url })
      await client.connect()
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
      await client.end()
      if (process.getuid!() === 0) {
        const probe = `require('net').connect(${JSON.stringify(path.join(socketDir, '.s.PGSQL.5432'))})
          .on('connect', () => { console.log('connected'); process.exit(0) })
          .on('error', (e) => { console.log(e.code); process.exit(0) })`
        const answer = execFileSync(process.execPath, ['-e', probe], { uid: 65534, gid: 65534, encoding: 'utf8' })
        expect(answer.trim()).toBe('EACCES')
      }
    } finally {
      await embedded.stop()
    }
    expect(fs.existsSync(socketDir)).toBe(false)
  })
})
