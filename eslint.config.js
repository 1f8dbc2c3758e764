import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Libraries only ever loaded lazily; their subpaths (`barcode-detector/ponyfill`) as well. */
const LAZY_ONLY = [
  'papaparse',
  'file-saver',
  'docx',
  'qrcode.react',
  'barcode-detector',
  'exceljs',
];

/**
 * The console's import rules: axios only through src/api/client.ts, `lazyOnly` only lazily, and
 * reactstrap's Modal only through the Dialog that keeps its focus rules (unless `modal` is false).
 */
function restrictedImports(lazyOnly, { modal = true } = {}) {
  const lazy = (name) => ({
    message: `Load ${name} where its action starts: await import('${name}').`,
    allowTypeImports: true,
  });
  return {
    paths: [
      { name: 'axios', message: 'Use src/api/client.ts.' },
      ...(modal
        ? [
            {
              name: 'reactstrap',
              importNames: ['Modal'],
              message: 'Use Dialog from src/components/dialog.tsx: it keeps focus in the modal.',
            },
          ]
        : []),
      ...lazyOnly.map((name) => ({ name, ...lazy(name) })),
    ],
    patterns: lazyOnly.map((name) => ({ group: [`${name}/*`], ...lazy(name) })),
  };
}

/**
 * The two halves meet only in the code they share, by its alias: @contract/* (the API's shapes)
 * and @rules/* (the rules both enforce). A relative path that climbs out of one half (`folder`)
 * hides that, so it is refused. A regex cannot know a file's depth: one rule per depth, where
 * climbing one level more than the file sits deep leaves the half.
 */
function stayInside(folder, message) {
  return Array.from({ length: 8 }, (_, depth) => ({
    files: [`${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(\\.\\./){${depth + 1},}`, message },
            {
              regex: '^\\.{1,2}/(.+/)?lib/(contract|rules)/',
              message: 'Import shared code as @contract/… or @rules/….',
            },
          ],
        },
      ],
    },
  }));
}

const SRC = path.join(import.meta.dirname, 'src');

/**
 * The folder of src/ a file sits in, as the boundaries below see it: `features/<name>` for a
 * feature, `app/pages` for the composition point, `shared` for components, lib and api, and
 * otherwise null (the rest of app/, whose store and router import every feature).
 */
function zoneOf(file) {
  const [top, next] = path.relative(SRC, file).split(path.sep);
  if (top === 'features' && next && !next.includes('.')) return `features/${next}`;
  if (top === 'app' && next === 'pages') return 'app/pages';
  if (top === 'components' || top === 'lib' || top === 'api') return 'shared';
  return null;
}

/**
 * Features stay apart (issue 36), as eslint-plugin-import's `import/no-restricted-paths` would keep
 * them, without the plugin: a relative import is resolved from the importing file and refused when
 * a feature reaches into another feature or into app/pages, or shared code (components, lib, api)
 * into a feature or app/pages. A page made of several features' parts is composed in
 * src/app/pages, the one place that imports them all.
 */
const featuresApart = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      feature:
        '{{from}} imports {{to}}: features do not import one another. Move what both need to components/, lib/ or app/, or compose the page in app/pages/.',
      pages: '{{from}} imports app/pages: the pages import the features, not the other way round.',
      shared: 'Shared code (components, lib, api) does not import {{to}}: pass what it needs in.',
    },
  },
  create(context) {
    const from = zoneOf(context.filename);
    if (!from) return {};
    function check(node) {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = zoneOf(path.resolve(path.dirname(context.filename), source.value));
      if (!to || to === from || to === 'shared') return;
      if (from === 'shared') {
        context.report({ node: source, messageId: 'shared', data: { to } });
      } else if (to === 'app/pages') {
        context.report({ node: source, messageId: 'pages', data: { from } });
      } else if (from !== 'app/pages') {
        context.report({ node: source, messageId: 'feature', data: { from, to } });
      }
    }
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

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
      // axios is refused by the TypeScript rule, which knows type-only imports; the core rule
      // keeps the console inside src (stayInside below).
      '@typescript-eslint/no-restricted-imports': ['error', restrictedImports(LAZY_ONLY)],
    },
  },
  {
    // The QR reader's one door to barcode-detector: pass-camera.tsx loads this module with
    // `await import('./pass-decoder')`, so it may import the library statically.
    files: ['src/components/pass-decoder.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        restrictedImports(LAZY_ONLY.filter((name) => name !== 'barcode-detector')),
      ],
    },
  },
  {
    files: ['src/components/dialog.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        restrictedImports(LAZY_ONLY, { modal: false }),
      ],
    },
  },
  {
    files: ['src/api/client.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { console: { rules: { 'features-apart': featuresApart } } },
    rules: { 'console/features-apart': 'error' },
  },
  ...stayInside(
    'src',
    'The console does not import the server; shared code is @contract/… and @rules/….',
  ),
  ...stayInside('server', 'The server reaches the console only through @contract and @rules.'),
  {
    files: ['server/src/server.ts', 'server/src/cli/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
