import { afterEach, describe, expect, it } from 'vitest';
import { EDITED_BY_USER, HashEmbedder, REDACTION_VERSION_KEY, foldOcr, openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { DEFAULT_REDACTION, DETECTORS_VERSION } from '../../shared/redaction/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

// Two secrets today's detectors mask and an older set kept in clear: a Stripe key OCR read with
// spaces for its underscores, and an IBAN whose check digits OCR read as letters (after its label).
const KEY_BODY = '51QxTm8Ab29dKp4LmN7qRsT3uV';
const IBAN = 'DESY 3704 0044 0532 0130 00';
const SCREEN = [
  'Billing settings',
  '',
  'Paid by direct debit every month. The next run is on the third of March.',
  '',
  `From account: ${IBAN} - Mandate NWE-55120`,
  '',
  `Restricted key for the shop: sk live ${KEY_BODY}`,
].join('\n');
const CLEAN_LINE = 'Paid by direct debit every month. The next run is on the third of March.';

/** Every place a leaked value could still be read: stored text of every kind, and the keyword indexes. */
function readable(store: EngramStore, value: string): string[] {
  const db = store.db;
  const like = `%${value}%`;
  const where: string[] = [];
  const q = (name: string, sql: string, ...args: unknown[]) => {
    if ((db.prepare(sql).pluck().get(...args) as number) > 0) where.push(name);
  };
  q('observations', 'SELECT count(*) FROM observations WHERE text LIKE ? OR title LIKE ? OR caption LIKE ?', like, like, like);
  q('passages', 'SELECT count(*) FROM passages WHERE text LIKE ?', like);
  q('passage_fts', 'SELECT count(*) FROM passage_fts WHERE text LIKE ? OR place LIKE ?', like, like);
  q('memories', "SELECT count(*) FROM memories WHERE (title LIKE ? OR text LIKE ? OR details LIKE ? OR fields LIKE ?) AND kind <> 'knowledge_vault'", like, like, like, like);
  q('memory_history', 'SELECT count(*) FROM memory_history WHERE snapshot LIKE ?', like);
  q('messages', 'SELECT count(*) FROM messages WHERE text LIKE ? OR raw LIKE ?', like, like);
  q('threads', 'SELECT count(*) FROM threads WHERE title LIKE ?', like);
  q('frames', 'SELECT count(*) FROM frames WHERE title LIKE ?', like);
  q('graph_facts', 'SELECT count(*) FROM graph_facts WHERE statement LIKE ? OR fact_key LIKE ?', like, like);
  return where;
}

/** What a keyword search for the value's words finds, in each index (an FTS row that still holds them matches). */
function matches(store: EngramStore, words: string): string[] {
  const db = store.db;
  const fts = `"${words}"`;
  const out: string[] = [];
  if ((db.prepare('SELECT count(*) FROM memory_fts WHERE memory_fts MATCH ?').pluck().get(fts) as number) > 0) out.push('memory_fts');
  if ((db.prepare('SELECT count(*) FROM passage_fts WHERE passage_fts MATCH ?').pluck().get(fts) as number) > 0) out.push('passage_fts');
  // The forgiving index keeps folded trigrams without positions: every trigram of every word.
  const grams = words.split(/\s+/).flatMap((w) => {
    const f = foldOcr(w);
    return Array.from({ length: Math.max(0, f.length - 2) }, (_, i) => `"${f.slice(i, i + 3).replace(/"/g, '""')}"`);
  });
  if ((db.prepare('SELECT count(*) FROM passage_trigram WHERE passage_trigram MATCH ?').pluck().get(grams.join(' AND ')) as number) > 0) out.push('passage_trigram');
  return out;
}

const asOld = (store: EngramStore) => store.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);

describe('re-scrub: text kept before a detector learned a shape is masked after the upgrade', () => {
  let store: EngramStore;
  let dir = '';
  let key: Buffer = Buffer.alloc(0);
  tempStoreEachTest(
    'engram-rescrub-',
    (t) => {
      store = t.store;
      dir = t.dir;
      key = t.key;
    },
    { embedder: new HashEmbedder() },
  );
  // A test that reopened the store closes the copy it opened (the helper closes its own).
  afterEach(async () => {
    await store.close();
  });

  /** A store as an older Engram left it: the secrets in clear wherever capture and chat put text. */
  async function keptByOlderDetectors() {
    const frame = store.frames.insert({ display: 'main', captured_at: 1_000, width: 10, height: 10, phash: '0', app: 'Chromium', title: `Stripe key sk live ${KEY_BODY}`, url: null }, Buffer.from('pixels'));
    store.frameWords.put(frame.id, {
      width: 10,
      height: 10,
      words: ['From', 'account:', ...IBAN.split(' '), 'Mandate'].map((text, i) => ({ text, x0: i, y0: 0, x1: i + 1, y1: 1, confidence: 90 })),
    });
    const obs = store.observations.insert({ kind: 'screen', frame_id: frame.id, audio_id: null, display: 'main', observed_at: 1_000, app: 'Chromium', title: 'Billing — Shop admin', url: null, text: SCREEN, caption: null });
    const unrelated = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: 2_000, app: 'Editor', title: 'notes.md', url: null, text: 'Groceries: lemons, rice, coffee beans', caption: null });
    const memory = store.memories.insert({ kind: 'episodic', title: 'Checked the billing settings', text: `Looked at the direct debit: from account ${IBAN}. Stripe key sk live ${KEY_BODY}`, occurred_at: 1_000, segment: 'seg-1', provenance: [{ source_type: 'observation', source_id: obs.id }] });
    // The next unit of the segment carries the first one's text as its keyword context.
    const after = store.memories.insert({ kind: 'episodic', title: 'Wrote the grocery list', text: 'Groceries for the week', occurred_at: 2_000, segment: 'seg-1' });
    store.memories.update(memory.id, { text: `Looked at the direct debit: from account ${IBAN} (mandate NWE-55120). Stripe key sk live ${KEY_BODY}` }, 'edited');
    const vault = store.memories.insert({ kind: 'knowledge_vault', title: 'Shop Stripe key', text: 'Stripe key (masked)', fields: { entry_type: 'stripe_key', secret: `sk_live_${KEY_BODY}`, sensitivity: 'high' } });
    const bank = store.graph.upsertEntity({ name: 'Sparkasse', kind: 'organization', at: 1_000 });
    const fact = store.graph.addFact({ relation: 'debits', statement: `Sparkasse debits account ${IBAN} monthly`, occurred_at: 1_000, confidence: 0.9, participants: [{ entity_id: bank, role: 'subject' }], sources: [memory.id] });
    const thread = store.threads.create(`my key is sk live ${KEY_BODY}`);
    const message = store.messages.insert({ thread_id: thread.id, role: 'user', text: `what is the account ${IBAN} for?`, raw: { question: `what is the account ${IBAN} for?` } });
    await store.flushEmbeddings();
    asOld(store);
    return { frame, obs, unrelated, memory, after, vault, thread, message, fact };
  }

  const finish = (batch = 200, max = 1000): { slices: number; rows: number; changed: number; masked: number } => {
    const t = { slices: 0, rows: 0, changed: 0, masked: 0 };
    for (;;) {
      const r = store.rescrubSlice(DEFAULT_REDACTION, batch);
      t.slices++;
      t.rows += r.rows;
      t.changed += r.changed;
      t.masked += r.masked;
      if (r.done || t.slices >= max) return t;
    }
  };

  it('masks the secret everywhere it was readable, and nothing else', async () => {
    const kept = await keptByOlderDetectors();
    // The set-up holds the leak: readable and found by its digits before the pass.
    expect(readable(store, '0532 0130').sort()).toEqual(['graph_facts', 'memories', 'memory_history', 'messages', 'observations', 'passage_fts', 'passages'].sort());
    expect(readable(store, KEY_BODY).sort()).toEqual(['frames', 'memories', 'memory_history', 'observations', 'passage_fts', 'passages', 'threads'].sort());
    expect(matches(store, '0532 0130')).toEqual(['memory_fts', 'passage_fts', 'passage_trigram']);
    expect(store.rescrubDue).toBe(true);
    const untouched = store.memories.get(kept.after.id);
    const cleanSeq = store.db.prepare('SELECT seq FROM passages WHERE text LIKE ?').pluck().get(`%${CLEAN_LINE}%`);
    expect(cleanSeq).toBeGreaterThan(0);
    const vectorOf = (id: string) => store.db.prepare('SELECT count(*) FROM memory_vec v JOIN memories m ON m.seq = v.seq WHERE m.id = ?').pluck().get(id);
    expect(vectorOf(kept.memory.id)).toBe(1);

    const t = finish(2);
    // The changed memory's vector (made from the secret's text) is gone until it is made again.
    expect(vectorOf(kept.memory.id)).toBe(0);
    expect(vectorOf(kept.after.id)).toBe(1);
    expect(store.memories.get(kept.after.id)).toEqual(untouched);
    expect(t.slices).toBeGreaterThan(3);
    expect(store.rescrubDue).toBe(false);
    expect(store.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(REDACTION_VERSION_KEY)).toBe(String(DETECTORS_VERSION));

    for (const v of [KEY_BODY, '0532 0130', IBAN]) expect(readable(store, v), v).toEqual([]);
    expect(matches(store, '0532 0130')).toEqual([]);
    expect(matches(store, KEY_BODY)).toEqual([]);
    expect(store.passages.search({ query: '0532 0130' })).toEqual([]);
    const found = await store.search({ query: 'account 0532 0130' });
    expect(found.map((r) => r.memory.text).join('\n')).not.toContain('0532');

    // The masked text, markers in place, the rest byte for byte.
    const o = store.observations.get(kept.obs.id)!;
    expect(o.text).toContain('From account: [redacted:iban] - Mandate NWE-55120');
    expect(o.text).toContain('[redacted:stripe_key]');
    expect(o.text.split('\n').slice(0, 4)).toEqual(SCREEN.split('\n').slice(0, 4));
    expect(store.observations.get(kept.unrelated.id)).toEqual(kept.unrelated);
    expect(store.memories.get(kept.memory.id)!.text).toBe('Looked at the direct debit: from account [redacted:iban] (mandate NWE-55120). Stripe key sk live [redacted:stripe_key]');
    expect(store.memories.get(kept.after.id)!.text).toBe('Groceries for the week');
    expect(store.messages.get(kept.message.id)!.text).toBe('what is the account [redacted:iban] for?');
    expect(store.messages.get(kept.message.id)!.raw).toEqual({ question: 'what is the account [redacted:iban] for?' });
    expect(store.graph.fact(kept.fact)!.statement).toBe('Sparkasse debits account [redacted:iban] monthly');
    expect(store.threads.get(kept.thread.id)!.title).toBe('my key is sk live [redacted:stripe_key]');
    expect(store.frames.get(kept.frame.id)!.title).toBe('Stripe key sk live [redacted:stripe_key]');
    expect(store.frameWords.get(kept.frame.id)!.words.map((w) => w.text)).toEqual(['From', 'account:', '[redacted]', '[redacted]', '[redacted]', '[redacted]', '[redacted]', '[redacted]', 'Mandate']);
    // The vault keeps its secret on purpose (masked where it is shown).
    expect(store.memories.get(kept.vault.id, { reveal: true })!.fields).toMatchObject({ secret: `sk_live_${KEY_BODY}` });

    // Still found by its other words, in every index; the screen passage without the key too.
    expect(store.passages.search({ query: 'direct debit third of March' })[0]!.text).toContain(CLEAN_LINE);
    // A passage without the secret is the same row as before (its vector kept); the one with it is new.
    expect(store.db.prepare('SELECT seq FROM passages WHERE text LIKE ?').pluck().get(`%${CLEAN_LINE}%`)).toBe(cleanSeq);
    expect(store.passages.search({ query: 'mandate NWE-55120' })[0]!.text).toContain('[redacted:iban]');
    expect((await store.search({ query: 'direct debit mandate' }))[0]!.memory.id).toBe(kept.memory.id);
    expect(matches(store, 'Mandate')).toEqual(['memory_fts', 'passage_fts', 'passage_trigram']);
    // The next unit's context (its keyword row) no longer carries the secret either.
    expect(store.db.prepare('SELECT count(*) FROM memory_fts WHERE memory_fts MATCH ?').pluck().get('context : "0532"')).toBe(0);

    // Counted, and the changed memory's vector made again from the masked text.
    expect(store.counters.get('redaction.rescrub.masked')).toBe(t.masked);
    expect(t.masked).toBeGreaterThanOrEqual(10);
    await store.flushEmbeddings();
    expect(vectorOf(kept.memory.id)).toBe(1);
    expect(store.db.prepare('SELECT count(*) FROM memories WHERE embedded = 0').pluck().get()).toBe(0);
    expect(store.pendingPassageEmbeddings()).toBe(0);
    const structural = store.checkIntegrity();
    expect(structural.ok, JSON.stringify(structural)).toBe(true);
  });

  it('a second run changes nothing: done at once, and a forced run over masked text finds nothing new', async () => {
    const kept = await keptByOlderDetectors();
    finish();
    const before = { obs: store.observations.get(kept.obs.id), mem: store.memories.get(kept.memory.id), passages: store.passages.count() };
    const again = store.rescrubSlice(DEFAULT_REDACTION);
    expect(again).toMatchObject({ done: true, rows: 0, changed: 0, masked: 0 });
    asOld(store);
    const forced = finish();
    expect(forced.rows).toBeGreaterThan(0);
    expect(forced).toMatchObject({ changed: 0, masked: 0 });
    expect({ obs: store.observations.get(kept.obs.id), mem: store.memories.get(kept.memory.id), passages: store.passages.count() }).toEqual(before);
  });

  it('goes on where it stopped: after a restart, and after a batch that failed half way', async () => {
    await keptByOlderDetectors();
    const total = (store.db.prepare("SELECT (SELECT count(*) FROM observations) + (SELECT count(*) FROM frames) + (SELECT count(*) FROM frame_words) + (SELECT count(*) FROM memories WHERE kind <> 'knowledge_vault') + (SELECT count(*) FROM memory_history) + (SELECT count(*) FROM graph_facts) + (SELECT count(*) FROM entities) + (SELECT count(*) FROM messages) + (SELECT count(*) FROM threads) + (SELECT count(*) FROM thread_summaries)").pluck().get() as number);
    let rows = 0;
    for (let i = 0; i < 3; i++) rows += store.rescrubSlice(DEFAULT_REDACTION, 1).rows;
    expect(rows).toBe(3);
    // A restart: the cursor is in the store, not in the process.
    await store.close();
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    expect(store.rescrubDue).toBe(true);
    // A batch that fails half way (the process dies mid-transaction) leaves nothing of itself.
    store.db.exec("CREATE TEMP TRIGGER crash BEFORE UPDATE ON messages BEGIN SELECT RAISE(ABORT, 'crash'); END");
    let threw = false;
    for (let i = 0; i < 100 && !threw; i++) {
      try {
        rows += store.rescrubSlice(DEFAULT_REDACTION, 1).rows;
      } catch {
        threw = true;
      }
    }
    expect(threw).toBe(true);
    expect(readable(store, '0532 0130')).toEqual(['messages']);
    store.db.exec('DROP TRIGGER crash');
    for (let i = 0; i < 100 && store.rescrubDue; i++) rows += store.rescrubSlice(DEFAULT_REDACTION, 1).rows;
    expect(store.rescrubDue).toBe(false);
    // Every row read once, the failed batch's row once more.
    expect(rows).toBe(total);
    expect(readable(store, '0532 0130')).toEqual([]);
  });

  it("respects the user's switches: a category switched off stays as kept", async () => {
    const kept = await keptByOlderDetectors();
    for (let i = 0; i < 100 && store.rescrubDue; i++) store.rescrubSlice({ ...DEFAULT_REDACTION, bank_accounts: false }, 10_000);
    expect(store.rescrubDue).toBe(false);
    expect(store.observations.get(kept.obs.id)!.text).toContain(`From account: ${IBAN}`);
    expect(readable(store, KEY_BODY)).toEqual([]);
  });

  it('leaves a memory the user edited by hand as they wrote it, history too: what they typed there is theirs', async () => {
    const kept = await keptByOlderDetectors();
    const note = store.memories.insert({ kind: 'semantic', title: 'Garage', text: 'Garage gate: ask Ana.' });
    store.memories.update(note.id, { text: `Garage gate code is 8812; shop key sk live ${KEY_BODY}.` }, EDITED_BY_USER);
    store.memories.update(note.id, { title: 'Garage gate' }, EDITED_BY_USER);
    asOld(store);
    finish();
    expect(store.memories.get(note.id)!.text).toBe(`Garage gate code is 8812; shop key sk live ${KEY_BODY}.`);
    expect(JSON.stringify(store.memories.history(note.id, { reveal: true }))).toContain(KEY_BODY);
    // The rest of what was kept is masked as before.
    expect(store.memories.get(kept.memory.id)!.text).not.toContain(KEY_BODY);
    expect(store.observations.get(kept.obs.id)!.text).not.toContain(KEY_BODY);
  });

  it('a new store starts at the current detectors: nothing to re-scrub', async () => {
    expect(store.rescrubDue).toBe(false);
    expect(store.rescrubSlice(DEFAULT_REDACTION)).toMatchObject({ done: true, rows: 0 });
    // One that holds text without a recorded generation was written before they were counted.
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: 1, app: null, title: null, url: null, text: 'x', caption: null });
    store.db.prepare('DELETE FROM meta WHERE key = ?').run(REDACTION_VERSION_KEY);
    await store.close();
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    expect(store.rescrubDue).toBe(true);
  });
});
