/** The audit log as staff read it (API.md, "Operator"; the console's 审计日志): append-only, never edited. */
import { Type, type Static } from 'typebox'
import { AUDIT_ACTIONS, AUDIT_SUBJECTS, type AuditAction, type AuditSubject } from './constants'
import { literals, pageParams, sortParam, Time } from './schemas'

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  actorId: Type.Integer(),
  /** The staff member's username. */
  actor: Type.String(),
  /** `<subject>.<verb>`, e.g. `goods.approve`, `order.handOver`. */
  action: Type.String(),
  subjectType: Type.String(),
  subjectId: Type.Union([Type.Integer(), Type.Null()]),
  /** What was decided and why (reason, old and new values); never a secret. */
  detail: Type.Record(Type.String(), Type.Unknown()),
  ip: Type.String(),
  createdAt: Time,
})
export type AuditEntry = Static<typeof AuditEntry>

/** GET /api/admin/audit-log: newest first; every filter optional; dates are China calendar days. */
export const AuditQuery = Type.Object({
  ...pageParams,
  actor: Type.Optional(Type.String({ title: '操作人', maxLength: 64 })),
  action: Type.Optional(literals(Object.keys(AUDIT_ACTIONS) as AuditAction[], { title: '操作' })),
  subjectType: Type.Optional(literals(Object.keys(AUDIT_SUBJECTS) as AuditSubject[], { title: '对象类型' })),
  subjectId: Type.Optional(Type.Integer({ title: '对象编号', minimum: 1 })),
  from: Type.Optional(Type.String({ title: '开始日期', format: 'date' })),
  to: Type.Optional(Type.String({ title: '结束日期', format: 'date' })),
  sort: sortParam(['createdAt']),
})
export type AuditQuery = Static<typeof AuditQuery>
