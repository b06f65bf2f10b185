/**
 * The quality gate on the held-out set (issue 17): batches written apart from the offline rules
 * (test/fixtures/agents/holdout-streams.ts). Targets: routing accuracy >= 0.9 for each kind (and
 * for "which experience, if any"), recall@5 of the expected facts >= 0.9, no duplicates after a
 * second ingest, and no secret value in plain text in any memory. The scores are printed so the note can quote them; the labels are never edited to raise them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { MEMORY_KINDS, type MemoryKind } from '../../shared/index.js';
import { HashEmbedder, StaticKeyProvider, openStore, type EngramStore } from '../../agents/store/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain, type Brain, type IngestReport } from '../../agents/meta/index.js';
import { HOLDOUT_SCENARIOS, type HoldoutScenario } from '../fixtures/agents/holdout-streams.js';
import { loadScenario } from '../fixtures/agents/load-scenarios.js';

const MIN_ACCURACY = 0.9;
/**
 * Issue 17's target for recall@5 on this set, now the gate. 0.868 when the gate landed (a floor of
 * 0.85 guarded it); 0.941 once memories outside any segment (core blocks, vault entries) ranked as
 * one-item segments and questions about the user reached the user's core block. The misses left:
 * a name said as "call me …" that no rule keeps, a login page the resource rule skips on purpose,
 * the persona line about answer order (no shared word), and one episode below its session's turns.
 */
const RECALL_TARGET = 0.9;

interface Ingested {
  report: IngestReport;
  /** The memories that cite this batch's sources. */
  memoryIds: string[];
}

async function ingest(store: EngramStore, brain: Brain, sc: HoldoutScenario): Promise<Ingested> {
  const l = loadScenario(store, sc);
  let report: IngestReport;
  if (l.threadId) report = await brain.ingestMessages(l.threadId);
  else {
    brain.ingestObservations(l.observations);
    report = await brain.flush();
  }
  const memoryIds = l.threadId
    ? store.memories.bySource('message', store.messages.list(l.threadId).map((m) => m.id))
    : store.memories.bySource('observation', l.observations.map((o) => o.id));
  return { report, memoryIds };
}

// In order: the second ingest (the duplicates check) must come after the first pass is scored.
describe('brain quality gate on the held-out set (offline)', { shuffle: false }, () => {
  let dir: string;
  let store: EngramStore;
  let brain: Brain;
  const routes = new Map<string, Set<MemoryKind>>();
  const experiences = new Map<string, string[]>();
  let firstPass: { active: number; all: number };
  // The brain's wall clock: after each pass it moves a day on, so the open capture segment ends (and
  // gets its session summary) inside that pass rather than when the next pass starts.
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const settle = async (): Promise<void> => {
    clock += 86_400_000;
    brain.meta.tick();
    await brain.flush();
    await store.flushEmbeddings();
  };

  const count = (): { active: number; all: number } => ({ active: store.memories.count({}), all: store.memories.count({ includeSuperseded: true }) });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-holdout-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(128) });
    brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', now: () => clock });
    for (const sc of HOLDOUT_SCENARIOS) {
      const { report, memoryIds } = await ingest(store, brain, sc);
      expect(report.batches, sc.name).toBeGreaterThan(0);
      routes.set(sc.name, new Set(report.routes.flat()));
      const outcomes: string[] = [];
      for (const id of memoryIds) {
        const m = store.memories.get(id);
        if (m?.kind === 'procedural' && m.fields['entry_type'] === 'experience') outcomes.push(String(m.fields['outcome']));
      }
      experiences.set(sc.name, outcomes);
    }
    await settle();
    firstPass = count();
  });

  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds at least 60 batches of chats, notes, screen text and speech', () => {
    expect(HOLDOUT_SCENARIOS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(HOLDOUT_SCENARIOS.map((s) => s.name)).size).toBe(HOLDOUT_SCENARIOS.length);
    expect(HOLDOUT_SCENARIOS.some((s) => s.thread === 'Notes')).toBe(true);
    expect(HOLDOUT_SCENARIOS.some((s) => s.observations?.some((o) => (o.kind ?? 'screen') === 'screen'))).toBe(true);
    expect(HOLDOUT_SCENARIOS.some((s) => s.observations?.some((o) => o.kind === 'audio'))).toBe(true);
  });

  it('routes each batch as a careful person would: accuracy >= 0.9 for every kind', () => {
    const lines: string[] = [];
    const failing: string[] = [];
    for (const kind of MEMORY_KINDS) {
      const wrong: string[] = [];
      for (const sc of HOLDOUT_SCENARIOS) {
        const want = sc.routes.includes(kind);
        const got = routes.get(sc.name)!.has(kind);
        if (want !== got) wrong.push(`${sc.name} (${got ? 'extra' : 'missed'})`);
      }
      const acc = (HOLDOUT_SCENARIOS.length - wrong.length) / HOLDOUT_SCENARIOS.length;
      lines.push(`holdout routing ${kind.padEnd(16)} ${acc.toFixed(3)}${wrong.length ? `  wrong: ${wrong.join('; ')}` : ''}`);
      if (acc < MIN_ACCURACY) failing.push(`${kind} ${acc.toFixed(3)}`);
    }
    console.log(lines.join('\n'));
    expect(failing).toEqual([]);
  });

  it('records an experience, with its outcome, exactly where one was reported: accuracy >= 0.9', () => {
    const wrong: string[] = [];
    for (const sc of HOLDOUT_SCENARIOS) {
      const got = experiences.get(sc.name)!;
      const ok = sc.experience === undefined ? got.length === 0 : got.includes(sc.experience);
      if (!ok) wrong.push(`${sc.name} (want ${sc.experience ?? 'none'}, got ${got.length ? got.join('+') : 'none'})`);
    }
    const acc = (HOLDOUT_SCENARIOS.length - wrong.length) / HOLDOUT_SCENARIOS.length;
    console.log(`holdout experience outcome ${acc.toFixed(3)}${wrong.length ? `  wrong: ${wrong.join('; ')}` : ''}`);
    expect(acc).toBeGreaterThanOrEqual(MIN_ACCURACY);
  });

  it(`finds the expected facts in the top 5 of a search: recall@5 >= ${RECALL_TARGET}`, async () => {
    const facts = HOLDOUT_SCENARIOS.flatMap((s) => s.facts);
    expect(facts.length).toBeGreaterThanOrEqual(60);
    const misses: string[] = [];
    for (const f of facts) {
      const results = await store.search({ query: f.query, limit: 5 });
      const hit = results.some((r) => {
        const hay = `${r.memory.title}\n${r.memory.text}\n${r.memory.details}`.toLowerCase();
        return r.memory.kind === f.kind && f.contains.every((c) => hay.includes(c.toLowerCase()));
      });
      if (!hit) misses.push(`${f.query} → ${f.kind} ${JSON.stringify(f.contains)}`);
    }
    const recall = (facts.length - misses.length) / facts.length;
    console.log(
      `holdout recall@5 ${recall.toFixed(3)} over ${facts.length} facts${recall < RECALL_TARGET ? ` (BELOW the target ${RECALL_TARGET})` : ''}${misses.length ? `\nmissed: ${misses.join('\n        ')}` : ''}`,
    );
    expect(recall).toBeGreaterThanOrEqual(RECALL_TARGET);
  });

  it('keeps secret values out of every memory but the masked vault field', () => {
    const all = store.memories.list({ limit: 5000, includeSuperseded: true });
    const leaks: string[] = [];
    for (const sc of HOLDOUT_SCENARIOS) {
      for (const secret of sc.secrets ?? []) {
        for (const m of all) if (JSON.stringify(m).includes(secret)) leaks.push(`${sc.name}: ${m.kind} "${m.title}"`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('writes nothing new when every batch comes in again (duplicates 0)', async () => {
    const before = new Set(store.memories.list({ limit: 5000, includeSuperseded: true }).map((m) => m.id));
    for (const sc of HOLDOUT_SCENARIOS) await ingest(store, brain, sc);
    await settle();
    const second = count();
    const added = store.memories.list({ limit: 5000, includeSuperseded: true }).filter((m) => !before.has(m.id));
    console.log(`holdout duplicates ${second.active - firstPass.active} (${firstPass.active} memories after one pass, ${second.active} after two)`);
    expect(added.map((m) => `${m.kind} "${m.title}"`)).toEqual([]);
    expect(second.active).toBe(firstPass.active);
    expect(second.all).toBe(firstPass.all);
  });
});
