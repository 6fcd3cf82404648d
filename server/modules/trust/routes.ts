/**
 * Trust tools (API.md, "Content and service"): the service contacts and QQ groups; 客服验证 and 黑号查询,
 * public and limited per client address against enumeration; the operator's blacklist entry under /admin.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  AdminBlacklistQuery,
  AdminBlacklistRecord,
  BlacklistId,
  BlacklistQuery,
  BlacklistRecord,
  BlacklistRemoval,
  NewBlacklistRecord,
  QqGroup,
  QqGroupQuery,
  ServiceContact,
  ServiceContactQuery,
  StaffCheck,
  StaffCheckQuery,
} from '../../../src/contract/trust'
import type { AppDeps } from '../../deps'
import { PUBLIC } from '../../lib/access'
import { staffOf } from '../../lib/audit'
import { Ajax, AjaxOk, ok, page, Table } from '../../lib/envelope'
import { consume } from '../../lib/rateLimit'
import * as trust from './service'
import { staffOnly } from '../../lib/staff'

/** Lookups per client address and minute, each tool counted on its own. */
export const LOOKUPS_PER_MINUTE = 20

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
      config: PUBLIC,
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
      config: PUBLIC,
      schema: {
        summary: '客服：按类型、按游戏',
        tags,
        querystring: ServiceContactQuery,
        response: { 200: Ajax(Type.Array(ServiceContact)) },
      },
    },
    async (request) => ok(await trust.listContacts(db, request.query)),
  )

  app.get(
    '/V2/H5/qqGroup',
    {
      config: PUBLIC,
      schema: {
        summary: '官方 QQ 群（给出游戏时：该游戏的群与平台通用群）',
        tags,
        querystring: QqGroupQuery,
        response: { 200: Ajax(Type.Array(QqGroup)) },
      },
    },
    async (request) => ok(await trust.listQqGroups(db, request.query.gameId)),
  )

  app.get(
    '/V2/H5/checkAccount',
    {
      config: PUBLIC,
      schema: {
        summary: '客服验证：QQ、微信号或手机号是否为本平台客服（规范化后精确匹配）',
        tags,
        querystring: StaffCheckQuery,
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
      config: PUBLIC,
      schema: {
        summary: '黑号查询：游戏账号、QQ、微信号、手机号或身份证号的记录（打码）；空列表即无记录',
        tags,
        querystring: BlacklistQuery,
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

/** Staff list, record and remove blacklisted subjects; only a subject's hash and masked form are stored. */
export const adminTrustRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'lookupKey'>> = async (
  app,
  { database, lookupKey },
) => {
  app.get(
    '/admin/blacklist',
    {
      config: staffOnly('reviewer', 'service'),
      schema: {
        summary: '黑号记录：按类型、原因、游戏，或按对象精确查找（以其哈希），新的在前',
        tags: ['admin'],
        querystring: AdminBlacklistQuery,
        response: { 200: Table(AdminBlacklistRecord) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20, ...filters } = request.query
      const { rows, total } = await trust.adminBlacklist(database.db, lookupKey, { ...filters, pageNum, pageSize })
      return page(rows, total)
    },
  )

  app.post(
    '/admin/blacklist/:id/remove',
    {
      config: staffOnly('reviewer', 'service'),
      schema: {
        summary: '移除误录的黑号记录（写明原因；审计保留原记录）',
        tags: ['admin'],
        params: BlacklistId,
        body: BlacklistRemoval,
        response: { 200: AjaxOk },
      },
    },
    async (request) => {
      await trust.removeBlacklistRecord(database.db, staffOf(request), request.params.id, request.body.reason)
      return ok()
    },
  )

  app.post(
    '/admin/blacklist',
    {
      config: staffOnly('reviewer', 'service'),
      schema: {
        summary: '新增黑号记录（只保存密钥哈希与打码形式）',
        tags: ['admin'],
        body: NewBlacklistRecord,
        response: { 200: Ajax(BlacklistRecord) },
      },
    },
    async (request) => ok(await trust.addBlacklistRecord(database.db, lookupKey, staffOf(request), request.body)),
  )
}
