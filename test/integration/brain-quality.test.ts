/**
 * The brain's quality gate (offline mode, as CI runs it): routing accuracy per kind, recall@5 of
 * the expected facts through search, duplicate rate after ingesting everything twice, and
 * recommend accuracy on the labelled experience sets.
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
import { ExperienceMemory, actionKey } from '../../agents/experience/index.js';
import { EXCLUDED_APP_CANARY, EXCLUDED_SCENARIO, SCENARIOS, type Scenario } from '../fixtures/agents/labelled-streams.js';
import { EXPERIENCE_CASES } from '../fixtures/agents/experience-sets.js';
import { loadScenario } from '../fixtures/agents/load-scenarios.js';
import { CAPTURE_SETTINGS_KEY } from '../../shared/settings/index.js';

async function ingest(store: EngramStore, brain: Brain, sc: Scenario): Promise<IngestReport> {
  const l = loadScenario(store, sc);
  if (l.threadId) return brain.ingestMessages(l.threadId);
  brain.ingestObservations(l.observations);
  return brain.flush();
}

function everyMemoryCount(store: EngramStore): { active: number; all: number } {
  return { active: store.memories.count({}), all: store.memories.count({ includeSuperseded: true }) };
}

describe('brain quality gate (offline)', () => {
  let dir: string;
  let store: EngramStore;
  let brain: Brain;
  const routes = new Map<string, MemoryKind[]>();
  let firstPass: { active: number; all: number };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-quality-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(128) });
    brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC' });
    for (const sc of SCENARIOS) {
      const r = await ingest(store, brain, sc);
      expect(r.routes, sc.name).toHaveLength(1);
      routes.set(sc.name, r.routes[0]!);
    }
    await store.flushEmbeddings();
    firstPass = everyMemoryCount(store);
  });

  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('routes each batch to the kinds a careful person would (accuracy per kind)', () => {
    const lines: string[] = [];
    for (const kind of MEMORY_KINDS) {
      let right = 0;
      const wrong: string[] = [];
      for (const sc of SCENARIOS) {
        const want = sc.routes.includes(kind);
        const got = routes.get(sc.name)!.includes(kind);
        if (want === got) right++;
        else wrong.push(`${sc.name} (${got ? 'extra' : 'missed'})`);
      }
      const acc = right / SCENARIOS.length;
      lines.push(`routing ${kind.padEnd(16)} ${acc.toFixed(3)}${wrong.length ? `  wrong: ${wrong.join(', ')}` : ''}`);
      // A regression check at the score the notes claim for this set (1.000); the independent set
      // written apart from the rules is scored on its own (issue 17).
      expect(wrong, kind).toEqual([]);
      expect(acc).toBe(1);
    }
    console.log(lines.join('\n'));
  });

  it('finds the expected facts in the top 5 of a search (recall@5)', async () => {
    const facts = SCENARIOS.flatMap((s) => s.facts);
    const misses: string[] = [];
    for (const f of facts) {
      const results = await store.search({ query: f.query, limit: 5 });
      const hit = results.some((r) => {
        const hay = `${r.memory.title}\n${r.memory.text}\n${r.memory.details}`;
        return r.memory.kind === f.kind && f.contains.every((c) => hay.includes(c));
      });
      if (!hit) misses.push(`${f.query} → ${f.kind} ${JSON.stringify(f.contains)}`);
    }
    const recall = (facts.length - misses.length) / facts.length;
    console.log(`recall@5 ${recall.toFixed(3)} over ${facts.length} facts${misses.length ? `\nmissed: ${misses.join('\n        ')}` : ''}`);
    // At the score claimed for this set (a regression check; the independent set is issue 17's).
    expect(misses).toEqual([]);
    expect(recall).toBe(1);
  });

  it('writes nothing new when the same streams and conversations come in again (duplicate rate 0)', async () => {
    for (const sc of SCENARIOS) await ingest(store, brain, sc);
    await store.flushEmbeddings();
    const second = everyMemoryCount(store);
    const rate = (second.active - firstPass.active) / firstPass.active;
    console.log(`duplicate rate ${rate.toFixed(3)} (${firstPass.active} memories after one pass, ${second.active} after two)`);
    expect(second.active).toBe(firstPass.active);
    // Nothing was superseded by a copy of itself either.
    expect(second.all).toBe(firstPass.all);
  });

  it('keeps every memory cited and every source processed', () => {
    for (const m of store.memories.list({ limit: 1000 })) expect(store.memories.provenance(m.id).length, m.title).toBeGreaterThan(0);
    expect(store.observations.listUnprocessed(10)).toHaveLength(0);
    expect(store.messages.listUnprocessed(10)).toHaveLength(0);
  });

  // Its own store: the exclusion it sets must not change what the other tests of the gate measure.
  it('never turns an excluded app into memories', async () => {
    const ownDir = mkdtempSync(join(tmpdir(), 'engram-quality-excluded-'));
    const own = await openStore({ dataDir: ownDir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(128) });
    try {
      const ownBrain = createBrain({ store: own, llm: new OfflineProvider(), timeZone: 'UTC' });
      // What the gate's store learnt first, so the excluded batch lands among memories as it would.
      for (const sc of SCENARIOS.slice(0, 4)) await ingest(own, ownBrain, sc);
      own.settings.set(CAPTURE_SETTINGS_KEY, { privacy: { excluded_apps: ['KeePassXC'] } });
      const l = loadScenario(own, EXCLUDED_SCENARIO);
      ownBrain.ingestObservations(l.observations);
      const r = await ownBrain.flush();
      expect(r.excluded).toBe(3);
      // A negative case for routing: a batch with nothing left to remember is routed nowhere, not even
      // to episodic (whose rule is "something happened": a batch with sources).
      expect(r.routes.flat()).toEqual([]);
      expect(own.memories.bySource('observation', l.observations.map((o) => o.id))).toEqual([]);
      expect(own.memories.list({ app: 'KeePassXC', limit: 10, includeSuperseded: true })).toEqual([]);
      const all = own.memories.list({ limit: 1000, includeSuperseded: true });
      expect(all.length).toBeGreaterThan(0);
      expect(all.some((m) => JSON.stringify(m).includes(EXCLUDED_APP_CANARY))).toBe(false);
      expect(own.observations.listUnprocessed(10)).toHaveLength(0);
    } finally {
      await own.close();
      rmSync(ownDir, { recursive: true, force: true });
    }
  });
});

describe('recommend quality gate', () => {
  it('recommends the labelled action on every experience set (accuracy 1.0)', async () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    let right = 0;
    const wrong: string[] = [];
    for (const c of EXPERIENCE_CASES) {
      const dir = mkdtempSync(join(tmpdir(), 'engram-exp-'));
      const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
      try {
        const exp = new ExperienceMemory(store, { now: () => now, searchMode: 'bm25' });
        for (const r of c.records) exp.record({ task: r.task, action: r.action, outcome: r.outcome, reason: r.reason }, [], now - (r.daysAgo ?? 1) * 86_400_000);
        const rec = await exp.recommend(c.ask);
        const got = rec ? actionKey(rec.action) : null;
        const ok = got === (c.expect === null ? null : actionKey(c.expect));
        const recalled = await exp.recall(c.ask, { limit: 100 });
        const failedOk = (c.failed ?? []).every((f) => {
          // With a recommendation, the failed action is listed beside it as "tried, failed"; a missing
          // recommendation does not pass this check by having nothing to list.
          if (c.expect !== null) return rec !== null && rec.tried_failed.some((t) => actionKey(t.action) === actionKey(f));
          // Nothing to recommend: the failures are still recalled, as failures.
          return rec === null && recalled.some((r) => actionKey(r.action) === actionKey(f) && r.outcome === 'failure');
        });
        if (ok && failedOk) right++;
        else wrong.push(`${c.name}: got ${rec?.action ?? 'null'}${failedOk ? '' : `, tried-failed ${JSON.stringify(rec?.tried_failed.map((t) => t.action) ?? null)}`}`);
        if (rec) {
          expect(rec.experience_ids.length).toBeGreaterThan(0);
          expect(rec.confidence).toBeGreaterThan(0);
          expect(rec.confidence).toBeLessThan(1);
        }
      } finally {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const acc = right / EXPERIENCE_CASES.length;
    console.log(`recommend accuracy ${acc.toFixed(3)} over ${EXPERIENCE_CASES.length} sets${wrong.length ? `\n${wrong.join('\n')}` : ''}`);
    expect(wrong).toEqual([]);
    expect(acc).toBe(1);
  });
});
