// Enforces the dependency arrows (docs/architecture.md): each room imports only the rooms its
// allow-list names, and only through their index.ts (eslint-rooms.js); shared/ and renderer/ import
// no Node modules; only electron/desktop/main and electron/desktop/preload import 'electron'.
// test/integration/lint-rules.test.ts proves each rule fires.
import tseslint from 'typescript-eslint';
import roomsPlugin from './eslint-rooms.js';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'worker_threads', 'http', 'net', 'stream', 'url', 'util', 'events'];
const electronBan = { name: 'electron', message: "Only electron/desktop/main and electron/desktop/preload may import 'electron'." };

// Functions over 150 lines hide their seams (issue 32): a warning on new code. Those already longer
// are named here and held at their size (a warning once they grow) until they are split.
const LONG_FUNCTION = { max: 150, skipBlankLines: true, skipComments: true };
const LONG_FUNCTIONS_TODAY = {};

// A settings key spelt out again (a test writing 'llm.settings_server') outlives a rename of the
// exported name and then writes a key nobody reads: name it by its constant.
const settingsKeyLiteral = {
  selector: "CallExpression[callee.object.property.name='settings'][callee.property.name=/^(get|set|delete)$/] > Literal:first-child",
  message: 'Name a settings key by its exported constant (LLM_SETTINGS, CAPTURE_SETTINGS_KEY, …), not a string.',
};

// Hosts (the CLI, MCP, HTTP, the desktop app's main) hold no store (issue 32): they read and write
// through the handler map (engram.client), so one policy answers every door. Neither the store's
// type and functions from the engine's door, nor a store's members, appear in a host.
const hostsHoldNoStore = {
  imports: {
    group: ['**/engine/index.js', '**/engine/index'],
    importNames: ['EngramStore', 'StoreError', 'openStore', 'readCaptureSettings', 'writeCaptureSettings', 'recordCaptionChoice', 'captionNotice'],
    message: 'A host holds no store: ask the engine through the handler map (engram.client.call), or give startEngram an option.',
  },
  syntax: [
    { selector: "MemberExpression[object.name='store']", message: 'A host holds no store: ask the engine through the handler map (engram.client.call).' },
    { selector: "MemberExpression[object.property.name='store']", message: 'A host holds no store: ask the engine through the handler map (engram.client.call).' },
  ],
};

// Nor what finds and unlocks a data dir (its files, key providers, the consent file), the brain, or
// the vault's class (issue 32): the engine finds the data dir and key (locateEngram, engramPlaces,
// openEngram), browser mode's consent is the engine's createBrowserSession, the rest is a request.
const hostsGetOnlyTheEngine = {
  group: ['**/engine/index.js', '**/engine/index'],
  importNames: [
    'DB_FILE_NAME',
    'defaultDataDir',
    'keysDir',
    'resolveKeyProvider',
    'EnvKeyProvider',
    'FileKeyProvider',
    'KeyProvider',
    'SyncKeyFile',
    'readConsent',
    'writeConsent',
    'withdrawConsent',
    'Brain',
    'VaultGuard',
    'engineSecretStore',
  ],
  message: "A host gets the data dir and its key from the engine (locateEngram, engramPlaces, openEngram) and the rest through the handler map, not the store's files, keys or the brain.",
};

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-artifacts/**', 'test/fixtures/lint/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['shared/**/*.ts', 'agents/**/*.ts', 'electron/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.tsx'],
    plugins: { engram: roomsPlugin },
    rules: { 'engram/rooms': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', settingsKeyLiteral],
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
    files: ['electron/hosts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electronBan],
        patterns: [{ group: ['**/renderer/**'], message: 'electron/ may import agents/ and shared/, not renderer/.' }, hostsHoldNoStore.imports, hostsGetOnlyTheEngine],
      }],
      'no-restricted-syntax': ['error', settingsKeyLiteral, ...hostsHoldNoStore.syntax],
    },
  },
  {
    files: ['electron/desktop/main/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/renderer/**'], message: 'electron/ may import agents/ and shared/, not renderer/.' }, hostsHoldNoStore.imports, hostsGetOnlyTheEngine],
      }],
      'no-restricted-syntax': ['error', settingsKeyLiteral, ...hostsHoldNoStore.syntax],
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
  {
    files: ['shared/**/*.ts', 'agents/**/*.ts', 'electron/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: { 'max-lines-per-function': ['warn', LONG_FUNCTION] },
  },
  ...Object.entries(LONG_FUNCTIONS_TODAY).map(([file, max]) => ({ files: [file], rules: { 'max-lines-per-function': ['warn', { ...LONG_FUNCTION, max }] } })),
);
