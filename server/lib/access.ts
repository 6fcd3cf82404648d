/**
 * Every `/api` route says who may call it, the gate enforces it before the route reads its input, and the
 * OpenAPI document says it too:
 * - `/api/admin/*`: the staff roles it declares (lib/staff.ts);
 * - any other route: a signed-in user, unless it declares `config: PUBLIC` (anyone), `config: OPTIONAL`
 *   (anyone; a session adds to the answer — a goods detail then counts as browsed) or `config: MERCHANT` (a
 *   signed-in 认证号商 only: 403 for anyone else).
 * Each operation also gets an `operationId` made from its method and path (`postAdminOrdersIdHandOver`);
 * `/dev` operations (local mode) are documented as open to this machine.
 */
import type { FastifyRequest, RouteOptions } from 'fastify'
import { STAFF_ROLE_LABELS } from '../../src/contract/constants'
import type { StaffRole } from '../../src/contract/staff'
import { requireUser } from './auth'
import { AppError } from './envelope'
import { guardStaffRoute, STAFF_PREFIX } from './staff'

export type Access = 'public' | 'optional' | 'merchant'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a (non-staff) `/api` route when it is not only signed-in users. */
    access?: Access
  }
}

export const PUBLIC = { access: 'public' as const }
export const OPTIONAL = { access: 'optional' as const }
export const MERCHANT = { access: 'merchant' as const }

export const MERCHANT_ONLY_MSG = '仅认证号商可以参与竞价回收，请先在「商务合作」申请号商入驻'

export const BEARER = 'bearerAuth'

const signedIn = async (request: FastifyRequest) => {
  requireUser(request)
}

const merchantOnly = async (request: FastifyRequest) => {
  if (!requireUser(request).roles.includes('merchant')) throw new AppError(403, MERCHANT_ONLY_MSG)
}

/** `post /admin/orders/:id/hand-over` → `postAdminOrdersIdHandOver`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('')
}

export function guardRoute(route: RouteOptions): void {
  const api = route.url.startsWith('/api/')
  // Hidden routes (the gateways' signed notices) and everything outside /api and /dev are not operations.
  if ((!api && !route.url.startsWith('/dev/')) || route.schema?.hide) return
  const method = [route.method].flat()[0]
  let security: Record<string, string[]>[]
  let description: string | undefined
  if (!api) {
    // Local mode's helpers: no session, this machine only (the /dev plugin refuses other sockets).
    security = []
    description = '仅本地模式、仅本机'
  } else if (route.url.startsWith(STAFF_PREFIX)) {
    guardStaffRoute(route)
    const staff = route.config?.staff
    security = staff === 'public' ? [] : [{ [BEARER]: [] }]
    if (staff !== undefined && staff !== 'public')
      description = `员工：${(['admin', ...staff] as StaffRole[]).map((role) => STAFF_ROLE_LABELS[role]).join('、')}`
  } else {
    const access = route.config?.access
    security = access === 'public' ? [] : access === 'optional' ? [{}, { [BEARER]: [] }] : [{ [BEARER]: [] }]
    const gate = access === undefined ? signedIn : access === 'merchant' ? merchantOnly : undefined
    if (gate) route.preValidation = [gate, ...[route.preValidation ?? []].flat()]
    if (access === 'merchant') description = '认证号商'
  }
  route.schema = {
    ...route.schema,
    operationId: operationIdOf(method, route.url),
    security,
    ...(description ? { description } : {}),
  }
}
