/**
 * Content (API.md, "Content and service"): notices, banners and anchors, social accounts, service
 * contacts and QQ groups, all public; the operator's notice edits under /admin. Response schemas list
 * every field that may leave (status, enabled and updatedAt stay on the server).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  AdminNotice,
  AdminNoticeQuery,
  AdminNoticeRow,
  Banner,
  BannerQuery,
  Notice,
  NoticeId,
  NoticeInput,
  NoticeListQuery,
  NoticePatch,
  NoticePreview,
  NoticePreviewRequest,
  NoticesOfTypeQuery,
  NoticeSummary,
  SocialAccount,
} from '../../../src/contract/content'
import type { AppDeps } from '../../deps'
import { PUBLIC } from '../../lib/access'
import { staffOf } from '../../lib/audit'
import { Ajax, AppError, ok, page, Table } from '../../lib/envelope'
import { isStoredImage } from '../../lib/images'
import * as content from './service'
import { staffOnly } from '../../lib/staff'

export const contentRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  const db = database.db
  const tags = ['content']

  app.get(
    '/V2/H5/gonggaoDetails',
    {
      config: PUBLIC,
      schema: {
        summary: '某类公告（含正文）',
        tags,
        querystring: NoticesOfTypeQuery,
        response: { 200: Ajax(Type.Array(Notice)) },
      },
    },
    async (request) => ok(await content.noticesOfType(db, request.query.noticeType)),
  )

  app.get(
    '/web/notice/list',
    {
      config: PUBLIC,
      schema: {
        summary: '公告列表（不含正文）',
        tags,
        querystring: NoticeListQuery,
        response: { 200: Table(NoticeSummary) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 10, noticeType } = request.query
      const { rows, total } = await content.noticePage(db, { noticeType, pageNum, pageSize })
      return page(rows, total)
    },
  )

  for (const url of ['/web/notice/:id', '/system/notice/:id']) {
    app.get(
      url,
      {
        config: PUBLIC,
        schema: { summary: '公告详情', tags, params: NoticeId, response: { 200: Ajax(Notice) } },
      },
      async (request) => ok(await content.noticeById(db, request.params.id)),
    )
  }

  app.get(
    '/account/zhubo/list',
    {
      config: PUBLIC,
      schema: {
        summary: '主播（type=1）或轮播图（type=2）',
        tags,
        querystring: BannerQuery,
        response: { 200: Table(Banner) },
      },
    },
    async (request) => {
      const rows = await content.bannersOfKind(db, request.query.type === '1' ? 'anchor' : 'banner')
      return page(rows, rows.length)
    },
  )

  app.get(
    '/web/social/list',
    { config: PUBLIC, schema: { summary: '官方抖音、快手账号', tags, response: { 200: Table(SocialAccount) } } },
    async () => {
      const rows = await content.listSocialAccounts(db)
      return page(rows, rows.length)
    },
  )
}

/** Operators write notices; the HTML is sanitized on the way in, whatever editor produced it. */
export const adminContentRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'config'>> = async (
  app,
  { database, config },
) => {
  const db = database.db
  const tags = ['admin']
  const checkCover = async (cover: string | undefined) => {
    if (cover && !(await isStoredImage(config.dataDir, cover))) {
      throw new AppError(400, '封面图必须是上传得到的图片地址')
    }
  }

  app.get(
    '/admin/notices',
    {
      config: staffOnly('editor'),
      schema: {
        summary: '公告列表（含已隐藏）：按类型、状态、标题',
        tags,
        querystring: AdminNoticeQuery,
        response: { 200: Table(AdminNoticeRow) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20, ...filters } = request.query
      const { rows, total } = await content.adminNoticePage(db, { ...filters, pageNum, pageSize })
      return page(rows, total)
    },
  )

  app.get(
    '/admin/notices/:id',
    {
      config: staffOnly('editor'),
      schema: {
        summary: '公告详情（含正文与状态），供编辑',
        tags,
        params: NoticeId,
        response: { 200: Ajax(AdminNotice) },
      },
    },
    async (request) => ok(await content.adminNotice(db, request.params.id)),
  )

  app.post(
    '/admin/notices/preview',
    {
      config: staffOnly('editor'),
      schema: {
        summary: '预览：正文按保存时的规则净化后的 HTML（即 H5 显示的内容），不保存',
        tags,
        body: NoticePreviewRequest,
        response: { 200: Ajax(NoticePreview) },
      },
    },
    async (request) => ok(content.previewNotice(request.body.content)),
  )

  app.post(
    '/admin/notices',
    {
      config: staffOnly('editor'),
      schema: { summary: '新建公告', tags, body: NoticeInput, response: { 200: Ajax(AdminNotice) } },
    },
    async (request) => {
      await checkCover(request.body.coverImage)
      return ok(await content.createNotice(db, staffOf(request), request.body))
    },
  )

  app.put(
    '/admin/notices/:id',
    {
      config: staffOnly('editor'),
      schema: {
        summary: '修改公告（只改给出的字段）',
        tags,
        params: NoticeId,
        body: NoticePatch,
        response: { 200: Ajax(AdminNotice) },
      },
    },
    async (request) => {
      await checkCover(request.body.coverImage)
      return ok(await content.updateNotice(db, staffOf(request), request.params.id, request.body))
    },
  )
}
