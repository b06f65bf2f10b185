import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { StaticKeyProvider, openStore, type EngramStore } from '../../agents/store/index.js';
import { startFakeAnthropic } from '../fakes/fake-anthropic-server.js';

const run = promisify(execFile);
const BIN = join(process.cwd(), 'bin', 'engram.js');

/** A made-up allotment society's pages: paragraphs long enough that embedding them takes the encoder a while. */
const PLOTS = ['Hazel', 'Rowan', 'Willow', 'Alder', 'Birch', 'Linden', 'Juniper'];
function page(plot: string, n: number): string {
  return [
    `Plot ${plot} (${n}) · Greenside Allotment Society`,
    '',
    `The committee walked plot ${plot} on Saturday morning and found the raspberry canes tied in, the compost bays turned and the water butt lid back on after last month's reminder. The tenant asked whether the shed roof could be felted before the autumn rains; the society will lend its ladder and the felt left over from plot ${n + 3}.`,
    '',
    `Rent for plot ${plot} is ${20 + n} pounds a year, due at the spring meeting in the village hall. Tenants who pay by bank transfer should put the plot name in the reference, because the treasurer matches payments by hand once a month and cannot guess who sent an unlabelled ${20 + n} pounds.`,
    '',
    `Water on plot ${plot} comes from trough ${n % 4 + 1}, which is shared with the two neighbouring plots. Hoses are allowed only before nine in the morning and after six in the evening from June to August, and a sprinkler left running overnight means a written warning from the site secretary.`,
    '',
    `Seed swap notes for ${plot}: the tenant brought broad beans, a dwarf French bean that did well in the dry summer and ${n + 2} packets of saved calendula. Anyone who takes seed is asked to bring back twice as much next year, labelled with the plot it grew on and the year it was saved.`,
  ].join('\n');
}

type Db = EngramStore['db'];
const count = (db: Db, sql: string) => db.prepare(sql).pluck().get() as number;
const vectorRows = (db: Db) => db.prepare('SELECT seq, vector FROM passage_vec ORDER BY seq').all();
const PENDING = 'SELECT count(*) FROM passages p WHERE NOT EXISTS (SELECT 1 FROM passage_vec v WHERE v.seq = p.seq)';

/**
 * A one-shot `engram ask` that embeds screen passages still without a vector (here with
 * --wait-for-meaning, as with a model) keeps what it embedded: it waited for that batch at exit
 * anyway, and dropping it made the next ask pay for the same passages again. The real CLI process
 * and the real encoder, whose cold load leaves the batch unfinished when the answer is printed.
 */
describe('engram ask keeps the passage vectors it computes', { timeout: 240_000 }, () => {
  const key = randomBytes(32);
  const env: NodeJS.ProcessEnv = { ...process.env, ENGRAM_KEY: key.toString('hex'), ENGRAM_TZ: 'UTC' };
  // The default encoder, and no model: the ask answers offline.
  for (const name of ['ENGRAM_EMBEDDER', 'ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'ENGRAM_LLM_BASE_URL']) delete env[name];
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  /** A data dir as `engram capture` leaves it (no encoder): screens whose passages have no vector yet. */
  async function capturedScreens(): Promise<{ dataDir: string; passages: number }> {
    const dataDir = mkdtempSync(join(tmpdir(), 'engram-ask-vectors-'));
    dirs.push(dataDir);
    const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      PLOTS.forEach((plot, i) => {
        const title = `Plot ${plot} — Greenside Allotments`;
        const o = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: 1_000 + i, app: 'Firefox', title, url: null, text: page(plot, i), caption: null });
        store.memories.insert({ kind: 'episodic', title: `Read "${title}" in Firefox`, text: 'Read the plot page', occurred_at: 1_000 + i, provenance: [{ source_type: 'observation', source_id: o.id }] });
      });
      const passages = store.passages.count();
      // One batch of the queue (32 rows) holds them all, several of the encoder's background pieces.
      expect(passages).toBeGreaterThan(16);
      expect(passages).toBeLessThanOrEqual(32);
      return { dataDir, passages };
    } finally {
      await store.close();
    }
  }

  /** Reads the store without an encoder, so reading embeds nothing itself. */
  async function readStore<T>(dataDir: string, fn: (store: EngramStore) => T): Promise<T> {
    const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      return fn(store);
    } finally {
      await store.close();
    }
  }
  const argv = (dataDir: string, question: string) => [BIN, '--data-dir', dataDir, 'ask', '--offline', '--wait-for-meaning', '--json', question];
  const ask = (dataDir: string, question: string) => run(process.execPath, argv(dataDir, question), { env, timeout: 200_000 });

  it('stores every vector the first ask embedded, so the second has none left to embed', async () => {
    const { dataDir, passages } = await capturedScreens();
    const first = await ask(dataDir, 'how much is the rent for plot Rowan');
    expect((JSON.parse(first.stdout) as { answer: string }).answer).toContain('21 pounds');
    const after = await readStore(dataDir, ({ db }) => ({
      vectors: count(db, 'SELECT count(*) FROM passage_vec'),
      codes: count(db, 'SELECT count(*) FROM passage_vec_codes'),
      pending: count(db, PENDING),
    }));
    expect(after).toEqual({ vectors: passages, codes: passages, pending: 0 });

    // Nothing is waiting, so the second ask embeds no passage: the rows are the first ask's, unchanged.
    const before = await readStore(dataDir, ({ db }) => vectorRows(db));
    const second = await ask(dataDir, 'when may hoses be used on the allotments');
    expect((JSON.parse(second.stdout) as { answer: string }).answer).toMatch(/nine in the morning|six in the evening/);
    expect(await readStore(dataDir, ({ db }) => vectorRows(db))).toEqual(before);
    expect(await readStore(dataDir, ({ db }) => count(db, PENDING))).toBe(0);
  });

  it('keeps them too when a model answers (the ask lifts its meaning wait for the model)', async () => {
    const { dataDir, passages } = await capturedScreens();
    const fake = await startFakeAnthropic();
    try {
      fake.setHandler(() => ({ text: 'The rent for plot Rowan is 21 pounds a year [1].' }));
      const online = { ...env, ANTHROPIC_API_KEY: 'test-key', ENGRAM_ANTHROPIC_BASE_URL: fake.url };
      const r = await run(process.execPath, [BIN, '--data-dir', dataDir, 'ask', '--no-topics', '--json', 'how much is the rent for plot Rowan'], { env: online, timeout: 200_000 });
      expect((JSON.parse(r.stdout) as { answer: string; mode: string }).mode).toBe('llm');
    } finally {
      await fake.close();
    }
    const after = await readStore(dataDir, ({ db }) => ({ vectors: count(db, 'SELECT count(*) FROM passage_vec'), pending: count(db, PENDING) }));
    expect(after).toEqual({ vectors: passages, pending: 0 });
  });

  // Stopped once the answer is out, while the batch is embedded or written: the store is whole, and
  // the batch is there entirely or not at all (pending again for the next process).
  for (const [how, stop] of [
    // Pressed until it stops: the first aborts the command, the second exits at once (main.ts).
    ['Ctrl-C', (pid: number, exited: Promise<void>) => {
      const press = () => {
        try {
          process.kill(pid, 'SIGINT');
        } catch {
          // Already gone: nothing left to stop.
        }
      };
      press();
      const again = setInterval(press, 100);
      void exited.finally(() => clearInterval(again));
    }],
    ['a crash (SIGKILL)', (pid: number) => process.kill(pid, 'SIGKILL')],
  ] as const) {
    it(`loses at most that batch, and never the store, to ${how} after the answer`, async () => {
      const { dataDir, passages } = await capturedScreens();
      const child = spawn(process.execPath, argv(dataDir, 'how much is the rent for plot Rowan'), { env, stdio: ['ignore', 'pipe', 'ignore'] });
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve();
        });
        child.once('exit', () => reject(new Error(`ask exited before its answer: ${out}`)));
      });
      expect((JSON.parse(out) as { answer: string }).answer).toContain('21 pounds');
      stop(child.pid!, exited);
      await exited;
      const after = await readStore(dataDir, (store) => ({
        integrity: store.checkIntegrity().problems,
        vectors: count(store.db, 'SELECT count(*) FROM passage_vec'),
        pending: count(store.db, PENDING),
      }));
      expect(after.integrity).toEqual([]);
      expect([0, passages]).toContain(after.vectors);
      expect(after.pending).toBe(passages - after.vectors);
    });
  }
});
