/**
 * Lints the running server's OpenAPI document with Redocly's recommended rules, as an API user would:
 *
 *   npm run lint:openapi -- http://localhost:3000      # a local-mode server (production serves no document)
 *
 * Prints every problem; exits 1 when any is an error. CI runs it against the end-to-end suite's server.
 */
import { createConfig, formatProblems, lintFromString } from '@redocly/openapi-core'

async function main(baseUrl: string): Promise<boolean> {
  const response = await fetch(new URL('/api/docs/json', baseUrl))
  if (!response.ok) throw new Error(`GET /api/docs/json answered ${response.status}`)
  const problems = await lintFromString({
    source: await response.text(),
    absoluteRef: 'openapi.json',
    config: await createConfig({ extends: ['recommended'] }),
  })
  const errors = problems.filter((p) => p.severity === 'error').length
  if (problems.length > 0)
    formatProblems(problems, {
      format: 'stylish',
      totals: { errors, warnings: problems.length - errors, ignored: 0 },
      version: '',
    })
  console.log(`OpenAPI lint (recommended): ${errors} errors, ${problems.length - errors} warnings`)
  return errors === 0
}

main(process.argv[2] ?? 'http://localhost:3000').then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
