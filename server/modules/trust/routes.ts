/**
 * Trust tools (API.md, "Content and service"): the service contacts and QQ groups; 客服验证 and 黑号查询,
 * public and limited per client address against enumeration; the operator's blacklist entry under /admin.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Body, Id, literals, Time } from '../../../src/contract/schemas'
import type { AppDeps } from '../../deps'
import { operatorsOnly, requireUser } from '../../lib/auth'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { consume } from '../../lib/rateLimit'
import type { ServiceContactKind } from '../../../src/contract/trust'
import * as trust from './service'
import { SUBJECT_KINDS, SUBJECT_MAX_LENGTH } from './subjects'

/** Lookups per client address and minute, each tool counted on its own. */
export const LOOKUPS_PER_MINUTE = 20
const REASONS = ['retrieval', 'fraud', 'chargeback', 'other'] as const
export const CONTACT_KINDS: readonly ServiceContactKind[] = ['buyer', 'seller', 'consign', 'guarantee', 'recycle']

export const ServiceContact = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  name: Type.String(),
  qq: Type.String(),
  weixin: Type.String(),
  phone: Type.String(),
  qrImage: Type.String(),
  workHours: Type.String(),
  gameIds: Type.Array(Type.Integer(), { description: '空 = 服务全部游戏' }),
})

const QqGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  number: Type.String(),
  gameId: Type.Union([Type.Integer(), Type.Null()]),
  gameName: Type.String({ description: "平台通用群为 ''" }),
  full: Type.Boolean(),
})

const BlacklistRecord = Type.Object({
  id: Type.Integer(),
  subjectKind: Type.String(),
  maskedSubject: Type.String({ description: '打码后的对象，明文从不保存' }),
  gameId: Type.Union([Type.Integer(), Type.Null()]),
  gameName: Type.String(),
  reason: Type.String({ description: 'retrieval 找回 · fraud 诈骗 · chargeback 恶意退款 · other 其他' }),
  evidence: Type.String(),
  createdAt: Time,
})

const StaffCheck = Type.Object({
  official: Type.Boolean(),
  contact: Type.Optional(
    Type.Object({
      name: Type.String(),
      kind: literals(CONTACT_KINDS),
      channel: literals(['qq', 'weixin', 'phone'] as const),
    }),
  ),
})

const lookupText = (title: string) => Type.String({ title, minLength: 1, maxLength: SUBJECT_MAX_LENGTH })

export const trustRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'kv' | 'lookupKey'>> = async (
  app,
  { database, kv, lookupKey },
) => {
  const db = database.db
  const tags = ['service']
  const limit = (tool: string, ip: string) =>
    consume(kv, [
      {
        key: `rl:${tool}:ip:${ip}`,
        max: LOOKUPS_PER_MINUTE,
        windowSeconds: 60,
        message: '查询过于频繁，请 {s} 秒后再试',
      },
    ])

  app.get(
    '/V2/H5/allQQlist',
    {
      schema: {
        summary: '全部在岗客服（客户端按类型分组）',
        tags,
        response: { 200: Ajax(Type.Array(ServiceContact)) },
      },
    },
    async () => ok(await trust.listContacts(db)),
  )

  app.get(
    '/V2/H5/account',
    {
      schema: {
        summary: '客服：按类型、按游戏',
        tags,
        querystring: Type.Object({
          kind: Type.Optional(literals(CONTACT_KINDS, { title: '客服类型' })),
          gameId: Type.Optional(Id('游戏')),
        }),
        response: { 200: Ajax(Type.Array(ServiceContact)) },
      },
    },
    async (request) => ok(await trust.listContacts(db, request.query)),
  )

  app.get(
    '/V2/H5/qqGroup',
    {
      schema: {
        summary: '官方 QQ 群（给出游戏时：该游戏的群与平台通用群）',
        tags,
        querystring: Type.Object({ gameId: Type.Optional(Id('游戏')) }),
        response: { 200: Ajax(Type.Array(QqGroup)) },
      },
    },
    async (request) => ok(await trust.listQqGroups(db, request.query.gameId)),
  )

  app.get(
    '/V2/H5/checkAccount',
    {
      schema: {
        summary: '客服验证：QQ、微信号或手机号是否为本平台客服（规范化后精确匹配）',
        tags,
        querystring: Type.Object({ value: lookupText('QQ/微信号/手机号') }),
        response: { 200: Ajax(StaffCheck) },
      },
    },
    async (request) => {
      await limit('staff-check', request.ip)
      return ok(await trust.checkStaff(db, request.query.value))
    },
  )

  app.get(
    '/black/blackList',
    {
      schema: {
        summary: '黑号查询：游戏账号、QQ、微信号、手机号或身份证号的记录（打码）；空列表即无记录',
        tags,
        querystring: Type.Object({ content: lookupText('查询内容'), gameId: Type.Optional(Id('游戏')) }),
        response: { 200: Table(BlacklistRecord) },
      },
    },
    async (request) => {
      await limit('blacklist', request.ip)
      const rows = await trust.lookupBlacklist(db, lookupKey, request.query)
      return page(rows, rows.length)
    },
  )
}

/** An operator records a blacklisted subject; only its hash and masked form are stored. */
export const adminTrustRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'lookupKey'>> = async (
  app,
  { database, lookupKey },
) => {
  operatorsOnly(app)
  app.post(
    '/admin/blacklist',
    {
      schema: {
        summary: '新增黑号记录（只保存密钥哈希与打码形式）',
        tags: ['admin'],
        body: Body({
          subjectKind: literals(SUBJECT_KINDS, { title: '对象类型' }),
          subject: Type.String({ title: '对象', minLength: 1, maxLength: SUBJECT_MAX_LENGTH }),
          gameId: Type.Optional(Id('游戏')),
          reason: literals(REASONS, { title: '原因' }),
          evidence: Type.String({ title: '情况说明', minLength: 1, maxLength: 500 }),
          source: Type.Optional(Type.String({ title: '来源', maxLength: 100 })),
        }),
        response: { 200: Ajax(BlacklistRecord) },
      },
    },
    async (request) => {
      const operator = requireUser(request)
      return ok(await trust.addBlacklistRecord(database.db, lookupKey, operator.id, request.body))
    },
  )
}
