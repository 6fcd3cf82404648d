/**
 * The audit trail of staff actions: one append-only row per action, in the transaction of the change, so
 * a change without its row (or a row without its change) cannot exist.
 */
import type { FastifyRequest } from 'fastify'
import type { AuditAction, AuditSubject } from '../../src/contract/constants'
import type { Executor } from '../db'
import { auditLog } from '../db/schema'
import { viewerOf, type Viewer } from './auth'

/** A staff member acting, and from where. */
export interface Staff extends Viewer {
  ip: string
}

export const staffOf = (request: FastifyRequest): Staff => ({ ...viewerOf(request), ip: request.ip })

export async function audit(
  tx: Executor,
  staff: Staff,
  action: AuditAction,
  subject: { type: AuditSubject; id: number | null },
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: staff.userId,
    action,
    subjectType: subject.type,
    subjectId: subject.id,
    detail,
    ip: staff.ip,
  })
}
