const path = require('node:path')
const defineJestConfig = require('@tarojs/test-utils-react/dist/jest.js').default

// The Taro preset plus the fixes measured in notes/taro-recipe.md §6. The preset's `bail` and `verbose` are
// run-wide options, which jest ignores in a project of the root config with a warning on every run.
const {
  bail: _bail,
  verbose: _verbose,
  ...config
} = defineJestConfig({
  displayName: 'client',
  rootDir: path.resolve(__dirname, '../..'),
  testEnvironment: 'jsdom',
  // No `testTimeout` here: jest ignores it in a project of the root config (tests/client/setup.ts sets it).
  testMatch: ['<rootDir>/tests/client/**/*.test.{ts,tsx}'],
  // Jest resolves platform files as the H5 build does (viewport.h5.ts before viewport.ts).
  moduleFileExtensions: ['h5.ts', 'h5.tsx', 'ts', 'tsx', 'js', 'mjs', 'json', 'jsx'],
  transformIgnorePatterns: [
    '/node_modules/(?!(@tarojs|\\.pnpm|style-inject|tslib|@stencil|lodash-es|query-string|decode-uri-component|split-on-first|filter-obj|swiper|ssr-window|dom7)/)',
  ],
  transform: { '^.+\\.(mjs|js|jsx|ts|tsx)$': '<rootDir>/tests/client/transformer.js' },
  setupFiles: [require.resolve('@tarojs/test-utils-react/dist/jest/jest.setup.js'), '<rootDir>/tests/client/env.js'],
  setupFilesAfterEnv: ['<rootDir>/tests/client/setup.ts', '@testing-library/jest-dom'],
  globals: { API_BASE: '' },
  moduleNameMapper: {
    '\\.(css|scss|sass|less)$': '<rootDir>/tests/client/__mocks__/styleMock.js',
    '^@/(.*)$': '<rootDir>/src/$1',
  },
})

module.exports = config
