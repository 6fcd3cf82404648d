/**
 * What the server writes to its log, and what it must not: no phone number, ID number, QQ or WeChat id,
 * search subject or code. Request URLs keep their path and the names of their query parameters, but only
 * the values of a few harmless ones (paging, ids, statuses); database errors keep the statement and the
 * SQLSTATE, never the parameters or PostgreSQL's own text (which quotes the offending value). A last pass
 * over every line masks anything shaped like a mainland phone or ID number, wherever it came from.
 */
import type { FastifyServerOptions } from 'fastify'
import { maskIdNumber, maskPhone } from '../../src/contract/validation'

/** Query parameters whose values say nothing about a person. */
const HARMLESS_QUERY = new Set(['pageNum', 'pageSize', 'gameId', 'goodsId', 'orderId', 'id', 'status', 'type', 'scene'])

const PHONE = /(?<![0-9A-Za-z])1[3-9]\d{9}(?![0-9A-Za-z])/g
const ID_NUMBER = /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g

/** Masks phone and ID numbers in any text: `138****8000`, `110***********1234`. */
export function maskPersonalNumbers(text: string): string {
  return text.replace(ID_NUMBER, maskIdNumber).replace(PHONE, maskPhone)
}

/** `/api/black/blackList?content=110…&gameId=3` → `/api/black/blackList?content=[redacted]&gameId=3`. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?')
  const path = maskPersonalNumbers(at < 0 ? url : url.slice(0, at))
  if (at < 0) return path
  const query = new URLSearchParams(url.slice(at + 1))
  const kept = [...query].map(([key, value]) =>
    HARMLESS_QUERY.has(key) ? `${key}=${encodeURIComponent(value)}` : `${key}=[redacted]`,
  )
  return `${path}?${kept.join('&')}`
}

type LoggedError = {
  type: string
  message: string
  stack: string
  code?: string
  constraint?: string
  routine?: string
}

/**
 * drizzle wraps a failed statement as `Failed query: <sql>\nparams: <values>` with PostgreSQL's error as
 * its cause; everything after the statement goes.
 */
export function serializeError(error: Error & { cause?: unknown }): LoggedError {
  const message = maskPersonalNumbers(error.message.split('\nparams:')[0])
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '))
  const cause = (error.cause ?? {}) as { code?: unknown; constraint?: unknown; routine?: unknown }
  const database =
    typeof cause.code === 'string'
      ? {
          code: cause.code,
          constraint: typeof cause.constraint === 'string' ? cause.constraint : undefined,
          routine: typeof cause.routine === 'string' ? cause.routine : undefined,
        }
      : {}
  return { type: error.name, message, stack: [`${error.name}: ${message}`, ...frames].join('\n'), ...database }
}

interface RequestLike {
  method: string
  url: string
  id?: string
  ip?: string
}

/** Fastify's logger options with the serializers above; `stream` is for tests that read the log. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: RequestLike) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
      err: serializeError,
    },
    hooks: { streamWrite: maskPersonalNumbers },
  }
}
