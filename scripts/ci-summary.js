// Adds up jest's JSON reports and the plain pass/fail steps of .ci/run into the closing `N passed, N failed` line.
// Usage: node scripts/ci-summary.js RESULTS_DIR  (RESULTS_DIR holds *.json from jest and steps.txt lines "ok|fail name")
const fs = require('node:fs')
const path = require('node:path')

const dir = process.argv[2]
let passed = 0
let failed = 0
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))
  passed += report.numPassedTests
  // A suite that fails to load has no failed tests but must still count.
  failed += report.numFailedTests + report.numRuntimeErrorTestSuites
}
const steps = path.join(dir, 'steps.txt')
if (fs.existsSync(steps)) {
  for (const line of fs.readFileSync(steps, 'utf8').split('\n').filter(Boolean)) {
    if (line.startsWith('ok ')) passed++
    else failed++
  }
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
