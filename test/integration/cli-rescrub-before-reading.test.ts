/**
 * A store kept before this version's detectors is re-scrubbed before a CLI command reads it. The
 * CLI's one-shot commands start no brain, and the brain is what re-scrubs in the background: a bank
 * page kept before the detectors learned account numbers beside a sort code went out whole to
 * `engram search` and `engram ask` until the app or `engram capture` ran. Real store, real CLI in
 * this process; made-up account details.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, REDACTION_VERSION_KEY, StaticKeyProvider } from '../../agents/store/index.js';
import { startEngram } from '../../electron/engine/index.js';
import { runCli } from '../../electron/hosts/cli/main.js';

const ACCOUNT = '55667788';
const LINE = `Everyday Current Account · Sort code / Account no.: 20-00-00 · ${ACCOUNT} · Balance £1,204.50`;

describe('the CLI reads a store kept by older detectors only after re-scrubbing it', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  async function keptByOlderDetectors(): Promise<{ dir: string; key: Buffer }> {
    const dir = mkdtempSync(join(tmpdir(), 'engram-cli-rescrub-'));
    dirs.push(dir);
    const key = randomBytes(32);
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    store.memories.insert({ kind: 'resource', title: 'Current account statement', text: `Statement, Harbour Bank\n${LINE}` });
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: Date.now(), app: 'Chromium', title: 'Statement – Harbour Bank', url: null, text: LINE, caption: null });
    store.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
    await store.close();
    return { dir, key };
  }

  const cli = async (dir: string, key: Buffer, args: string[]) => {
    let out = '';
    const code = await runCli(['--data-dir', dir, ...args], { stdout: (t) => (out += t), stderr: (t) => (out += t), isTty: false, stdin: process.stdin }, { ...process.env, ENGRAM_KEY: key.toString('hex') });
    return { code, out };
  };

  it('search shows the account number masked, and the vault keeps it', async () => {
    const { dir, key } = await keptByOlderDetectors();
    const r = await cli(dir, key, ['search', '--json', 'sort code statement']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Current account statement');
    expect(r.out).not.toContain(ACCOUNT);
    expect(r.out).toContain('[redacted:account_number]');

    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      expect(store.rescrubDue).toBe(false);
      const leftInClear = store.db.prepare('SELECT count(*) FROM observations WHERE text LIKE ?').pluck().get(`%${ACCOUNT}%`);
      expect(leftInClear).toBe(0);
      const vault = store.memories.list({ kinds: ['knowledge_vault'], order: 'oldest', limit: 10 });
      expect(vault.length).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });

  it('a one-shot engine that kept a value in the vault sweeps its other copies before it closes', async () => {
    // No brain runs in the background of a CLI command: the pass a vault write makes due (a PIN the
    // user asked `engram chat` to remember) ran only when the next process opened the store.
    const dir = mkdtempSync(join(tmpdir(), 'engram-cli-rescrub-close-'));
    dirs.push(dir);
    const key = randomBytes(32);
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      store.memories.insert({ kind: 'episodic', title: 'Gym', text: 'The gym locker code is 9316 and the spare towel is in bay 4' });
      const engram = await startEngram({ store, host: 'headless', version: 't', env: {}, brain: { start: 'manual', subscribe: false }, chat: false });
      store.memories.insert({ kind: 'knowledge_vault', title: 'Gym locker', text: 'Gym locker', fields: { entry_type: 'pin', source: 'user', sensitivity: 'high', secret: '9316' } });
      expect(store.rescrubDue).toBe(true);
      await engram.close();
      expect(store.rescrubDue).toBe(false);
      const note = store.db.prepare("SELECT text FROM memories WHERE kind = 'episodic'").pluck().get() as string;
      expect(note).not.toContain('9316');
      expect(note).toContain('bay 4');
    } finally {
      await store.close();
    }
  });
});
