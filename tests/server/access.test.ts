/**
 * Who may call each route, read from the routes themselves: every `/api` route the app registers is called as a
 * visitor, a user, another user, a merchant and each staff role, and answers exactly as its declaration says.
 * - `/api/admin/*`: 401 without a session, 403 for a role it was not declared for, else through to its own rules;
 * - `PUBLIC` and `OPTIONAL` routes: through for anyone; `MERCHANT` routes: 401 for a visitor, 403 for anyone but
 *   a merchant; every other route: 401 for a visitor, through for a session;
 * - a route on one person's object (`/need/myOrder/:id`, `/need/rental/:id`…) is called on an object of its owner's:
 *   the owner gets through; anyone else gets 403 or 404 (or 400 where the body itself is invalid), learns nothing
 *   of it, and changes nothing anywhere in the database. Such a route must be declared in OWNED below: a new one
 *   fails here until it is.
 * "Through" means the gate let the call reach the route's own rules: anything but 401/403 (a placeholder id or an
 * empty body then meets those rules). A staff route added without a declaration never gets this far: the app
 * refuses to start (checked last).
 */
import type { RouteOptions } from 'fastify'
import { Value } from 'typebox/value'
import type { TSchema } from 'typebox'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import {
  aftersaleCases,
  appraisals,
  claims,
  escrowTickets,
  games,
  goods,
  messages,
  orders,
  recycleRequests,
  rentals,
  savedSearches,
  type Role,
} from '../../server/db/schema'
import { MERCHANT_ONLY_MSG } from '../../server/lib/access'
import { createSession, createStaffSession } from '../../server/lib/auth'
import { STAFF_PREFIX } from '../../server/lib/staff'
import { STAFF_ROLES, type StaffRole } from '../../src/contract/staff'
import { createTestApp } from './helpers/app'
import { createTestDatabase, stateDigest } from './helpers/database'
import { createPerson, type Person } from './helpers/http'

let database: Database
let app: App
const routes: RouteOptions[] = []

// The owner last: its calls may use its objects up (a search deleted, a message read), and the others' must meet them whole.
const CALLERS = ['visitor', 'stranger', 'merchant', ...STAFF_ROLES, 'owner'] as const
type Caller = (typeof CALLERS)[number]
const people: Partial<Record<Exclude<Caller, 'visitor'>, Person & { staff: boolean }>> = {}

type Kind =
  'order' | 'aftersale' | 'claim' | 'listing' | 'ticket' | 'message' | 'rental' | 'search' | 'appraisal' | 'recycle'

/** Routes on one person's object, by the start of their URL, and what kind of object their parameter names. */
const OWNED: [RegExp, Kind][] = [
  [/^\/api\/need\/myOrder\/:id/, 'order'],
  [/^\/api\/pay\/:orderId$/, 'order'],
  [/^\/api\/need\/aftersale\/:id/, 'aftersale'],
  [/^\/api\/need\/claims\/:id/, 'claim'],
  [/^\/api\/need\/consignment\/:id/, 'listing'],
  [/^\/api\/need\/myConsignment\/:id\/payee$/, 'listing'],
  [/^\/api\/goods\/info\/upGoods\/:id$/, 'listing'],
  [/^\/api\/need\/escrow-ticket\/:id/, 'ticket'],
  [/^\/api\/need\/message\/changeRead\/:id$/, 'message'],
  [/^\/api\/need\/rental\/:id/, 'rental'],
  [/^\/api\/need\/savedSearches\/:id$/, 'search'],
  [/^\/api\/account\/appraisal\/:id$/, 'appraisal'],
  [/^\/api\/account\/backlist\/:id/, 'recycle'],
]
/** Path parameters that name no one's object. */
const NOT_OBJECTS: Record<string, string> = { channel: 'alipay' }

/** What the gates answer a caller they refuse with 403. */
const GATE_REFUSALS = ['没有权限', MERCHANT_ONLY_MSG]

/** The owner's object of each kind (the other side of a trade is `party`). */
const objects = {} as Record<Kind, number>

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.method !== 'HEAD' && !route.schema?.hide) routes.push(route)
  })
  await app.ready()
  const roles: Record<Exclude<Caller, 'visitor'>, Role[]> = {
    owner: ['user'],
    stranger: ['user'],
    merchant: ['user', 'merchant'],
    ...(Object.fromEntries(STAFF_ROLES.map((role) => [role, ['user', role]])) as Record<StaffRole, Role[]>),
  }
  for (const [caller, list] of Object.entries(roles))
    people[caller as keyof typeof roles] = {
      ...(await createPerson(database, list)),
      staff: list.length > 1 && caller !== 'merchant',
    }
  await makeObjects(people.owner!.id, (await createPerson(database)).id)
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

async function makeObjects(owner: number, party: number) {
  const db = database.db
  const [game] = await db.insert(games).values({ name: '原神', initial: 'Y', type: 'mobile' }).returning()
  const [theirs, rented, mine] = await db
    .insert(goods)
    .values([
      { gameId: game.id, sellerId: party, title: '号', price: 10_000, status: 'in_trade' as const },
      { gameId: game.id, sellerId: party, title: '租的号', price: 10_000, status: 'rented' as const },
      { gameId: game.id, sellerId: owner, title: '我的号', price: 10_000, status: 'pending_review' as const },
    ])
    .returning()
  const [order] = await db
    .insert(orders)
    .values({
      no: 'T000000000001',
      buyerId: owner,
      sellerId: party,
      goodsId: theirs.id,
      goods: {
        id: theirs.id,
        gameId: game.id,
        gameName: '原神',
        title: '号',
        coverImage: '',
        regionNames: [],
        price: 10_000,
      },
      guaranteeType: 'none',
      payMode: 'full',
      goodsAmount: 10_000,
      guaranteeAmount: 0,
      serviceAmount: 0,
      totalAmount: 10_000,
      depositAmount: 0,
      commissionAmount: 0,
      paidAmount: 10_000,
      status: 'paid',
      closeAt: new Date(Date.now() + 900_000),
    })
    .returning()
  const [kase] = await db
    .insert(aftersaleCases)
    .values({
      orderId: order.id,
      buyerId: owner,
      sellerId: party,
      reason: 'recovered',
      description: '被找回了',
      status: 'awaiting_seller',
      dueAt: new Date(Date.now() + 86_400_000),
    })
    .returning()
  const [claim] = await db
    .insert(claims)
    .values({
      orderId: order.id,
      buyerId: owner,
      sellerId: party,
      kind: 'recovered',
      description: '被找回了',
      payeeSealed: 'sealed',
      payeeMasked: { alipayAccount: '139****0000', name: '张*' },
      status: 'needs_info',
    })
    .returning()
  const [ticket] = await db
    .insert(escrowTickets)
    .values({
      code: 'ACCESS23',
      gameId: game.id,
      description: '谈好的号',
      agreedPrice: 10_000,
      openerRole: 'buyer',
      buyerId: owner,
      sellerId: party,
      counterpartyPhone: '13900001111',
      status: 'awaiting_listing',
    })
    .returning()
  const [message] = await db
    .insert(messages)
    .values({ userId: owner, type: 'system', title: '通知', content: '只给我的' })
    .returning()
  const [rental] = await db
    .insert(rentals)
    .values({
      goodsId: rented.id,
      renterId: owner,
      ownerId: party,
      status: 'active',
      hours: 1,
      maxHours: 5,
      hourly: 100,
      daily: 1_000,
      rentAmount: 100,
      depositAmount: 500,
      commissionAmount: 5,
      startAt: new Date(),
      endAt: new Date(Date.now() + 3_600_000),
    })
    .returning()
  const [search] = await db
    .insert(savedSearches)
    .values({ userId: owner, title: '原神', filters: { gameId: game.id } })
    .returning()
  const [appraisal] = await db
    .insert(appraisals)
    .values({ userId: owner, gameId: game.id, templateVersion: 1, regionIds: [], attributes: {}, status: 'pending' })
    .returning()
  const [recycle] = await db
    .insert(recycleRequests)
    .values({
      sellerId: owner,
      goodsId: mine.id,
      reservePrice: 10_000,
      status: 'choosing',
      windowEndsAt: new Date(),
      choosingEndsAt: new Date(Date.now() + 3_600_000),
    })
    .returning()
  Object.assign(objects, {
    order: order.id,
    aftersale: kase.id,
    claim: claim.id,
    listing: mine.id,
    ticket: ticket.id,
    message: message.id,
    rental: rental.id,
    search: search.id,
    appraisal: appraisal.id,
    recycle: recycle.id,
  })
}

const ownedKind = (url: string) => OWNED.find(([pattern]) => pattern.test(url))?.[1]

type Gate = 'staff' | 'public' | 'optional' | 'merchant' | 'user'
const gateOf = (route: RouteOptions): Gate =>
  route.url.startsWith(STAFF_PREFIX) ? 'staff' : (route.config?.access ?? 'user')

/** What the declaration promises a caller: 401, 403, 'denied' (403/404, nothing learned or changed) or 'through'. */
function expected(route: RouteOptions, caller: Caller): 401 | 403 | 'denied' | 'through' {
  const gate = gateOf(route)
  if (gate === 'staff') {
    const access = route.config?.staff
    if (access === 'public') return 'through'
    if (caller === 'visitor') return 401
    if (caller === 'admin' || (access as readonly string[]).includes(caller)) return 'through'
    return 403
  }
  if (gate === 'public' || gate === 'optional') return 'through'
  if (caller === 'visitor') return 401
  if (gate === 'merchant') return caller === 'merchant' ? 'through' : 403
  if (ownedKind(route.url) && caller !== 'owner') return 'denied'
  return 'through'
}

/** The URL with each parameter filled: the owner's object, a harmless value, or an id nobody has. */
function urlOf(route: RouteOptions): string {
  const kind = ownedKind(route.url)
  return route.url.replace(
    /:([a-zA-Z]+)/g,
    (_, name: string) =>
      NOT_OBJECTS[name] ?? String(kind && ['id', 'orderId'].includes(name) ? objects[kind] : 999_999),
  )
}

/** A body the route's schema accepts when one can be made from it, so the call meets the route's own rules. */
function bodyOf(route: RouteOptions): object {
  const schema = (route.schema as { body?: TSchema } | undefined)?.body
  if (!schema) return {}
  try {
    const made = Value.Create(schema) as object
    return Value.Check(schema, made) ? made : {}
  } catch {
    // Value.Create cannot invent a string for a pattern or format: the empty body then meets the validation.
    return {}
  }
}

async function tokenOf(caller: Caller): Promise<string | undefined> {
  if (caller === 'visitor') return undefined
  const person = people[caller]!
  const client = { ip: '127.0.0.1', userAgent: 'jest' }
  // A fresh session for each call: a route that signs out or closes the account must not end the next call's.
  return person.staff
    ? (await createStaffSession(database.db, person.id, client)).token
    : (await createSession(database.db, person.id, 7, client)).token
}

function callAs(route: RouteOptions, token: string | undefined) {
  const method = String(route.method) as 'GET' | 'POST' | 'PUT' | 'DELETE'
  return app.inject({
    method,
    url: urlOf(route),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: bodyOf(route) }),
  })
}

test('the app has routes of every kind of access, each declared', () => {
  const gates = new Set(routes.map(gateOf))
  expect([...gates].sort()).toEqual(['merchant', 'optional', 'public', 'staff', 'user'])
  expect(routes.length).toBeGreaterThan(200)
  for (const route of routes.filter((r) => gateOf(r) === 'staff'))
    expect([route.url, route.config?.staff]).toEqual([route.url, expect.anything()])
})

test('every signed-in route on a path parameter says whose object it names', () => {
  const undeclared = routes
    .filter((route) => gateOf(route) === 'user' && /:[a-zA-Z]+/.test(route.url))
    .filter((route) => !ownedKind(route.url))
    .filter((route) => [...route.url.matchAll(/:([a-zA-Z]+)/g)].some(([, name]) => !(name in NOT_OBJECTS)))
    .map((route) => `${String(route.method)} ${route.url}`)
  expect(undeclared).toEqual([])
})

// A denied call must leave the database as it found it: checked around every one (the digest reads every table).
test.each(CALLERS)('as %s, every route answers as declared', async (caller) => {
  const mismatches: string[] = []
  for (const route of routes) {
    const want = expected(route, caller)
    const token = await tokenOf(caller)
    const before = want === 'denied' ? await stateDigest(database) : undefined
    const response = await callAs(route, token)
    const got = response.statusCode
    const where = `${String(route.method)} ${route.url}`
    if (want === 'through') {
      // A route's own rules may refuse with 403 (not the buyer, no real name yet); the gates' refusals say who may.
      const gated = got === 401 || (got === 403 && GATE_REFUSALS.includes(response.json().msg))
      if (gated) mismatches.push(`${where}: ${got}, declared open to ${caller}`)
      // The owner reads its object (else a stranger's 404 above proved nothing).
      if (caller === 'owner' && ownedKind(route.url) && route.method === 'GET' && got === 404)
        mismatches.push(`${where}: 404 for the owner`)
    } else if (want === 'denied') {
      // 400 only from the body's own validation, before anything is read.
      const validation = got === 400 && Array.isArray(response.json().data?.errors)
      if (!(got === 403 || got === 404 || validation))
        mismatches.push(`${where}: ${got} for ${caller} on the owner's object`)
      const changed = Object.entries(await stateDigest(database))
        .filter(([table, digest]) => before![table] !== digest)
        .map(([table]) => table)
      if (changed.length > 0) mismatches.push(`${where}: ${caller}'s refused call changed ${changed.join(', ')}`)
      if (response.body.includes('只给我的') || response.body.includes('T000000000001'))
        mismatches.push(`${where}: ${caller} read the owner's object`)
    } else if (got !== want) mismatches.push(`${where}: ${got}, declared ${want}`)
  }
  expect(mismatches).toEqual([])
})

test('an admin route without a declaration stops the app from starting', async () => {
  const bare = createTestApp(database)
  expect(() => bare.get('/api/admin/undeclared', async () => ({ ok: true }))).toThrow(
    'GET /api/admin/undeclared: an admin route declares who may call it',
  )
  await bare.close()
})
