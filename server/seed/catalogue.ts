/**
 * The demo catalogue `npm start` shows on a fresh data directory: 15 real games with their 区服 trees
 * and attribute templates, 690 listings on sale, 2,100 deals over the last 180 days (the sold-price index
 * appraisals read; the newest game has none yet) and a few listings still in review.
 * Deterministic (a seeded PRNG; times are relative to `now`) and run once: it does nothing when any
 * game exists. Pictures are drawn from SVG with sharp — a handful per game, reused — so it takes
 * seconds. Every listing gets sealed demo credentials for the buying flow.
 */
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { AttributeValue, RentTerms } from '../../src/contract/catalogue'
import type { Executor } from '../db'
import { storeImage } from '../lib/images'
import type { Vault } from '../lib/vault'
import { attributeTemplates, games, goods, goodsCredentials, regionNodes, users } from '../db/schema'
import { COMMON_PHRASES, GAMES, type FieldSpec, type GameSpec } from './catalogueData'
import { credentialsAad, sealPayout } from '../modules/catalogue/credentials'
import { DEMO_SELLER_PAYOUT } from './users'

export const ON_SALE_PER_GAME = 46
/** Sold over the last 180 days: enough deals per game for an appraisal to find its comparables. */
export const SOLD_PER_GAME = 150
const SOLD_HISTORY_DAYS = 180
/** Listings in review or delisted: never in the catalogue, here so that tests and screens meet them. */
export const HIDDEN_PER_GAME = 3
/** The listings not on the market, one of each kind a seller meets: in review, delisted by them, rejected. */
const HIDDEN_STATES = ['pending_review', 'delisted', 'rejected'] as const
const SEED_LOCK = 7_246_118
const PICTURES_PER_GAME = { covers: 3, details: 3 }

export interface SeedCatalogueOptions {
  dataDir: string
  vault: Vault
  /** Times are spread back from here. */
  now?: Date
}

export interface SeedCatalogueResult {
  seeded: boolean
  games: number
  goods: number
}

/** mulberry32: small, fast, and the same sequence on every machine. */
export function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items]
    const chosen: T[] = []
    while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0])
    return chosen
  }
  return { next, int, pick, sample }
}
export type Random = ReturnType<typeof createRandom>

// ── pictures ────────────────────────────────────────────────────────────────────────────────────

export const FONT = "'WenQuanYi Zen Hei', 'Noto Sans CJK SC', sans-serif"
export const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

export function backdrop(hue: number, width: number, height: number, random: Random): string {
  const shapes: string[] = []
  for (let i = 0; i < 7; i++) {
    const r = random.int(Math.round(width / 14), Math.round(width / 4))
    shapes.push(
      `<circle cx="${random.int(0, width)}" cy="${random.int(0, height)}" r="${r}" ` +
        `fill="hsl(${(hue + random.int(-30, 60) + 360) % 360},80%,${random.int(55, 75)}%)" opacity="0.${random.int(15, 35)}"/>`,
    )
  }
  for (let i = 0; i < 3; i++) {
    const x = random.int(0, width)
    const y = random.int(0, height)
    const s = random.int(40, 140)
    shapes.push(
      `<polygon points="${x},${y - s} ${x + s},${y + s / 2} ${x - s},${y + s / 2}" fill="white" opacity="0.12" ` +
        `transform="rotate(${random.int(0, 90)} ${x} ${y})"/>`,
    )
  }
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},72%,48%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,22%)"/>
  </linearGradient></defs><rect width="${width}" height="${height}" fill="url(#bg)"/>${shapes.join('')}`
}

function coverSvg(game: GameSpec, variant: number, random: Random): string {
  const [w, h] = [640, 480]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${backdrop(game.hue + variant * 12, w, h, random)}
    <rect x="40" y="${h - 150}" width="${w - 80}" height="110" rx="18" fill="black" opacity="0.28"/>
    <text x="70" y="${h - 82}" font-family="${FONT}" font-size="56" font-weight="bold" fill="white">${escapeXml(game.name)}</text>
    <text x="72" y="${h - 52}" font-family="${FONT}" font-size="22" fill="white" opacity="0.85">号安心 · 精选账号 ${variant + 1}</text>
    <circle cx="${w - 110}" cy="110" r="62" fill="white" opacity="0.9"/>
    <text x="${w - 110}" y="132" text-anchor="middle" font-family="${FONT}" font-size="60" fill="hsl(${game.hue},70%,35%)">${escapeXml(game.name[0])}</text>
  </svg>`
}

/** A mock in-game screenshot: panels and bars, as a stats page looks from afar. */
function detailSvg(game: GameSpec, variant: number, random: Random): string {
  const [w, h] = [600, 800]
  const panels: string[] = []
  for (let row = 0; row < 5; row++) {
    const y = 170 + row * 120
    panels.push(`<rect x="40" y="${y}" width="${w - 80}" height="100" rx="14" fill="white" opacity="0.16"/>`)
    panels.push(`<rect x="70" y="${y + 20}" width="60" height="60" rx="10" fill="white" opacity="0.5"/>`)
    panels.push(
      `<rect x="160" y="${y + 36}" width="${random.int(160, 380)}" height="28" rx="14" fill="hsl(${(game.hue + 30 * row) % 360},85%,70%)"/>`,
    )
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${backdrop(game.hue - variant * 15, w, h, random)}
    <text x="40" y="120" font-family="${FONT}" font-size="34" font-weight="bold" fill="white">${escapeXml(game.name)} · 账号截图 ${variant + 1}</text>
    ${panels.join('')}</svg>`
}

function iconSvg(game: GameSpec): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${game.hue},75%,55%)"/>
    <stop offset="1" stop-color="hsl(${(game.hue + 40) % 360},70%,30%)"/></linearGradient></defs>
    <rect width="192" height="192" rx="40" fill="url(#g)"/><circle cx="150" cy="44" r="26" fill="white" opacity="0.25"/>
    <text x="96" y="124" text-anchor="middle" font-family="${FONT}" font-size="84" font-weight="bold" fill="white">${escapeXml(game.name[0])}</text>
  </svg>`
}

interface GamePictures {
  icon: string
  covers: { url: string; thumb: string }[]
  details: string[]
}

async function drawPictures(dataDir: string, game: GameSpec, random: Random): Promise<GamePictures> {
  const store = async (svg: string, width?: number) => {
    let image = sharp(Buffer.from(svg))
    if (width) image = image.resize({ width })
    return (await storeImage(dataDir, await image.jpeg({ quality: 80 }).toBuffer())).url
  }
  const coverSvgs = Array.from({ length: PICTURES_PER_GAME.covers }, (_, i) => coverSvg(game, i, random))
  const detailSvgs = Array.from({ length: PICTURES_PER_GAME.details }, (_, i) => detailSvg(game, i, random))
  const iconPng = await sharp(Buffer.from(iconSvg(game)))
    .png()
    .toBuffer()
  const [icon, covers, details] = await Promise.all([
    storeImage(dataDir, iconPng).then((stored) => stored.url),
    Promise.all(coverSvgs.map(async (svg) => ({ url: await store(svg), thumb: await store(svg, 320) }))),
    Promise.all(detailSvgs.map((svg) => store(svg))),
  ])
  return { icon, covers, details }
}

// ── listings ────────────────────────────────────────────────────────────────────────────────────

const between = (random: Random, [min, max]: [number, number], quality: number) =>
  Math.round(min + (max - min) * Math.min(1, quality * 0.75 + random.next() * 0.25))

function attributesFor(spec: GameSpec, random: Random, quality: number): Record<string, AttributeValue> {
  const values: Record<string, AttributeValue> = {}
  for (const field of spec.fields) {
    if (field.type === 'number') values[field.key] = between(random, field.range ?? [0, 100], quality)
    else if (field.type === 'radio') {
      const index = Math.floor(Math.min(0.999, quality * 0.8 + random.next() * 0.2) * field.options.length)
      values[field.key] = field.options[index].id
    } else if (field.type === 'checkbox') {
      const count = Math.min(
        field.options.length,
        Math.floor(quality * field.options.length * 0.8 + random.next() * 1.3),
      )
      values[field.key] = random
        .sample(field.options, count)
        .map((o) => o.id)
        .sort((a, b) => Number(a) - Number(b))
    } else if (field.samples) values[field.key] = random.pick(field.samples)
  }
  return values
}

const labelOf = (field: FieldSpec, id: AttributeValue) => field.options.find((o) => o.id === id)?.label ?? String(id)

/** Where an account's attributes put it, 0 … 1: each field's place in its range, averaged. */
function attributeScore(spec: GameSpec, attributes: Record<string, AttributeValue>): number {
  const places = spec.fields.flatMap((field) => {
    const value = attributes[field.key]
    if (field.type === 'number') {
      const [min, max] = field.range ?? [0, 100]
      return [(Number(value) - min) / (max - min)]
    }
    if (field.type === 'radio') return [field.options.findIndex((o) => o.id === value) / (field.options.length - 1)]
    if (field.type === 'checkbox') return [(value as string[]).length / field.options.length]
    return []
  })
  return places.reduce((sum, place) => sum + place, 0) / places.length
}

/**
 * ¥30 … ¥30,000 on a log scale, driven by the attributes, with the noise of real deals (about ±25 %),
 * rounded the way sellers price.
 */
function priceFor(random: Random, spec: GameSpec, attributes: Record<string, AttributeValue>): number {
  const noise = Math.exp((random.next() + random.next() + random.next() - 1.5) * 0.4)
  const yuan = 30 * Math.pow(1000, attributeScore(spec, attributes)) * noise
  const nice =
    yuan < 100
      ? Math.round(yuan)
      : yuan < 1000
        ? Math.round(yuan / 10) * 10 - (random.next() < 0.4 ? 2 : 0)
        : Math.round(yuan / 100) * 100 - (random.next() < 0.3 ? 12 : 0)
  return Math.min(30_000, Math.max(30, nice)) * 100
}

function titleFor(spec: GameSpec, random: Random, region: string, attributes: Record<string, AttributeValue>): string {
  const parts: string[] = [`【${region}】`]
  const radioField = spec.fields.find((f) => f.type === 'radio')
  if (radioField) parts.push(labelOf(radioField, attributes[radioField.key]))
  const numbers = spec.fields.filter((f) => f.type === 'number' && f.key !== 'level').slice(0, 2)
  for (const field of numbers) parts.push(`${attributes[field.key]}${field.short}`)
  const rareField = spec.fields.find((f) => f.type === 'checkbox')
  const rare = rareField ? (attributes[rareField.key] as string[]) : []
  if (rareField && rare.length > 0)
    parts.push(
      rare
        .slice(0, 2)
        .map((id) => labelOf(rareField, id))
        .join(' '),
    )
  parts.push(random.pick(spec.phrases))
  return parts.join(' ').replace('】 ', '】')
}

function descriptionFor(spec: GameSpec, random: Random, attributes: Record<string, AttributeValue>): string {
  const facts = spec.fields
    .filter((f) => f.type !== 'text')
    .map((field) => {
      const value = attributes[field.key]
      if (field.type === 'number') return `${field.label} ${value}${field.unit}`
      if (field.type === 'checkbox') {
        const ids = value as string[]
        return ids.length ? `${field.label}：${ids.map((id) => labelOf(field, id)).join('、')}` : ''
      }
      return `${field.label}：${labelOf(field, value)}`
    })
    .filter(Boolean)
  const [first, second] = random.sample(spec.phrases, 2)
  return [
    random.pick(COMMON_PHRASES),
    `${facts.join('；')}。`,
    `${first}，${second}。`,
    random.pick(COMMON_PHRASES),
    `绑定情况：${attributes.binding ?? '可换绑'}。`,
  ].join('')
}

/** QQ numbers for QQ and PC logins, WeChat ids for 微信, phone numbers for the other publishers. */
export function credentialsFor(random: Random, spec: GameSpec, carrier: string, notes: string) {
  const digits = (n: number) => Array.from({ length: n }, () => random.int(0, 9)).join('')
  const account =
    carrier === '微信'
      ? `wxid_${digits(10)}`
      : carrier === 'QQ' || spec.type === 'pc'
        ? `${random.int(1, 9)}${digits(random.int(8, 9))}`
        : `1${random.pick(['3', '5', '7', '8', '9'])}${digits(9)}`
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const password = Array.from({ length: 12 }, () => letters[random.int(0, letters.length - 1)]).join('')
  return { account, password, notes }
}

/**
 * A fresh account of a game drawn as the catalogue draws its listings (for demo data beside it): attributes of
 * this quality (0 … 1) in a region path, with its title, description and fair price.
 */
export function drawAccount(spec: GameSpec, random: Random, quality: number, regionNames: string[]) {
  const attributes = attributesFor(spec, random, quality)
  return {
    attributes,
    title: titleFor(spec, random, regionNames.join(''), attributes),
    description: descriptionFor(spec, random, attributes),
    price: priceFor(random, spec, attributes),
  }
}

// ── the seed ────────────────────────────────────────────────────────────────────────────────────

export async function seedCatalogue(db: Executor, options: SeedCatalogueOptions): Promise<SeedCatalogueResult> {
  const [existing] = await db.select({ id: games.id }).from(games).limit(1)
  if (existing) return { seeded: false, games: 0, goods: 0 }

  const now = options.now ?? new Date()
  const random = createRandom(20_260_401)
  // Drawn in parallel (sharp works off the main thread); each game draws from its own sequence.
  const pictures = await Promise.all(
    GAMES.map((spec, i) => drawPictures(options.dataDir, spec, createRandom(1_000 + i))),
  )

  return db.transaction(async (tx) => {
    // Two processes starting on one empty database: the second waits here and then finds the games.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    const [again] = await tx.select({ id: games.id }).from(games).limit(1)
    if (again) return { seeded: false, games: 0, goods: 0 }

    const [seller] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = 'seller'`)
    let goodsCount = 0
    const hour = 3_600_000
    const day = 24 * hour

    for (const [gameIndex, spec] of GAMES.entries()) {
      const art = pictures[gameIndex]
      const [game] = await tx
        .insert(games)
        .values({
          name: spec.name,
          initial: spec.initial,
          type: spec.type,
          icon: art.icon,
          hot: spec.hot,
          sort: gameIndex * 10,
        })
        .returning({ id: games.id })

      const paths: { ids: number[]; names: string[] }[] = []
      for (const [rootIndex, root] of spec.regions.entries()) {
        const [parent] = await tx
          .insert(regionNodes)
          .values({ gameId: game.id, kind: spec.kinds[0], name: root.name, sort: rootIndex })
          .returning({ id: regionNodes.id })
        const children = await tx
          .insert(regionNodes)
          .values(
            root.children.map((name, sort) => ({
              gameId: game.id,
              parentId: parent.id,
              kind: spec.kinds[1],
              name,
              sort,
            })),
          )
          .returning({ id: regionNodes.id, name: regionNodes.name })
        for (const child of children) paths.push({ ids: [parent.id, child.id], names: [root.name, child.name] })
      }

      const fields = spec.fields.map(({ range: _range, short: _short, samples: _samples, ...field }) => field)
      await tx.insert(attributeTemplates).values({ gameId: game.id, version: 1, fields })

      const soldCount = spec.newOnPlatform ? 0 : SOLD_PER_GAME
      const total = ON_SALE_PER_GAME + soldCount + HIDDEN_PER_GAME
      const rows: (typeof goods.$inferInsert)[] = []
      const carriers: string[] = []
      for (let i = 0; i < total; i++) {
        const quality = Math.pow(random.next(), 1.15)
        const path = random.pick(paths)
        const attributes = attributesFor(spec, random, quality)
        const cover = random.pick(art.covers)
        const price = priceFor(random, spec, attributes)
        const sold = i >= ON_SALE_PER_GAME && i < ON_SALE_PER_GAME + soldCount
        // The sold history is the platform's own stock: a consigned sale has an order and a payout, which
        // only a real trade makes (./trades.ts makes the demo seller's).
        // A seller lists nothing the minimum commission (¥50) would take whole.
        const self = random.next() < 0.3 || !seller || sold || price <= 5_000
        const hidden = i >= ON_SALE_PER_GAME + soldCount
        const hiddenIndex = i - ON_SALE_PER_GAME - soldCount
        // Sold over the last 180 days, one a day over the last week (the home stats are never all zero).
        const soldDaysAgo = i - ON_SALE_PER_GAME < 7 ? i - ON_SALE_PER_GAME : random.int(7, SOLD_HISTORY_DAYS - 1)
        const soldAt = sold ? new Date(now.getTime() - soldDaysAgo * day - random.int(1, 20) * hour) : null
        const listedAt = new Date((soldAt ?? now).getTime() - random.int(1, 30 * 24) * hour)
        const rent: RentTerms | null =
          random.next() < 0.18
            ? {
                hourly: Math.max(200, Math.round(price / 400 / 100) * 100),
                daily: Math.max(1000, Math.round(price / 40 / 100) * 100),
                deposit: Math.max(5000, Math.round(price / 5 / 100) * 100),
                minHours: random.next() < 0.5 ? 1 : 2,
                maxHours: random.next() < 0.5 ? 72 : 168,
                rules:
                  random.next() < 0.5
                    ? ['logout_on_time', 'no_spending']
                    : ['logout_on_time', 'no_ranked', 'no_sublet'],
              }
            : null
        carriers.push(path.names[1])
        rows.push({
          sellerId: self ? null : seller.id,
          gameId: game.id,
          templateVersion: 1,
          title: titleFor(spec, random, path.names.join(''), attributes),
          description: descriptionFor(spec, random, attributes),
          price,
          coverImage: cover.url,
          thumbImage: cover.thumb,
          images: [cover.url, ...random.sample(art.details, random.int(2, PICTURES_PER_GAME.details))],
          attributes,
          regionIds: path.ids,
          accountType: self ? 'self' : 'consign',
          guarantee: random.pick(['buyer_pays', 'buyer_pays', 'buyer_pays', 'free', 'none'] as const),
          specialOffer: random.next() < 0.12,
          rent,
          status: sold ? 'sold' : hidden ? HIDDEN_STATES[hiddenIndex] : 'on_sale',
          contact: self ? {} : { phone: '13800000002', qq: String(random.int(100_000_000, 999_999_999)) },
          accountSource: random.pick(['self_registered', 'other_registered', 'self_registered'] as const),
          guaranteeMaterials: random.next() < 0.6,
          cost: self ? Math.round((price * random.int(55, 80)) / 100) : null,
          internalNote: self ? '演示：自营库存' : '',
          views: random.int(5, 60) + Math.round(quality * random.int(0, 2_000)),
          favourites: random.int(0, 12) + Math.round(quality * random.int(0, 60)),
          createdAt: new Date(listedAt.getTime() - random.int(1, 48) * hour),
          listedAt: hidden && HIDDEN_STATES[hiddenIndex] !== 'delisted' ? null : listedAt,
          auditReason: hidden && HIDDEN_STATES[hiddenIndex] === 'rejected' ? '截图与描述的段位不一致，请补充截图' : '',
          delistReason: hidden && HIDDEN_STATES[hiddenIndex] === 'delisted' ? '暂时自己玩' : '',
          delistedBy: hidden && HIDDEN_STATES[hiddenIndex] === 'delisted' ? (self ? 'operator' : 'seller') : null,
          soldAt,
          updatedAt: soldAt ?? listedAt,
        })
      }
      const inserted = await tx.insert(goods).values(rows).returning({ id: goods.id, sellerId: goods.sellerId })
      // The demo seller's listings are paid to their (demo) Alipay account, in their verified name.
      for (const { id } of inserted.filter((row) => row.sellerId !== null)) {
        await tx
          .update(goods)
          .set({ payoutSealed: sealPayout(options.vault, id, DEMO_SELLER_PAYOUT) })
          .where(sql`${goods.id} = ${id}`)
      }
      await tx.insert(goodsCredentials).values(
        inserted.map(({ id }, i) => ({
          goodsId: id,
          sealed: options.vault.seal(
            JSON.stringify(credentialsFor(random, spec, carriers[i], `演示数据（商品 ${id}），不是真实账号。`)),
            credentialsAad(id),
          ),
        })),
      )
      goodsCount += inserted.length
    }
    return { seeded: true, games: GAMES.length, goods: goodsCount }
  })
}
