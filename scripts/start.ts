/**
 * `npm start`: builds the H5 client when it is missing or older than its sources, then runs the server.
 * A newcomer's `npm install && npm start` therefore always serves the client they have checked out.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { H5_DIR } from '../server/config'

const root = path.resolve(__dirname, '..')
const index = path.join(H5_DIR, 'index.html')
const SOURCES = ['src', 'config', 'types', 'babel.config.js', 'package.json']

function newestChange(file: string): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...fs.readdirSync(file).map((name) => newestChange(path.join(file, name))))
}

function staleReason(): string | undefined {
  const built = fs.statSync(index, { throwIfNoEntry: false })
  if (!built) return `${path.relative(root, index)} 不存在`
  const newest = Math.max(...SOURCES.map((source) => newestChange(path.join(root, source))))
  return newest > built.mtimeMs ? '客户端源码比构建结果新' : undefined
}

const reason = staleReason()
if (reason) {
  console.log(`构建 H5 客户端（${reason}）：npm run build:h5 …`)
  const build = spawnSync('npm', ['run', 'build:h5'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0 || !fs.existsSync(index)) {
    console.error(
      `H5 构建失败（npm run build:h5 ${build.error?.message ?? `退出码 ${build.status ?? build.signal}`}）。修复上面的错误后重新运行 npm start。\n` +
        'The H5 build failed; fix the errors above and run `npm start` again.',
    )
    process.exit(1)
  }
  // webpack leaves an unchanged index.html untouched; without this the next start would build again.
  const now = new Date()
  fs.utimesSync(index, now, now)
}

void import('../server/main')
