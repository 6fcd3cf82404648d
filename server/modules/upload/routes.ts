import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { UploadedImage } from '../../../src/contract/upload'
import type { AppDeps } from '../../deps'
import { requireUser, viewerOf } from '../../lib/auth'
import { Ajax, AppError, ok } from '../../lib/envelope'
import { MAX_IMAGE_BYTES, storeImage, uploadsDir, UPLOADS_URL } from '../../lib/images'
import { consume } from '../../lib/rateLimit'
import { staffOnly } from '../../lib/staff'

const TOO_LARGE = `图片不能超过 ${MAX_IMAGE_BYTES / 1024 / 1024} MB`

/**
 * `POST /api/upload/image` (multipart `file`; the console's `/api/admin/upload/image`) and the files it
 * stored, at `/uploads/…`, cached for a year.
 */
export const uploadRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'config' | 'kv'>> = async (app, { config, kv }) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } })

  /** One picture, from a person signed in (`userId`): checked by content, re-encoded, stored. */
  const receive = async (request: FastifyRequest, userId: number) => {
    await consume(kv, [
      { key: `rl:upload:${userId}`, max: 60, windowSeconds: 3600, message: '上传过于频繁，请 {s} 秒后再试' },
    ])
    if (!request.isMultipart()) throw new AppError(400, '请以 multipart/form-data 上传图片')
    const file = await request.file()
    if (!file || file.fieldname !== 'file') throw new AppError(400, '请选择要上传的图片（字段 file）')
    let buffer: Buffer
    try {
      buffer = await file.toBuffer()
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, TOO_LARGE)
      throw error
    }
    return ok(await storeImage(config.dataDir, buffer))
  }
  const schema = {
    summary: '上传图片（JPG/PNG/WebP，≤ 5 MB，按内容校验并重新编码，去除 EXIF/GPS）',
    consumes: ['multipart/form-data'],
    response: { 200: Ajax(UploadedImage) },
  }

  app.post(
    '/upload/image',
    { bodyLimit: MAX_IMAGE_BYTES + 64 * 1024, schema: { ...schema, tags: ['account'] } },
    (request) => receive(request, requireUser(request).id),
  )
  // The console's own door to the same store (banners, avatars, QR codes, game icons, notice pictures).
  app.post(
    '/admin/upload/image',
    {
      bodyLimit: MAX_IMAGE_BYTES + 64 * 1024,
      config: staffOnly('editor'),
      schema: { ...schema, tags: ['admin'] },
    },
    (request) => receive(request, viewerOf(request).userId),
  )
}

/** Registered at the root: stored names are content hashes, so a URL's bytes never change. */
export const uploadFiles: FastifyPluginAsyncTypebox<Pick<AppDeps, 'config'>> = async (app, { config }) => {
  await app.register(fastifyStatic, {
    root: uploadsDir(config.dataDir),
    prefix: `${UPLOADS_URL}/`,
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    serveDotFiles: false,
  })
}
