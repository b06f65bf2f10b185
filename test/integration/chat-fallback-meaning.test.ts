/**
 * When the configured model fails before saying anything, chat falls back to the offline answer
 * (issue 30): that answer is the one the offline mode gives, the screen's labels matched to the
 * question by meaning included. The model is a fake Anthropic server that answers HTTP 500; the
 * meaning is a table (the real encoder's judgement is chat-label-meaning's test).
 */
import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { AnthropicProvider, OfflineProvider, type LlmProvider } from '../../agents/llm/index.js';
import { ChatService, NO_MODEL_SENTENCE } from '../../agents/chat/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { MeaningTableEmbedder } from '../fakes/meaning-table-embedder.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { cell, screenOf } from '../helpers/screen-words.js';
import { serverForFile } from '../helpers/server-for-file.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

let fake: FakeAnthropic;
serverForFile(startFakeAnthropic, (s) => (fake = s), { resetEachTest: true });

const AT = Date.parse('2026-11-05T08:00:00Z');
// A tenancy record, made up here: three dates, and the question says none of its labels.
const rows: [string, string][] = [
  ['Tenant', 'Jonas Berg'],
  ['Date of birth', '3 June 1988'],
  ['Lease begins', '1 August 2024'],
  ['Unit', '4B, Fjordhus'],
  ['Lease ends', '31 July 2027'],
];
const TITLE = 'Tenancy — Fjordhus Property';
const QUESTION = 'When did Jonas Berg move into the flat?';
// "move into the flat" is said nowhere on the screen; the table says "Lease begins" means it.
const embedder = new MeaningTableEmbedder([/move into|lease begins/i]);

describe('chat falling back from a failed model', () => {
  let store: EngramStore;

  tempStoreEachTest('engram-chat-fallback-', async (t) => {
    store = t.store;
    const frame = store.frames.insert({ display: 'main', captured_at: AT, width: 1280, height: 800, phash: '0', app: 'Chromium', title: TITLE, url: null }, Buffer.from('pixels'));
    expect(store.frameWords.put(frame.id, screenOf(...rows.flatMap(([l, v], i) => [cell(l, 40, 100 + 40 * i), cell(v, 600, 100 + 40 * i)])))).toBe(true);
    // OCR read the labels as one block and the values as another.
    const text = `${rows.map(([l]) => l).join('\n')}\n\n${rows.map(([, v]) => v).join('\n')}`;
    const o = store.observations.insert({ kind: 'screen', frame_id: frame.id, audio_id: null, display: 'main', observed_at: AT, app: 'Chromium', title: TITLE, url: null, text, caption: null });
    store.memories.insert({ kind: 'episodic', title: `Browsed "${TITLE}"`, text: 'Browsed the tenancy of Jonas Berg', occurred_at: AT, provenance: [{ source_type: 'observation', source_id: o.id }] });
    await store.flushEmbeddings();
  }, { embedder });

  const chat = (llm: LlmProvider) => new ChatService({ store, llm, recommender: storeRecommender(store), now: () => AT + 86_400_000, timeZone: 'UTC' });

  it('answers as the offline mode does, the label that means the question included', async () => {
    const offline = await chat(new OfflineProvider()).ask({ text: QUESTION });
    expect(offline.answer).toContain('Lease begins: 1 August 2024');

    fake.setHandler(() => ({ status: 500, errorMessage: 'boom' }));
    const failing = new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, timeoutMs: 60_000, retry: { maxRetries: 0 }, sleep: async () => {}, usage: store.llmCalls });
    const turn = await chat(failing).ask({ text: QUESTION });
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(turn.status).toBe('error');
    // The offline answer word for word after the line saying why, less the note that no model is configured.
    const [why, ...rest] = turn.answer.split('\n');
    expect(why).toMatch(/^The model could not answer \(.+\), so this answer lists the memories that best match your question\.$/);
    expect(rest.join('\n')).toBe(offline.answer.slice(0, -NO_MODEL_SENTENCE.length).trimEnd());
    // Stated, not guessed: the label that means "move into the flat".
    expect(rest[0]).toMatch(/^Lease begins: 1 August 2024 — seen on/);
  });
});
