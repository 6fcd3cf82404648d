import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'node_modules/', 'server/db/migrations/', '.swc/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      // One import per module (a type-only one beside it is fine).
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { defineAppConfig: 'readonly', definePageConfig: 'readonly', API_BASE: 'readonly' } },
  },
  {
    // Client code must run on mini-programs too: browser globals only in platform files (*.h5.ts[x]),
    // and only the request wrapper talks to the network.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.h5.ts', 'src/**/*.h5.tsx'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'Use Taro APIs, or put browser code in a *.h5.ts(x) file.' },
        { name: 'document', message: 'Use Taro APIs, or put browser code in a *.h5.ts(x) file.' },
        { name: 'localStorage', message: 'Use Taro storage APIs.' },
        { name: 'fetch', message: 'Use src/api/request.ts.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/request.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Taro'][property.name=/^(request|uploadFile)$/]",
          message: 'Only src/api/request.ts calls Taro.request / Taro.uploadFile.',
        },
      ],
    },
  },
  {
    // The contract's payload files hold TypeBox schemas for the server; the client takes their types only,
    // so no schema code reaches its bundle. Plain values it needs live in constants, validation and money.
    files: ['src/**/*.{ts,tsx}', 'tests/client/**'],
    ignores: ['src/contract/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/contract/*',
                '!@/contract/constants',
                '!@/contract/validation',
                '!@/contract/money',
                '!@/contract/attributes',
              ],
              allowTypeImports: true,
              message:
                'Import contract payloads with `import type`; runtime values live in constants, validation, money, attributes.',
            },
          ],
        },
      ],
    },
  },
  {
    // The staff console: a browser app with the same hooks rules, and the same rule for the contract — its
    // payloads as types, only the plain-value files at run time.
    files: ['admin/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@contract/*',
                '!@contract/constants',
                '!@contract/validation',
                '!@contract/money',
                '!@contract/attributes',
              ],
              allowTypeImports: true,
              message:
                'Import contract payloads with `import type`; runtime values live in constants, validation, money, attributes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/client/**', 'tests/e2e/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.jest } },
  },
  { files: ['tests/server/**'], languageOptions: { globals: { ...globals.jest } } },
  prettier,
)
