/**
 * A private PostgreSQL 15 cluster from scripts/start-postgres.sh, stopped by its PID with scripts/stop-postgres.sh.
 * Reached through its Unix socket, as a server beside its database should be: over TCP loopback, sending a
 * statement (the write that wakes the backend) was a quarter of the server's busy time at 16 connections
 * (profiled); through the socket the same lists ran 10–15 % more requests a second.
 */
import { freePort } from '../../tests/support/freePort'
import { onCleanup, run } from './proc'

export async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const out = await run('bash', ['scripts/start-postgres.sh'], { env: { ...process.env, PG_PORT: String(port) } })
  const vars = Object.fromEntries([...out.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]))
  if (!vars.DATABASE_URL || !vars.PG_PID || !vars.PG_DIR) throw new Error(`start-postgres.sh said: ${out}`)
  const stop = onCleanup(() =>
    run('bash', ['scripts/stop-postgres.sh', vars.PG_PID, vars.PG_DIR]).then(() => undefined),
  )
  const url = new URL(vars.DATABASE_URL)
  url.searchParams.set('host', vars.PG_DIR)
  return { url: url.href, stop }
}
