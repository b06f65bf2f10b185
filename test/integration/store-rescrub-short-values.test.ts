/**
 * The re-scrub and short vault values (trust52): a PIN or a one-word password the user keeps in the
 * vault, added after the text that quotes it was kept, is masked by the background pass where that
 * text gives it as a value (the label after it, on the line above it, or before it), as every prompt
 * is cut; the same digits in unrelated text stay. Made-up notes, written apart from the rule.
 */
import { describe, expect, it } from 'vitest';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain, type Brain } from '../../agents/meta/index.js';
import { REDACTION_VERSION_KEY, type EngramStore } from '../../agents/store/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const T = Date.parse('2025-04-08T10:00:00Z');
const M = '[redacted:password]';
const oldGeneration = (store: EngramStore) => store.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('1', REDACTION_VERSION_KEY);

describe('re-scrub: short vault values added later are masked where kept text gives them', () => {
  let store: EngramStore;
  let brain: Brain;
  tempStoreEachTest('engram-rescrub-short-', (t) => {
    store = t.store;
    brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', tickMs: 3_600_000 });
    return () => brain.stop();
  });

  it('the label after the value, the label above it, a screen and its words; unrelated digits stay', async () => {
    const after = store.memories.insert({ kind: 'episodic', title: 'Gym', text: 'Remember 9316 is the gym locker combination now', occurred_at: T });
    const plain = store.memories.insert({ kind: 'episodic', title: 'Trip', text: 'We stayed in room 9316 on the ninth floor', occurred_at: T });
    const thread = store.threads.create('gym', T);
    const card = store.messages.insert({ thread_id: thread.id, role: 'user', text: 'Locker\n9316', raw: {}, created_at: T });
    const frame = store.frames.insert({ display: 'main', captured_at: T, width: 800, height: 600, phash: '0', app: 'Notes', title: 'Gym', url: null }, Buffer.from('pixels'));
    const words = ['Gym', 'locker', '9316', 'Room', '9316'];
    store.frameWords.put(frame.id, { width: 800, height: 600, words: words.map((text, i) => ({ text, x0: 10 + i * 80, y0: 40, x1: 70 + i * 80, y1: 54, confidence: 90 })) });
    const obs = store.observations.insert({ kind: 'screen', frame_id: frame.id, audio_id: null, display: 'main', observed_at: T, app: 'Notes', title: 'Gym', url: null, text: 'Gym locker: 9316\nRoom 9316', caption: null });
    // Kept to the vault later, by hand: a short value under its title.
    store.memories.insert({ kind: 'knowledge_vault', title: 'Gym locker', text: 'Gym locker', fields: { entry_type: 'pin', source: 'user', sensitivity: 'high', secret: '9316' }, occurred_at: T + 60_000 });
    oldGeneration(store);

    const r = await brain.rescrub();
    expect(r.done).toBe(true);
    expect(store.memories.get(after.id)!.text).toBe(`Remember ${M} is the gym locker combination now`);
    expect(store.messages.get(card.id)!.text).toBe(`Locker\n${M}`);
    expect(store.observations.get(obs.id)!.text).toBe(`Gym locker: ${M}\nRoom 9316`);
    // The words read as one text give the value once; in a screen's boxes every copy of it is hidden.
    expect(store.frameWords.get(frame.id)!.words.map((w) => w.text)).toEqual(['Gym', 'locker', '[redacted]', 'Room', '[redacted]']);
    expect(store.memories.get(plain.id)!.text).toBe('We stayed in room 9316 on the ninth floor');
    // Already in the vault: not kept a second time.
    expect(store.memories.list({ kinds: ['knowledge_vault'], limit: 10 })).toHaveLength(1);
  });
});
