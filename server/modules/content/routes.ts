/**
 * Content (API.md, "Content and service"): notices, banners and anchors, social accounts, service
 * contacts and QQ groups, all public; the operator's notice edits under /admin. Response schemas list
 * every field that may leave (status, enabled and updatedAt stay on the server).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { NOTICE_TYPES, type NoticeType } from '../../../src/contract/content'
import { Body, Id, literals, pageParams, Time } from '../../../src/contract/schemas'
import type { AppDeps } from '../../deps'
import { operatorsOnly } from '../../lib/auth'
import { Ajax, AppError, ok, page, Table } from '../../lib/envelope'
import { isStoredImage } from '../../lib/images'
import * as content from './service'

const NoticeTypeSchema = literals(Object.keys(NOTICE_TYPES) as NoticeType[], {
  title: '公告类型',
  description: Object.entries(NOTICE_TYPES)
    .map(([code, name]) => `${code} ${name}`)
    .join(' · '),
})

const summaryProperties = {
  id: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  coverImage: Type.String(),
  summary: Type.String({ description: '正文开头的纯文本（≤ 80 字）' }),
  sort: Type.Integer(),
  createdAt: Time,
}
const NoticeSummary = Type.Object(summaryProperties)
const Notice = Type.Object({ ...summaryProperties, content: Type.String({ description: '已净化的 HTML' }) })
const AdminNotice = Type.Object({ ...Notice.properties, status: Type.String() })

const Banner = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  image: Type.String(),
  title: Type.String(),
  link: Type.String(),
  content: Type.String(),
  sort: Type.Integer(),
})

const SocialAccount = Type.Object({
  id: Type.Integer(),
  platform: Type.String(),
  name: Type.String(),
  fans: Type.Integer(),
  account: Type.String(),
  avatar: Type.String(),
  link: Type.String(),
})

const NoticeIdParams = Type.Object({ id: Id('公告编号') })

export const contentRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  const db = database.db
  const tags = ['content']

  app.get(
    '/V2/H5/gonggaoDetails',
    {
      schema: {
        summary: '某类公告（含正文）',
        tags,
        querystring: Type.Object({ noticeType: NoticeTypeSchema }),
        response: { 200: Ajax(Type.Array(Notice)) },
      },
    },
    async (request) => ok(await content.noticesOfType(db, request.query.noticeType)),
  )

  app.get(
    '/web/notice/list',
    {
      schema: {
        summary: '公告列表（不含正文）',
        tags,
        querystring: Type.Object({ noticeType: Type.Optional(NoticeTypeSchema), ...pageParams }),
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
        schema: { summary: '公告详情', tags, params: NoticeIdParams, response: { 200: Ajax(Notice) } },
      },
      async (request) => ok(await content.noticeById(db, request.params.id)),
    )
  }

  app.get(
    '/account/zhubo/list',
    {
      schema: {
        summary: '主播（type=1）或轮播图（type=2）',
        tags,
        querystring: Type.Object({ type: literals(['1', '2'] as const, { title: '类型' }) }),
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
    { schema: { summary: '官方抖音、快手账号', tags, response: { 200: Table(SocialAccount) } } },
    async () => {
      const rows = await content.listSocialAccounts(db)
      return page(rows, rows.length)
    },
  )
}

const noticeFields = {
  type: NoticeTypeSchema,
  title: Type.String({ title: '标题', minLength: 1, maxLength: 100 }),
  content: Type.String({ title: '正文', minLength: 1, maxLength: 200_000, description: 'HTML，保存前净化' }),
  coverImage: Type.Optional(Type.String({ title: '封面图', maxLength: 200, description: "上传得到的地址，或 ''" })),
  sort: Type.Optional(Type.Integer({ title: '排序', minimum: -100_000, maximum: 100_000 })),
  status: Type.Optional(literals(['published', 'hidden'] as const, { title: '状态' })),
}

/** Operators write notices; the HTML is sanitized on the way in, whatever editor produced it. */
export const adminContentRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'config'>> = async (
  app,
  { database, config },
) => {
  const db = database.db
  const tags = ['admin']
  operatorsOnly(app)
  const checkCover = async (cover: string | undefined) => {
    if (cover && !(await isStoredImage(config.dataDir, cover))) {
      throw new AppError(400, '封面图必须是上传得到的图片地址')
    }
  }

  app.post(
    '/admin/notices',
    {
      schema: { summary: '新建公告', tags, body: Body(noticeFields), response: { 200: Ajax(AdminNotice) } },
    },
    async (request) => {
      await checkCover(request.body.coverImage)
      return ok(await content.createNotice(db, request.body))
    },
  )

  app.put(
    '/admin/notices/:id',
    {
      schema: {
        summary: '修改公告（只改给出的字段）',
        tags,
        params: NoticeIdParams,
        body: Body(Type.Partial(Type.Object(noticeFields)).properties),
        response: { 200: Ajax(AdminNotice) },
      },
    },
    async (request) => {
      await checkCover(request.body.coverImage)
      return ok(await content.updateNotice(db, request.params.id, request.body))
    },
  )
}
