import type { ServerResponse } from 'node:http'
import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { WebSocketServer } from 'ws'
import { AppError } from './envelope'

declare module 'fastify' {
  interface FastifyInstance {
    /** Leaves the proxy's rotation (see installDrain); resolves when `close()` may follow. */
    drain(): Promise<void>
  }
}

const TIMES = {
  /** Still listening: the longest wait for the proxy to stop sending requests here… */
  graceMs: 3000,
  /** …which it has done once no request came for this long. */
  quietMs: 250,
  /** After the listener closes: how long idle connections are left for the proxy to use (once) or drop. */
  settleMs: 1000,
}
export const DRAINING_MSG = '服务正在重启，请稍后重试'

/** WebSocket close code 1001. */
const GOING_AWAY = 1001

/** Tells every socket 1001 (going away): the clients reconnect at once, through the proxy to another instance. */
export function sayGoingAway(sockets: WebSocketServer): void {
  for (const client of sockets.clients) client.close(GOING_AWAY, 'server shutting down')
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const SAFE_METHODS = new Set(['GET', 'HEAD'])

/**
 * Stopping behind the proxy without failing a request. A request is lost when the server closes under it:
 * - closing a listener resets the connections the kernel has accepted for it and Node has not yet taken, their
 *   requests already written;
 * - closing the HTTP server closes every connection without a request in hand, one whose request is on its way
 *   among them, and nginx writes into its idle connections whenever it likes.
 * nginx sends a GET that was reset again to the other instance, but not a POST: the user of an order or a payment
 * would read 502. So an instance told to stop first makes nginx stop sending it anything, then closes:
 * 1. Still listening: a GET or HEAD is answered 503 (the deal-room socket's upgrade and `/api/ready` among them).
 *    nginx sends it again to the other instance and, having seen an instance fail, sends this one nothing for its
 *    fail_timeout. Other requests are answered. Every answer says `Connection: close`, so nginx keeps no connection
 *    here. The sockets open here are told 1001 and reconnect through the proxy. This lasts until no request came
 *    for `quietMs`, at most `graceMs` (TIMES).
 * 2. The listener closes, but no connection: nginx's next new connection is refused, and a refused request nginx
 *    sends to the other instance whatever its method. The requests in hand finish; idle connections are left
 *    `settleMs` to be used (once) or dropped by nginx.
 * Then `close()` closes what is still idle, and the pools.
 */
export function installDrain(app: FastifyInstance): void {
  let draining: Promise<void> | undefined
  let inHand = 0
  let lastRequestAt = 0

  app.server.on('request', (_request, response: ServerResponse) => {
    inHand++
    lastRequestAt = Date.now()
    response.once('close', () => inHand--)
  })

  app.addHook('onRequest', async (request) => {
    if (draining && SAFE_METHODS.has(request.method)) throw new AppError(503, DRAINING_MSG)
  })
  // At the answer, so a request that came before the drain began lets go of its connection too.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close')
  })

  const connections = () =>
    new Promise<number>((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count)))

  app.decorate('drain', () => {
    draining ??= (async () => {
      if (!app.server.listening) return
      sayGoingAway(app.websocketServer)
      const start = Date.now()
      lastRequestAt = start
      while (Date.now() - lastRequestAt < TIMES.quietMs && Date.now() - start < TIMES.graceMs) await pause(20)
      // net.Server's own close: the listener only. http.Server's would also close the idle connections now.
      net.Server.prototype.close.call(app.server)
      const settled = Date.now() + TIMES.settleMs
      while (inHand > 0 || (Date.now() < settled && (await connections()) > 0)) await pause(20)
    })()
    return draining
  })
}
