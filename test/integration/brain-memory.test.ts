/**
 * The brain against the real store: newer facts supersede older ones (kept in history), vault
 * masking, crash-safe processing with recovery at start, live ingestion from store events, and
 * session summaries when a segment collapses.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { StaticKeyProvider, openStore, type EngramStore } from '../../agents/store/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain, type Brain } from '../../agents/meta/index.js';
import { SCENARIOS } from '../fixtures/agents/labelled-streams.js';
import { loadScenario } from '../fixtures/agents/load-scenarios.js';
import { BRAIN_SETTINGS_KEY, BrainSettingsSchema, CAPTURE_SETTINGS_KEY, defaultBrainSettings } from '../../shared/settings/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const T = Date.parse('2025-03-03T09:00:00Z');

describe('brain with the store', () => {
  let store: EngramStore;
  let brain: Brain;
  tempStoreEachTest('engram-brain-', (t) => {
    store = t.store;
    brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC' });
    return () => brain.stop();
  });

  async function say(text: string, at: number): Promise<string[]> {
    const thread = store.threads.create('Notes', at);
    store.messages.insert({ thread_id: thread.id, role: 'user', text, raw: { role: 'user', content: text }, created_at: at });
    return (await brain.ingestMessages(thread.id)).memory_ids;
  }

  it('a newer fact supersedes the older one, which stays in history', async () => {
    await say('My manager is Ana Lima.', T);
    const [ana] = store.memories.list({ kinds: ['semantic'], limit: 5 });
    expect(ana!.text).toBe("Ana Lima is the user's manager.");
    await say('My manager is now Bruno Costa.', T + 86_400_000);
    const active = store.memories.list({ kinds: ['semantic'], limit: 5 });
    expect(active.map((m) => m.text)).toEqual(["Bruno Costa is the user's manager."]);
    const old = store.memories.get(ana!.id)!;
    expect(old.superseded_by).toBe(active[0]!.id);
    expect(store.memories.history(ana!.id)[0]!.snapshot.text).toBe("Ana Lima is the user's manager.");
    const hits = await store.search({ query: "who is the user's manager", limit: 3 });
    expect(hits[0]!.memory.id).toBe(active[0]!.id);
  });

  it('core: the newer value of a key wins in the block; the old block is in history', async () => {
    await say('I live in Lisbon. I love jazz.', T);
    await say('I moved to Berlin. I love jazz.', T + 1000);
    const [human] = brain.coreBlocks();
    expect(human!.value).toBe('- Lives in: Berlin\n- Likes: jazz');
    const hist = store.memories.history(human!.id);
    expect(hist[0]!.snapshot.text).toBe('- Lives in: Lisbon\n- Likes: jazz');
    // Saying the same again changes no text; the block only cites the new message too.
    await say('I love jazz.', T + 2000);
    expect(brain.coreBlocks()[0]!.value).toBe('- Lives in: Berlin\n- Likes: jazz');
    expect(store.memories.history(human!.id)[0]!.reason).toBe('cited again');
    expect(store.memories.provenance(human!.id)).toHaveLength(3);
  });

  it('keeps chat secrets masked in the vault and out of every other memory', async () => {
    const ids = await say('The alarm code pin: 4412-9 and my api key is sk-proj-abcdefghijklmnopqrstuvwx1234', T);
    const vault = store.memories.list({ kinds: ['knowledge_vault'], limit: 5 }).sort((a, b) => String(a.fields.entry_type).localeCompare(String(b.fields.entry_type)));
    expect(vault.map((m) => [m.fields.entry_type, m.fields.sensitivity, m.fields.secret])).toEqual([
      ['openai_key', 'high', '••••••••'],
      ['password', 'high', '••••••••'],
    ]);
    const revealed = vault.map((m) => store.memories.get(m.id, { reveal: true })!.fields.secret);
    expect(revealed).toEqual(['sk-proj-abcdefghijklmnopqrstuvwx1234', '4412-9']);
    for (const id of ids) {
      const m = store.memories.get(id)!;
      if (m.kind !== 'knowledge_vault') expect(JSON.stringify(m)).not.toMatch(/4412-9|sk-proj-abc/);
    }
  });

  it('chat follows the redaction switches: no card taken to the vault when card redaction is off, an email taken out of notes into the vault when email redaction is on', async () => {
    store.settings.set(CAPTURE_SETTINGS_KEY, { redaction: { cards: false, emails: true } });
    const ids = await say('My manager is Ana Lima. Her card is 4242 4242 4242 4242 and her address is ana.lima@acme.com, pin: 4412-9', T);
    const memories = ids.map((id) => store.memories.get(id, { reveal: true })!);
    const vault = memories.filter((m) => m.kind === 'knowledge_vault');
    expect(vault.map((m) => m.fields.entry_type).sort()).toEqual(['email', 'password']);
    expect(vault.find((m) => m.fields.entry_type === 'email')!.fields.secret).toBe('ana.lima@acme.com');
    const notes = JSON.stringify(memories.filter((m) => m.kind !== 'knowledge_vault'));
    expect(notes).toContain("Ana Lima is the user's manager");
    expect(notes).not.toMatch(/ana\.lima@acme\.com|4412-9/);

    // Defaults again: the card is redacted from notes and kept in the vault.
    store.settings.set(CAPTURE_SETTINGS_KEY, {});
    const again = (await say('My manager is Cara Diaz. Card for travel: 5555 5555 5555 4444', T + 60_000)).map((id) => store.memories.get(id, { reveal: true })!);
    expect(again.find((m) => m.kind === 'knowledge_vault' && m.fields.entry_type === 'card')!.fields.secret).toBe('5555 5555 5555 4444');
    expect(JSON.stringify(again.filter((m) => m.kind !== 'knowledge_vault'))).not.toContain('5555 5555');
  });

  it('stores redacted secrets handed over by capture, merging the marker-only entry', async () => {
    const l = loadScenario(store, SCENARIOS[2]!); // checkout with [redacted:card]
    brain.ingestObservations(l.observations);
    await brain.flush();
    const before = store.memories.list({ kinds: ['knowledge_vault'], limit: 5 });
    expect(before).toHaveLength(1);
    const ids = await brain.recordRedacted(l.observations[0]!.id, [{ kind: 'card', value: '4242424242424242', label: 'Card number' }]);
    expect(ids).toEqual([before[0]!.id]);
    const m = store.memories.get(before[0]!.id, { reveal: true })!;
    expect(m.fields.secret).toBe('4242424242424242');
    expect(store.memories.get(before[0]!.id)!.fields.secret).toBe('••••••••');
  });

  it('keeps an email address capture redacted (email redaction on), masked, in a sentence that reads', async () => {
    const o = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: T, app: 'Thunderbird', title: 'Inbox', url: null, text: 'From: Ana Lima [redacted:email]', caption: null });
    const [id] = await brain.recordRedacted(o.id, [{ kind: 'email', value: 'ana.lima@acme.com', label: null }]);
    const m = store.memories.get(id!)!;
    expect(m.text).toMatch(/^An email address was on screen in Thunderbird on /);
    expect(m.fields).toMatchObject({ entry_type: 'email', sensitivity: 'low' });
    expect(m.fields.secret).not.toContain('ana.lima');
    expect(store.memories.get(id!, { reveal: true })!.fields.secret).toBe('ana.lima@acme.com');
  });

  it('a bare link seen in chat gets its page title when the page itself is seen', async () => {
    await say('Look at https://example.org/atlas-roadmap later', T);
    const [r0] = store.memories.list({ kinds: ['resource'], limit: 5 });
    expect(r0!.title).toBe('example.org/atlas-roadmap');
    const o = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: T + 60_000, app: 'Firefox', title: 'Atlas roadmap — Mozilla Firefox', url: 'https://example.org/atlas-roadmap/', text: 'Atlas roadmap Q3', caption: null });
    brain.ingestObservations(o);
    await brain.flush();
    const list = store.memories.list({ kinds: ['resource'], limit: 5 });
    expect(list).toHaveLength(1);
    expect(list[0]!.title).toBe('Atlas roadmap');
    expect(store.memories.provenance(list[0]!.id)).toHaveLength(2);
  });

  it('the chat-episode gap follows the segment collapse setting on its next use, no restart', async () => {
    const episodes = () => store.memories.list({ kinds: ['episodic'], limit: 50 }).filter((m) => m.fields.event_type === 'conversation' || m.fields.event_type === 'note');
    const H = 3_600_000;
    const note = async (title: string, text: string, at: number) => {
      const thread = store.threads.create(title, at);
      store.messages.insert({ thread_id: thread.id, role: 'user', text, raw: { role: 'user', content: text }, created_at: at });
      await brain.ingestMessages(thread.id);
    };
    // Default gap 120 min: two notes on one subject 90 min apart are one episode.
    await note('Offsite agenda', 'I drafted the offsite agenda for the design team.', T);
    await note('Offsite agenda', 'I added the venue options.', T + 1.5 * H);
    expect(episodes()).toHaveLength(1);
    // The user lowers the gap to 60 min in Settings → Brain: the next two, 90 min apart, are two episodes.
    const s = store.settings.get(BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings());
    store.settings.set(BRAIN_SETTINGS_KEY, { ...s, segment_collapse_min: 60 });
    await note('Hiring plan', 'I wrote the hiring plan for the support team.', T + 6 * H);
    await note('Hiring plan', 'I added the interview rubric.', T + 7.5 * H);
    expect(episodes()).toHaveLength(3);
  });
});

describe('crash safety and live ingestion', () => {
  let store: EngramStore;
  tempStoreEachTest('engram-brain-crash-', (t) => {
    store = t.store;
  });

  it('a crash mid-batch loses nothing: sources stay unprocessed and are taken up at start, without duplicates', async () => {
    // Reference: the same streams processed cleanly in another store.
    const refDir = mkdtempSync(join(tmpdir(), 'engram-brain-ref-'));
    const ref = await openStore({ dataDir: refDir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    const refBrain = createBrain({ store: ref, llm: new OfflineProvider(), timeZone: 'UTC' });
    for (const sc of SCENARIOS.slice(0, 5)) {
      refBrain.ingestObservations(loadScenario(ref, sc).observations);
      await refBrain.flush();
    }
    const want = ref.memories.list({ limit: 1000 }).map((m) => `${m.kind}|${m.title}`).sort();
    await ref.close();
    rmSync(refDir, { recursive: true, force: true });

    // The store "dies" after a few writes: every later write throws, as after a crash.
    let writes = 0;
    const insert = store.memories.insert.bind(store.memories);
    store.memories.insert = ((m) => {
      if (++writes > 4) throw new Error('simulated crash');
      return insert(m);
    }) as typeof store.memories.insert;
    const dying = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC' });
    const obs = SCENARIOS.slice(0, 5).flatMap((sc) => loadScenario(store, sc).observations);
    dying.ingestObservations(obs);
    await expect(dying.flush()).rejects.toThrow('simulated crash');
    await dying.meta.idle().catch(() => undefined);
    expect(store.observations.listUnprocessed(100).length).toBeGreaterThan(0);
    store.memories.insert = insert;

    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC' });
    await brain.start();
    await brain.stop();
    expect(store.observations.listUnprocessed(100)).toHaveLength(0);
    expect(store.memories.list({ limit: 1000 }).map((m) => `${m.kind}|${m.title}`).sort()).toEqual(want);
  });

  it('a full disk defers a batch instead of stranding it: retried on the timer, and by flush() once space is back', async () => {
    const { StoreError } = await import('../../agents/store/index.js');
    let full = true;
    const insert = store.memories.insert.bind(store.memories);
    store.memories.insert = ((m) => {
      if (full) throw new StoreError('DISK_FULL', 'writing a memory: the disk is full');
      return insert(m);
    }) as typeof store.memories.insert;
    let now = T;
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', now: () => now });
    const obs = SCENARIOS.slice(0, 2).flatMap((sc) => loadScenario(store, sc).observations);
    brain.ingestObservations(obs);
    // While full: no rejection, nothing processed, nothing lost, the reason is kept.
    const report = await brain.flush();
    expect(report.deferred).toBeGreaterThan(0);
    expect(store.observations.listUnprocessed(100)).toHaveLength(obs.length);
    expect(brain.status().last_error).toMatch(/disk is full/);
    // Still full at the retry: deferred again, no throw from the timer.
    now += 3_000;
    brain.meta.tick();
    await brain.meta.idle();
    expect(store.observations.listUnprocessed(100)).toHaveLength(obs.length);
    // Space is back: the timer's retry takes them all up.
    full = false;
    now += 3_000;
    brain.meta.tick();
    await brain.meta.idle();
    expect(store.observations.listUnprocessed(100)).toHaveLength(0);
    expect(store.memories.list({ limit: 100 }).length).toBeGreaterThan(0);
    // Full again for a new batch; space returns before its retry time: flush() does not wait for it.
    full = true;
    const more = SCENARIOS.slice(2, 3).flatMap((sc) => loadScenario(store, sc).observations);
    brain.ingestObservations(more);
    expect((await brain.flush()).deferred).toBeGreaterThan(0);
    expect(store.observations.listUnprocessed(100)).toHaveLength(more.length);
    full = false;
    await brain.flush();
    expect(store.observations.listUnprocessed(100)).toHaveLength(0);
    store.memories.insert = insert;
  });

  it('start() listens to the store: 20 observations flush on their own', async () => {
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC' });
    await brain.start();
    for (let i = 0; i < 20; i++) {
      store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: T + i * 10_000, app: 'Obsidian', title: 'Atlas notes.md - Obsidian', url: null, text: `Atlas notes line ${i}`, caption: null });
    }
    await brain.meta.idle();
    expect(store.observations.listUnprocessed(100)).toHaveLength(0);
    expect(store.memories.list({ kinds: ['episodic'], limit: 5 }).map((m) => m.title)).toEqual(['Edited Atlas notes.md in Obsidian']);
    expect(brain.status()).toMatchObject({ mode: 'offline', running: true, buffered: 0 });
    await brain.stop();
    expect(brain.status().running).toBe(false);
  });

  it('stop() leaves buffered observations unprocessed for the next start', async () => {
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC' });
    await brain.start();
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: T, app: 'Obsidian', title: 'a.md - Obsidian', url: null, text: 'a', caption: null });
    expect(brain.status().buffered).toBe(1);
    await brain.stop();
    expect(store.observations.listUnprocessed(10)).toHaveLength(1);
    const next = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC' });
    expect((await next.start()).observations).toBe(1);
    await next.stop();
  });

  it('sums a collapsed segment up as one session episode', async () => {
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', settings: { segment_collapse_min: 60 } });
    for (const sc of SCENARIOS.slice(0, 2)) brain.ingestObservations(loadScenario(store, sc).observations);
    // Three hours later: the segment collapses.
    brain.ingestObservations(store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: Date.parse('2025-03-03T14:00:00Z'), app: 'Obsidian', title: 'x.md - Obsidian', url: null, text: 'x', caption: null }));
    await brain.flush();
    const session = store.memories.list({ kinds: ['episodic'], limit: 10 }).find((m) => m.fields.event_type === 'session')!;
    expect(session.title).toBe('Session Mon 3 Mar 2025 10:02–10:51');
    expect(session.text).toContain('Edited budget.xlsx in LibreOffice Calc (35 min)');
    expect(store.memories.provenance(session.id)).toHaveLength(12);
  });
});
