import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from './envelope'
import { describeValidation, type RequestPart } from './validation'

export const BODY_LIMIT_BYTES = 1024 * 1024

/** Fastify's own refusals, in the words the client shows to the user. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是合法的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: `请求内容过大（上限 ${BODY_LIMIT_BYTES / 1024 / 1024} MB）`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度与 Content-Length 不符',
}

const STATUS_MESSAGES: Record<number, string> = {
  400: '请求参数错误',
  401: '请先登录',
  403: '没有权限',
  404: '资源不存在',
  405: '不支持的请求方法',
  409: '状态冲突，请刷新后重试',
  413: FASTIFY_MESSAGES.FST_ERR_CTP_BODY_TOO_LARGE,
  415: FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_MEDIA_TYPE,
  429: '请求过于频繁，请稍后再试',
}

export const INTERNAL_ERROR_MSG = '服务器内部错误，请稍后重试'

function send(reply: FastifyReply, code: number, msg: string, data?: unknown) {
  return reply.code(code).send(data === undefined ? { code, msg } : { code, msg, data })
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const api = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')
  return send(reply, 404, api ? '接口不存在' : STATUS_MESSAGES[404])
}

/**
 * Every error leaves as the envelope with HTTP status = code. Expected refusals keep their message;
 * anything else is logged with its request id and answered without internals (no stack, no SQL).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.code, error.message, error.data)

    if (error.validation) {
      const part = error.validationContext as RequestPart
      const root = request.routeOptions.schema?.[part]
      const errors = describeValidation(error.validation, part, root)
      return send(reply, 400, errors[0]?.message ?? STATUS_MESSAGES[400], { errors })
    }

    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return send(reply, status, FASTIFY_MESSAGES[error.code] ?? STATUS_MESSAGES[status] ?? '请求无效')
    }

    request.log.error({ err: error }, 'unhandled error')
    return send(reply, 500, INTERNAL_ERROR_MSG, { requestId: request.id })
  })
}
