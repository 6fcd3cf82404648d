/**
 * The demo content `npm start` shows on a fresh data directory: every notice type, banners and
 * anchors, social accounts, service contacts of every kind with scannable QR codes, QQ groups per game,
 * blacklist samples, and a few messages and two feedbacks (one replied) for the demo users. Run once: it does
 * nothing when any notice exists. Pictures are drawn locally (sharp, qrcode); nothing is fetched.
 * Notices and blacklist rows go through the same functions as an operator's edits (sanitized HTML,
 * hashed subjects).
 */
import { eq, inArray, sql } from 'drizzle-orm'
import QRCode from 'qrcode'
import sharp from 'sharp'
import type { Executor } from '../db'
import { storeImage } from '../lib/images'
import { noticeValues } from '../modules/content/service'
import { blacklistValues } from '../modules/trust/service'
import { normalizePhone, normalizeQq, normalizeWeixin } from '../modules/trust/subjects'
import {
  banners,
  blacklistRecords,
  games,
  goods,
  messages,
  notices,
  problems,
  qqGroups,
  serviceContacts,
  socialAccounts,
  users,
} from '../db/schema'
import { backdrop, createRandom, escapeXml, FONT } from './catalogue'
import {
  ANCHORS,
  BANNERS,
  BLACKLIST,
  CONTACTS,
  GENERAL_QQ_GROUPS,
  NOTICES,
  SOCIAL_ACCOUNTS,
  WORK_HOURS,
} from './contentData'

const SEED_LOCK = 7_246_119
const DAY = 86_400_000

export interface SeedContentOptions {
  dataDir: string
  /** The blacklist's hash key (`loadLookupKey`). */
  lookupKey: Buffer
  now?: Date
}

// ── pictures ────────────────────────────────────────────────────────────────────────────────────

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`

const text = (x: number, y: number, size: number, words: string, extra = '') =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="white" ${extra}>${escapeXml(words)}</text>`

async function drawJpeg(dataDir: string, picture: string): Promise<string> {
  return (await storeImage(dataDir, await sharp(Buffer.from(picture)).jpeg({ quality: 82 }).toBuffer())).url
}

async function drawQr(dataDir: string, content: string): Promise<string> {
  const png = await QRCode.toBuffer(content, { type: 'png', width: 360, margin: 2, errorCorrectionLevel: 'M' })
  return (await storeImage(dataDir, png)).url
}

function bannerSvg(banner: (typeof BANNERS)[number], seed: number): string {
  const [w, h] = [750, 320]
  return svg(
    w,
    h,
    backdrop(banner.hue, w, h, createRandom(seed)) +
      text(56, 150, 56, banner.title, 'font-weight="bold"') +
      text(58, 212, 28, banner.subtitle, 'opacity="0.9"') +
      `<rect x="56" y="240" width="180" height="48" rx="24" fill="white" opacity="0.92"/>` +
      `<text x="146" y="272" text-anchor="middle" font-family="${FONT}" font-size="24" fill="hsl(${banner.hue},70%,35%)">了解详情</text>`,
  )
}

function avatarSvg(name: string, hue: number, seed: number): string {
  const size = 240
  return svg(
    size,
    size,
    backdrop(hue, size, size, createRandom(seed)) +
      `<circle cx="120" cy="120" r="84" fill="white" opacity="0.9"/>` +
      `<text x="120" y="150" text-anchor="middle" font-family="${FONT}" font-size="84" font-weight="bold" fill="hsl(${hue},70%,35%)">${escapeXml([...name][0])}</text>`,
  )
}

/** 选号 → 下单付款 → 验号换绑 → 确认收货 → 放款: the flow drawn in 交易须知 and 购买指南. */
function flowSvg(): string {
  const [w, h] = [640, 300]
  const steps = ['选号', '下单付款', '验号换绑', '确认收货', '结算放款']
  const boxes = steps
    .map((step, i) => {
      const x = 20 + i * 124
      const arrow =
        i < steps.length - 1
          ? `<path d="M${x + 104} 150 l16 0 m-6 -6 l6 6 l-6 6" stroke="white" stroke-width="3" fill="none"/>`
          : ''
      return (
        `<rect x="${x}" y="110" width="104" height="80" rx="14" fill="white" opacity="0.92"/>` +
        `<text x="${x + 52}" y="145" text-anchor="middle" font-family="${FONT}" font-size="30" fill="hsl(205,70%,35%)">${i + 1}</text>` +
        `<text x="${x + 52}" y="176" text-anchor="middle" font-family="${FONT}" font-size="19" fill="hsl(205,60%,25%)">${step}</text>` +
        arrow
      )
    })
    .join('')
  return svg(
    w,
    h,
    backdrop(205, w, h, createRandom(77)) +
      text(24, 60, 34, '号安心交易流程', 'font-weight="bold"') +
      boxes +
      text(24, 250, 20, '货款全程托管 · 账号只在订单内交付 · 被找回有包赔', 'opacity="0.9"'),
  )
}

/** A document with its personal details blacked out, as the case pages show them. */
function documentSvg(title: string, subtitle: string, [w, h]: [number, number]): string {
  const lines = Array.from({ length: Math.floor((h - 220) / 34) }, (_, i) => {
    const y = 180 + i * 34
    const width = w - 120 - ((i * 37) % 140)
    const redacted =
      i % 4 === 1 ? `<rect x="${80 + ((i * 53) % 120)}" y="${y - 16}" width="110" height="20" fill="#222"/>` : ''
    return `<rect x="60" y="${y - 12}" width="${width}" height="10" rx="5" fill="#c9c9c9"/>${redacted}`
  }).join('')
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#fbfaf6"/><rect x="16" y="16" width="${w - 32}" height="${h - 32}" fill="none" stroke="#d9d4c7" stroke-width="2"/>` +
      `<text x="${w / 2}" y="90" text-anchor="middle" font-family="${FONT}" font-size="34" font-weight="bold" fill="#222">${escapeXml(title)}</text>` +
      `<text x="${w / 2}" y="130" text-anchor="middle" font-family="${FONT}" font-size="18" fill="#888">${escapeXml(subtitle)}</text>` +
      lines +
      `<circle cx="${w - 120}" cy="${h - 110}" r="60" fill="none" stroke="#d7261e" stroke-width="5" opacity="0.8"/>` +
      `<text x="${w - 120}" y="${h - 102}" text-anchor="middle" font-family="${FONT}" font-size="20" fill="#d7261e" opacity="0.8">示意</text>`,
  )
}

const contactCard = (contact: (typeof CONTACTS)[number]) =>
  [
    `号安心官方客服 · ${contact.name}`,
    contact.qq && `QQ：${contact.qq}`,
    contact.weixin && `微信：${contact.weixin}`,
    contact.phone && `电话：${contact.phone}`,
    `工作时间：${WORK_HOURS}`,
  ]
    .filter(Boolean)
    .join('\n')

async function drawPictures(dataDir: string) {
  const doc: [number, number] = [480, 640]
  const [noticePictures, bannerImages, anchorImages, socialImages, contactQrs] = await Promise.all([
    Promise.all([
      drawJpeg(dataDir, flowSvg()).then((url) => ['tradeFlow', url] as const),
      drawJpeg(dataDir, documentSvg('报案回执', '示意图 · 已隐去个人信息', [600, 400])).then(
        (url) => ['caseProof', url] as const,
      ),
      drawJpeg(dataDir, documentSvg('民事判决书', '示意图 · 已隐去个人信息', doc)).then(
        (url) => ['verdict1', url] as const,
      ),
      drawJpeg(dataDir, documentSvg('立案告知书', '示意图 · 已隐去个人信息', doc)).then(
        (url) => ['verdict2', url] as const,
      ),
      drawJpeg(dataDir, documentSvg('民事调解书', '示意图 · 已隐去个人信息', doc)).then(
        (url) => ['verdict3', url] as const,
      ),
      drawQr(dataDir, '号安心：在微信、QQ 或支付宝中搜索“号安心”小程序，账号交易有担保。').then(
        (url) => ['appQr', url] as const,
      ),
    ]),
    Promise.all(BANNERS.map((banner, i) => drawJpeg(dataDir, bannerSvg(banner, 300 + i)))),
    Promise.all(ANCHORS.map((anchor, i) => drawJpeg(dataDir, avatarSvg(anchor.name, anchor.hue, 400 + i)))),
    Promise.all(SOCIAL_ACCOUNTS.map((social, i) => drawJpeg(dataDir, avatarSvg(social.name, social.hue, 500 + i)))),
    Promise.all(CONTACTS.map((contact) => drawQr(dataDir, contactCard(contact)))),
  ])
  return {
    notices: Object.fromEntries(noticePictures) as Record<string, string>,
    banners: bannerImages,
    anchors: anchorImages,
    socials: socialImages,
    contacts: contactQrs,
  }
}

// ── the seed ────────────────────────────────────────────────────────────────────────────────────

const fill = (html: string, pictures: Record<string, string>) =>
  html.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const url = pictures[name]
    if (!url) throw new Error(`seed: notice picture "${name}" is not drawn`)
    return url
  })

export async function seedContent(db: Executor, options: SeedContentOptions): Promise<{ seeded: boolean }> {
  const [existing] = await db.select({ id: notices.id }).from(notices).limit(1)
  if (existing) return { seeded: false }

  const now = options.now ?? new Date()
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000)
  const pictures = await drawPictures(options.dataDir)

  return db.transaction(async (tx) => {
    // Two processes starting on one empty database: the second waits here and then finds the notices.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    const [again] = await tx.select({ id: notices.id }).from(notices).limit(1)
    if (again) return { seeded: false }

    const inserted = await tx
      .insert(notices)
      .values(
        NOTICES.map((spec) => ({
          ...noticeValues({
            type: spec.type,
            title: spec.title,
            content: fill(spec.content, pictures.notices),
            coverImage: spec.cover ? pictures.notices[spec.cover] : '',
            sort: spec.sort ?? 0,
          }),
          createdAt: ago(spec.daysAgo),
          updatedAt: ago(spec.daysAgo),
        })),
      )
      .returning({ id: notices.id, title: notices.title })
    const noticeLink = (title: string) => {
      const found = inserted.find((notice) => notice.title === title)
      if (!found) throw new Error(`seed: no notice titled "${title}" for a banner`)
      return `/index/articleDetail?id=${found.id}`
    }

    await tx.insert(banners).values([
      ...BANNERS.map((banner, i) => ({
        kind: 'banner' as const,
        image: pictures.banners[i],
        title: banner.title,
        link: noticeLink(banner.notice),
        content: '',
        sort: i,
      })),
      ...ANCHORS.map((anchor, i) => ({
        kind: 'anchor' as const,
        image: pictures.anchors[i],
        title: anchor.name,
        link: '',
        content: anchor.content,
        sort: i,
      })),
    ])

    await tx
      .insert(socialAccounts)
      .values(
        SOCIAL_ACCOUNTS.map(({ hue: _hue, ...social }, i) => ({ ...social, avatar: pictures.socials[i], sort: i })),
      )

    const gameRows = await tx.select({ id: games.id, name: games.name }).from(games).orderBy(games.sort, games.id)
    const gameId = (name: string) => gameRows.find((game) => game.name === name)?.id
    await tx.insert(serviceContacts).values(
      CONTACTS.map((contact, i) => ({
        kind: contact.kind,
        name: contact.name,
        // Stored normalized: 客服验证 compares exactly.
        qq: normalizeQq(contact.qq) ?? '',
        weixin: normalizeWeixin(contact.weixin) ?? '',
        phone: normalizePhone(contact.phone) ?? '',
        qrImage: pictures.contacts[i],
        workHours: WORK_HOURS,
        gameIds: contact.games.map(gameId).filter((id) => id !== undefined),
        sort: i,
      })),
    )

    await tx.insert(qqGroups).values([
      ...GENERAL_QQ_GROUPS.map((group, i) => ({ ...group, gameId: null, sort: i })),
      ...gameRows.map((game, i) => ({
        name: `号安心 · ${game.name}交易群`,
        number: String(731_260_101 + i * 17),
        gameId: game.id,
        full: i % 5 === 4,
        sort: 0,
      })),
    ])

    await tx.insert(blacklistRecords).values(
      BLACKLIST.map((record, i) => ({
        ...blacklistValues(options.lookupKey, {
          subjectKind: record.subjectKind,
          subject: record.subject,
          gameId: record.game === null ? undefined : gameId(record.game),
          reason: record.reason,
          evidence: record.evidence,
          source: record.source,
        }),
        createdAt: ago(5 + i * 9),
      })),
    )

    await seedDemoInbox(tx, ago)
    return { seeded: true }
  })
}

/** Messages and two feedbacks (one answered) for the demo buyer and seller, so 消息 and 我的反馈 are not empty. */
async function seedDemoInbox(tx: Executor, ago: (days: number, hours?: number) => Date): Promise<void> {
  const demo = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['buyer', 'seller']))
  const buyer = demo.find((user) => user.username === 'buyer')
  const seller = demo.find((user) => user.username === 'seller')
  const rows: (typeof messages.$inferInsert)[] = []

  if (buyer) {
    const [recommended] = await tx
      .select({ id: goods.id, title: goods.title })
      .from(goods)
      .where(eq(goods.status, 'on_sale'))
      .orderBy(sql`${goods.price} desc`, goods.id)
      .limit(1)
    const question = '希望商品列表能按皮肤数量排序'
    const reply = '感谢建议！按皮肤数量排序已列入下个版本的计划，上线后会在新闻公告中通知。'
    await tx.insert(problems).values({
      userId: buyer.id,
      type: 'suggestion',
      title: question,
      content: '挑王者荣耀账号时最关心皮肤数量，现在只能按价格和时间排序，希望能加上按皮肤数量排序。',
      status: 'replied',
      reply,
      repliedAt: ago(1, 20),
      createdAt: ago(2),
    })
    rows.push(
      {
        userId: buyer.id,
        type: 'system',
        title: '欢迎来到号安心',
        content: '买号前请先阅读《交易须知》。添加客服前，可在首页用“客服验证”确认对方是否为官方客服。',
        readAt: ago(6),
        createdAt: ago(7),
      },
      {
        userId: buyer.id,
        type: 'system',
        title: '客服回复了你的反馈',
        content: `你提交的「${question}」有了回复：${reply}`,
        createdAt: ago(1, 20),
      },
      {
        userId: buyer.id,
        type: 'system',
        title: '防骗提醒：官方客服不会要求私下转账',
        content:
          '近期有人冒充号安心客服诱导转账。所有付款只在订单内完成，遇到可疑情况请先用“黑号查询”和“客服验证”核实。',
        createdAt: ago(0, 5),
      },
    )
    if (recommended) {
      rows.push({
        userId: buyer.id,
        type: 'system',
        title: '为你推荐一个新上架的账号',
        content: `「${recommended.title}」刚刚上架，点击查看详情。`,
        relatedType: 'goods',
        relatedId: recommended.id,
        createdAt: ago(0, 2),
      })
    }
  }

  if (seller) {
    // One still open: the console's 反馈 desk has a question to answer.
    await tx.insert(problems).values({
      userId: seller.id,
      type: 'problem',
      title: '货款什么时候能到支付宝？',
      content: '上周卖出的账号买家已经确认收货了，我的代售里显示待打款，想知道大概几天能到账，需要我做什么吗？',
      createdAt: ago(0, 6),
    })
    const [listing] = await tx
      .select({ id: goods.id, title: goods.title })
      .from(goods)
      .where(sql`${goods.sellerId} = ${seller.id} and ${goods.status} = 'on_sale'`)
      .orderBy(goods.id)
      .limit(1)
    rows.push({
      userId: seller.id,
      type: 'system',
      title: '欢迎入驻号安心',
      content: '出售账号前请阅读《卖号指南》；买家确认收货 7 天后货款自动结算。',
      readAt: ago(9),
      createdAt: ago(10),
    })
    if (listing) {
      rows.push({
        userId: seller.id,
        type: 'audit_passed',
        title: '账号审核通过',
        content: `你发布的「${listing.title}」已通过审核并上架。`,
        relatedType: 'goods',
        relatedId: listing.id,
        createdAt: ago(1),
      })
    }
  }
  if (rows.length > 0) await tx.insert(messages).values(rows)
}
