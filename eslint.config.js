// Enforces the dependency arrows of DESIGN.md: renderer -> shared; agents -> shared;
// electron -> agents, shared; only electron/desktop/main and electron/desktop/preload import 'electron'.
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'worker_threads', 'http', 'net', 'stream', 'url', 'util', 'events'];
const electronBan = { name: 'electron', message: "Only electron/desktop/main and electron/desktop/preload may import 'electron'." };

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-artifacts/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electronBan],
        patterns: [
          { group: ['**/agents/**', '**/electron/**', '**/renderer/**'], message: 'shared/ imports nothing but shared/.' },
          { group: nodeBuiltins, message: 'shared/ is pure TypeScript: no Node modules.' },
        ],
      }],
    },
  },
  {
    files: ['agents/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electronBan],
        patterns: [{ group: ['**/electron/**', '**/renderer/**'], message: 'agents/ may import only shared/ (and its own rooms).' }],
      }],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/desktop/main/**', 'electron/desktop/preload/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electronBan],
        patterns: [{ group: ['**/renderer/**'], message: 'electron/ may import agents/ and shared/, not renderer/.' }],
      }],
    },
  },
  {
    files: ['electron/desktop/main/**/*.ts', 'electron/desktop/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/renderer/**'], message: 'electron/ may import agents/ and shared/, not renderer/.' }],
      }],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electronBan],
        patterns: [
          { group: ['**/agents/**', '**/electron/**'], message: 'renderer/ talks to the core only through shared/ and a transport.' },
          { group: nodeBuiltins, message: 'renderer/ runs in a browser: no Node modules.' },
        ],
      }],
    },
  },
);
