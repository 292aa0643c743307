import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
  prettier,
);
