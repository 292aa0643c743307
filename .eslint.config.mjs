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

/** The load lab (src/bench: bench, drills) builds on the server; nothing that ships imports it. */
const LAB_ZONES = [
  {
    target: ['./src/server', './src/client', './src/contract'],
    from: './src/bench',
    message:
      'The load lab (src/bench) is dev-only and stays out of dist/: the server, client and contract never import it.',
  },
  { target: './src/bench', from: './src/client', message: 'The load lab drives the server, not the client.' },
];

const BELOW_THE_ROUTES =
  'db/, pdf/, scoring/, soal/ and lib/ serve the routes and tools above them and import none of them: move the shared piece to lib/.';

const LIB_BELOW_DB =
  'lib/ is below db/ (db/ builds on lib/) and imports nothing of it: move the piece that needs the database up into db/ or a feature.';

const RAW_DRIVER =
  "The database drivers are db/'s and the hot path's (features/tryoutPaket/tulis/): query through the Executor, or add the write there.";

const DB_ROOMS =
  "db/'s rooms: migrations/ and batching/ build on the handle and schema (createDb, executor, types, transaction, compiledQuery) only, not on the read models or on each other.";

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', '__tests__/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The tiers (README "Layout"): client and server meet only in the contract.
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
            ...LAB_ZONES,
          ],
        },
      ],
    },
  },
  // Each tier gets only its own globals (and its own tsconfig: src/client, src/server, src/bench); tests and tools run in Node
  // and drive the browser.
  { files: ['src/client/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  {
    files: ['src/server/**/*.ts', 'src/bench/**/*.ts', 'src/build/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['__tests__/**/*.{ts,tsx}', '*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
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
            ...LAB_ZONES,
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
  // The phone's budget (README "Performance"): react-router's own link components carry its framework mode's
  // prefetching into every page; the app's links are components/Link.tsx, made of react-router's hooks.
  // The contract's index builds every TypeBox schema of the API as it loads (on a phone, as the sheet opens): the SPA
  // takes its types from it, its values from the module that has them (htmlSoal.ts, opsi.ts, ...).
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['Link', 'NavLink', 'useBlocker', 'createBrowserRouter', 'RouterProvider'],
              message: 'Links are components/Link.tsx and the router lib/HeldRouter.tsx: /login stays small.',
            },
          ],
          patterns: [
            {
              regex: '(^|/)contract(/index)?$',
              allowTypeImports: true,
              message:
                "The contract's index builds every TypeBox schema as it loads: import values from their own module.",
            },
          ],
        },
      ],
    },
  },
  // --- Server boundaries (README "Layout"): features stand alone; app.ts composes them; the shared
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
            ...LAB_ZONES,
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
            {
              target: [
                './src/server/db',
                './src/server/pdf',
                './src/server/scoring',
                './src/server/soal',
                './src/server/lib',
              ],
              // The demo's own zone for db/ is above.
              from: [
                './src/server/plugins',
                './src/server/operator',
                './src/server/cli',
                './src/server/main.ts',
              ],
              message: BELOW_THE_ROUTES,
            },
            {
              target: ['./src/server/pdf', './src/server/scoring', './src/server/soal', './src/server/lib'],
              from: './src/server/demo',
              message: BELOW_THE_ROUTES,
            },
            {
              target: './src/server/lib',
              from: './src/server/db',
              message: LIB_BELOW_DB,
            },
            // db/'s rooms: the handle and schema at its root, migrations/ and batching/ built on the handle only.
            {
              target: ['./src/server/db/migrations', './src/server/db/batching'],
              from: './src/server/db',
              except: [
                './migrations',
                './batching',
                './createDb.ts',
                './executor.ts',
                './types.ts',
                './transaction.ts',
                './compiledQuery.ts',
              ],
              message: DB_ROOMS,
            },
            {
              target: './src/server/db/migrations',
              from: './src/server/db/batching',
              message: DB_ROOMS,
            },
            {
              target: './src/server/features',
              from: './src/server',
              except: [
                './features',
                './lib',
                './domain',
                './db',
                './scoring',
                './soal',
                './pdf',
                './plugins',
                './config.ts',
                './context.ts',
                // app.ts has its own zone above.
                './app.ts',
              ],
              message:
                'A feature builds on lib/, domain/, db/ and the shared layers (scoring/, soal/, pdf/, plugins/), not on the operator, the demo or the tools.',
            },
            {
              target: './src/server/domain',
              from: './src/server',
              // features/ and app.ts have their own zones above.
              except: ['./domain', './features', './app.ts'],
              message:
                'Domain rules stay free of I/O: they import only other rules of domain/ and the contract.',
            },
          ],
        },
      ],
    },
  },
  // The drivers under the handle (pg, better-sqlite3, and createDb's way to them) are db/'s and the hot path's
  // (features/tryoutPaket/tulis/): every other feature and the routes' layers query through the Executor.
  {
    files: ['src/server/features/**/*.ts', 'src/server/plugins/**/*.ts', 'src/server/app.ts'],
    ignores: ['src/server/features/tryoutPaket/tulis/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'pg', message: RAW_DRIVER },
            { name: 'better-sqlite3', message: RAW_DRIVER },
          ],
          patterns: [
            {
              group: ['**/db/createDb'],
              importNames: ['directSqliteOf', 'directPostgresOf', 'DirectSqlite', 'DirectPostgres'],
              message: RAW_DRIVER,
            },
          ],
        },
      ],
    },
  },
  // Pure rules: no Node module (fs, net, crypto's I/O…) and none of the globals that reach the world outside.
  {
    files: ['src/server/domain/**/*.ts'],
    rules: {
      'import/no-nodejs-modules': ['error'],
      'no-restricted-globals': [
        'error',
        ...[
          'process',
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'fetch',
          'XMLHttpRequest',
          'Buffer',
        ].map((name) => ({ name, message: 'Domain rules stay free of I/O: take the value as a parameter.' })),
      ],
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
  prettier,
);
