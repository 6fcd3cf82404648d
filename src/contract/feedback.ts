/** Payloads and results of the feedback calls (API.md, "Messages, feedback"). */
import { Type, type Static } from 'typebox'
import { FEEDBACK_LIMITS } from './constants'
import { Body, Id, literals, NullableTime, pageParams, Time } from './schemas'

/**
 * 改进建议 / 问题反馈 / 投诉举报 from fankui and suggest. (shanghu's 商务合作 is a merchant application of its own,
 * contract/merchants.ts; security's 中介担保 an escrow ticket, contract/escrowTickets.ts.)
 */
export const ProblemType = literals(['suggestion', 'problem', 'complaint'] as const, {
  title: '反馈类型',
  description: 'suggestion 改进建议 · problem 问题反馈 · complaint 投诉举报',
})
export type ProblemType = Static<typeof ProblemType>

const contactText = (title: string) => Type.Optional(Type.String({ title, maxLength: 20 }))

/** POST /account/problem. */
export const ProblemRequest = Body({
  type: ProblemType,
  title: Type.String({ title: '标题', minLength: FEEDBACK_LIMITS.title.min, maxLength: FEEDBACK_LIMITS.title.max }),
  content: Type.String({
    title: '内容',
    minLength: FEEDBACK_LIMITS.content.min,
    maxLength: FEEDBACK_LIMITS.content.max,
  }),
  /** URLs returned by /upload/image. */
  images: Type.Array(Type.String({ title: '图片', maxLength: 200 }), {
    title: '图片',
    maxItems: FEEDBACK_LIMITS.images,
    uniqueItems: true,
    description: '/upload/image 返回的地址',
  }),
  phone: contactText('手机号'),
  qq: contactText('QQ'),
})
export type ProblemRequest = Static<typeof ProblemRequest>

export const ProblemCreated = Type.Object({ id: Type.Integer() })

export const ProblemStatus = literals(['open', 'replied', 'closed'] as const)
export type ProblemStatus = Static<typeof ProblemStatus>

export const Problem = Type.Object({
  id: Type.Integer(),
  type: ProblemType,
  title: Type.String(),
  content: Type.String(),
  images: Type.Array(Type.String()),
  phone: Type.String(),
  qq: Type.String(),
  status: ProblemStatus,
  /** The staff reply, '' until there is one. */
  reply: Type.String(),
  repliedAt: NullableTime,
  createdAt: Time,
})
export type Problem = Static<typeof Problem>

export const ProblemId = Type.Object({ id: Id('反馈编号') })

/** POST /admin/problems/{id}/reply. */
export const ProblemReply = Body({ reply: Type.String({ title: '回复内容', minLength: 1, maxLength: 1000 }) })

/** GET /api/admin/problems: everyone's feedback, by status and type; the unanswered first by default, oldest first. */
export const AdminProblemQuery = Type.Object({
  status: Type.Optional(literals(['open', 'replied', 'closed'] as const, { title: '状态' })),
  type: Type.Optional(ProblemType),
  ...pageParams,
})
export type AdminProblemQuery = Static<typeof AdminProblemQuery>

/** Feedback as staff see it: who sent it; the phone they left masked (the reply reaches them as a message). */
export const AdminProblem = Type.Object({ ...Problem.properties, userId: Type.Integer(), userName: Type.String() })
export type AdminProblem = Static<typeof AdminProblem>
