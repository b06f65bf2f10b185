/**
 * The re-scrub carries a secret it found by a screen's layout into every later place that quotes
 * it alone. A settings pane's password (its label and value read as separate columns) is found only
 * where the frame's word boxes were kept; the notes, facts, summaries and chat the brain wrote from
 * that screen before the fix quote the value with no label, which no text detector finds. The pass
 * masks it there too, from the value the vault holds, across a restart between the steps; a short
 * or common vault value is not masked in unrelated text, and a note the user edited stays.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain, type Brain } from '../../agents/meta/index.js';
import { KnowledgeVaultAgent } from '../../agents/knowledge-vault/index.js';
import { MemoryWriter } from '../../agents/subagent-kit/index.js';
import { EDITED_BY_USER, REDACTION_VERSION_KEY, StaticKeyProvider, openStore, type EngramStore } from '../../agents/store/index.js';
import { DEFAULT_REDACTION } from '../../shared/redaction/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { openTempStore, removeTempStore, tempStoreEachTest } from '../helpers/temp-store.js';

const SECRET = 'Heron-Quill-4471';
const T = Date.parse('2025-04-08T10:00:00Z');
// As OCR read a router's settings page: the label column, then the value column.
const ROWS: [string, string][] = [
  ['Network name', 'Attic-Mesh-5G'],
  ['Security', 'WPA3-Personal'],
  ['Password', SECRET],
  ['Channel', '36'],
];
const TEXT = ['Router admin', '', ...ROWS.map(([l]) => l), '', ...ROWS.map(([, v]) => v)].join('\n');

/** A frame and its observation as capture kept them before labels and values were paired by their boxes. */
function keptScreen(store: EngramStore) {
  const frame = store.frames.insert({ display: 'main', captured_at: T, width: 1280, height: 800, phash: '0', app: 'Firefox', title: 'Router admin', url: null }, Buffer.from('pixels'));
  const y = (i: number) => 140 + i * 30;
  const labels = ROWS.flatMap(([label], i) => label.split(' ').map((text, j) => ({ text, x0: 240 + j * 72, y0: y(i), x1: 240 + j * 72 + text.length * 8, y1: y(i) + 14, confidence: 91 })));
  const values = ROWS.map(([, text], i) => ({ text, x0: 600, y0: y(i), x1: 600 + text.length * 8, y1: y(i) + 14, confidence: 91 }));
  store.frameWords.put(frame.id, { width: 1280, height: 800, words: [...labels, ...values] });
  const obs = store.observations.insert({ kind: 'screen', frame_id: frame.id, audio_id: null, display: 'main', observed_at: T, app: 'Firefox', title: 'Router admin', url: null, text: TEXT, caption: null });
  // A later screen quoting the value with no label beside it (a terminal line): its words and text.
  const later = store.frames.insert({ display: 'main', captured_at: T + 5_000, width: 1280, height: 800, phash: '1', app: 'Terminal', title: 'bash', url: null }, Buffer.from('pixels'));
  const line = ['$', 'wpa_passphrase', 'Attic-Mesh-5G', SECRET];
  store.frameWords.put(later.id, { width: 1280, height: 800, words: line.map((text, i) => ({ text, x0: 10 + i * 180, y0: 40, x1: 10 + i * 180 + text.length * 8, y1: 54, confidence: 90 })) });
  store.observations.insert({ kind: 'screen', frame_id: later.id, audio_id: null, display: 'main', observed_at: T + 5_000, app: 'Terminal', title: 'bash', url: null, text: line.join(' '), caption: null });
  return obs;
}

/** What the brain and chat wrote from that screen before the fix: the value alone, never beside its label. */
function keptNotes(store: EngramStore, obsId: string) {
  const memory = store.memories.insert({ kind: 'episodic', title: 'Set up the attic mesh', text: `Joined Attic-Mesh-5G from the laptop with ${SECRET}`, occurred_at: T, provenance: [{ source_type: 'observation', source_id: obsId }] });
  // Its earlier version (history) quotes the value too.
  store.memories.update(memory.id, { text: `Joined Attic-Mesh-5G from the laptop with ${SECRET}; the printer joins next` }, 'merged new information');
  const attic = store.graph.upsertEntity({ name: 'Attic Mesh', kind: 'other', at: T });
  store.db.prepare('UPDATE entities SET summary = ? WHERE id = ?').run(`Wifi in the attic; devices join with ${SECRET}`, attic);
  const fact = store.graph.addFact({ relation: 'joins_with', statement: `The attic mesh takes ${SECRET} from new devices`, occurred_at: T, confidence: 0.9, participants: [{ entity_id: attic, role: 'subject' }], sources: [memory.id] });
  const thread = store.threads.create(`what was ${SECRET} for?`, T + 60_000);
  const said = `is ${SECRET} the attic one?`;
  const message = store.messages.insert({ thread_id: thread.id, role: 'user', text: said, raw: { role: 'user', content: said }, created_at: T + 60_000 });
  store.db.prepare('UPDATE messages SET processed_at = ? WHERE id = ?').run(T + 60_000, message.id);
  return { memory, attic, fact, thread, message };
}

/** Every kept place the value can still be read, the vault's own masked field aside. */
function readable(store: EngramStore, value: string): string[] {
  const col = (sql: string) => store.db.prepare(sql).pluck().all() as string[];
  const places: [string, string[]][] = [
    ['observations', col('SELECT text FROM observations')],
    ['frame_words', col('SELECT frame_id FROM frame_words').map((id) => store.frameWords.get(id)!.words.map((w) => w.text).join(' '))],
    ['memories', col("SELECT title || ' ' || text || ' ' || details || ' ' || fields FROM memories WHERE kind <> 'knowledge_vault'")],
    ['memory_history', col("SELECT snapshot FROM memory_history WHERE snapshot NOT LIKE '%\"kind\":\"knowledge_vault\"%'")],
    ['graph_facts', col('SELECT statement || fact_key FROM graph_facts')],
    ['entities', col('SELECT summary FROM entities')],
    ['messages', [...col('SELECT text FROM messages'), ...col('SELECT raw FROM messages')]],
    ['threads', col('SELECT title FROM threads')],
    ['vault words', col("SELECT title || ' ' || text || ' ' || details FROM memories WHERE kind = 'knowledge_vault'")],
  ];
  return places.filter(([, texts]) => texts.some((t) => t.includes(value))).map(([name]) => name);
}

/** Vault entries whose revealed secret is the value. */
function vaulted(store: EngramStore, value: string) {
  return store.memories
    .list({ kinds: ['knowledge_vault'], limit: 1000, includeSuperseded: true })
    .map((m) => store.memories.get(m.id, { reveal: true })!)
    .filter((m) => m.fields.secret === value);
}

const oldGeneration = (store: EngramStore) => store.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('1', REDACTION_VERSION_KEY);

describe('re-scrub: a secret found by layout is masked wherever kept text quotes it alone', () => {
  let store: EngramStore;
  let brain: Brain;
  tempStoreEachTest('engram-rescrub-carry-', (t) => {
    store = t.store;
    brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', tickMs: 3_600_000 });
    return () => brain.stop();
  });

  it('masks it in the note, its history, the fact, the summary, the message and the thread; the vault holds it once', async () => {
    const obs = keptScreen(store);
    const kept = keptNotes(store, obs.id);
    oldGeneration(store);
    expect(readable(store, SECRET)).toEqual(['observations', 'frame_words', 'memories', 'memory_history', 'graph_facts', 'entities', 'messages', 'threads']);
    store.changes.enable();
    const logged = () => store.db.prepare('SELECT record FROM sync_changes').pluck().all() as string[];
    const before = logged().length;

    const r = await brain.rescrub();
    expect(r.done).toBe(true);
    expect(readable(store, SECRET)).toEqual([]);
    expect(vaulted(store, SECRET)).toHaveLength(1);
    // The notes read with the marker where the value stood; the rest of them as they were.
    expect(store.memories.get(kept.memory.id)!.text).toBe('Joined Attic-Mesh-5G from the laptop with [redacted:password]; the printer joins next');
    expect(store.graph.fact(kept.fact)!.statement).toBe('The attic mesh takes [redacted:password] from new devices');
    expect(store.messages.get(kept.message.id)!.text).toBe('is [redacted:password] the attic one?');
    for (const v of ['Attic-Mesh-5G', 'WPA3-Personal']) expect(store.observations.get(obs.id)!.text).toContain(v);
    // Masked notes are not sent to other devices as edits (each device masks its own copy).
    const edits = logged()
      .slice(before)
      .filter((c) => c.includes(kept.memory.id));
    expect(edits).toEqual([]);
  });

  it('a value a later row of the same slice gives up is masked in the rows before it that quote it alone', async () => {
    // Both tables' rows in one slice each: the note that quotes a value comes before the one that names it.
    const WIFI = 'Tarn-Osprey-9052';
    const LOCKER = 'kestrel7Dune44';
    const quoting = store.memories.insert({ kind: 'episodic', title: 'Studio mesh', text: `Joined the studio mesh with ${WIFI} from the tablet`, occurred_at: T });
    const naming = store.memories.insert({ kind: 'semantic', title: 'Studio Wi-Fi', text: `Studio Wi-Fi password: ${WIFI}`, occurred_at: T + 1_000 });
    const thread = store.threads.create('gym', T);
    const asked = store.messages.insert({ thread_id: thread.id, role: 'user', text: `does ${LOCKER} still open locker 12?`, raw: {}, created_at: T });
    store.messages.insert({ thread_id: thread.id, role: 'user', text: `my gym locker password is ${LOCKER}`, raw: {}, created_at: T + 1_000 });
    oldGeneration(store);
    const r = await brain.rescrub();
    expect(r.done).toBe(true);
    expect(store.memories.get(quoting.id)!.text).toBe('Joined the studio mesh with [redacted:password] from the tablet');
    expect(store.memories.get(naming.id)!.text).toBe('Studio Wi-Fi password: [redacted:password]');
    expect(store.messages.get(asked.id)!.text).toBe('does [redacted:password] still open locker 12?');
    expect(readable(store, WIFI)).toEqual([]);
    expect(readable(store, LOCKER)).toEqual([]);
    expect(vaulted(store, WIFI)).toHaveLength(1);
    expect(vaulted(store, LOCKER)).toHaveLength(1);
  });

  it('without a vault, one slice still masks its earlier rows with what its later rows gave up', () => {
    const WIFI = 'Tarn-Osprey-9052';
    const quoting = store.memories.insert({ kind: 'episodic', title: 'Studio mesh', text: `Joined the studio mesh with ${WIFI}`, occurred_at: T });
    store.memories.insert({ kind: 'semantic', title: 'Studio Wi-Fi', text: `Studio Wi-Fi password: ${WIFI}`, occurred_at: T + 1_000 });
    const plain = store.memories.insert({ kind: 'episodic', title: 'Lunch', text: 'Lunch with Ana at the studio', occurred_at: T + 2_000 });
    oldGeneration(store);
    const slices = [];
    while (store.rescrubDue) slices.push(store.rescrubSlice(DEFAULT_REDACTION));
    expect(store.memories.get(quoting.id)!.text).toBe('Joined the studio mesh with [redacted:password]');
    expect(store.memories.get(plain.id)!.text).toBe('Lunch with Ana at the studio');
    // Read twice, counted once.
    const notes = slices.find((x) => x.memoryIds.length)!;
    expect(notes.rows).toBe(3);
    expect(notes.changed).toBe(2);
    expect(notes.memoryIds).toHaveLength(2);
  });

  it('a short or common vault value is not masked in unrelated text', async () => {
    // Told in chat long ago and vaulted live: a door PIN, a guest password that is a plain word.
    const told: [string, string][] = [
      ['1234', 'Door PIN'],
      ['summer', 'Guest wifi password'],
      ['sunflowers', 'Shed password'],
    ];
    for (const [value, title] of told) {
      store.memories.insert({ kind: 'knowledge_vault', title, text: title, fields: { entry_type: 'password', source: 'chat', sensitivity: 'high', secret: value }, occurred_at: T });
    }
    const plain = 'Booked the summer house at 1234 Elm Road; planted sunflowers by the shed';
    const note = store.memories.insert({ kind: 'episodic', title: 'Summer plans', text: plain, occurred_at: T });
    const message = store.messages.insert({ thread_id: store.threads.create('summer', T).id, role: 'user', text: plain, raw: {}, created_at: T });
    oldGeneration(store);
    await brain.rescrub();
    expect(store.memories.get(note.id)!.text).toBe(plain);
    expect(store.messages.get(message.id)!.text).toBe(plain);
  });

  it('a note the user edited by hand keeps the value as written', async () => {
    const obs = keptScreen(store);
    const note = store.memories.insert({ kind: 'semantic', title: 'Router', text: 'Attic router', occurred_at: T });
    store.memories.update(note.id, { text: `Attic router, password ${SECRET} (typed here on purpose)` }, EDITED_BY_USER);
    const other = store.memories.insert({ kind: 'semantic', title: 'Printer', text: `The printer joined with ${SECRET}`, occurred_at: T, provenance: [{ source_type: 'observation', source_id: obs.id }] });
    oldGeneration(store);
    await brain.rescrub();
    expect(store.memories.get(note.id)!.text).toBe(`Attic router, password ${SECRET} (typed here on purpose)`);
    expect(store.memories.get(other.id)!.text).toBe('The printer joined with [redacted:password]');
  });
});

describe('re-scrub carry into earlier slices', () => {
  it('a value a later slice gives up is masked in the rows earlier slices already passed, across a restart in the second round', async () => {
    const WIFI = 'Tarn-Osprey-9052';
    const key = randomBytes(32);
    const opened = await openTempStore('engram-rescrub-carry-sweep-', { key });
    let store = opened.store;
    try {
      // A screen and a note that quote the value alone, both passed before the note that names it.
      const line = ['$', 'nmcli', 'dev', 'wifi', 'connect', 'Studio', WIFI];
      const frame = store.frames.insert({ display: 'main', captured_at: T, width: 1280, height: 800, phash: '2', app: 'Terminal', title: 'bash', url: null }, Buffer.from('pixels'));
      store.frameWords.put(frame.id, { width: 1280, height: 800, words: line.map((text, i) => ({ text, x0: 10 + i * 120, y0: 40, x1: 10 + i * 120 + text.length * 8, y1: 54, confidence: 90 })) });
      const obs = store.observations.insert({ kind: 'screen', frame_id: frame.id, audio_id: null, display: 'main', observed_at: T, app: 'Terminal', title: 'bash', url: null, text: line.join(' '), caption: null });
      const quoting = store.memories.insert({ kind: 'episodic', title: 'Studio mesh', text: `Joined the studio mesh with ${WIFI}`, occurred_at: T });
      const naming = store.memories.insert({ kind: 'semantic', title: 'Studio Wi-Fi', text: `Studio Wi-Fi password: ${WIFI}`, occurred_at: T + 1_000 });
      const plain = store.memories.insert({ kind: 'episodic', title: 'Lunch', text: 'Lunch with Ana at the studio', occurred_at: T + 2_000 });
      expect(readable(store, WIFI)).toEqual(['observations', 'frame_words', 'memories']);
      oldGeneration(store);
      const slice = (s: EngramStore) => {
        const vault = new KnowledgeVaultAgent(s, new TimeFormatter('UTC'));
        return s.rescrubSlice(DEFAULT_REDACTION, 1, (found) => void vault.recordRescrubbed(found, new MemoryWriter(s)));
      };
      const inSecondRound = () => {
        const raw = store.db.prepare("SELECT value FROM meta WHERE key = 'redaction_rescrub'").pluck().get() as string | undefined;
        return raw ? (JSON.parse(raw) as { sweep?: boolean }).sweep === true : false;
      };
      for (let i = 0; i < 50 && !inSecondRound(); i++) slice(store);
      expect(inSecondRound()).toBe(true);
      expect(store.memories.get(naming.id)!.text).toBe('Studio Wi-Fi password: [redacted:password]');
      expect(readable(store, WIFI)).toEqual(['observations', 'frame_words', 'memories']);

      await store.close();
      store = await openStore({ dataDir: opened.dir, keyProvider: new StaticKeyProvider(key), embedder: null });
      for (let i = 0; i < 50 && store.rescrubDue; i++) slice(store);
      expect(store.rescrubDue).toBe(false);
      expect(readable(store, WIFI)).toEqual([]);
      expect(store.memories.get(quoting.id)!.text).toBe('Joined the studio mesh with [redacted:password]');
      expect(store.observations.get(obs.id)!.text).toBe('$ nmcli dev wifi connect Studio [redacted:password]');
      expect(store.memories.get(plain.id)!.text).toBe('Lunch with Ana at the studio');
      expect(vaulted(store, WIFI)).toHaveLength(1);
    } finally {
      await removeTempStore(store, opened.dir);
    }
  });
});

describe('re-scrub carry across a restart', () => {
  it('a pass stopped after the screens and started again by a new process still masks the notes', async () => {
    const key = randomBytes(32);
    const opened = await openTempStore('engram-rescrub-carry-restart-', { key });
    let store = opened.store;
    try {
      const obs = keptScreen(store);
      const kept = keptNotes(store, obs.id);
      oldGeneration(store);
      const slice = (s: EngramStore) => {
        const vault = new KnowledgeVaultAgent(s, new TimeFormatter('UTC'));
        return s.rescrubSlice(DEFAULT_REDACTION, 1, (found) => void vault.recordRescrubbed(found, new MemoryWriter(s)));
      };
      // Up to the last row of what capture kept (the frames' words, the third table): the next slice is the notes'.
      const cursor = () => {
        const raw = store.db.prepare("SELECT value FROM meta WHERE key = 'redaction_rescrub'").pluck().get() as string | undefined;
        return raw ? (JSON.parse(raw) as { step: number; after: number }) : null;
      };
      const lastWords = store.db.prepare('SELECT max(rowid) FROM frame_words').pluck().get() as number;
      const sensedDone = () => cursor()?.step === 2 && cursor()?.after === lastWords;
      for (let i = 0; i < 50 && !sensedDone(); i++) slice(store);
      expect(sensedDone()).toBe(true);
      expect(readable(store, SECRET)).toEqual(['memories', 'memory_history', 'graph_facts', 'entities', 'messages', 'threads']);

      await store.close();
      store = await openStore({ dataDir: opened.dir, keyProvider: new StaticKeyProvider(key), embedder: null });
      for (let i = 0; i < 50 && store.rescrubDue; i++) slice(store);
      expect(store.rescrubDue).toBe(false);
      expect(readable(store, SECRET)).toEqual([]);
      expect(vaulted(store, SECRET)).toHaveLength(1);
      expect(store.memories.get(kept.memory.id)!.text).toContain('[redacted:password]');
    } finally {
      await removeTempStore(store, opened.dir);
    }
  });
});
