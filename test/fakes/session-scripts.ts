import type { SceneScript, SessionScene } from './barcode-desktop.js';

/**
 * Scene scripts for the scripted capture+agents session. Frame numbers map to scenes
 * deterministically, so a test knows what every frame showed.
 */

const WORK: Omit<SessionScene, 'lines' | 'dark'>[] = [
  { app: 'Visual Studio Code', title: 'retry-policy.ts — engram' },
  { app: 'Firefox', title: 'SQLite WAL mode — Mozilla Firefox', url: 'https://sqlite.org/wal.html' },
  { app: 'Slack', title: 'Slack — #platform' },
  { app: 'Terminal', title: 'bash — ~/src/engram' },
  { app: 'LibreOffice Calc', title: 'budget-q3.ods — LibreOffice Calc' },
];

const TEXT: string[][] = [
  ['export function retryOnBusy(fn, attempts) {', '  // back off with jitter when the database is busy', '  return withRetries(fn, attempts);', '}'],
  ['Write-Ahead Logging', 'The default method by which SQLite implements atomic commit is a rollback journal.', 'WAL mode allows readers to continue while a writer commits.'],
  ['Ana Lima: the staging deploy is green again', 'Bruno: I will rotate the read replica tonight', 'Ana Lima: thanks, ping me when it is done'],
  ['$ npm test -- test/reliability', 'PASS test/reliability/crash-kill.test.ts', '$ git status', 'On branch main'],
  ['Quarter 3 budget', 'Travel 4 200 EUR', 'Hardware 12 900 EUR', 'Training 2 300 EUR'],
];

/** Ordinary work, five apps in rotation; every frame carries its own number so texts differ. */
export const steadyWork: SceneScript = (n) => {
  const i = n % WORK.length;
  return { ...WORK[i]!, dark: n % 2 === 1, lines: [`Frame ${n} of the scripted session`, ...TEXT[i]!] };
};

/** Values a privacy session shows; random per run so a hit can only come from this run. */
export interface PrivacyTokens {
  /** Ordinary screen text: captured, stored encrypted, findable by search; never plaintext on disk. */
  canary: string;
  /** A Luhn-valid test card number, shown grouped as on a checkout page. */
  card: string;
  /** An Anthropic-style API key shown in a terminal. */
  apiKey: string;
  /** Text inside an excluded app (a password manager): never stored at all. */
  excludedApp: string;
  /** Text inside an excluded window title (private browsing): never stored at all. */
  excludedTitle: string;
}

export function newPrivacyTokens(rand: () => string): PrivacyTokens {
  return {
    canary: `canary${rand()}otter`,
    // 5555 5555 5555 4444: Mastercard's documented test number (passes Luhn).
    card: '5555 5555 5555 4444',
    apiKey: `sk-ant-api03-${rand()}${rand()}Qx7-${rand()}`,
    excludedApp: `vaultonly${rand()}heron`,
    excludedTitle: `privatetab${rand()}lynx`,
  };
}

/**
 * A session that shows a canary, a card number, an API key, a password manager and a private
 * browsing window, among ordinary work. Frames cycle through eight scenes; the six that are kept
 * alternate dark and light, so each kept frame differs everywhere from the one kept before it
 * (whole-frame OCR, never the incremental path).
 */
export function privacyScript(t: PrivacyTokens): SceneScript {
  const scenes: SessionScene[] = [
    { dark: false, app: 'Notes', title: 'Standup notes', lines: [`Standup notes: ${t.canary} is the release codename`, 'Ana owns the rollout checklist'] },
    { dark: true, app: 'Firefox', title: 'Checkout — Example Shop — Mozilla Firefox', url: 'https://shop.example/checkout', lines: ['Payment details', `Card number ${t.card}`, 'Expiry 12/29'] },
    { dark: false, app: 'Terminal', title: 'bash — ~/src/engram', lines: [`$ export ANTHROPIC_API_KEY=${t.apiKey}`, '$ npm run bench -- chat'] },
    { dark: false, app: 'KeePassXC', title: 'Passwords.kdbx - KeePassXC', lines: [`Entry: ${t.excludedApp}`, 'Password: Hunter2-Hunter2!'] },
    { dark: true, app: 'Visual Studio Code', title: 'retry-policy.ts — engram', lines: ['export function retryOnBusy(fn, attempts) {', '  return withRetries(fn, attempts);'] },
    { dark: false, app: 'Firefox', title: 'Mozilla Firefox Private Browsing', url: 'https://private.example/', lines: [`Search results for ${t.excludedTitle}`] },
    { dark: false, app: 'Slack', title: 'Slack — #platform', lines: ['Ana Lima: the staging deploy is green again', `Bruno: noted, ${t.canary} ships Friday`] },
    { dark: true, app: 'Terminal', title: 'bash — ~/src/engram', lines: ['$ git log --oneline | head -3', 'a1b2c3 reliability tests'] },
  ];
  return (n) => scenes[n % scenes.length]!;
}

export type ScriptName = 'steady' | 'privacy';
