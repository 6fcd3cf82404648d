/**
 * Who may call which `/api/admin` route. Each route says so in its options — `config: staffOnly('reviewer')`
 * (an admin always may; no role named means admins only) or `config: { staff: 'public' }` for the sign-in —
 * and the app does not start with an admin route that says nothing (`guardStaffRoute`, run on every route as
 * it is added). Before a guarded route even validates its input, the caller must hold a console session
 * (signed in with password and TOTP; 401 otherwise) and one of the roles (403).
 */
import type { FastifyRequest, RouteOptions } from 'fastify'
import type { StaffRole } from '../../src/contract/staff'
import { readToken, SESSION_EXPIRED_MSG, type AuthUser } from './auth'
import { AppError } from './envelope'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call an `/api/admin` route: these staff roles and admins, or anyone (`public`). */
    staff?: readonly StaffRole[] | 'public'
  }
}

export const STAFF_PREFIX = '/api/admin'

/** The route option of a route for these roles (and admins). */
export const staffOnly = (...roles: StaffRole[]) => ({ staff: roles })

export const STAFF_SIGN_IN_MSG = '请在管理后台登录'

export function requireStaff(request: FastifyRequest, roles: readonly StaffRole[]): AuthUser {
  const { user } = request
  if (!user) throw new AppError(401, readToken(request) ? SESSION_EXPIRED_MSG : '请先登录')
  if (!user.roles.some((role) => role === 'admin' || (roles as readonly string[]).includes(role)))
    throw new AppError(403, '没有权限')
  // An H5 session of a staff member is not a console session: the second factor was never asked.
  if (!user.staff) throw new AppError(401, STAFF_SIGN_IN_MSG)
  return user
}

export function guardStaffRoute(route: RouteOptions): void {
  if (!route.url.startsWith(STAFF_PREFIX)) return
  const access = route.config?.staff
  if (access === undefined)
    throw new Error(`${String(route.method)} ${route.url}: an admin route declares who may call it (config.staff)`)
  if (access === 'public') return
  const gate = async (request: FastifyRequest) => {
    requireStaff(request, access)
  }
  route.preValidation = [gate, ...[route.preValidation ?? []].flat()]
}

/** A staff member's public number, shown on what they write in a deal room and confirmed by 客服验证. */
export const staffNo = (userId: number) => `KF${String(userId).padStart(5, '0')}`
