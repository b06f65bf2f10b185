/**
 * Memories are embedded once per text: a memory whose text did not change is not embedded again,
 * and one changed several times in a brain batch is embedded once, after its last change (issue 17's
 * throughput: the embedder is the pipeline's dearest stage).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { HashEmbedder, StaticKeyProvider, openStore, type Embedder, type EngramStore } from '../../agents/store/index.js';
import { AnthropicProvider, OfflineProvider } from '../../agents/llm/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { createBrain, type Brain } from '../../agents/meta/index.js';
import { serverForFile } from '../helpers/server-for-file.js';

/** The real hash embedder, recording every text it is asked for (queries included). */
class RecordingEmbedder implements Embedder {
  readonly inner = new HashEmbedder(64);
  readonly id = this.inner.id;
  readonly dimensions = this.inner.dimensions;
  readonly texts: string[] = [];
  readonly calls: string[][] = [];
  embed(texts: string[]): Promise<Float32Array[]> {
    this.texts.push(...texts);
    this.calls.push(texts);
    return this.inner.embed(texts);
  }
}

const T = Date.parse('2025-03-03T09:00:00Z');

/** A fresh encrypted store whose embedder records what it is asked for; both suites start from one. */
async function openRecordingStore(prefix: string): Promise<{ dir: string; store: EngramStore; embedder: RecordingEmbedder }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const embedder = new RecordingEmbedder();
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder });
  return { dir, store, embedder };
}

describe('memories are embedded once per text', () => {
  let dir: string;
  let store: EngramStore;
  let embedder: RecordingEmbedder;
  beforeEach(async () => {
    ({ dir, store, embedder } = await openRecordingStore('engram-embed-once-'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const memoryTexts = (): string[] => embedder.texts.filter((t) => t.includes('Atlas'));

  it('an edit that leaves title and text alone embeds nothing; a text edit embeds the new text once', async () => {
    const m = store.memories.insert({ kind: 'semantic', title: 'Launch date', text: 'Atlas launches on 12 May.', provenance: [] });
    await store.flushMemoryEmbeddings();
    expect(memoryTexts()).toEqual(['Launch date. Atlas launches on 12 May.']);
    // Not even marked for embedding again (held, so a mark would show; the vector cache would hide a
    // re-embed from the embedder).
    const release = store.holdMemoryEmbedding();
    store.memories.update(m.id, { fields: { note: 'checked' }, details: 'seen again on the roadmap' }, 'cited again');
    expect(store.stats().pending_embeddings).toBe(0);
    release();
    await store.flushMemoryEmbeddings();
    expect(memoryTexts()).toHaveLength(1);
    store.memories.update(m.id, { text: 'Atlas launches on 19 May.' }, 'moved');
    await store.flushMemoryEmbeddings();
    expect(memoryTexts()).toEqual(['Launch date. Atlas launches on 12 May.', 'Launch date. Atlas launches on 19 May.']);
    expect(store.stats().pending_embeddings).toBe(0);
  });

  it('while held, writes embed nothing; on release each row is embedded once, with its last text, in one call', async () => {
    const release = store.holdMemoryEmbedding();
    const a = store.memories.insert({ kind: 'semantic', title: 'Launch date', text: 'Atlas launches on 12 May.', provenance: [] });
    store.memories.update(a.id, { text: 'Atlas launches on 19 May.' }, 'moved');
    store.memories.update(a.id, { text: 'Atlas launches on 26 May.' }, 'moved again');
    store.memories.insert({ kind: 'semantic', title: 'Team lead', text: 'Ana Lima leads the Atlas team.', provenance: [] });
    await new Promise((r) => setTimeout(r, 20));
    expect(memoryTexts()).toEqual([]);
    expect(store.stats().pending_embeddings).toBe(2);
    release();
    release(); // idempotent
    await store.flushMemoryEmbeddings();
    expect(memoryTexts()).toEqual(['Launch date. Atlas launches on 26 May.', 'Team lead. Ana Lima leads the Atlas team.']);
    expect(embedder.calls.filter((c) => c.some((t) => t.includes('Atlas')))).toHaveLength(1);
    expect(store.stats().pending_embeddings).toBe(0);
    // The vector is the last text's: a search by that text ranks it first by vector alone.
    const hits = await store.search({ query: 'Atlas launches on 26 May', mode: 'vector', limit: 1 });
    expect(hits[0]?.memory.id).toBe(a.id);
  });

  it('writes in quick succession settle first: embedded once, with the last text, shortly after, without a flush', async () => {
    const m = store.memories.insert({ kind: 'semantic', title: 'Launch date', text: 'Atlas launches on 12 May.', provenance: [] });
    store.memories.update(m.id, { text: 'Atlas launches on 19 May.' }, 'moved');
    await new Promise((r) => setTimeout(r, 10));
    store.memories.update(m.id, { text: 'Atlas launches on 26 May.' }, 'moved again');
    for (let i = 0; i < 100 && store.stats().pending_embeddings > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(store.stats().pending_embeddings).toBe(0);
    expect(memoryTexts()).toEqual(['Launch date. Atlas launches on 26 May.']);
  });

  it('back-to-back holds (a catch-up of batches) do not starve the queue: what settled is embedded at the next release', async () => {
    for (let i = 0; i < 12; i++) {
      const release = store.holdMemoryEmbedding();
      store.memories.insert({ kind: 'semantic', title: `Fact ${i}`, text: `Atlas milestone number ${i} is done.`, provenance: [] });
      await new Promise((r) => setTimeout(r, 50));
      release();
    }
    // 600 ms of batches with no gap between them: the first ones' memories were embedded meanwhile.
    expect(memoryTexts().length).toBeGreaterThan(0);
    await store.flushMemoryEmbeddings();
    expect(memoryTexts()).toHaveLength(12);
  });

  it('a flush asked for while held embeds at once (tests and shutdown do not wait for the release)', async () => {
    const release = store.holdMemoryEmbedding();
    store.memories.insert({ kind: 'semantic', title: 'Launch date', text: 'Atlas launches on 12 May.', provenance: [] });
    await store.flushMemoryEmbeddings();
    expect(memoryTexts()).toEqual(['Launch date. Atlas launches on 12 May.']);
    release();
    await store.flushMemoryEmbeddings();
    expect(memoryTexts()).toHaveLength(1);
  });
});

describe("the brain embeds a batch's memories after the batch", () => {
  let fake: FakeAnthropic;
  let dir: string;
  let store: EngramStore;
  let brain: Brain;
  let embedder: RecordingEmbedder;
  serverForFile(startFakeAnthropic, (s) => (fake = s));
  beforeEach(async () => {
    fake.reset();
    ({ dir, store, embedder } = await openRecordingStore('engram-embed-once-brain-'));
    const llm = new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, usage: store.llmCalls, retry: { maxRetries: 0 } });
    brain = createBrain({ store, llm, timeZone: 'UTC', subscribe: false });
  });
  afterEach(async () => {
    await brain.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a core block the model appends to twice in one batch is embedded once, with both lines; citing it again embeds nothing', async () => {
    // The model routes to core and appends one line, then another, in the same extraction call.
    fake.setHandler((req) => {
      if ((req.body.tool_choice as { name?: string } | undefined)?.name === 'route_memories') return { toolUses: [{ name: 'route_memories', input: { kinds: ['core'] } }] };
      if (JSON.stringify(req.body.messages).includes('tool_result')) return { text: 'Done.' };
      return {
        toolUses: [
          { name: 'core_append', input: { label: 'human', lines: ['Lives in: Lisbon'], sources: [1] } },
          { name: 'core_append', input: { label: 'human', lines: ['Likes: jazz'], sources: [1] } },
        ],
      };
    });
    const versions: string[] = [];
    store.events.on('memory', (e) => {
      for (const id of e.ids) {
        const m = store.memories.get(id);
        if (m?.kind === 'core' && versions.at(-1) !== m.text) versions.push(m.text);
      }
    });
    const thread = store.threads.create('Notes', T);
    store.messages.insert({ thread_id: thread.id, role: 'user', text: 'I live in Lisbon and I love jazz.', raw: { role: 'user', content: 'I live in Lisbon and I love jazz.' }, created_at: T });
    await brain.ingestMessages(thread.id);
    await store.flushMemoryEmbeddings();
    const [block] = store.memories.list({ kinds: ['core'], limit: 5 });
    expect(block!.text).toBe('- Lives in: Lisbon\n- Likes: jazz');
    // Two versions in the batch (one line, then both): only the last was embedded.
    expect(versions).toEqual(['- Lives in: Lisbon', '- Lives in: Lisbon\n- Likes: jazz']);
    const blockTexts = (): string[] => embedder.texts.filter((t) => t.includes('Lives in'));
    expect(blockTexts()).toHaveLength(1);
    expect(blockTexts()[0]).toContain(block!.text);
    // The same lines again: the block only cites the new message, its text is unchanged, nothing is embedded.
    store.messages.insert({ thread_id: thread.id, role: 'user', text: 'Still in Lisbon, still jazz.', raw: { role: 'user', content: 'Still in Lisbon, still jazz.' }, created_at: T + 1000 });
    await brain.ingestMessages(thread.id);
    await store.flushMemoryEmbeddings();
    expect(store.memories.provenance(block!.id)).toHaveLength(2);
    expect(blockTexts()).toHaveLength(1);
  });

  it('batches queued back to back let the event loop turn between them (the embedder and timers are not kept waiting)', async () => {
    fake.setHandler(() => ({ text: 'unused' }));
    const offline = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', subscribe: false });
    const apps = ['Firefox', 'Slack', 'Code', 'Thunderbird'];
    const records = store.transaction(() =>
      Array.from({ length: 40 }, (_, i) =>
        store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: T + i * 10_000, app: apps[i % 4]!, title: `Window ${i % 4}`, url: null, text: `Screen ${i} of the Atlas plan`, caption: null }),
      ),
    );
    // Every observation switches app: 40 one-observation batches, queued at once.
    offline.ingestObservations(records);
    let processedWhenTimerRan = -1;
    setTimeout(() => {
      processedWhenTimerRan = records.filter((r) => store.observations.get(r.id)!.processed_at != null).length;
    }, 0);
    await offline.flush();
    expect(processedWhenTimerRan).toBeGreaterThanOrEqual(0);
    expect(processedWhenTimerRan).toBeLessThan(records.length);
    expect(records.every((r) => store.observations.get(r.id)!.processed_at != null)).toBe(true);
    await offline.stop();
  });
});
