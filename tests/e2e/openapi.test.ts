import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { e2eBaseUrl } from './setup/server'

/**
 * The running server's OpenAPI document passes Redocly's recommended lint with no error — every operation
 * with its security and operationId, the document with its servers (scripts/lint-openapi.ts).
 */
const baseUrl = e2eBaseUrl()

it('the OpenAPI document passes the recommended lint', async () => {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/lint-openapi.ts', baseUrl], {
    cwd: process.cwd(),
  })
  expect(stdout).toMatch(/OpenAPI lint \(recommended\): 0 errors/)
})
