import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashEmbedder, StaticKeyProvider, UseEmbedder, openStore, type EngramStore } from '../../agents/store/index.js';
import { indexCommand } from '../../electron/hosts/cli/commands/index-vectors.js';
import { searchCommand } from '../../electron/hosts/cli/commands/search.js';
import { runCommand } from '../helpers/run-command.js';

const invoice = (n: number) =>
  [`Invoice ${n}`, '', `Northwind Studio Ltd, ${n} Quay Street`, '', `Design work for the spring catalogue, ${n % 40} hours.`, '', `Amount due: GBP ${n},880.00 by 30 April`].join('\n');
const ticket = (n: number) =>
  [`Ticket #${n} · Printer on floor ${n % 7}`, '', `Status: waiting for part ${n}-B`, '', `The fuser unit ${n} was ordered on Monday and should arrive within five working days.`].join('\n');
const SCREENS = 30;

/**
 * An encoder that takes its time (the real one embeds a batch in a second or so on a busy machine):
 * a store opened with it only starts on the backlog before the command would have ended.
 */
class SlowEmbedder extends HashEmbedder {
  override async embed(texts: string[]): Promise<Float32Array[]> {
    await new Promise((r) => setTimeout(r, 150));
    return super.embed(texts);
  }
}

const count = (store: EngramStore, sql: string) => store.db.prepare(sql).pluck().get() as number;

/**
 * `engram index`: what a terminal capture stored without an encoder gets its vectors, as the app
 * gives them in the background, so a question asked afterwards searches screens by meaning too.
 */
describe('engram index', () => {
  let dataDir = '';
  const key = randomBytes(32);
  const open = (embedder: HashEmbedder | null) => openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder });

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'engram-index-'));
    // As `engram capture` stores them: no encoder, so nothing has a vector yet.
    const store = await open(null);
    try {
      for (let i = 0; i < SCREENS; i++) {
        for (const [title, text] of [[`Invoice ${2000 + i} — Mail`, invoice(2000 + i)], [`Ticket #${5000 + i} — Helpdesk`, ticket(5000 + i)]] as const) {
          const o = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: 1_000 + i, app: 'Chromium', title, url: null, text, caption: null });
          store.memories.insert({ kind: 'episodic', title: `Read "${title}" in Chromium`, text: 'Read the page', occurred_at: 1_000 + i, provenance: [{ source_type: 'observation', source_id: o.id }] });
        }
      }
      // More than a few batches of the queue (32 rows each).
      expect(store.passages.count()).toBeGreaterThan(100);
    } finally {
      await store.close();
    }
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('gives every screen passage and memory its vector, and says what it did', async () => {
    const r = await runCommand(indexCommand, ['--json'], { dataDir, key, embedder: () => new SlowEmbedder(64) });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as { memories: number; passages: number; left: number };
    expect(report.passages).toBeGreaterThan(0);
    expect(report.left).toBe(0);
    // Read back without an encoder, so nothing is embedded by the reading itself.
    const store = await open(null);
    try {
      const passages = store.passages.count();
      expect(count(store, 'SELECT count(*) FROM passage_vec')).toBe(passages);
      expect(count(store, 'SELECT count(*) FROM passages p WHERE NOT EXISTS (SELECT 1 FROM passage_vec v WHERE v.seq = p.seq)')).toBe(0);
      expect(count(store, 'SELECT count(*) FROM memories WHERE embedded = 0')).toBe(0);
    } finally {
      await store.close();
    }
    const again = await runCommand(indexCommand, [], { dataDir, key });
    expect(again.code).toBe(0);
    expect(again.out).toContain('nothing waiting');
  });

  it('says so, and fails, where Engram runs without an encoder', async () => {
    await expect(runCommand(indexCommand, [], { dataDir, key, embedder: () => null })).rejects.toThrow(/without an encoder/);
  });
});

/**
 * After `engram index`, a question in other words than the screen's finds its line on the screen
 * by meaning: the window title finds the screen, and inside it no word of the question is on the
 * line that answers, so by words alone the screen's header comes first. The real encoder, as the
 * app and the benches use it.
 */
describe('a screen searched by meaning after engram index', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-index-meaning-'));
  const key = randomBytes(32);
  const encoder = new UseEmbedder();
  const PORTAL = [
    'Elm Street Surgery patient portal for Jonas Meyer.',
    '',
    'Repeat prescription: Ramipril 5 mg, ready to collect from Friday at Boots, High Street.',
    '',
    'Blood test booked for Tuesday 11 March at 08:40 with nurse Patel; nothing to eat after midnight.',
    '',
    'Your GP is Dr Amara Osei. The practice closes at 18:30 on weekdays.',
  ].join('\n');
  afterAll(async () => {
    await encoder.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds the line that answers, though none of its words were asked', async () => {
    const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      const o = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: 1_000, app: 'Chromium', title: 'Elm Street Surgery — Patient portal', url: null, text: PORTAL, caption: null });
      store.memories.insert({ kind: 'episodic', title: 'Read the Elm Street Surgery patient portal in Chromium', text: 'Read the patient portal', occurred_at: 1_000, provenance: [{ source_type: 'observation', source_id: o.id }] });
    } finally {
      await store.close();
    }
    const at = { dataDir, key, embedder: () => encoder };
    expect((await runCommand(indexCommand, ['--json'], at)).code).toBe(0);
    const cases: [string, string][] = [
      ['must I skip breakfast before the surgery appointment', 'nothing to eat after midnight'],
      ['who is my doctor at the surgery', 'Dr Amara Osei'],
    ];
    for (const [question, line] of cases) {
      // Honest paraphrases: no word of the question (past the surgery, which the title holds) is on the line.
      const lineWords = new Set(line.toLowerCase().split(/\W+/));
      expect(question.split(/\W+/).filter((w) => w.length > 3 && w !== 'surgery' && lineWords.has(w))).toEqual([]);
      const r = await runCommand(searchCommand, ['--json', '--wait-for-meaning', question], at);
      expect(r.code).toBe(0);
      const [top] = JSON.parse(r.out) as { passages?: { text: string }[] }[];
      expect(top?.passages?.[0]?.text, question).toContain(line);
    }
  });
});
