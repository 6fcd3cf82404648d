import type { ApiResult, ApiTable, PageQuery } from '@/contract/envelope'
import type { Problem, ProblemRequest } from '@/contract/feedback'
import { get, post } from './request'

/** Feedback (fankui, suggest), merchant applications (shanghu) and escrow requests (security). */
export const submitProblem = (body: ProblemRequest) => post<ApiResult<{ id: number }>>('/account/problem', body)

/** The caller's own submissions, newest first, with the staff reply. */
export const listProblems = (page: PageQuery) => get<ApiTable<Problem>>('/account/problem/list', { ...page })
