import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

const restrict = (patterns) => ['error', { patterns }];
const webNeverImportsServer = { group: ['**/server/**', 'node:*'], message: 'web never imports the server' };
// Web modules meet in src/web/app (routes, contributions to each other's pages), never by import.
const webModules = readdirSync(new URL('./src/web/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['.dependency-cruiser.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
  {
    files: ['scripts/**/*.mjs', '*.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  // The three rooms: domain imports neither side; web and server never import each other.
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**', '**/web/**'], message: 'domain runs on both sides: it imports neither' },
        { group: ['node:*', 'react', 'react-dom', 'drizzle-orm*', 'fastify*'], message: 'domain has no DOM, Node or database code' },
      ]),
    },
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': restrict([webNeverImportsServer]),
    },
  },
  ...webModules.map((m) => ({
    files: [`src/web/modules/${m}/**`],
    rules: {
      'no-restricted-imports': restrict([
        webNeverImportsServer,
        {
          group: webModules.filter((o) => o !== m).flatMap((o) => [`../${o}`, `../${o}/**`, `../../modules/${o}`, `../../modules/${o}/**`]),
          message: 'a web module never imports another: they meet in src/web/app',
        },
      ]),
    },
  })),
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/web/**'], message: 'the server never imports web' }]) },
  },
);
