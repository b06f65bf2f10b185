import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, parseKey, StaticKeyProvider } from '../../agents/store/index.js';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../fakes/fake-anthropic-server.js';
import { newPrivacyTokens, type PrivacyTokens } from '../fakes/session-scripts.js';
import { decryptedPageScan, decryptedRowScan, filesUnder, ftsMatches, rawScan } from './data-scan.js';
import { SessionProcess } from './session-process.js';

/**
 * Privacy proof: a scripted session (real capture pipeline, the brain in LLM mode against the fake
 * Anthropic server) shows a canary, a card number, an API key, a password manager and a private
 * browsing window. Then every byte is searched: the data dir as stored, the session's logs, its
 * crash reports (Node diagnostic reports, one on demand mid-session and one from an uncaught
 * exception), every request the model received, and the decrypted database (pages and rows).
 */
let root: string;
let fake: FakeAnthropic;
let t: PrivacyTokens;
let dataDir: string;
let reports: string;
const logs: string[] = [];

const batchText = (r: RecordedRequest) => JSON.stringify(r.body.messages);
const isRouting = (r: RecordedRequest) => (r.body.tool_choice as { name?: string } | undefined)?.name === 'route_memories';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'engram-privacy-'));
  dataDir = join(root, 'data');
  reports = join(root, 'reports');
  mkdirSync(reports);
  t = newPrivacyTokens(() => randomBytes(5).toString('hex'));
  const tokensFile = join(root, 'tokens.json');
  writeFileSync(tokensFile, JSON.stringify(t));
  fake = await startFakeAnthropic();
  // A model that writes down whatever it is shown: a secret that reached it would land in memories too.
  fake.setHandler((req) =>
    isRouting(req)
      ? { toolUses: [{ name: 'route_memories', input: { kinds: ['episodic', 'semantic', 'knowledge_vault'], reason: 'scripted' } }] }
      : { text: 'Saving.', toolUses: [{ name: 'episodic_save', input: { summary: `Seen: ${batchText(req).slice(0, 400)}` } }] },
  );
  const nodeArgs = ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${reports}`, '--report-uncaught-exception', '--report-compact'];
  const common = { dataDir, script: 'privacy' as const, tokensFile, llm: fake.url, intervalMs: 150, chatEvery: 0, nodeArgs, env: { ENGRAM_KEY: '' } };

  // Run 1: 24 frames (three passes over the eight scenes), a diagnostic report on demand half-way.
  const s1 = new SessionProcess({ ...common, frames: 24 });
  await s1.until(() => s1.frames.length >= 8, 120_000, 'half of the session');
  s1.child.kill('SIGUSR2');
  await s1.until(() => s1.done !== null, 180_000, 'the end of the session');
  await s1.exited;
  logs.push(s1.stdout, s1.stderr);
  // Run 2: the process dies of an uncaught exception after a few frames (a crash report).
  const s2 = new SessionProcess({ ...common, frames: 0, throwAfter: 4 });
  const end = await s2.exited;
  logs.push(s2.stdout, s2.stderr);
  expect(end.code).not.toBe(0);
  expect(s2.stderr).toContain('scripted crash');
}, 400_000);

afterAll(async () => {
  await fake?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('privacy proof: a canary, a card number, an API key and excluded windows', { timeout: 120_000 }, () => {
  const cardDigits = () => t.card.replace(/\D/g, '');
  const secrets = () => [t.card, cardDigits(), t.apiKey, t.apiKey.slice(14, 30)];
  const excluded = () => [t.excludedApp, t.excludedTitle];

  it('zero bytes of any of them anywhere in the data dir as stored', () => {
    const files = filesUnder(dataDir);
    expect(files.length).toBeGreaterThan(10);
    const hits = rawScan(files, [t.canary, ...secrets(), ...excluded()]);
    console.log(`raw scan: ${files.length} files, ${files.reduce((n, f) => n + readFileSync(f).length, 0)} bytes, hits: ${hits.length}`);
    expect(hits).toEqual([]);
  });

  it('zero bytes in the logs and the crash reports', () => {
    const reportFiles = filesUnder(reports);
    console.log(`crash reports: ${reportFiles.length} (${reportFiles.map((f) => f.split('/').pop()).join(', ')})`);
    expect(reportFiles.length).toBeGreaterThanOrEqual(2);
    const logFile = join(root, 'session.log');
    writeFileSync(logFile, logs.join('\n'));
    expect(rawScan([logFile, ...reportFiles], [t.canary, ...secrets(), ...excluded()])).toEqual([]);
    // The master key is not in them either.
    const key = readFileSync(join(dataDir, 'engram.key'), 'utf8').trim();
    expect(rawScan([logFile, ...reportFiles], [key])).toEqual([]);
  });

  it('zero bytes of the secrets and the excluded windows in any request to the model', () => {
    const all = fake.requests.map((r) => JSON.stringify(r.body)).join('\n');
    console.log(`model requests: ${fake.requests.length} (${fake.requests.filter(isRouting).length} routing), ${all.length} characters`);
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const s of [...secrets(), ...excluded(), 'KeePassXC', 'Private Browsing']) expect(all, s).not.toContain(s);
    // The model did see ordinary screen text (LLM mode sends it, by design): the checks above are not vacuous.
    expect(all).toContain('retryOnBusy');
    expect(all).toContain('[redacted:card]');
    expect(all).toContain('[redacted:anthropic_key]');
    console.log(`canary reached the model (LLM mode sends screen text by design): ${all.includes(t.canary)}`);
  });

  it('decrypted: the canary is stored, the excluded windows nowhere, the secrets only in the vault', async () => {
    const key = parseKey(readFileSync(join(dataDir, 'engram.key'), 'utf8'), 'key file');
    const dbPath = join(dataDir, 'engram.db');
    const pages = decryptedPageScan(dbPath, key, [t.canary, ...excluded()]);
    console.log(`decrypted pages: ${pages.pages} + ${pages.walFrames} WAL frames (bad HMAC ${pages.badHmac}), found: ${pages.found.join(', ') || 'none'}`);
    expect(pages.badHmac).toBe(0);
    expect(pages.found).toContain(t.canary);
    for (const x of excluded()) expect(pages.found).not.toContain(x);

    const isVault = (table: string, row: Record<string, unknown>) =>
      (table === 'memories' && row['kind'] === 'knowledge_vault') || (table === 'memory_history' && String(row['snapshot']).includes('"knowledge_vault"'));
    const rows = decryptedRowScan(dbPath, key, [...secrets(), ...excluded(), 'KeePassXC', 'Passwords.kdbx', 'Private Browsing'], isVault);
    console.log(`decrypted rows: ${rows.rows} in ${rows.tables} tables; hits outside the vault: ${rows.hits.length}`);
    expect(rows.hits).toEqual([]);
    expect(ftsMatches(dbPath, key, [cardDigits(), t.excludedApp, t.excludedTitle])).toEqual({ [cardDigits()]: 0, [t.excludedApp]: 0, [t.excludedTitle]: 0 });

    const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      // Capture refused the excluded windows before keeping a pixel.
      const frames = store.frames.list({ limit: 10_000 });
      expect(frames.some((f) => f.app === 'KeePassXC' || /private brows/i.test(f.title ?? ''))).toBe(false);
      expect(store.counters.get('capture.frames_gated')).toBeGreaterThan(0);
      // The redacted values are kept masked in the vault, shown masked.
      const vault = store.memories.list({ kinds: ['knowledge_vault'], limit: 100 });
      console.log(`vault: ${vault.length} entries (${vault.map((m) => String(m.fields['entry_type'])).join(', ')})`);
      expect(vault.length).toBeGreaterThan(0);
      for (const m of vault) for (const s of secrets()) expect(JSON.stringify(m)).not.toContain(s);
      const hits = await store.search({ query: t.canary });
      expect(hits.length).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });
});
