import type { Config } from 'jest';

// Transpile only (type errors are `npm run typecheck`'s job): much faster on two cores.
const tsJest: [string, Record<string, unknown>] = [
  'ts-jest',
  {
    tsconfig: { jsx: 'react-jsx', module: 'commonjs', moduleResolution: 'node10', isolatedModules: true },
    diagnostics: false,
  },
];

// @fastify/cookie loads `cookie` with a dynamic import(), which Jest's CommonJS runtime refuses; transpiled like our
// own code, it becomes a require(). (`cookie` and content-disposition themselves are pinned to their CommonJS majors in
// package.json's overrides, so they need no transform.)
const esmOnlyPackages = ['@fastify/cookie'];
const transformEsm = {
  // Only *.test.ts(x) files are suites; fixtures and helpers may live beside them.
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.tsx?$': tsJest,
    [`node_modules/(${esmOnlyPackages.join('|')})/.+\\.js$`]: [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', isolatedModules: true }, diagnostics: false },
    ] as [string, Record<string, unknown>],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
};

const config: Config = {
  // Jest reads the time limit from here only (a project's own `testTimeout` is ignored): a fresh database per suite
  // or test on a loaded two-core machine (PostgreSQL schemas especially) needs more than the default 5 s.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/__tests__/client'],
      ...transformEsm,
      moduleNameMapper: { '\\.(css|scss)$': '<rootDir>/__tests__/helpers/styleStub.ts' },
      setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/setupClient.ts'],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      // The server's tests (in folders that mirror src/server/) and the load lab's (src/bench/).
      roots: ['<rootDir>/__tests__/server', '<rootDir>/__tests__/bench', '<rootDir>/__tests__/build'],
      ...transformEsm,
      setupFiles: ['<rootDir>/__tests__/helpers/setupServer.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/e2e'],
      ...transformEsm,
      globalSetup: '<rootDir>/__tests__/helpers/e2eGlobalSetup.ts',
      // A whole journey in a real browser; a project's own `testTimeout` is not read by Jest, so set it here.
      setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/setupE2e.ts'],
    },
    {
      // Fault drills on a fleet: PostgreSQL, two app processes and nginx (README "Production", `npm run drill`).
      displayName: 'fleet',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/fleet'],
      ...transformEsm,
    },
  ] as Config['projects'],
};

export default config;
