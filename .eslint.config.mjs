import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** Every client feature folder, so a new feature is fenced in without editing this file. */
const clientFeatures = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every server feature folder, fenced in the same way. */
const serverFeatures = readdirSync(new URL('./src/server/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', '__tests__/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The layers of DESIGN.md: client and server meet only in the contract.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/client', from: './src/server', message: 'The client never imports the server.' },
            { target: './src/server', from: './src/client', message: 'The server never imports the client.' },
            { target: './src/contract', from: './src/server' },
            { target: './src/contract', from: './src/client' },
            {
              target: './src/server/domain',
              from: './src/server/db',
              message: 'Domain rules stay free of I/O.',
            },
          ],
        },
      ],
    },
  },
  // --- Client boundaries (bulletproof-react style): features stand alone; app composes them. ---
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'import/no-cycle': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // Repeated from the shared block: this block's zones replace it for client files.
            { target: './src/client', from: './src/server', message: 'The client never imports the server.' },
            // A feature imports no other feature: the session's events and the logged-in student live in
            // session/events.ts, outside features/.
            ...clientFeatures.map((feature) => ({
              target: `./src/client/features/${feature}`,
              from: './src/client/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move the shared piece to components/ or lib/.',
            })),
            {
              target: './src/client/features',
              from: './src/client/app',
              except: ['./hooks.ts'],
              message: 'Features do not import app/ (the typed hooks aside): app composes the features.',
            },
            {
              target: [
                './src/client/lib',
                './src/client/components',
                './src/client/api',
                './src/client/session',
              ],
              from: ['./src/client/features', './src/client/app'],
              message: 'Shared modules import neither features nor app/.',
            },
          ],
        },
      ],
    },
  },
  // --- Server boundaries (DESIGN.md "Working rules"): features stand alone; app.ts composes them; the shared
  // layers (db, pdf, domain, scoring, soal, lib, plugins) never reach into a feature or app.ts. ---
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'import/no-cycle': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // Repeated from the shared block: this block's zones replace it for server files.
            { target: './src/server', from: './src/client', message: 'The server never imports the client.' },
            {
              target: './src/server/domain',
              from: './src/server/db',
              message: 'Domain rules stay free of I/O.',
            },
            ...serverFeatures.map((feature) => ({
              target: `./src/server/features/${feature}`,
              from: './src/server/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move the shared piece to scoring/, soal/ or lib/.',
            })),
            {
              target: [
                './src/server/features',
                './src/server/db',
                './src/server/pdf',
                './src/server/domain',
                './src/server/scoring',
                './src/server/soal',
                './src/server/lib',
                './src/server/plugins',
                './src/server/context.ts',
              ],
              from: './src/server/app.ts',
              message: 'Only main.ts and the tools import app.ts: the context types are in context.ts.',
            },
            {
              target: [
                './src/server/db',
                './src/server/demo',
                './src/server/pdf',
                './src/server/domain',
                './src/server/scoring',
                './src/server/soal',
                './src/server/lib',
                './src/server/plugins',
                './src/server/context.ts',
              ],
              from: './src/server/features',
              message: 'db/, pdf/ and the other shared layers do not import features/: features import them.',
            },
            {
              target: './src/server/db',
              from: './src/server/demo',
              message: 'The database layer does not import the demo data: the demo loads through operator/.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
  prettier,
);
