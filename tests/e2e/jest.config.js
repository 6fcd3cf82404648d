const path = require('node:path')
const nodeTransform = require('../support/nodeTransform')

// Browser tests: Debian Chromium driven by playwright-core against a real `npm start`.
module.exports = {
  displayName: 'e2e',
  rootDir: path.resolve(__dirname, '../..'),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
  ...nodeTransform,
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' },
  globalSetup: '<rootDir>/tests/e2e/setup/start-server.ts',
  globalTeardown: '<rootDir>/tests/e2e/setup/stop-server.ts',
  testTimeout: 60_000,
  maxWorkers: 1,
}
