/**
 * A value put into the vault starts a pass over what was kept before it (trust53): a note "9316 is
 * the gym locker code" kept, then the PIN vaulted, no longer keeps 9316 in clear until some later
 * pass ran for another reason. Real encrypted stores; made-up notes, screens and threads.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain, redactionSwitches } from '../../agents/meta/index.js';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { openTempStore, removeTempStore } from '../helpers/temp-store.js';

const T = Date.parse('2025-04-08T10:00:00Z');
const M = '[redacted:password]';

/** Text that quotes the PIN as a value, kept before the PIN is vaulted: a note, a screen with its caption and words, a thread. */
function keepBefore(store: EngramStore) {
  const note = store.memories.insert({ kind: 'episodic', title: 'Gym', text: '9316 is the gym locker code', occurred_at: T });
  const plain = store.memories.insert({ kind: 'episodic', title: 'Trip', text: 'We stayed in room 9316 on the ninth floor', occurred_at: T });
  const router = store.memories.insert({ kind: 'episodic', title: 'Router', text: 'Set the router login to Qv7-Tarn-8841-mole today', occurred_at: T });
  const frame = store.frames.insert({ display: 'main', captured_at: T, width: 800, height: 600, phash: '0', app: 'Notes', title: 'Gym', url: null }, Buffer.from('pixels'));
  store.frameWords.put(frame.id, { width: 800, height: 600, words: ['Locker', 'code', '9316'].map((text, i) => ({ text, x0: 10 + i * 80, y0: 40, x1: 70 + i * 80, y1: 54, confidence: 90 })) });
  const obs = store.observations.insert({ kind: 'screen', frame_id: frame.id, audio_id: null, display: 'main', observed_at: T, app: 'Notes', title: 'Gym', url: null, text: 'Locker code 9316', caption: 'A note that says the locker code is 9316' });
  const thread = store.threads.create('What is my locker code 9316', T);
  return { note, plain, router, frame, obs, thread };
}

const vaultPin = (store: EngramStore) =>
  store.memories.insert({ kind: 'knowledge_vault', title: 'Gym locker', text: 'Gym locker', fields: { entry_type: 'pin', source: 'user', sensitivity: 'high', secret: '9316' }, occurred_at: T + 60_000 });
const vaultLogin = (store: EngramStore) =>
  store.memories.insert({ kind: 'knowledge_vault', title: 'Router login', text: 'Router login', fields: { entry_type: 'password', source: 'user', sensitivity: 'high', secret: 'Qv7-Tarn-8841-mole' }, occurred_at: T + 60_000 });

describe('a vault write marks kept text for a re-scrub', () => {
  it('the value is cut from notes, screens, their caption and words, and thread titles; unrelated digits stay', async () => {
    const { dir, store } = await openTempStore('engram-vault-write-');
    try {
      const k = keepBefore(store);
      expect(store.rescrubDue).toBe(false);
      vaultPin(store);
      vaultLogin(store);
      expect(store.rescrubDue).toBe(true);
      let slices = 0;
      while (!store.rescrubSlice(redactionSwitches(store), 100).done) expect(++slices).toBeLessThan(50);
      expect(store.rescrubDue).toBe(false);
      expect(store.memories.get(k.note.id)!.text).toBe(`${M} is the gym locker code`);
      expect(store.memories.get(k.router.id)!.text).toBe(`Set the router login to ${M} today`);
      const o = store.observations.get(k.obs.id)!;
      expect(o.text).toBe(`Locker code ${M}`);
      expect(o.caption).toBe(`A note that says the locker code is ${M}`);
      expect(store.frameWords.get(k.frame.id)!.words.map((w) => w.text)).toEqual(['Locker', 'code', '[redacted]']);
      expect(store.threads.get(k.thread.id)!.title).toBe(`What is my locker code ${M}`);
      expect(store.memories.get(k.plain.id)!.text).toBe('We stayed in room 9316 on the ninth floor');
    } finally {
      await removeTempStore(store, dir);
    }
  });

  it('the same value seen again starts no pass; a pass stopped midway resumes after a restart', async () => {
    const key = randomBytes(32);
    const first = await openTempStore('engram-vault-write-crash-', { key });
    let store = first.store;
    try {
      const k = keepBefore(store);
      vaultPin(store);
      // One row, then the process ends: the mark is gone, the cursor holds the place.
      expect(store.rescrubSlice(redactionSwitches(store), 1).done).toBe(false);
      await store.close();
      store = await openStore({ dataDir: first.dir, keyProvider: new StaticKeyProvider(key), embedder: null });
      expect(store.rescrubDue).toBe(true);
      expect(store.memories.get(k.note.id)!.text).toBe('9316 is the gym locker code');
      let slices = 0;
      while (!store.rescrubSlice(redactionSwitches(store), 1).done) expect(++slices).toBeLessThan(200);
      expect(store.memories.get(k.note.id)!.text).toBe(`${M} is the gym locker code`);
      expect(store.threads.get(k.thread.id)!.title).toBe(`What is my locker code ${M}`);
      // Capture meeting the same value again under the same name: nothing new to look for.
      vaultPin(store);
      expect(store.rescrubDue).toBe(false);
    } finally {
      await removeTempStore(store, first.dir);
    }
  });

  it('a form in columns OCR read a row at a time: the value under its label is cut by the word boxes, one under another label is not', async () => {
    const { dir, store } = await openTempStore('engram-vault-write-columns-');
    try {
      const form = (cells: [string, number, number][]) => {
        const frame = store.frames.insert({ display: 'main', captured_at: T, width: 800, height: 600, phash: '0', app: 'Gym', title: 'Members', url: null }, Buffer.from('pixels'));
        store.frameWords.put(frame.id, { width: 800, height: 600, words: cells.map(([text, x, y]) => ({ text, x0: x, y0: y, x1: x + text.length * 9, y1: y + 14, confidence: 90 })) });
        const text = [0, 1].map((r) => cells.filter(([, , y]) => y === 40 + r * 22).map(([t]) => t).join(' ')).join('\n');
        return { frame, obs: store.observations.insert({ kind: 'screen', frame_id: frame.id, audio_id: null, display: 'main', observed_at: T, app: 'Gym', title: 'Members', url: null, text, caption: null }) };
      };
      const mine = form([['Locker', 20, 40], ['Floor', 300, 40], ['9316', 20, 62], ['3', 300, 62]]);
      const other = form([['Room', 20, 40], ['Floor', 300, 40], ['3', 20, 62], ['9316', 300, 62]]);
      vaultPin(store);
      let slices = 0;
      while (!store.rescrubSlice(redactionSwitches(store), 100).done) expect(++slices).toBeLessThan(50);
      expect(store.observations.get(mine.obs.id)!.text).toBe(`Locker Floor\n${M} 3`);
      expect(store.frameWords.get(mine.frame.id)!.words.map((w) => w.text)).toEqual(['Locker', 'Floor', '[redacted]', '3']);
      expect(store.observations.get(other.obs.id)!.text).toBe('Room Floor\n3 9316');
      expect(store.frameWords.get(other.frame.id)!.words.map((w) => w.text)).toEqual(['Room', 'Floor', '3', '9316']);
    } finally {
      await removeTempStore(store, dir);
    }
  });

  it('with the brain running, the pass runs at once after the write, not at the next tick', async () => {
    const { dir, store } = await openTempStore('engram-vault-write-brain-');
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', tickMs: 3_600_000 });
    try {
      const k = keepBefore(store);
      await brain.start();
      vaultPin(store);
      const until = Date.now() + 10_000;
      while (store.memories.get(k.note.id)!.text.includes('9316') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(store.memories.get(k.note.id)!.text).toBe(`${M} is the gym locker code`);
      // The brain's vault took nothing a second time.
      expect(store.memories.list({ kinds: ['knowledge_vault'], limit: 10 })).toHaveLength(1);
    } finally {
      await brain.stop();
      await removeTempStore(store, dir);
    }
  });
});
