/** The signed-in user's own account: profile and real name (API.md, "Session and account"). */
import { Type, type Static } from 'typebox'
import { Body, literals } from './schemas'
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
