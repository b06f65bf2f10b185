/**
 * A sign-in code is masked wherever it is seen but never kept as a vault entry (redteam56): it
 * expires within minutes, so an entry only keeps one more secret to guard. Checked on each way a
 * secret reaches the vault: capture's hand-over, a screen's markers read by the brain, the user's
 * own chat, and the re-scrub of text kept before the detectors knew the shape. A card beside the
 * code is still kept, so the vault still works.
 */
import { describe, expect, it } from 'vitest';
import { REDACTION_VERSION_KEY, type EngramStore } from '../../agents/store/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain, type Brain } from '../../agents/meta/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const T = Date.parse('2026-11-03T09:00:00Z');

describe('one-time codes: masked, not kept', () => {
  let store: EngramStore;
  let brain: Brain;
  tempStoreEachTest('engram-otp-', (t) => {
    store = t.store;
    brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC' });
    return () => brain.stop();
  });

  const vaultTypes = (): string[] =>
    store.memories
      .list({ kinds: ['knowledge_vault'], limit: 100, includeSuperseded: true })
      .map((m) => String(m.fields.entry_type))
      .sort();
  const everything = (): string => JSON.stringify([store.memories.list({ limit: 1000, includeSuperseded: true }), store.observations.list({ limit: 1000 })]);

  it("capture's hand-over keeps the card and drops the code", async () => {
    const o = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: T, app: 'Firefox', title: 'Confirm payment', url: null, text: 'Card [redacted:card]\nEnter the code we sent: [redacted:one_time_code]', caption: null });
    const ids = await brain.recordRedacted(o.id, [
      { kind: 'card', value: '5555555555554444', label: 'Card' },
      { kind: 'one_time_code', value: '318 604', label: null },
    ]);
    expect(ids).toHaveLength(1);
    expect(vaultTypes()).toEqual(['card']);
  });

  it('a screen whose only secret is a code gets no marker-only entry from the brain', async () => {
    const o = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: T, app: 'Messages', title: 'Messages', url: null, text: 'Kestrel Bank: [redacted:one_time_code] is your login code. Do not share it.', caption: null });
    brain.ingestObservations([o]);
    await brain.flush();
    expect(vaultTypes()).toEqual([]);
  });

  it("the user's chat: the code is masked in the message and not kept", async () => {
    const thread = store.threads.create('bank', T);
    const text = 'the bank texted "your verification code: 771 905", should I type it into the site?';
    store.messages.insert({ thread_id: thread.id, role: 'user', text, raw: { role: 'user', content: text }, created_at: T });
    await brain.ingestMessages(thread.id);
    expect(vaultTypes()).not.toContain('one_time_code');
    expect(JSON.stringify(store.memories.list({ limit: 100 }))).not.toContain('771 905');
  });

  it('the re-scrub masks a code kept in clear and keeps no entry for it', async () => {
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: T, app: 'Messages', title: 'Messages', url: null, text: '240586 is your Harbor Credit Union security code\nCard 4111 1111 1111 1111', caption: null });
    store.db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(REDACTION_VERSION_KEY, '0');
    const r = await brain.rescrub();
    expect(r.done).toBe(true);
    expect(everything()).not.toContain('240586');
    expect(vaultTypes()).toEqual(['card']);
  });
});
