/** GET /health: for load balancers and monitors. */
import { Type, type Static } from 'typebox'

export const Health = Type.Object({
  status: Type.Literal('ok'),
  db: Type.Literal('up'),
  uptime: Type.Integer({ description: '进程运行秒数' }),
  kv: Type.Union([Type.Literal('memory'), Type.Literal('redis')]),
})
export type Health = Static<typeof Health>
