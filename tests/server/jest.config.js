const path = require('node:path')
const nodeTransform = require('../support/nodeTransform')

// Server tests run in Node on the TypeScript sources. With DATABASE_URL set (CI's second pass) each test
// file gets its own database on that PostgreSQL; otherwise an in-process PGlite (tests/server/helpers).
// Any deprecation fails the run, in the workers (they inherit NODE_OPTIONS) and in-band alike. node-postgres
// deprecates a statement sent while its connection still runs another: inside a transaction (one connection) that
// is a Promise.all, which pg 9 will refuse.
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --throw-deprecation`.trim()
process.throwDeprecation = true

module.exports = {
  displayName: 'server',
  rootDir: path.resolve(__dirname, '../..'),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
  ...nodeTransform,
  // Not `testTimeout`: jest ignores it in a project of the root config, and starting a database takes seconds.
  setupFilesAfterEnv: ['<rootDir>/tests/server/setup.ts'],
}
