/** bench/RESULTS.md: one section per benchmark, replaced whole on every run; the rest of the file is kept. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT } from './proc'

const RESULTS = path.join(ROOT, 'bench', 'RESULTS.md')
/** When the benchmark began, and how busy the machine was then (other work competes for the same cores). */
const START = { date: new Date(), load: os.loadavg() }

export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))]
  const widths = headers.map((_, i) => Math.max(3, ...cells.map((r) => [...(r[i] ?? '')].length)))
  const line = (r: string[]) => `| ${r.map((c, i) => c + ' '.repeat(widths[i] - [...c].length)).join(' | ')} |`
  return [line(cells[0]), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.slice(1).map(line)].join('\n')
}

/** Milliseconds with a precision that suits their size. */
export const ms = (value: number) =>
  Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0)

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim()

/** Date, machine, Node and the commit measured (noting uncommitted changes to the code that runs). */
export function runInfo(): string {
  const commit = git('rev-parse', '--short', 'HEAD')
  const dirty = git('status', '--porcelain', '--', 'server', 'src', 'config', 'scripts').length > 0
  const cpu = os.cpus()
  return [
    `- date: ${START.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}`,
    `- node ${process.version}; commit ${commit}${dirty ? ' (with uncommitted changes in server/, src/, config/ or scripts/)' : ''}`,
    `- load average at the start: ${START.load.map((l) => l.toFixed(2)).join(' / ')} (1 / 5 / 15 min)`,
  ].join('\n')
}

/** Replaces (or appends) the section between this benchmark's markers. */
export function writeSection(name: string, markdown: string): void {
  const start = `<!-- bench:${name} start -->`
  const end = `<!-- bench:${name} end -->`
  const block = `${start}\n${markdown.trim()}\n${end}`
  const current = fs.existsSync(RESULTS)
    ? fs.readFileSync(RESULTS, 'utf8')
    : '# Benchmark results\n\nWritten by `bench/api` and `bench/web` (see README.md); each replaces its own section.\n'
  const from = current.indexOf(start)
  const to = current.indexOf(end)
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`
  fs.writeFileSync(RESULTS, next)
}
