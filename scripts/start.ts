/**
 * `npm start`: builds the H5 client and the staff console when either is missing or older than its
 * sources, then runs the server. A newcomer's `npm install && npm start` therefore always serves the
 * client and console they have checked out.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ADMIN_DIR, H5_DIR } from '../server/config'

const root = path.resolve(__dirname, '..')

interface Build {
  name: string
  script: string
  index: string
  sources: string[]
}

const BUILDS: Build[] = [
  {
    name: 'H5 客户端',
    script: 'build:h5',
    index: path.join(H5_DIR, 'index.html'),
    sources: ['src', 'config', 'types', 'babel.config.js', 'package.json'],
  },
  {
    name: '管理后台',
    script: 'build:admin',
    index: path.join(ADMIN_DIR, 'index.html'),
    sources: ['admin', 'src/contract', 'config/precompress.ts', 'package.json'],
  },
]

function newestChange(file: string): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...fs.readdirSync(file).map((name) => newestChange(path.join(file, name))))
}

function staleReason({ index, sources }: Build): string | undefined {
  const built = fs.statSync(index, { throwIfNoEntry: false })
  if (!built) return `${path.relative(root, index)} 不存在`
  const newest = Math.max(...sources.map((source) => newestChange(path.join(root, source))))
  return newest > built.mtimeMs ? '源码比构建结果新' : undefined
}

for (const build of BUILDS) {
  const reason = staleReason(build)
  if (!reason) continue
  console.log(`构建${build.name}（${reason}）：npm run ${build.script} …`)
  const run = spawnSync('npm', ['run', build.script], { cwd: root, stdio: 'inherit' })
  if (run.status !== 0 || !fs.existsSync(build.index)) {
    console.error(
      `${build.name}构建失败（npm run ${build.script} ${run.error?.message ?? `退出码 ${run.status ?? run.signal}`}）。修复上面的错误后重新运行 npm start。\n` +
        `The ${build.script} build failed; fix the errors above and run \`npm start\` again.`,
    )
    process.exit(1)
  }
  // A build may leave an unchanged index.html untouched; without this the next start would build again.
  const now = new Date()
  fs.utimesSync(build.index, now, now)
}

void import('../server/main')
