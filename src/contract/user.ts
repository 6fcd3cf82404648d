/** The signed-in user's own account: profile and real name (API.md, "Session and account"). */
import { Type, type Static } from 'typebox'
import { Body, Id, literals, Nullable, NullableTime, pageParams, sortParam, Time } from './schemas'
import { STAFF_ROLES, StaffRole } from './staff'
import { GOODS_STATUSES } from './catalogue'
import { OrderStatus } from './orders'
import { QQ_PATTERN } from './validation'

export const RealNameStatus = literals(['none', 'verified'] as const)
export type RealNameStatus = Static<typeof RealNameStatus>

/** The signed-in user as the profile call returns it: no secrets; phone, name and ID number arrive masked. */
export const UserProfile = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  nickName: Type.String(),
  avatar: Type.String(),
  phone: Type.String({ description: '脱敏：138****8000' }),
  email: Type.String(),
  sex: Type.String({ description: '0 男 · 1 女 · 2 未知' }),
  qq: Type.String(),
  weixin: Type.String(),
  roles: Type.Array(Type.String()),
  /** Whether a sign-in password is set; changing it then needs the current one. */
  hasPassword: Type.Boolean({ description: '已设置登录密码（修改时需输入当前密码）' }),
  realNameStatus: RealNameStatus,
  realName: Type.String({ description: '脱敏：张*' }),
  idNumber: Type.String({ description: '脱敏：110***********1234' }),
  /** 注销冷静期: when the account will be erased unless the deletion is cancelled (signing in asks). */
  deletionEraseAt: Type.Union([Time, Type.Null()], { description: '注销冷静期结束时间；未申请注销为 null' }),
})
export type UserProfile = Static<typeof UserProfile>

/** PUT /system/user/profile: only the fields given change; '' clears an optional one. */
export const ProfilePatch = Body({
  nickName: Type.Optional(Type.String({ title: '昵称', minLength: 1, maxLength: 20 })),
  avatar: Type.Optional(
    Type.String({ title: '头像', pattern: '^(/uploads/[0-9a-f]{40}\\.(jpg|png|webp))?$', maxLength: 80 }),
  ),
  email: Type.Optional(Type.String({ title: '邮箱', maxLength: 64, pattern: '^([^@\\s]+@[^@\\s]+\\.[^@\\s]+)?$' })),
  sex: Type.Optional(literals(['0', '1', '2'] as const, { title: '性别' })),
  qq: Type.Optional(Type.String({ title: 'QQ', pattern: `^(${QQ_PATTERN.source.slice(1, -1)})?$` })),
  weixin: Type.Optional(Type.String({ title: '微信号', pattern: '^([A-Za-z][-_A-Za-z0-9]{5,19})?$' })),
})
export type ProfilePatch = Static<typeof ProfilePatch>

/** POST /realname/auth: checked (format, checksum, the verifier) by the server. */
export const RealNameRequest = Body({
  realName: Type.String({ title: '真实姓名', maxLength: 20 }),
  idNumber: Type.String({ title: '身份证号', maxLength: 18 }),
})
export type RealNameRequest = Static<typeof RealNameRequest>

export const RealNameResult = Type.Object({
  realNameStatus: Type.Literal('verified'),
  realName: Type.String(),
  idNumber: Type.String(),
})
export type RealNameResult = Static<typeof RealNameResult>

/**
 * GET /system/user/center: what 个人中心 counts — the caller's orders as a buyer and listings as a seller,
 * by status (a status with none is absent).
 */
export const UserCenter = Type.Object({
  orders: Type.Partial(Type.Record(OrderStatus, Type.Integer()), { description: '我的买单：状态 → 数量' }),
  listings: Type.Partial(Type.Record(literals(GOODS_STATUSES), Type.Integer()), {
    description: '我的代售：状态 → 数量',
  }),
})
export type UserCenter = Static<typeof UserCenter>

// ── the console's 用户 ──────────────────────────────────────────────────────────────────────────

/** GET /api/admin/users: by name, phone or number (`keyword`), role and state; newest first unless sorted. */
export const AdminUsersQuery = Type.Object({
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 64, description: '用户名、昵称、手机号或编号' })),
  role: Type.Optional(literals(['user', 'merchant', ...STAFF_ROLES] as const, { title: '角色' })),
  disabled: Type.Optional(Type.Boolean({ title: '已停用' })),
  sort: sortParam(['createdAt', 'lastLoginAt']),
  ...pageParams,
})
export type AdminUsersQuery = Static<typeof AdminUsersQuery>

/** A person as staff see them in the list: the phone masked, no ID number ever. */
export const AdminUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  nickName: Type.String(),
  phone: Type.String({ description: '打码' }),
  roles: Type.Array(Type.String()),
  realNameStatus: RealNameStatus,
  disabled: Type.Boolean(),
  createdAt: Time,
  lastLoginAt: NullableTime,
  /** 注销: the deletion waiting out its cooling-off period (when it erases) or the one that erased the account. */
  deletion: Nullable(Type.Object({ status: literals(['cooling_off', 'erased'] as const), at: Time })),
})
export type AdminUser = Static<typeof AdminUser>

export const UserSession = Type.Object({
  id: Type.Integer(),
  /** A console session (password and TOTP) rather than the H5's. */
  staff: Type.Boolean(),
  ip: Type.String(),
  userAgent: Type.String(),
  createdAt: Time,
  lastSeenAt: Time,
  expiresAt: Time,
})
export type UserSession = Static<typeof UserSession>

/** GET /api/admin/users/{id}: the person, their real name masked, what they bought and sold, their live sessions. */
export const AdminUserDetail = Type.Object({
  ...AdminUser.properties,
  /** `张*`; '' when not verified. */
  realName: Type.String(),
  orders: Type.Integer(),
  listings: Type.Integer(),
  sold: Type.Integer(),
  sessions: Type.Array(UserSession),
})
export type AdminUserDetail = Static<typeof AdminUserDetail>

export const UserId = Type.Object({ id: Id('用户编号') })

/** POST /api/admin/users/{id}/disable and /enable. */
export const UserStateChange = Body({ reason: Type.String({ title: '原因', minLength: 1, maxLength: 200 }) })

/** PUT /api/admin/users/{id}/roles (admins): the staff roles the person holds from now on; [] for none. */
export const StaffRolesChange = Body({ roles: Type.Array(StaffRole, { title: '员工角色', uniqueItems: true }) })
export type StaffRolesChange = Static<typeof StaffRolesChange>
