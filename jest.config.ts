import type { Config } from 'jest';

// Transpile only (type errors are `npm run typecheck`'s job): much faster on two cores.
const tsJest: [string, Record<string, unknown>] = [
  'ts-jest',
  { tsconfig: { jsx: 'react-jsx', module: 'commonjs', moduleResolution: 'node10', isolatedModules: true }, isolatedModules: true, diagnostics: false },
];

const config: Config = {
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/__tests__/client'],
      transform: { '^.+\\.tsx?$': tsJest },
      moduleNameMapper: { '\\.(css|scss)$': '<rootDir>/__tests__/helpers/styleStub.ts' },
      setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/setupClient.ts'],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/server'],
      transform: { '^.+\\.tsx?$': tsJest },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/e2e'],
      transform: { '^.+\\.tsx?$': tsJest },
      testTimeout: 120_000,
    },
  ] as Config['projects'],
};

export default config;
