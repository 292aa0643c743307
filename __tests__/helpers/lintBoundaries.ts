/** The boundary rules' findings for a piece of code, as ESLint itself reports them (both boundary tests use it). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

const BOUNDARY_RULES = new Set([
  'import/no-restricted-paths',
  'import/no-cycle',
  'import/no-nodejs-modules',
  'no-restricted-globals',
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
]);

/** ESLint's own CLI on `code` as if it were `file` (Jest's module sandbox cannot load the flat config). */
export function restrictedIn(file: string, code: string): string[] {
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/eslint/bin/eslint.js'),
      '-c',
      '.eslint.config.mjs',
      '--format',
      'json',
      '--stdin',
      '--stdin-filename',
      file,
    ],
    { cwd: root, input: code, encoding: 'utf8' },
  );
  const [result] = JSON.parse(run.stdout) as { messages: LintMessage[] }[];
  return result.messages
    .filter((message) => message.ruleId !== null && BOUNDARY_RULES.has(message.ruleId))
    .map((message) => message.message);
}
