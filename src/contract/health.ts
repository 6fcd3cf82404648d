/** GET /health and GET /ready: for the reverse proxy, the orchestrator and monitors. */
import { Type, type Static } from 'typebox'

/** Liveness: the process answers. Nothing outside it is asked, so a database outage never restarts it. */
export const Health = Type.Object({
  status: Type.Literal('ok'),
  uptime: Type.Integer({ description: '进程运行秒数' }),
})
export type Health = Static<typeof Health>

/** Readiness: the database and the shared store answer, so this instance may be sent traffic. */
export const Ready = Type.Object({
  status: Type.Literal('ok'),
  db: Type.Literal('up'),
  kv: Type.Union([Type.Literal('memory'), Type.Literal('redis')]),
  uptime: Type.Integer({ description: '进程运行秒数' }),
})
export type Ready = Static<typeof Ready>
