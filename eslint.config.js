import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      '.e2e-*',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Redux Toolkit spells "a thunk without an argument" as void.
      '@typescript-eslint/no-invalid-void-type': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/components/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // One HTTP door: only src/api/client.ts may import axios.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'axios', message: 'Use src/api/client.ts.' }] },
      ],
    },
  },
  {
    // Libraries for one action load where it starts (`await import('papaparse')`), not with the
    // screen: a static import would put them in the screen's chunk. Types may still be imported.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'axios', message: 'Use src/api/client.ts.' },
            ...['papaparse', 'file-saver', 'docx', 'qrcode.react'].map((name) => ({
              name,
              message: `Load ${name} where its action starts: await import('${name}').`,
              allowTypeImports: true,
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/api/client.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['server/src/server.ts', 'server/src/cli/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
