/**
 * 中介担保 (API.md, "Escrow tickets"): open a ticket, read it by its code and join it, the parties' tickets,
 * the seller's account entered as the ticket's listing, the buyer's approval (which makes the order to pay at
 * /pay/{orderId}) or refusal, and closing it before payment.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { ConsignmentRequest } from '../../../src/contract/consignment'
import {
  EscrowTicket,
  EscrowTicketCreated,
  EscrowTicketInvite,
  EscrowTicketJoin,
  EscrowTicketReject,
  EscrowTicketRequest,
} from '../../../src/contract/escrowTickets'
import { Id } from '../../../src/contract/schemas'
import type { AppDeps } from '../../deps'
import { viewerOf } from '../../lib/auth'
import { Ajax, ok } from '../../lib/envelope'
import { consume } from '../../lib/rateLimit'
import { CatalogueCache } from '../catalogue/service'
import * as tickets from './service'

type Deps = Pick<AppDeps, 'config' | 'database' | 'vault' | 'kv' | 'lookupKey'>

const TicketId = Type.Object({ id: Id('担保单编号') })

export const escrowTicketRoutes: FastifyPluginAsyncTypebox<Deps> = async (
  app,
  { config, database, vault, kv, lookupKey },
) => {
  const db = database.db
  const listingDeps = { db, vault, dataDir: config.dataDir, cache: new CatalogueCache(), lookupKey }
  const tags = ['escrowTickets']
  /** A try of a code, by whoever is signed in: ten a minute is plenty for a person who has one; guessing is not. */
  const codeTry = async (request: FastifyRequest) => {
    const viewer = viewerOf(request)
    await consume(kv, [
      { key: `rl:escrow-code:${viewer.userId}`, max: 10, windowSeconds: 60, message: '尝试过于频繁，请 {s} 秒后再试' },
    ])
    return viewer
  }
  const one = (summary: string) => ({
    schema: { summary, tags, params: TicketId, response: { 200: Ajax(EscrowTicket) } },
  })

  app.post(
    '/need/escrow-ticket',
    {
      schema: {
        summary: '开担保单：约定的游戏、说明、成交价与对方（手机号或QQ），我的身份；得到对方加入用的担保码',
        tags,
        body: EscrowTicketRequest,
        response: { 200: Ajax(EscrowTicketCreated) },
      },
    },
    async (request) => ok(await tickets.openTicket(db, viewerOf(request), request.body)),
  )

  app.get(
    '/need/escrow-ticket/byCode',
    {
      schema: {
        summary: '按担保码查看待加入的担保单（成交价、服务费与我将担任的身份）',
        tags,
        querystring: EscrowTicketJoin,
        response: { 200: Ajax(EscrowTicketInvite) },
      },
    },
    async (request) => ok(await tickets.invite(db, await codeTry(request), request.query.code)),
  )

  app.post(
    '/need/escrow-ticket/join',
    {
      schema: {
        summary: '加入担保单（对方登录后凭担保码或链接加入；以手机号指定时只有该手机号可加入）',
        tags,
        body: EscrowTicketJoin,
        response: { 200: Ajax(EscrowTicket) },
      },
    },
    async (request) => ok(await tickets.join(db, await codeTry(request), request.body.code)),
  )

  app.get(
    '/need/escrow-tickets',
    {
      schema: {
        summary: '我的担保单（买方或卖方），新的在前',
        tags,
        response: { 200: Ajax(Type.Array(EscrowTicket)) },
      },
    },
    async (request) => ok(await tickets.myTickets(db, viewerOf(request))),
  )

  app.get('/need/escrow-ticket/:id', one('担保单（仅双方可见）'), async (request) =>
    ok(await tickets.myTicket(db, viewerOf(request), request.params.id)),
  )

  app.post(
    '/need/escrow-ticket/:id/listing',
    {
      schema: {
        summary: '卖家录入账号（发布商品的同一表单，价格为约定成交价；不公开上架）',
        tags,
        params: TicketId,
        body: ConsignmentRequest,
        response: { 200: Ajax(EscrowTicket) },
      },
    },
    async (request) => ok(await tickets.enterListing(listingDeps, viewerOf(request), request.params.id, request.body)),
  )

  app.post(
    '/need/escrow-ticket/:id/approve',
    one('买家确认账号：生成订单，按订单流程付款（成交价 + 服务费）'),
    async (request) => ok(await tickets.approve(db, viewerOf(request), request.params.id)),
  )

  app.post(
    '/need/escrow-ticket/:id/reject',
    {
      schema: {
        summary: '买家退回账号信息（写明原因），卖家修改后重新录入',
        tags,
        params: TicketId,
        body: EscrowTicketReject,
        response: { 200: Ajax(EscrowTicket) },
      },
    },
    async (request) => ok(await tickets.reject(db, viewerOf(request), request.params.id, request.body.reason)),
  )

  app.post('/need/escrow-ticket/:id/close', one('关闭担保单（付款前，任一方）'), async (request) =>
    ok(await tickets.close(db, viewerOf(request), request.params.id)),
  )
}
