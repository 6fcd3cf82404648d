/**
 * 竞价回收 (API.md, "Selling, appraisal, recycling"): the seller's requests and the merchants' sealed quotes;
 * /account/backlist also takes and lists appraisals (`mode: appraise`), the seed's one desk for both.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AcceptQuote,
  MyQuote,
  MyQuotesQuery,
  BacklistQuery,
  MyRecycleRequest,
  OpenRequest,
  OpenRequestsQuery,
  Quote,
  QuoteRequest,
  RecycleRequest,
  RecycleRequestId,
  RecycleTerms,
} from '../../../src/contract/recycling'
import { Appraisal, AppraisalRequest } from '../../../src/contract/appraisals'
import { Tagged } from '../../../src/contract/schemas'
import { Type } from 'typebox'
import type { AppDeps } from '../../deps'
import { MERCHANT } from '../../lib/access'
import { requireUser, viewerOf } from '../../lib/auth'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { consume } from '../../lib/rateLimit'
import * as appraisals from '../appraisals/service'
import { consignmentDeps } from '../consignment/routes'
import * as recycling from './service'

type Deps = Pick<AppDeps, 'config' | 'database' | 'vault' | 'lookupKey' | 'kv'>

/** Merchants only: the role an approved application gives. */
export const recyclingRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, appDeps) => {
  const deps = consignmentDeps(appDeps)
  const { kv } = appDeps
  const tags = ['recycling']

  app.post(
    '/account/backlist',
    {
      schema: {
        summary:
          '账号估价（mode appraise：按近 180 天同类成交即时估价，同类不足 5 笔转人工）或发布竞价回收（mode recycle，需实名：账号密码加密保存，底价只有自己可见，报价时长内号商密封报价）',
        tags,
        body: Tagged('mode', [AppraisalRequest, RecycleRequest], { title: '估价或回收' }),
        response: { 200: Ajax(Type.Union([Appraisal, MyRecycleRequest])) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const { body } = request
      if (body.mode === 'appraise') {
        await consume(kv, [
          { key: `rl:appraise:${user.id}`, max: 30, windowSeconds: 3600, message: '估价过于频繁，请 {s} 秒后再试' },
        ])
        return ok(await appraisals.appraise(deps, user.id, body))
      }
      await consume(kv, [
        { key: `rl:recycle:${user.id}`, max: 10, windowSeconds: 3600, message: '发布过于频繁，请 {s} 秒后再试' },
      ])
      return ok(await recycling.publish(deps, user.id, body))
    },
  )

  app.get(
    '/account/backlist/terms',
    {
      schema: {
        summary: '竞价回收的报价时长范围（最短由运营设置）与选择时限',
        tags,
        response: { 200: Ajax(RecycleTerms) },
      },
    },
    async (request) => {
      requireUser(request)
      return ok(await recycling.terms(appDeps.database.db))
    },
  )

  app.get(
    '/account/backlist/allList',
    {
      schema: {
        summary: '我的估价单（mode appraise）或回收单（默认 recycle；报价数，最高报价在报价截止后才显示），新的在前',
        tags,
        querystring: BacklistQuery,
        response: { 200: Table(Type.Union([Appraisal, MyRecycleRequest])) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 10, mode, ...filters } = request.query
      const viewer = viewerOf(request)
      if (mode === 'appraise') {
        const { rows, total } = await appraisals.myAppraisals(deps, viewer, { pageNum, pageSize })
        return page(rows, total)
      }
      const { rows, total } = await recycling.myRequests(deps, viewer, { ...filters, pageNum, pageSize })
      return page(rows, total)
    },
  )

  app.get(
    '/account/backlist/:id',
    {
      schema: {
        summary: '我的一个回收单',
        tags,
        params: RecycleRequestId,
        response: { 200: Ajax(MyRecycleRequest) },
      },
    },
    async (request) => ok(await recycling.myRequest(deps, viewerOf(request), request.params.id)),
  )

  app.get(
    '/account/backlist/:id/quotes',
    {
      schema: {
        summary: '回收单的全部报价（从高到低）：报价截止后才可查看',
        tags,
        params: RecycleRequestId,
        response: { 200: Ajax(Type.Array(Quote)) },
      },
    },
    async (request) => ok(await recycling.quotesOf(deps, viewerOf(request), request.params.id)),
  )

  app.post(
    '/account/backlist/:id/accept',
    {
      schema: {
        summary: '接受一个报价（报价截止后 24 小时内，不低于底价）：生成号商的担保订单，其他报价未中标',
        tags,
        params: RecycleRequestId,
        body: AcceptQuote,
        response: { 200: Ajax(MyRecycleRequest) },
      },
    },
    async (request) => ok(await recycling.accept(deps, viewerOf(request), request.params.id, request.body.quoteId)),
  )

  app.post(
    '/account/backlist/:id/cancel',
    {
      schema: {
        summary: '取消回收单（报价中或待选择时）：全部报价关闭并通知号商',
        tags,
        params: RecycleRequestId,
        response: { 200: Ajax(MyRecycleRequest) },
      },
    },
    async (request) => ok(await recycling.cancel(deps, viewerOf(request), request.params.id)),
  )

  app.get(
    '/merchant/requests',
    {
      config: MERCHANT,
      schema: {
        summary: '回收大厅（号商）：报价中的回收单，最先截止的在前；只显示自己的报价',
        tags,
        querystring: OpenRequestsQuery,
        response: { 200: Table(OpenRequest) },
      },
    },
    async (request) => {
      const merchant = viewerOf(request)
      const { pageNum = 1, pageSize = 10, ...filters } = request.query
      const { rows, total } = await recycling.openRequests(deps, merchant, { ...filters, pageNum, pageSize })
      return page(rows, total)
    },
  )

  app.post(
    '/merchant/quotes',
    {
      config: MERCHANT,
      schema: {
        summary: '报价（号商）：密封报价，每个回收单一个报价，只能提高，截止后不能再报',
        tags,
        body: QuoteRequest,
        response: { 200: Ajax(MyQuote) },
      },
    },
    async (request) => {
      const merchant = viewerOf(request)
      await consume(kv, [
        { key: `rl:quote:${merchant.userId}`, max: 60, windowSeconds: 60, message: '报价过于频繁，请 {s} 秒后再试' },
      ])
      return ok(await recycling.placeQuote(deps, merchant, request.body))
    },
  )

  app.get(
    '/merchant/quotes',
    {
      config: MERCHANT,
      schema: {
        summary: '我的报价（号商）：已提交 / 已中标 / 未中标 / 已关闭',
        tags,
        querystring: MyQuotesQuery,
        response: { 200: Table(MyQuote) },
      },
    },
    async (request) => {
      const merchant = viewerOf(request)
      const { pageNum = 1, pageSize = 10, id } = request.query
      const { rows, total } = await recycling.myQuotes(deps, merchant, { id, pageNum, pageSize })
      return page(rows, total)
    },
  )
}
