const path = require('node:path')

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
  // These dependencies ship only ES modules: Node 20.19+ loads them through require(esm), jest's module
  // sandbox cannot, so they are compiled to CommonJS like our own files.
  transformIgnorePatterns: ['/node_modules/(?!(typebox|content-disposition|cookie|@scure|@noble)/)'],
  transform: {
    '^.+\\.(ts|mjs|js)$': [
      'babel-jest',
      {
        // The root babel.config.js is Taro's preset for the client build; the server needs none of it.
        configFile: false,
        babelrc: false,
        presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'],
      },
    ],
  },
  // Not `testTimeout`: jest ignores it in a project of the root config, and starting a database takes seconds.
  setupFilesAfterEnv: ['<rootDir>/tests/server/setup.ts'],
}
