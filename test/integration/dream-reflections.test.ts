/**
 * Dream reviews experience reflections (issue 17: experience is a dream mode, and with a model the
 * reflections Mimir's reflect() wrote are judged against the experiences recorded since). Fake-model
 * transcripts over a real socket (the Anthropic client): a reflection the newer experiences changed
 * is restated citing them, two reflections on one family are merged, a reflection with nothing new
 * costs no call, ids the model was not shown are refused and sent back, a dry run changes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Memory, Provenance } from '../../shared/index.js';
import { HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { AnthropicProvider } from '../../agents/llm/index.js';
import { ExperienceMemory } from '../../agents/experience/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { modelGetter } from '../../electron/engine/index.js';
import { previewDream, REFLECTION_REVIEW_PROMPT } from '../../agents/dream/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { changedParts, storeFingerprint } from '../reliability/store-fingerprint.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';
import { serverForFile } from '../helpers/server-for-file.js';

let fake: FakeAnthropic;
serverForFile(startFakeAnthropic, (s) => (fake = s));

let store: EngramStore;
tempStoreEachTest('engram-dream-reflections-', (t) => {
  store = t.store;
  fake.reset();
}, { embedder: new HashEmbedder(64) });

const DAY = 86_400_000;
const T0 = Date.now() - 30 * DAY;
const CI = 'fix the flaky CI build on the Atlas repo';

function said(text: string, at: number): Provenance {
  const thread = store.threads.create('notes', at);
  return { source_type: 'message', source_id: store.messages.insert({ thread_id: thread.id, role: 'user', text, raw: null, created_at: at }).id };
}

const userText = (body: { messages: Array<{ role: string; content?: unknown }> }): string => {
  const u = body.messages.find((m) => m.role === 'user');
  return typeof u?.content === 'string' ? u.content : JSON.stringify(u?.content ?? '');
};
const anthropic = () => new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, usage: store.llmCalls, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 2 } });
const systemText = (system: unknown): string =>
  typeof system === 'string' ? system : Array.isArray(system) ? system.map((b: { text?: string }) => b.text ?? '').join('') : '';
const reflectionCalls = () => fake.requests.filter((r) => systemText(r.body.system) === REFLECTION_REVIEW_PROMPT);

/** Three old successes of clearing the cache, reflected on; then two newer failures of it and an unrelated experience. */
async function seed(): Promise<{ reflection: Memory; newer: Memory[]; unrelated: Memory; quiet: Memory }> {
  const exp = new ExperienceMemory(store, { searchMode: 'bm25' });
  for (let i = 0; i < 3; i++) exp.record({ task: CI, action: 'clear the npm cache', outcome: 'success' }, [said(`cleared the cache, CI green (${i})`, T0 + i * DAY)], T0 + i * DAY);
  exp.record({ task: CI, action: 'pin node to 20.11', outcome: 'failure', reason: 'same flake' }, [said('pinning node did not help', T0 + 3 * DAY)], T0 + 3 * DAY);
  exp.record({ task: 'renew the passport at the consulate', action: 'book online first', outcome: 'success' }, [said('booked online', T0)], T0);
  const { reflection } = await exp.reflect(CI);
  const { reflection: quiet } = await exp.reflect('renew the passport at the consulate');
  // Recorded after the reflections were written (now, as a user would record them).
  await new Promise((r) => setTimeout(r, 10));
  const newer = [0, 1].map((i) =>
    exp.record({ task: CI, action: 'clear the npm cache', outcome: 'failure', reason: 'the flake came back: a race in the test runner' }, [said(`cache clear did not help (${i})`, Date.now())]),
  );
  const unrelated = exp.record({ task: 'bake sourdough bread', action: 'proof overnight', outcome: 'success' }, [said('great loaf', Date.now())]);
  return { reflection: reflection.memory, newer, unrelated, quiet: quiet.memory };
}

const LESSON = 'Clearing the npm cache worked 3 of 5 times but failed twice lately (a race in the test runner); pinning node failed.';

describe('dream reviews experience reflections with a model', () => {
  it('dry run: the changed reflection is shown with its newer evidence and restated as a diff; nothing changes but the model-cost ledger', async () => {
    const s = await seed();
    fake.setHandler((req) => {
      const text = userText(req.body);
      if (!text.includes(s.reflection.id)) return { toolUses: [{ name: 'no_change', input: {} }] };
      return { toolUses: [{ name: 'propose_reflection_update', input: { id: s.reflection.id, text: LESSON, evidence_ids: s.newer.map((m) => m.id), reason: 'newer failures' } }] };
    });
    await store.flushEmbeddings();
    const before = storeFingerprint(store);
    const report = await createBrain({ store, llm: anthropic(), timeZone: 'UTC' }).dream({ mode: 'experience', dryRun: true });
    expect(changedParts(before, storeFingerprint(store))).toEqual(['table:llm_calls']);
    // One call: the passport reflection has nothing new, and the unrelated experience is not evidence.
    expect(reflectionCalls()).toHaveLength(1);
    const shown = userText(reflectionCalls()[0]!.body);
    expect(shown).toContain(s.reflection.id);
    for (const n of s.newer) expect(shown).toContain(`"id":"${n.id}"`);
    expect(shown).toMatch(/"outcome":"failure"[^\n]*"newer":true/);
    expect(shown).not.toContain(s.unrelated.id);
    expect(shown).not.toContain(s.quiet.id);
    const change = report.changes.find((c) => c.source === 'model' && c.before.includes(s.reflection.id))!;
    expect(change).toMatchObject({ action: 'rewrite', kind: 'experience', after: s.reflection.id, reason: 'dream review: newer failures' });
    expect(change.diff?.[0]).toContain(`- [${s.reflection.id}]`);
    expect(change.diff?.[1]).toBe(`+ [${s.reflection.id}] ${s.reflection.title} — ${LESSON}`);
    expect(report.counts.rewritten).toBe(1);
  });

  it('real run: the reflection is restated, cites the newer experiences and their sources, and keeps its old text in history; a second dream asks nothing', async () => {
    const s = await seed();
    // First proposal cites an experience it was not shown: refused and sent back; the corrected one is kept.
    let n = 0;
    fake.setHandler((req) => {
      if (!userText(req.body).includes(s.reflection.id)) return { toolUses: [{ name: 'no_change', input: {} }] };
      n++;
      const evidence = n === 1 ? [s.unrelated.id] : s.newer.map((m) => m.id);
      return { toolUses: [{ name: 'propose_reflection_update', input: { id: s.reflection.id, text: LESSON, evidence_ids: evidence, reason: 'newer failures' } }] };
    });
    const brain = createBrain({ store, llm: anthropic(), timeZone: 'UTC' });
    const report = await brain.dream({ mode: 'experience' });
    expect(report.review_error).toBeNull();
    expect(reflectionCalls()).toHaveLength(2);
    expect(JSON.stringify(reflectionCalls()[1]!.body.messages)).toMatch(/is not one of the experiences shown/);

    const r = store.memories.get(s.reflection.id)!;
    expect(r.text).toBe(LESSON);
    expect(r.fields.based_on).toEqual(expect.arrayContaining(s.newer.map((m) => m.id)));
    const sources = store.memories.provenance(r.id).map((p) => p.source_id);
    for (const m of s.newer) for (const p of store.memories.provenance(m.id)) expect(sources).toContain(p.source_id);
    expect(sources).not.toContain(store.memories.provenance(s.unrelated.id)[0]!.source_id);
    expect(store.memories.history(r.id)[0]).toMatchObject({ reason: 'dream review: newer failures', snapshot: { text: s.reflection.text } });
    // Recall shows the restated lesson.
    const recalled = await new ExperienceMemory(store, { searchMode: 'bm25' }).reflections(CI);
    expect(recalled[0]!.memory.text).toBe(LESSON);

    // Nothing new since: the next dream does not ask about it again.
    const calls = reflectionCalls().length;
    await brain.dream({ mode: 'experience' });
    expect(reflectionCalls()).toHaveLength(calls);
  });

  it('two reflections on one family are shown together and merged; offline nothing is asked', async () => {
    const exp = new ExperienceMemory(store, { searchMode: 'bm25' });
    exp.record({ task: CI, action: 'clear the npm cache', outcome: 'success' }, [said('ok', T0)], T0);
    const a = (await exp.reflect(CI)).reflection.memory;
    const b = store.memories.insert({
      kind: 'procedural',
      title: 'Reflection: fix the flaky Atlas CI build',
      text: 'Reflection on "fix the flaky Atlas CI build" from 1 experience. Worked: clear the npm cache — worked 1 of 1.',
      fields: { entry_type: 'reflection', task: 'fix the flaky Atlas CI build', worked: ['clear the npm cache — worked 1 of 1'], failed: [], based_on: [] },
      provenance: [said('reflected by hand', T0 + DAY)],
    });
    const offline = await createBrain({ store, llm: modelGetter({ settings: store.settings, env: {} }), timeZone: 'UTC' }).dream({ mode: 'experience' });
    expect(offline.reviewer).toBe('rules');
    expect(fake.requests).toHaveLength(0);

    fake.setHandler((req) => {
      const text = userText(req.body);
      if (!text.includes(a.id) || !text.includes(b.id)) return { toolUses: [{ name: 'no_change', input: {} }] };
      return { toolUses: [{ name: 'propose_reflection_merge', input: { keep_id: a.id, merge_ids: [b.id], reason: 'one family of tasks' } }] };
    });
    const report = await createBrain({ store, llm: anthropic(), timeZone: 'UTC' }).dream({ mode: 'experience' });
    expect(reflectionCalls()).toHaveLength(1);
    expect(report.changes.find((c) => c.source === 'model')).toMatchObject({ action: 'merge', kind: 'experience', before: [a.id, b.id], after: a.id });
    expect(store.memories.get(b.id)!.superseded_by).toBe(a.id);
    expect(store.memories.provenance(a.id).map((p) => p.source_id)).toContain(store.memories.provenance(b.id)[0]!.source_id);
  });

  it("the window's dry run shows the restated lesson as what stands afterwards, and applies it as kept after a restart with no model call", async () => {
    const s = await seed();
    fake.setHandler((req) => {
      if (!userText(req.body).includes(s.reflection.id)) return { toolUses: [{ name: 'no_change', input: {} }] };
      return { toolUses: [{ name: 'propose_reflection_update', input: { id: s.reflection.id, text: LESSON, evidence_ids: s.newer.map((m) => m.id), reason: 'newer failures' } }] };
    });
    const review = await previewDream(store, { kinds: ['experience'], llm: anthropic(), timeZone: 'UTC' });
    const p = review.proposals.find((x) => x.source === 'model' && x.before.some((b) => b.id === s.reflection.id))!;
    expect(p.before[0]!.text).toBe(s.reflection.text);
    expect(p.after).toEqual({ id: s.reflection.id, title: s.reflection.title, text: LESSON });

    // A restart: only what the dry run kept on disk (as JSON), the rules run again, no model.
    const calls = fake.requests.length;
    const kept = JSON.parse(JSON.stringify(review.kept)) as unknown[];
    const again = await previewDream(store, { kinds: ['experience'], offline: true, timeZone: 'UTC', resume: { changes: review.proposals, kept } });
    expect(again.apply([p.id]).applied).toEqual([p.id]);
    expect(fake.requests.length).toBe(calls);
    const r = store.memories.get(s.reflection.id)!;
    expect(r.text).toBe(LESSON);
    expect(r.fields.based_on).toEqual(expect.arrayContaining(s.newer.map((m) => m.id)));
  });
});
