import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';

/** Search that forgives OCR (issue 31): the trigram index of screen passages (migration 013). */
describe('forgiving search over screen passages', () => {
  let dir: string;
  let store: EngramStore;
  const key = randomBytes(32);
  const open = (targetVersion?: number) => openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null, targetVersion });
  let at = 1_000;
  const observe = (s: EngramStore, text: string, title = 'Notes') =>
    s.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: (at += 1_000), app: 'xterm', title, url: null, text, caption: null });
  const texts = (query: string) => store.passages.search({ query }).map((h) => h.text);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-trigram-'));
    store = await open();
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds a word OCR misread, marked where it was read', () => {
    observe(store, 'The tunnel key for the harbourgwerty gateway was rotated on Monday.');
    observe(store, 'An unrelated paragraph about lunch plans and the weather this week.');
    const [hit, ...rest] = store.passages.search({ query: 'harbourqwerty' });
    expect(hit!.text).toContain('harbourgwerty');
    expect(hit!.marked).toContain('**harbourgwerty**');
    expect(hit!.snippet).toContain('**harbourgwerty**');
    expect(rest).toEqual([]);
  });

  it.each([
    ['q read as g', 'Qualcomm', 'Invoice from Gualcomm Ltd'],
    ['l read as I and 1', 'Illinois', 'Flight to I11inois booked'],
    ['O read as 0', 'Boston', 'Shipment from B0ST0N harbour'],
    ['m read as rn', 'Hamburg', 'Lunch at Harnburg station'],
    ['a letter dropped', 'zeppelin', 'Review the zepelin roadmap'],
    ['a letter dropped inside', 'kilimanjaro', 'Renew the kilimajaro contract'],
    ['a letter doubled', 'marigold', 'Sync with the marrigold team'],
    ['a letter wrong', 'quasar', 'Deploy the quaser service'],
  ])('forgives %s', (_what, word, read) => {
    observe(store, `${read}, as the screen showed it.`);
    expect(texts(word)).toEqual([`${read}, as the screen showed it.`]);
  });

  it('memory search finds the memory citing the screen by the word OCR misread', async () => {
    const o = observe(store, 'The tunnel key for the harbourgwerty gateway was rotated on Monday.', 'Gateway runbook');
    const ep = store.memories.insert({
      kind: 'episodic',
      title: 'Read the gateway runbook in xterm',
      text: 'Read the gateway runbook',
      occurred_at: at,
      provenance: [{ source_type: 'observation', source_id: o.id }],
    });
    store.memories.insert({ kind: 'semantic', text: 'The team prefers annual plans for tools' });
    const [first] = await store.search({ query: 'harbourqwerty' });
    expect(first!.memory.id).toBe(ep.id);
    expect(first!.passages?.[0]?.marked).toContain('**harbourgwerty**');
  });

  it('prepares its statements once per connection, not once per search (a hybrid search runs it every time)', () => {
    observe(store, 'The tunnel key for the harbourgwerty gateway was rotated on Monday.');
    expect(texts('harbourqwerty')).toHaveLength(1);
    const db = store.db;
    const prepare = db.prepare.bind(db);
    const asked: string[] = [];
    db.prepare = ((sql: string) => {
      asked.push(sql);
      return prepare(sql);
    }) as typeof db.prepare;
    try {
      expect(texts('harbourqwerty')).toHaveLength(1);
      expect(texts('gatewqy')).toHaveLength(1);
    } finally {
      db.prepare = prepare as typeof db.prepare;
    }
    expect(asked.filter((sql) => sql.includes('passage_trigram'))).toEqual([]);
  });

  it('ranks what it forgives below every exact match', () => {
    observe(store, 'The harbourgwerty gateway moved to a new rack.');
    observe(store, 'Invoice 4471 for the rack rental is attached.');
    const hits = store.passages.search({ query: 'harbourqwerty invoice' });
    expect(hits.map((h) => h.text)).toEqual(['Invoice 4471 for the rack rental is attached.', 'The harbourgwerty gateway moved to a new rack.']);
    expect(hits[1]!.score).toBeLessThan(hits[0]!.score);
  });

  it('ranks a look-alike misreading above another word one letter away, and a whole word above part of one', () => {
    observe(store, 'Rack plan for nelnimtal and the spare switches.');
    observe(store, 'Rack plan for kelnintal and the spare switches.');
    expect(texts('kelnimtal')[0]).toBe('Rack plan for kelnintal and the spare switches.');
    observe(store, 'Harbourwexgamer moved to the second floor.');
    observe(store, 'Wexgarner moved to the third floor.');
    expect(texts('wexgamer')[0]).toBe('Wexgarner moved to the third floor.');
  });

  it('does not forgive what is too far or too short', () => {
    observe(store, 'The harbour ferry leaves at nine from pier four.');
    expect(texts('harbourqwerty')).toEqual([]);
    expect(texts('zanzibar')).toEqual([]);
    // Three letters: an edit would match half the dictionary.
    observe(store, 'Call the cat vet.');
    expect(texts('bat')).toEqual([]);
  });

  it('finds CJK text by two characters and more, spaces tesseract put between them or not', () => {
    observe(store, '我 在 北 京 工 作 , 下 周 去 上 海 出 差 。');
    observe(store, '会议记录：预算审查改到星期四下午。');
    expect(texts('北京')).toEqual(['我 在 北 京 工 作 , 下 周 去 上 海 出 差 。']);
    expect(texts('上海出差')).toEqual(['我 在 北 京 工 作 , 下 周 去 上 海 出 差 。']);
    expect(texts('预算')).toEqual(['会议记录：预算审查改到星期四下午。']);
    expect(texts('预算审查')).toEqual(['会议记录：预算审查改到星期四下午。']);
    expect(store.passages.search({ query: '预算' })[0]!.marked).toContain('**预算**');
    expect(texts('东京')).toEqual([]);
  });

  it('forget removes the forgiving rows with their passages', () => {
    observe(store, 'The harbourgwerty gateway moved to a new rack.');
    const end = at;
    observe(store, 'A later screen about the quarterly budget review.');
    const rows = () => store.db.prepare('SELECT count(*) FROM passage_trigram').pluck().get();
    expect(rows()).toBe(store.passages.count());
    store.forget({ from: 0, to: end });
    expect(texts('harbourqwerty')).toEqual([]);
    expect(store.db.prepare("SELECT count(*) FROM passage_trigram WHERE text LIKE '%gwerty%'").pluck().get()).toBe(0);
    expect(rows()).toBe(store.passages.count());
    store.forget({ from: 0, to: at + 1 });
    expect(rows()).toBe(0);
  });

  it('migration 013 indexes the passages of a version-12 database', async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(join(tmpdir(), 'engram-trigram-'));
    const old = await open(12);
    observe(old, 'The harbourgwerty gateway moved to a new rack.');
    observe(old, 'Café Quinn 10 Barn Street, vvill I see 火 车 站 soon?');
    const passages = old.passages.count();
    await old.close();
    store = await open();
    expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(store.db.prepare('SELECT count(*) FROM passage_trigram').pluck().get()).toBe(passages);
    // The rows step 13 writes with its own frozen fold (pinned: they never change with the live one).
    const folded = store.db.prepare('SELECT t.text FROM passage_trigram t JOIN passages p ON p.seq = t.rowid ORDER BY p.seq').pluck().all();
    expect(folded).toEqual(['the harbourgwerty gateway moved to a new rack.', 'cafe guln lo bam stret, wl l se 火车站 son?']);
    expect(texts('harbourqwerty')).toEqual(['The harbourgwerty gateway moved to a new rack.']);
    // New passages after the upgrade are indexed as they come.
    observe(store, 'Deploy the quaser service tonight.');
    expect(texts('quasar')).toEqual(['Deploy the quaser service tonight.']);
  });

  it('migration 018 keeps the rows without positions: same finds, a smaller index, still gone with its passage', async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(join(tmpdir(), 'engram-trigram-'));
    const old = await open(17);
    // A terminal growing a line a screen: a new long passage on every frame, as capture sees it.
    const lines: string[] = [];
    for (let i = 0; i < 40; i++) {
      lines.push(`${i} The harbourgwerty gateway ${i % 7} moved to rack ${i * 13} while the ferry waits at dawn.`);
      observe(old, lines.join('\n'));
    }
    const indexBytes = (s: EngramStore) => s.db.prepare("SELECT sum(pgsize - unused) FROM dbstat WHERE name LIKE 'passage_trigram%'").pluck().get() as number;
    old.db.exec("INSERT INTO passage_trigram(passage_trigram) VALUES('optimize')");
    const before = indexBytes(old);
    const folded = old.db.prepare('SELECT rowid, text FROM passage_trigram ORDER BY rowid').all();
    const found = old.passages.search({ query: 'harbourqwerty rack 247' }).map((h) => h.text);
    await old.close();
    store = await open();
    expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(store.db.prepare('SELECT rowid, text FROM passage_trigram ORDER BY rowid').all()).toEqual(folded);
    store.db.exec("INSERT INTO passage_trigram(passage_trigram) VALUES('optimize')");
    expect(indexBytes(store)).toBeLessThan(before * 0.7);
    expect(found.length).toBeGreaterThan(0);
    expect(store.passages.search({ query: 'harbourqwerty rack 247' }).map((h) => h.text)).toEqual(found);
    // Pieces whose trigrams a passage holds apart are turned away by the text check, not found.
    observe(store, 'Shelf labels: mar, ari, rig, igo, gol and old.');
    // (folded, as the index holds them: i reads as l)
    expect(store.db.prepare('SELECT count(*) FROM passage_trigram WHERE passage_trigram MATCH ?').pluck().get('"mar" AND "arl" AND "rlg" AND "lgo" AND "gol" AND "old"')).toBe(1);
    expect(texts('marigold')).toEqual([]);
    store.forget({ from: 0, to: at + 1 });
    expect(store.db.prepare('SELECT count(*) FROM passage_trigram').pluck().get()).toBe(0);
  });
});
