/**
 * Fills the catalogue with generated listings for benchmarks:
 *
 *   npm run seed:bulk -- --goods 1000000            # DATABASE_URL, or the embedded database in DATA_DIR
 *
 * The demo catalogue is seeded first when the database has no games; the listings are then made by the
 * database itself (`INSERT … SELECT generate_series`, a batch at a time) with the same shapes as the demo:
 * the games' region paths, attribute values that fit each template, Chinese titles and descriptions,
 * prices from ¥30 to ¥30,000, ~85 % on sale, ~10 % sold over the last month, the rest in review or
 * delisted. Deterministic for a given database (setseed). Bulk listings carry no credentials.
 * Run it while the server is stopped when the database is embedded (the data directory is locked).
 */
import path from 'node:path'
import type { PoolClient } from 'pg'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db'
import { COMMON_PHRASES, GAMES, type FieldSpec } from '../server/seed/catalogueData'
import { seedCatalogue } from '../server/seed/catalogue'
import { acquireDataDirLock } from '../server/lib/dataDirLock'
import { createVault, loadVaultKeys } from '../server/lib/vault'
import type { AttributeField } from '../src/contract/catalogue'

const BATCH = 50_000

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  if (index < 0) return fallback
  const value = Number(process.argv[index + 1])
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} 需要一个非负整数 / needs a whole number`)
  return value
}

/** A SQL string literal (the values are our own data, but quoting keeps any apostrophe harmless). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`
const textArray = (items: string[]) => `ARRAY[${items.map(literal).join(', ')}]::text[]`
/** A random element of a SQL text array, chosen per row. */
const pickSql = (items: string[]) => `(${textArray(items)})[1 + floor(random() * ${items.length})::int]`

interface GameRow {
  id: number
  name: string
  version: number
  fields: AttributeField[]
  paths: { ids: string; names: string }[]
  covers: { cover: string; thumb: string }[]
  details: string[]
}

async function loadGames(client: PoolClient): Promise<GameRow[]> {
  const { rows: gameRows } = await client.query<{
    id: number
    name: string
    version: number
    fields: AttributeField[]
  }>(
    `select g.id, g.name, coalesce(t.version, 1) as version, coalesce(t.fields, '[]') as fields
     from games g left join lateral (
       select version, fields from attribute_templates where game_id = g.id order by version desc limit 1
     ) t on true order by g.id`,
  )
  const result: GameRow[] = []
  for (const game of gameRows) {
    const { rows: paths } = await client.query<{ ids: string; names: string }>(
      `select '{' || p.id || ',' || c.id || '}' as ids, p.name || c.name as names
       from region_nodes p join region_nodes c on c.parent_id = p.id
       where p.game_id = $1 and p.parent_id is null order by p.sort, c.sort`,
      [game.id],
    )
    const { rows: covers } = await client.query<{ cover: string; thumb: string }>(
      `select distinct cover_image as cover, thumb_image as thumb from goods where game_id = $1 and cover_image <> ''`,
      [game.id],
    )
    const { rows: details } = await client.query<{ image: string }>(
      `select distinct unnest(images[2:]) as image from goods where game_id = $1`,
      [game.id],
    )
    if (paths.length === 0) {
      console.warn(`跳过 ${game.name}：没有区服 / skipped: no region tree`)
      continue
    }
    result.push({ ...game, paths, covers, details: details.map((d) => d.image) })
  }
  return result
}

/** The INSERT … SELECT making `count` listings of one game. */
function batchSql(game: GameRow, count: number, sellerId: number | null): string {
  const spec = GAMES.find((g) => g.name === game.name)
  const specField = (key: string): FieldSpec | undefined => spec?.fields.find((f) => f.key === key)
  const fields = game.fields
  const radios = fields.filter((f) => f.type === 'radio')
  const numbers = fields.filter((f) => f.type === 'number')
  const firstRadio = radios[0]
  const titleNumbers = numbers.filter((f) => f.key !== 'level').slice(0, 2)
  const range = (f: AttributeField) => specField(f.key)?.range ?? [0, 100]
  const short = (f: AttributeField) => specField(f.key)?.short ?? f.label

  // Level a: the row's random draws; level b: values derived from them; the outer level composes text.
  const numberColumn = (f: AttributeField, i: number) => {
    const [min, max] = range(f)
    return `round(${min} + ${max - min} * least(1, q * 0.75 + u${(i % 4) + 1} * 0.25))::int as n_${f.key}`
  }
  const radioColumn = (f: AttributeField, i: number) =>
    i === 0
      ? `(1 + least(${f.options.length - 1}, floor((q * 0.8 + u5 * 0.2) * ${f.options.length})))::int as r_${f.key}`
      : `(1 + floor(random() * ${f.options.length}))::int as r_${f.key}`
  const attributePairs = fields.flatMap((f) => {
    if (f.type === 'number') return [`${literal(f.key)}, n_${f.key}`]
    if (f.type === 'radio') return [`${literal(f.key)}, r_${f.key}::text`]
    if (f.type === 'checkbox') {
      return [
        `${literal(f.key)}, (select coalesce(jsonb_agg(o order by o::int), '[]') from unnest(${textArray(
          f.options.map((o) => o.id),
        )}) o where random() < q * 0.6 + 0.05 + 0 * i)`,
      ]
    }
    if (f.type === 'text' && specField(f.key)?.samples)
      return [`${literal(f.key)}, ${pickSql(specField(f.key)!.samples!)}`]
    return []
  })
  const label = (f: AttributeField) => `(${textArray(f.options.map((o) => o.label))})[r_${f.key}]`
  const titleParts = [
    `'【' || (${textArray(game.paths.map((p) => p.names))})[k] || '】'`,
    ...(firstRadio ? [label(firstRadio)] : []),
    ...titleNumbers.map((f) => `n_${f.key} || ${literal(short(f))}`),
    pickSql(spec?.phrases ?? ['诚心出售']),
  ]
  const facts = [
    ...radios.map((f) => `${literal(`${f.label}：`)} || ${label(f)}`),
    ...numbers.map((f) => `${literal(`${f.label} `)} || n_${f.key} || ${literal(f.unit)}`),
  ]
  const covers = game.covers.length ? game.covers : [{ cover: '', thumb: '' }]
  const details = game.details.length ? game.details : ['']
  const status = `case when u6 < 0.85 then 'on_sale' when u6 < 0.95 then 'sold' when u6 < 0.975 then 'pending_review' else 'delisted' end`

  return `
insert into goods (seller_id, game_id, template_version, title, description, price, cover_image, thumb_image, images,
  attributes, region_ids, account_type, guarantee, special_offer, rent, status, views, favourites,
  created_at, updated_at, listed_at, sold_at)
select
  case when self then null else ${sellerId ?? 'null'}::int end, ${game.id}, ${game.version},
  ${titleParts.join(` || ' ' || `)},
  ${pickSql(COMMON_PHRASES)} || ${facts.length ? facts.join(` || '；' || `) : "''"} || '。' || ${pickSql(spec?.phrases ?? ['诚心出售'])}
    || '，' || ${pickSql(spec?.phrases ?? ['价格可谈'])} || '。' || ${pickSql(COMMON_PHRASES)},
  price, cover, thumb, array[cover, ${pickSql(details)}, ${pickSql(details)}],
  jsonb_build_object(${attributePairs.join(', ')}),
  (${textArray(game.paths.map((p) => p.ids))})[k]::int[],
  case when self then 'self' else 'consign' end,
  ${pickSql(['buyer_pays', 'buyer_pays', 'buyer_pays', 'free', 'none'])},
  random() < 0.12,
  case when random() < 0.18 then jsonb_build_object('hourly', greatest(200, price / 400), 'daily', greatest(1000, price / 40),
    'deposit', greatest(5000, price / 5), 'minHours', 1, 'maxHours', 72, 'rules', '["logout_on_time"]'::jsonb) end,
  status, floor(random() * 2000 * q)::int, floor(random() * 60 * q)::int,
  listed - interval '2 hours', coalesce(sold, listed), case when status = 'pending_review' then null else listed end, sold
from (
  select b.*, case when status = 'sold' then listed + (now() - listed) * random() end as sold
  from (
    select a.*, ${status} as status,
      now() - interval '1 second' * floor(u7 * 90 * 86400) as listed,
      (greatest(30, least(30000, round(30 * power(1000, q))))::int * 100) as price,
      (${textArray(covers.map((c) => c.cover))})[1 + floor(u8 * ${covers.length})::int] as cover,
      (${textArray(covers.map((c) => c.thumb))})[1 + floor(u8 * ${covers.length})::int] as thumb,
      u9 < 0.3 ${sellerId === null ? 'or true' : ''} as self
      ${[...numbers.map(numberColumn), ...radios.map(radioColumn)].map((c) => `, ${c}`).join('')}
    from (
      select i, power(random(), 1.15) as q, 1 + floor(random() * ${game.paths.length})::int as k,
        random() as u1, random() as u2, random() as u3, random() as u4, random() as u5,
        random() as u6, random() as u7, random() as u8, random() as u9
      from generate_series(1, ${count}) i
    ) a
  ) b
) x`
}

async function main() {
  const total = argument('goods', 100_000)
  const config = loadConfig()
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir)
  const database = await openDatabase(config)
  try {
    const vault = createVault(
      loadVaultKeys({
        envValue: config.vaultKeys,
        keyFile: path.join(config.dataDir, 'keys', 'vault.json'),
        production: !config.devTools,
      }),
    )
    const seeded = await seedCatalogue(database.db, { dataDir: config.dataDir, vault })
    if (seeded.seeded) console.log(`演示目录已创建：${seeded.games} 个游戏，${seeded.goods} 个商品`)

    const client = await database.pool.connect()
    try {
      const games = await loadGames(client)
      const { rows: sellers } = await client.query<{ id: number }>(
        `select id from users where lower(username) = 'seller'`,
      )
      const { rows: existing } = await client.query<{ n: string }>('select count(*) as n from goods')
      await client.query('select setseed($1)', [(Number(existing[0].n) % 1000) / 1000])
      const started = Date.now()
      let done = 0
      for (let round = 0; done < total; round++) {
        const game = games[round % games.length]
        const count = Math.min(BATCH, Math.ceil(total / games.length), total - done)
        await client.query(batchSql(game, count, sellers[0]?.id ?? null))
        done += count
        const seconds = (Date.now() - started) / 1000
        process.stdout.write(`\r${done.toLocaleString()} / ${total.toLocaleString()} 个商品，${seconds.toFixed(0)} 秒`)
      }
      process.stdout.write('\n')
      console.log('VACUUM ANALYZE goods …')
      await client.query('vacuum analyze goods')
      const { rows } = await client.query<{ status: string; n: string }>(
        'select status, count(*) as n from goods group by status order by status',
      )
      console.log(rows.map((r) => `${r.status} ${Number(r.n).toLocaleString()}`).join(' · '))
      console.log(`用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`)
    } finally {
      client.release()
    }
  } finally {
    await database.close()
    lock?.release()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
