/**
 * The Dockerfile's runtime stage, without Docker (this machine has no engine): the files its final stage copies
 * from the build, read from the Dockerfile itself, laid out in an empty folder; production dependencies only
 * (`npm install --omit=dev` from the lockfile, which is what the build stage's prune leaves); started as the image
 * starts — its CMD and ENV, with the variables production requires. A server file that imports something the
 * stage does not copy fails here rather than at a deployment's first start.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { productionEnv } from '../server/helpers/production'

const ROOT = path.resolve(__dirname, '../..')

interface RuntimeStage {
  /** [source inside the build stage's /app, destination relative to the runtime's WORKDIR]. */
  copies: [string, string][]
  env: Record<string, string>
  cmd: string[]
}

/** The final stage's `COPY --from=build`, `ENV` and `CMD` lines (the Dockerfile's own syntax, one line each). */
function runtimeStage(dockerfile: string): RuntimeStage {
  const lines = dockerfile.split('\n')
  const start = lines.map((line) => /^FROM\s/.test(line)).lastIndexOf(true)
  const stage: RuntimeStage = { copies: [], env: {}, cmd: [] }
  for (const line of lines.slice(start)) {
    const copy = /^COPY --from=build(?: --chown=\S+)? (.+)$/.exec(line)
    if (copy) {
      const args = copy[1].trim().split(/\s+/)
      const destination = args.pop()!
      for (const source of args) stage.copies.push([path.posix.relative('/app', source), destination])
    }
    const env = /^ENV (.+)$/.exec(line)
    if (env)
      for (const pair of env[1].trim().split(/\s+/)) stage.env[pair.split('=')[0]] = pair.slice(pair.indexOf('=') + 1)
    const cmd = /^CMD (\[.+\])$/.exec(line)
    if (cmd) stage.cmd = JSON.parse(cmd[1]) as string[]
  }
  return stage
}

const stage = runtimeStage(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-image-'))
const app = path.join(work, 'app')
const data = path.join(work, 'data')
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

test('the Dockerfile names its runtime stage: what it copies from the build, its environment and its command', () => {
  expect(stage.copies.map(([source]) => source)).toEqual(
    expect.arrayContaining(['package.json', 'node_modules', 'server', 'dist/h5', 'dist/admin']),
  )
  expect(stage.env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/data' })
  expect(stage.cmd[0]).toBe('node')
})

test('its files, with production dependencies only, start in production, serve the H5, the console and the API, and drain on SIGTERM', async () => {
  fs.mkdirSync(app)
  for (const [source, destination] of stage.copies) {
    if (source === 'node_modules') continue
    const into = destination.endsWith('/')
      ? path.join(app, destination, path.basename(source))
      : path.join(app, destination)
    fs.cpSync(path.join(ROOT, source), into, { recursive: true })
  }
  // The build stage installs everything, builds, then prunes to production: the same tree as installing without
  // the dev dependencies from the same lockfile, which the runtime stage does not carry.
  fs.copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(app, 'package-lock.json'))
  const install = spawnSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: app,
    encoding: 'utf8',
  })
  expect(install.status).toBe(0)
  fs.rmSync(path.join(app, 'package-lock.json'))
  expect(fs.existsSync(path.join(app, 'node_modules', 'jest'))).toBe(false)
  fs.mkdirSync(path.join(data, 'uploads'), { recursive: true })

  const child = spawn(stage.cmd[0], stage.cmd.slice(1), {
    cwd: app,
    env: {
      PATH: process.env.PATH,
      ...stage.env,
      ...productionEnv(),
      // A free port on loopback and a folder of this test's for the image's /data (embedded database, uploads).
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: data,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  try {
    let origin = ''
    for (const deadline = Date.now() + 120_000; !origin && Date.now() < deadline;) {
      if (child.exitCode !== null) break
      const port = /running at http:\/\/[^:\s]+:(\d+)/.exec(output)?.[1]
      if (port) origin = `http://127.0.0.1:${port}`
      else await new Promise((resolve) => setTimeout(resolve, 250))
    }
    if (!origin) throw new Error(`the image's command did not start:\n${output}`)

    expect((await fetch(`${origin}/api/ready`)).status).toBe(200)
    const home = await fetch(`${origin}/index/home`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('<div id="app"')
    const console = await fetch(`${origin}/admin/`)
    expect(console.status).toBe(200)
    expect(await console.text()).toContain('<div id="root"')
    const games = (await (await fetch(`${origin}/api/web/game/list`)).json()) as { code: number; data: unknown[] }
    // Production seeds nothing: no demo accounts, no catalogue.
    expect(games).toEqual({ code: 200, msg: expect.any(String), data: [] })
    expect((await fetch(`${origin}/dev/totp/admin`)).status).toBe(404)
  } finally {
    child.kill('SIGTERM')
  }
  expect(await exited).toBe(0)
}, 300_000)
