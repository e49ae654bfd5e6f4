import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * i18n/no-literal-string (JSX text only): every visible word goes through i18next, so a JSX text node
 * (or a string literal child such as {'Save'}) containing a letter is an error. Punctuation and
 * whitespace ({' '}, '·', '/') are allowed.
 */
const HAS_LETTER = /\p{L}/u;
const i18nPlugin = {
  rules: {
    'no-literal-string': {
      meta: {
        type: 'problem',
        docs: { description: 'Disallow literal strings in JSX text: use t() from react-i18next' },
        messages: {
          literal:
            'Literal string in JSX: "{{text}}". Put it in a locales/<lng>/<namespace>.json file and use t().',
        },
        schema: [],
      },
      create(context) {
        const report = (node, text) =>
          context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
        return {
          JSXText(node) {
            if (HAS_LETTER.test(node.value)) report(node, node.value);
          },
          'JSXElement > JSXExpressionContainer > Literal, JSXFragment > JSXExpressionContainer > Literal'(
            node,
          ) {
            if (typeof node.value === 'string' && HAS_LETTER.test(node.value))
              report(node, node.value);
          },
          'JSXElement > JSXExpressionContainer > TemplateLiteral, JSXFragment > JSXExpressionContainer > TemplateLiteral'(
            node,
          ) {
            const text = node.quasis.map((q) => q.value.cooked ?? '').join('');
            if (HAS_LETTER.test(text)) report(node, text);
          },
        };
      },
    },
  },
};

/** Server modules (every folder of server/src/modules): each imports another only through its `index.ts` (its public door). */
const MODULES = readdirSync(new URL('./server/src/modules/', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const FEATURES = readdirSync(new URL('./client/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'client/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      // Read TypeScript files when following imports (import-x/no-cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/ban-ts-comment': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // Imports flow one way: domain <- server, domain <- client. Client features do not import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './domain',
              from: './server',
              message: 'domain is pure: it cannot import the server',
            },
            {
              target: './domain',
              from: './client',
              message: 'domain is pure: it cannot import the client',
            },
            {
              target: './server',
              from: './client',
              message: 'the server never imports client code',
            },
            {
              target: './client',
              from: './server',
              message: 'the client never imports server code',
            },
            ...MODULES.map((m) => ({
              target: `./server/src/modules/${m}`,
              from: './server/src/modules',
              except: [`./${m}`, './routes.ts', ...MODULES.map((o) => `./${o}/index.ts`)],
              message:
                "A server module imports another only through that module's index.ts (its public door).",
            })),
          ],
        },
      ],
    },
  },
  {
    // One way to reach the shared domain (issue 44): `@domain/...`, as the client does. A relative path
    // into domain/ breaks when the importing file moves.
    files: [
      'server/src/**/*.ts',
      'client/src/**/*.{ts,tsx}',
      'scripts/**/*.{ts,mjs}',
      'e2e/**/*.ts',
    ],
    // The route tables are also loaded by vite.config.ts, whose loader does not apply tsconfig paths.
    ignores: ['client/src/app/route-table.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+domain/',
              message: "Import the shared domain as '@domain/...', not by a relative path.",
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles in the server and the domain (issue 24). import-x/no-cycle skips type-only imports
    // (always, in eslint-plugin-import-x 4): server/src/architecture.test.ts also fails on a cycle through
    // `import type`, and on plugins/, db/ or lib/ importing a module.
    files: ['server/src/**/*.ts', 'domain/**/*.ts'],
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './client',
              from: './server',
              message: 'the client never imports server code',
            },
            ...FEATURES.map((f) => ({
              target: `./client/src/features/${f}`,
              from: './client/src/features',
              except: [`./${f}`],
              message:
                'Client features do not import each other; they meet in app/. Shared pieces go in components/ or lib/.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.tsx'],
    plugins: { i18n: i18nPlugin },
    rules: { 'i18n/no-literal-string': 'error' },
  },
  {
    files: ['scripts/**', 'e2e/**', '*.config.*'],
    rules: { 'no-console': 'off' },
  },
  {
    // The typed integration example (issue 41): typed by the document alone, so no any, no cast and no
    // non-null assertion (const assertions stay allowed).
    files: ['examples/**/*.ts'],
    ignores: ['examples/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      'no-console': 'off',
    },
  },
);
