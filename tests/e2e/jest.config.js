const path = require('node:path')

// Browser tests: Debian Chromium driven by playwright-core against a real `npm start`.
module.exports = {
  displayName: 'e2e',
  rootDir: path.resolve(__dirname, '../..'),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      'babel-jest',
      { presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'] },
    ],
  },
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' },
  globalSetup: '<rootDir>/tests/e2e/setup/start-server.ts',
  globalTeardown: '<rootDir>/tests/e2e/setup/stop-server.ts',
  testTimeout: 60_000,
  maxWorkers: 1,
}
