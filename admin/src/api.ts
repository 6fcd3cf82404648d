/**
 * The console's only way to the server: `/api/admin/*` with the staff token, the envelope unwrapped
 * (`{code, msg, data}`, lists `{rows, total}`). A refusal throws `ApiError` with the server's Chinese message;
 * a 401 forgets the session and goes back to sign-in (session.tsx listens).
 */
import type { ApiResult, ApiTable } from '@contract/envelope'

const TOKEN_KEY = 'haoanxin.staff.token'

/** A field the server refused, and the words to show under it. */
export interface FieldProblem {
  field: string
  message: string
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: FieldProblem[] = [],
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const readToken = (): string | null => localStorage.getItem(TOKEN_KEY)
export const saveToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token)
export const forgetToken = (): void => localStorage.removeItem(TOKEN_KEY)

const signedOutListeners = new Set<(message: string) => void>()
/** Told when the server no longer knows the session (expired, revoked): the console shows sign-in again. */
export function onSignedOut(listener: (message: string) => void): () => void {
  signedOutListeners.add(listener)
  return () => signedOutListeners.delete(listener)
}

export type Query = Record<string, string | number | boolean | undefined | null>

function queryString(query: Query | undefined): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

async function send<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const token = readToken()
  let response: Response
  try {
    response = await fetch(`/api${path}${queryString(query)}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(0, '网络不通，请检查网络后重试')
  }
  const answer = (await response.json().catch(() => null)) as {
    code?: number
    msg?: string
    data?: { errors?: FieldProblem[] }
  } | null
  if (!response.ok || !answer || answer.code !== 200) {
    const message = answer?.msg || `服务器错误（${response.status}）`
    if (response.status === 401 && token) {
      forgetToken()
      signedOutListeners.forEach((listener) => listener(message))
    }
    throw new ApiError(response.status, message, answer?.data?.errors)
  }
  return answer as T
}

export const api = {
  get: async <T>(path: string, query?: Query) => (await send<ApiResult<T>>('GET', path, undefined, query)).data,
  post: async <T = void>(path: string, body?: unknown) => (await send<ApiResult<T>>('POST', path, body ?? {})).data,
  put: async <T = void>(path: string, body: unknown) => (await send<ApiResult<T>>('PUT', path, body)).data,
  delete: async (path: string) => {
    await send('DELETE', path)
  },
  page: <T>(path: string, query: Query) => send<ApiTable<T>>('GET', path, undefined, query),
}

/** The request of a ProTable: its paging (`current`) as the API's (`pageNum`), its sorter as `sort`. */
export async function tableRequest<T>(
  path: string,
  params: Query & { current?: number; pageSize?: number },
  sorter: Record<string, 'ascend' | 'descend' | null> = {},
): Promise<{ data: T[]; total: number; success: boolean }> {
  const { current, pageSize, ...filters } = params
  const [field, order] = Object.entries(sorter).find(([, value]) => value) ?? []
  const sort = field && order ? `${field}.${order === 'ascend' ? 'asc' : 'desc'}` : undefined
  const { rows, total } = await api.page<T>(path, { ...filters, pageNum: current, pageSize, sort })
  return { data: rows, total, success: true }
}
