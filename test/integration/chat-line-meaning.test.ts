/**
 * The learned chooser of the lead line (line-ranker) reads how close the question is to each
 * candidate line by the store's embedder: measured by the chat service before the offline answer,
 * only where the hand-written lead is open to the chooser ("I don't know" or a guess) or the caller
 * asks why; a sure lead never pays for embedding the lines. The meaning is a table (the real
 * encoder's judgement is not what is tested here); the screens are made up.
 */
import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { ChatService } from '../../agents/chat/index.js';
import { ChatLeadExplainSchema } from '../../shared/api/index.js';
import { MeaningTableEmbedder } from '../fakes/meaning-table-embedder.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const AT = Date.parse('2026-11-05T08:00:00Z');
const TITLE = 'Booking confirmed — WarmHome';
const LINES = ['Boiler service booking', 'Call-out charge: £80', 'Re-visit fee: £45', 'Technician: Ola Berg'];
/** A store with the booking screen, measured by `embedder` (each describe its own: measured vectors are kept per embedder id for the process). */
function bookingStore(embedder: MeaningTableEmbedder) {
  const box: { store?: EngramStore } = {};
  tempStoreEachTest('engram-chat-line-meaning-', async (t) => {
    box.store = t.store;
    const frame = t.store.frames.insert({ display: 'main', captured_at: AT, width: 1280, height: 800, phash: '0', app: 'Chromium', title: TITLE, url: null }, Buffer.from('pixels'));
    const o = t.store.observations.insert({ kind: 'screen', frame_id: frame.id, audio_id: null, display: 'main', observed_at: AT, app: 'Chromium', title: TITLE, url: null, text: LINES.join('\n'), caption: null });
    t.store.memories.insert({ kind: 'episodic', title: `Browsed "${TITLE}"`, text: 'Booked a boiler service with WarmHome', occurred_at: AT, provenance: [{ source_type: 'observation', source_id: o.id }] });
    await t.store.flushEmbeddings();
  }, { embedder });
  return {
    chat: () => new ChatService({ store: box.store!, llm: new OfflineProvider(), recommender: storeRecommender(box.store!), now: () => AT + 86_400_000, timeZone: 'UTC' }),
    linesAsked: () => embedder.asked.filter((t) => LINES.includes(t)),
  };
}

describe('asked why, the chooser measures the lines by meaning', () => {
  const embedder = new MeaningTableEmbedder([/second check|re-visit/i]);
  const { chat, linesAsked } = bookingStore(embedder);

  it('each candidate line carries its closeness to the question', async () => {
    const turn = await chat().ask({ text: 'What does a second check on the boiler cost?', explain: true });
    const ex = ChatLeadExplainSchema.parse(turn.explain);
    const near = ex.feature_names.indexOf('meaning_line');
    expect(ex.candidates.find((c) => c.text === 'Re-visit fee: £45')!.features[near]).toBeCloseTo(1);
    expect(ex.candidates.find((c) => c.text === 'Technician: Ola Berg')!.features[near]).toBeLessThan(0.5);
    expect(linesAsked().length).toBeGreaterThan(0);
  });
});

describe('a sure lead', () => {
  const embedder = new MeaningTableEmbedder([/technician/i, /engineer/i]);
  const { chat, linesAsked } = bookingStore(embedder);

  it('does not embed the lines', async () => {
    const turn = await chat().ask({ text: 'Who is the technician for the boiler service?' });
    expect(turn.answer.split('\n')[0]).toMatch(/Ola Berg/);
    expect(linesAsked()).toEqual([]);
  });
});
