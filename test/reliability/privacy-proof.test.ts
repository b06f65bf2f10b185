import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, parseKey, StaticKeyProvider } from '../../agents/store/index.js';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../fakes/fake-anthropic-server.js';
import { newPrivacyTokens, type PrivacyTokens } from '../fakes/session-scripts.js';
import sharp from 'sharp';
import { decryptedPageScan, decryptedRowScan, filesUnder, ftsMatches, rawScan, unlessGone, type RawHit } from './data-scan.js';
import { SessionProcess } from './session-process.js';
import { keyFileOf } from '../helpers/key-file.js';

/**
 * Privacy proof: a scripted session (real capture pipeline, the brain in LLM mode against the fake
 * Anthropic server) shows a canary, a card number, an API key, a password manager and a private
 * browsing window. Then every byte is searched: the scanned folder as stored (the data dir, and the
 * session's TMPDIR, HOME and every cache dir, all pointed inside it), while the session runs (temp
 * files that come and go) and at the end; the session's logs; its crash reports (a Node diagnostic
 * report on demand mid-session, and the product's crash journal for an uncaught exception whose first
 * line carries the canary); every request the model received; and the decrypted database (pages,
 * rows, the search index in the forms a query would use).
 */
let root: string;
let scanned: string;
const during = { scans: 0, files: new Set<string>(), hits: [] as RawHit[] };
let fake: FakeAnthropic;
let t: PrivacyTokens;
let dataDir: string;
let reports: string;
const logs: string[] = [];

const batchText = (r: RecordedRequest) => JSON.stringify(r.body.messages);
const isRouting = (r: RecordedRequest) => (r.body.tool_choice as { name?: string } | undefined)?.name === 'route_memories';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'engram-privacy-'));
  // Everything the session may write goes under `scanned`: the data dir, temp files, caches, home.
  scanned = join(root, 'scanned');
  dataDir = join(scanned, 'data');
  reports = join(root, 'reports');
  mkdirSync(reports);
  const dirs = { TMPDIR: 'tmp', TMP: 'tmp', TEMP: 'tmp', HOME: 'home', XDG_CACHE_HOME: 'cache', XDG_CONFIG_HOME: 'config', XDG_DATA_HOME: 'share', XDG_STATE_HOME: 'state', XDG_RUNTIME_DIR: 'run' };
  // TSX_DISABLE_CACHE: with ENGRAM_HARNESS_TSX=1, tsx would cache the harness's transpiled sources in
  // TMPDIR, and the test card number is a constant in them (test/fakes/session-scripts.ts); the
  // product does not run on tsx. (By default the session is one module built in dist/test/harness.)
  const sessionEnv: NodeJS.ProcessEnv = { ENGRAM_KEY: '', TSX_DISABLE_CACHE: '1' };
  for (const [name, sub] of Object.entries(dirs)) {
    mkdirSync(join(scanned, sub), { recursive: true, mode: 0o700 });
    sessionEnv[name] = join(scanned, sub);
  }
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
  const common = { dataDir, script: 'privacy' as const, tokensFile, llm: fake.url, intervalMs: 150, chatEvery: 0, nodeArgs, env: sessionEnv, crashJournal: true };

  // While the sessions run, the scanned folder is scanned again and again: a temp file that is
  // written and deleted between two end-of-run scans is still caught.
  const needles = [t.canary, t.card, t.card.replace(/\D/g, ''), t.apiKey, t.apiKey.slice(14, 30), t.excludedApp, t.excludedTitle];
  const seen = new Map<string, string>();
  const scanner = setInterval(() => {
    // Only what is new or changed since the last pass (the tsx cache alone is thousands of files).
    const changed = filesUnder(scanned).filter((f) => {
      const st = unlessGone(() => statSync(f));
      if (!st) return false; // gone between the listing and the stat
      const stamp = `${st.size}:${st.mtimeMs}`;
      if (seen.get(f) === stamp) return false;
      seen.set(f, stamp);
      return true;
    });
    for (const f of changed) during.files.add(f);
    during.hits.push(...rawScan(changed, needles));
    during.scans++;
  }, 150);
  try {
    // Run 1: 24 frames (three passes over the eight scenes), a diagnostic report on demand half-way.
    const s1 = new SessionProcess({ ...common, frames: 24 });
    await s1.until(() => s1.frames.length >= 8, 120_000, 'half of the session');
    s1.child.kill('SIGUSR2');
    await s1.until(() => s1.done !== null, 180_000, 'the end of the session');
    await s1.exited;
    logs.push(s1.stdout, s1.stderr);
    // Run 2: the process dies of an uncaught exception after a few frames, its first line carrying
    // the canary; the crash journal (installed as the CLI installs it) keeps a report.
    const s2 = new SessionProcess({ ...common, frames: 0, throwAfter: 4 });
    const end = await s2.exited;
    logs.push(s2.stdout, s2.stderr);
    expect(end.code).not.toBe(0);
    expect(s2.stderr).toMatch(/unexpected error \(Error\); report: .*crashes\/crash-.*\.json/);
  } finally {
    clearInterval(scanner);
  }
}, 400_000);

afterAll(async () => {
  await fake?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('privacy proof: a canary, a card number, an API key and excluded windows', { timeout: 120_000 }, () => {
  const cardDigits = () => t.card.replace(/\D/g, '');
  const secrets = () => [t.card, cardDigits(), t.apiKey, t.apiKey.slice(14, 30)];
  const excluded = () => [t.excludedApp, t.excludedTitle];
  /** Which token a hit is, without printing the token itself into the test log. */
  const needleName = (n: string) => Object.entries(t).find(([, v]) => v === n)?.[0] ?? (n === cardDigits() ? 'card digits' : 'part of the API key');

  it('zero bytes of any of them anywhere in the scanned folder (data dir, temp, caches, home) as stored', () => {
    const files = filesUnder(scanned);
    // Not vacuous: the database holds the text and, since frames are kept as bands in it (migration
    // 021), the screenshots too; frame files are only older or imported ones.
    expect(files.some((f) => f.endsWith('engram.db'))).toBe(true);
    expect(files.reduce((n, f) => n + (unlessGone(() => readFileSync(f))?.length ?? 0), 0)).toBeGreaterThan(200_000);
    const hits = rawScan(files, [t.canary, ...secrets(), ...excluded()]);
    const outside = files.filter((f) => !f.startsWith(dataDir));
    console.log(`raw scan: ${files.length} files (${outside.length} outside the data dir), ${files.reduce((n, f) => n + (unlessGone(() => readFileSync(f))?.length ?? 0), 0)} bytes, hits: ${hits.length}`);
    expect(hits.map((h) => `${h.file.slice(scanned.length)}: ${needleName(h.needle)}`)).toEqual([]);
  });

  it('zero bytes of them in the scanned folder while the sessions ran (temp files that came and went included)', () => {
    console.log(`scans during the run: ${during.scans}, distinct files seen: ${during.files.size}, gone by the end: ${[...during.files].filter((f) => !filesUnder(scanned).includes(f)).length}`);
    expect(during.scans).toBeGreaterThanOrEqual(5);
    // The scans saw where new data lands while a session runs: the database's WAL.
    expect([...during.files].some((f) => f.endsWith('engram.db-wal'))).toBe(true);
    expect([...new Set(during.hits.map((h) => `${h.file.slice(scanned.length)}: ${needleName(h.needle)}`))]).toEqual([]);
  });

  it('frame pixels are encrypted bytes only: no PNG, WebP or JPEG header in a frame file or the database', async () => {
    // Capture keeps frames as bands inside the encrypted database (migration 021); frames kept whole
    // (before that, or imported) are files. Both are scanned, and there must be something to scan.
    const frames = [...filesUnder(join(dataDir, 'frames')), ...filesUnder(dataDir).filter((f) => /engram\.db(-wal)?$/.test(f))];
    expect(frames.length).toBeGreaterThan(0);
    // Positive control: the check finds the header of each format sharp writes (as capture encodes).
    const raw = { raw: { width: 8, height: 8, channels: 3 as const } };
    const px = Buffer.alloc(8 * 8 * 3, 128);
    for (const img of [await sharp(px, raw).png().toBuffer(), await sharp(px, raw).webp().toBuffer(), await sharp(px, raw).jpeg().toBuffer()]) {
      expect(imageHeader(Buffer.concat([randomBytes(28), img]))).not.toBeNull();
    }
    const found = frames.map((f) => [f, imageHeader(readFileSync(f))] as const).filter(([, h]) => h !== null);
    expect(found).toEqual([]);
  });

  it('zero bytes in the logs and the crash reports (Node diagnostic report, the crash journal)', () => {
    const reportFiles = filesUnder(reports);
    const journal = filesUnder(join(dataDir, 'crashes')).filter((f) => /crash-.*\.json$/.test(f));
    console.log(`diagnostic reports: ${reportFiles.length} (${reportFiles.map((f) => f.split('/').pop()).join(', ')}); crash journal: ${journal.length}`);
    expect(reportFiles.length).toBeGreaterThanOrEqual(1);
    expect(journal.length).toBe(1);
    // The journal's report is about the scripted crash (its stack), and keeps nothing of the message.
    const report = JSON.parse(readFileSync(journal[0]!, 'utf8')) as { kind: string; message: string; stack: string[] };
    expect(report.kind).toBe('uncaught-exception');
    expect(report.message).toMatch(/^\(message withheld: \d+ characters\)$/);
    expect(report.stack.join('\n')).toContain('scripted-session');
    expect(rawScan(journal, [t.canary, 'scripted crash', 'second line'])).toEqual([]);
    const logFile = join(root, 'session.log');
    writeFileSync(logFile, logs.join('\n'));
    expect(rawScan([logFile, ...reportFiles, ...journal], [t.canary, ...secrets(), ...excluded()])).toEqual([]);
    // The master key is not in them either.
    const key = readFileSync(keyFileOf(dataDir), 'utf8').trim();
    expect(rawScan([logFile, ...reportFiles, ...journal], [key])).toEqual([]);
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
    const key = parseKey(readFileSync(keyFileOf(dataDir), 'utf8'), 'key file');
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
    // The search index, in the forms a query would take: the card grouped as shown ("5555 5555 5555
    // 4444" is indexed as four words, so a phrase query is what finds it), and the API key.
    const ftsTerms = [cardDigits(), t.card, t.card.split(' ').slice(-2).join(' '), t.apiKey, t.apiKey.slice(14, 30), t.excludedApp, t.excludedTitle];
    const fts = ftsMatches(dbPath, key, [...ftsTerms, t.canary]);
    console.log(`search index: ${JSON.stringify(fts)}`);
    expect(Object.fromEntries(ftsTerms.map((x) => [x, fts[x]]))).toEqual(Object.fromEntries(ftsTerms.map((x) => [x, 0])));
    // The same index finds the canary (ordinary text): the zeros above are not an empty index.
    expect(fts[t.canary]).toBeGreaterThan(0);

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

/** Which image format's header the bytes carry, if any: PNG or WebP anywhere, JPEG near the start. */
function imageHeader(bytes: Buffer): 'png' | 'webp' | 'jpeg' | null {
  if (bytes.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.includes(Buffer.from('WEBPVP8'))) return 'webp';
  // FF D8 FF is three bytes: anywhere in a random file it would turn up by chance, so only where a
  // header would sit (the start, or after a nonce or small header).
  const soi = bytes.subarray(0, 64).indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  return soi >= 0 ? 'jpeg' : null;
}
