/** A private Redis from scripts/start-redis.sh, stopped by its PID when the benchmark ends. */
import { freePort } from '../../tests/support/freePort'
import { onCleanup, run } from './proc'

export async function startRedis(): Promise<string> {
  const port = await freePort()
  const out = await run('bash', ['scripts/start-redis.sh'], {
    env: { ...process.env, REDIS_PORT: String(port) },
    quiet: true,
  })
  const vars = Object.fromEntries([...out.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]))
  onCleanup(() => run('bash', ['-c', `kill ${vars.REDIS_PID}; rm -rf ${vars.REDIS_DIR}`]).then(() => undefined))
  return vars.REDIS_URL
}
