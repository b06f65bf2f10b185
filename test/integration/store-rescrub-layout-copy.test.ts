/**
 * trust54: a short vault value that only a screen's layout gives as a value (a form in columns OCR
 * read a row at a time) is masked at the copy under or beside its label, not at every copy on the
 * screen: "Room 9316" elsewhere on the same screen is another thing that happens to share the digits.
 * Real encrypted store, the re-scrub a vault write starts.
 */
import { describe, expect, it } from 'vitest';
import { redactionSwitches } from '../../agents/meta/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { openTempStore, removeTempStore } from '../helpers/temp-store.js';

const T = Date.parse('2025-04-08T10:00:00Z');
const M = '[redacted:password]';

/** A screen of words at [x, y], one row per y; the text as OCR reads it, row by row with single spaces. */
function screen(store: EngramStore, cells: [string, number, number][], text?: string) {
  const frame = store.frames.insert({ display: 'main', captured_at: T, width: 1000, height: 600, phash: '0', app: 'Gym', title: 'Members', url: null }, Buffer.from('pixels'));
  store.frameWords.put(frame.id, { width: 1000, height: 600, words: cells.map(([t, x, y]) => ({ text: t, x0: x, y0: y, x1: x + t.length * 9, y1: y + 14, confidence: 90 })) });
  const rows = [...new Set(cells.map(([, , y]) => y))].sort((a, b) => a - b);
  const read = text ?? rows.map((y) => cells.filter(([, , cy]) => cy === y).sort((a, b) => a[1] - b[1]).map(([t]) => t).join(' ')).join('\n');
  return { frame, obs: store.observations.insert({ kind: 'screen', frame_id: frame.id, audio_id: null, display: 'main', observed_at: T, app: 'Gym', title: 'Members', url: null, text: read, caption: null }) };
}

const vaultPin = (store: EngramStore) =>
  store.memories.insert({ kind: 'knowledge_vault', title: 'Gym locker', text: 'Gym locker', fields: { entry_type: 'pin', source: 'user', sensitivity: 'high', secret: '9316' }, occurred_at: T + 60_000 });

async function scrubbed<T>(prefix: string, fill: (store: EngramStore) => T, check: (store: EngramStore, kept: T) => void): Promise<void> {
  const { dir, store } = await openTempStore(prefix);
  try {
    const kept = fill(store);
    vaultPin(store);
    let slices = 0;
    while (!store.rescrubSlice(redactionSwitches(store), 100).done) expect(++slices).toBeLessThan(50);
    check(store, kept);
  } finally {
    await removeTempStore(store, dir);
  }
}

describe('a short vault value given by layout alone is masked where its label gives it', () => {
  it('the copy under "Locker" is masked; "Room 9316" on the same screen stays, in the text and in the words', async () => {
    await scrubbed(
      'engram-layout-copy-',
      (store) => screen(store, [['Room', 20, 10], ['9316', 70, 10], ['booked', 120, 10], ['Locker', 20, 40], ['Floor', 300, 40], ['9316', 20, 62], ['3', 300, 62]]),
      (store, { obs, frame }) => {
        expect(store.observations.get(obs.id)!.text).toBe(`Room 9316 booked\nLocker Floor\n${M} 3`);
        expect(store.frameWords.get(frame.id)!.words.map((w) => w.text)).toEqual(['Room', '9316', 'booked', 'Locker', 'Floor', '[redacted]', '3']);
      },
    );
  });

  it('the labelled copy first in the text and the other after it: each word found in its turn', async () => {
    await scrubbed(
      'engram-layout-copy-after-',
      (store) => screen(store, [['Locker', 20, 40], ['Floor', 300, 40], ['9316', 20, 62], ['3', 300, 62], ['Room', 20, 120], ['9316', 70, 120]]),
      (store, { obs, frame }) => {
        expect(store.observations.get(obs.id)!.text).toBe(`Locker Floor\n${M} 3\nRoom 9316`);
        expect(store.frameWords.get(frame.id)!.words.map((w) => w.text)).toEqual(['Locker', 'Floor', '[redacted]', '3', 'Room', '9316']);
      },
    );
  });

  it('where the words cannot be placed in the text (read otherwise), every whole copy is masked, as with no boxes', async () => {
    await scrubbed(
      'engram-layout-copy-unplaced-',
      (store) => screen(store, [['Locker', 20, 40], ['Floor', 300, 40], ['9316', 20, 62], ['3', 300, 62]], 'Floor 3 for room 9316; 9316'),
      (store, { obs }) => {
        expect(store.observations.get(obs.id)!.text).not.toContain('9316');
      },
    );
  });
});
