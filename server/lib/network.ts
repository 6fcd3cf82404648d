/**
 * Addresses as this process sees them — its own sockets, never a header the caller writes. Local mode
 * (the dev stand-ins) is safe only on loopback; gateway callbacks go to an address we chose.
 */
import type { FastifyRequest } from 'fastify'
import { invalid } from './envelope'

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and the name localhost. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const plain = address.replace(/^::ffff:/i, '')
  return plain === 'localhost' || plain === '::1' || /^127(\.\d{1,3}){3}$/.test(plain)
}

/**
 * The origins this request may return to and be called back on: PUBLIC_URL when set, else the address
 * and port its connection reached on this server (with `localhost` beside a loopback address, as a
 * browser on this machine writes it). The first is where gateways post their notices.
 */
export function siteOrigins(request: FastifyRequest, publicUrl: string | undefined, fallbackPort: number): string[] {
  if (publicUrl) return [publicUrl]
  // inject() has no real socket: it stands for a loopback client of the configured port.
  const address = (request.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/i, '')
  const port = request.socket.localPort ?? fallbackPort
  const bound = `http://${address.includes(':') ? `[${address}]` : address}:${port}`
  return isLoopback(address) ? [bound, `http://localhost:${port}`] : [bound]
}

/** The browser comes back to our own site only (no open redirect through the gateway). */
export function sameOriginUrl(raw: string, origins: string[], field = 'returnUrl'): URL {
  let url: URL
  try {
    url = new URL(raw, origins[0])
  } catch {
    invalid(field, '返回地址不正确', '格式不正确')
  }
  if (!origins.some((origin) => new URL(origin).origin === url.origin)) {
    invalid(field, '返回地址必须是本站页面', '不是本站地址')
  }
  return url
}
