/**
 * A fuzz run generated from the published OpenAPI document (`/api/docs/json`): 10,000 calls over every operation,
 * as a visitor, a user and a staff member, each with path, query and body drawn from the operation's own schemas —
 * mostly valid, sometimes of the wrong type, with an unknown field, or anything at all. Every answer must be
 * below 500; a 2xx must match the operation's documented response; and a refused call must leave every table as
 * it was. The seed is fixed (FUZZ_SEED to change it); a failing case is printed whole to replay.
 */
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { games, goods } from '../../server/db/schema'
import { createSession, createStaffSession } from '../../server/lib/auth'
import { createTestApp } from './helpers/app'
import { createTestDatabase, stateDigest } from './helpers/database'
import { createPerson, type Person } from './helpers/http'

const CASES = Number(process.env.FUZZ_CASES ?? 10_000)
const SEED = Number(process.env.FUZZ_SEED ?? 20261127)

type Json = Record<string, unknown>
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  params: { name: string; in: 'path' | 'query'; required: boolean; schema: Json }[]
  body?: Json
  response?: ValidateFunction
}

let database: Database
let app: App
let user: Person
let staff: Person
const operations: Operation[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  await app.ready()
  user = await createPerson(database)
  staff = await createPerson(database, ['user', 'admin'])
  // Something for the ids to find now and then: a game and a few listings with small ids.
  const [game] = await database.db.insert(games).values({ name: '原神', initial: 'Y', type: 'mobile' }).returning()
  await database.db.insert(goods).values(
    [1, 2, 3].map((i) => ({
      gameId: game.id,
      title: `号${i}`,
      price: 1_000 * i,
      status: 'on_sale' as const,
      listedAt: new Date(),
    })),
  )
  const ajv = new Ajv({ strict: false, discriminator: true, allErrors: false })
  addFormats(ajv)
  const document = (await app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, Json>> }
  // /dev is local mode's own (the outbox, the cashier): not part of the product's API.
  for (const [path, methods] of Object.entries(document.paths).filter(([path]) => path.startsWith('/api/'))) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined
      const answer = ((operation.responses as Json)['200'] as Json | undefined)?.content as
        Record<string, Json> | undefined
      const responseSchema = answer?.['application/json']?.schema as Json | undefined
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        params: ((operation.parameters as Operation['params'] | undefined) ?? []).filter(
          (p) => p.in !== ('header' as never),
        ),
        body: content?.['application/json']?.schema as Json | undefined,
        response: responseSchema ? ajv.compile(responseSchema) : undefined,
      })
    }
  }
}, 60_000)

afterAll(async () => {
  await app?.close()
  await database?.close()
})

// ------------------------------------------------------------------ arbitraries from JSON Schema

const MAX_INT = 2_147_483_647

function mergeAll(schemas: Json[]): Json {
  return schemas.reduce<Json>(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: { ...(merged.properties as Json), ...(part.properties as Json) },
      required: [...((merged.required as string[]) ?? []), ...((part.required as string[]) ?? [])],
    }),
    {},
  )
}

/** Values the schema accepts (as far as a generator can tell; patterns are honoured, formats drawn). */
function valid(schema: Json, depth = 0): fc.Arbitrary<unknown> {
  if (schema.allOf) return valid(mergeAll(schema.allOf as Json[]), depth)
  const choices = (schema.anyOf ?? schema.oneOf) as Json[] | undefined
  if (choices) return fc.oneof(...choices.map((choice) => valid(choice, depth)))
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]))
  if ('const' in schema) return fc.constant(schema.const)
  const type = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined]
  if (type.length > 1) return fc.oneof(...type.map((t) => valid({ ...schema, type: t }, depth)))
  const nullable = schema.nullable
    ? (arb: fc.Arbitrary<unknown>) => fc.option(arb)
    : (arb: fc.Arbitrary<unknown>) => arb
  switch (type[0]) {
    case 'string': {
      const minLength = (schema.minLength as number | undefined) ?? 0
      const maxLength = Math.min((schema.maxLength as number | undefined) ?? 24, 64)
      if (schema.format === 'date-time')
        return nullable(
          fc
            .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
            .map((d) => d.toISOString()),
        )
      if (schema.pattern)
        return nullable(
          fc
            .stringMatching(new RegExp(schema.pattern as string))
            .filter((s) => s.length >= minLength && s.length <= maxLength),
        )
      return nullable(fc.string({ minLength, maxLength: Math.max(minLength, maxLength) }))
    }
    case 'integer': {
      const min = Math.max((schema.minimum as number | undefined) ?? -MAX_INT, -MAX_INT)
      const max = Math.min((schema.maximum as number | undefined) ?? MAX_INT, MAX_INT)
      // Small ids find the few rows there are; the whole range finds the edges.
      const low = Math.min(Math.max(1, min), max)
      return nullable(fc.oneof(fc.integer({ min, max }), fc.integer({ min: low, max: Math.min(low + 4, max) })))
    }
    case 'number':
      return nullable(
        fc.double({ min: (schema.minimum as number) ?? -1e9, max: (schema.maximum as number) ?? 1e9, noNaN: true }),
      )
    case 'boolean':
      return nullable(fc.boolean())
    case 'null':
      return fc.constant(null)
    case 'array':
      return nullable(
        fc.array(depth > 4 ? fc.constant(null) : valid((schema.items as Json) ?? {}, depth + 1), {
          minLength: (schema.minItems as number | undefined) ?? 0,
          maxLength: Math.min((schema.maxItems as number | undefined) ?? 4, 6),
        }),
      )
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>
      if (Object.keys(properties).length === 0 && typeof schema.additionalProperties === 'object')
        return nullable(
          fc.dictionary(fc.string({ maxLength: 8 }), valid(schema.additionalProperties as Json, depth + 1), {
            maxKeys: 3,
          }),
        )
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [
          key,
          depth > 4 ? fc.constant(null) : valid(property, depth + 1),
        ]),
      )
      return nullable(fc.record(record, { requiredKeys: (schema.required as string[] | undefined) ?? [] }))
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** Mostly valid; sometimes anything at all, or a valid object with a field too many. */
const fuzzy = (schema: Json): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 7, arbitrary: valid(schema) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    {
      weight: 1,
      arbitrary: valid(schema).map((value) =>
        value && typeof value === 'object' && !Array.isArray(value) ? { ...value, unexpected: 1 } : value,
      ),
    },
  )

interface Case {
  operation: number
  caller: 'visitor' | 'user' | 'staff'
  path: Record<string, unknown>
  query: Record<string, unknown>
  body: unknown
}

const caseOf = (index: number): fc.Arbitrary<Case> => {
  const operation = operations[index]
  const inPath = operation.params.filter((p) => p.in === 'path')
  const inQuery = operation.params.filter((p) => p.in === 'query')
  return fc.record({
    operation: fc.constant(index),
    caller: fc.constantFrom('visitor' as const, 'user' as const, 'staff' as const),
    path: fc.record(Object.fromEntries(inPath.map((p) => [p.name, fuzzy(p.schema)]))),
    query: fc.record(Object.fromEntries(inQuery.map((p) => [p.name, fuzzy(p.schema)])), {
      requiredKeys: inQuery.filter((p) => p.required).map((p) => p.name),
    }),
    body: operation.body ? fuzzy(operation.body) : fc.constant(undefined),
  })
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** A session for each case made beforehand: signing in writes to `users`, which the refusals are checked against. */
async function tokenFor(caller: Case['caller']) {
  const client = { ip: '127.0.0.1', userAgent: 'fuzz' }
  if (caller === 'visitor') return undefined
  return caller === 'staff'
    ? (await createStaffSession(database.db, staff.id, client)).token
    : (await createSession(database.db, user.id, 7, client)).token
}

function run(item: Case, token: string | undefined) {
  const operation = operations[item.operation]
  const url = operation.path.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) => encodeURIComponent(text(item.path[name])))
  const query = Object.fromEntries(Object.entries(item.query).map(([key, value]) => [key, text(value)]))
  return app.inject({
    method: operation.method,
    url,
    query,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    ...(operation.method === 'GET' || operation.method === 'DELETE' || item.body === undefined
      ? {}
      : { payload: JSON.stringify(item.body) }),
  })
}

test(`${CASES} generated calls over every operation: no 5xx, 2xx as documented, a refusal changes nothing`, async () => {
  expect(operations.length).toBeGreaterThan(200)
  // Every operation at least a few times, the rest spread at random.
  const perOperation = Math.floor(CASES / operations.length)
  const cases = operations.flatMap((_, index) =>
    fc.sample(caseOf(index), { numRuns: perOperation, seed: SEED + index }),
  )
  cases.push(
    ...fc.sample(fc.integer({ min: 0, max: operations.length - 1 }).chain(caseOf), {
      numRuns: CASES - cases.length,
      seed: SEED,
    }),
  )
  expect(cases).toHaveLength(CASES)

  const tokens: (string | undefined)[] = []
  for (const item of cases) tokens.push(await tokenFor(item.caller))

  const problems: string[] = []
  const statuses: Record<string, number> = {}
  let before = await stateDigest(database)
  for (const [index, item] of cases.entries()) {
    const response = await run(item, tokens[index])
    const operation = operations[item.operation]
    const where = `${operation.method} ${operation.path} ${JSON.stringify(item)}`
    const status = response.statusCode
    statuses[`${Math.floor(status / 100)}xx`] = (statuses[`${Math.floor(status / 100)}xx`] ?? 0) + 1
    const after = await stateDigest(database)
    if (status >= 500) problems.push(`${status} ${where}: ${response.body.slice(0, 200)}`)
    else if (
      status >= 200 &&
      status < 300 &&
      operation.response &&
      String(response.headers['content-type']).includes('json')
    ) {
      if (!operation.response(response.json()))
        problems.push(`schema ${where}: ${JSON.stringify(operation.response.errors?.slice(0, 2))}`)
    } else if (status >= 400) {
      const changed = Object.keys(after).filter((table) => after[table] !== before[table])
      if (changed.length > 0) problems.push(`${status} changed ${changed.join(', ')}: ${where}`)
    }
    before = after
    if (problems.length >= 20) break
  }
  console.log(`fuzz: ${CASES} cases over ${operations.length} operations, seed ${SEED}: ${JSON.stringify(statuses)}`)
  expect(problems).toEqual([])
}, 1_800_000)
