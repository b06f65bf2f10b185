import Database from 'better-sqlite3-multiple-ciphers';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatService } from '../../agents/chat/index.js';
import { LLM_SETTINGS } from '../../agents/llm/index.js';
import { createBrain, type QueuedDreamReview } from '../../agents/meta/index.js';
import { modelGetter } from '../../electron/engine/index.js';
import { DreamApplyError } from '../../agents/dream/index.js';
import { GraphKeeper } from '../../agents/graph/index.js';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { createApi, portabilityExporter, type ContractViolation, type EngramApi } from '../../electron/api/index.js';
import { API_ERROR_CODES, apiRequests, REQUEST_NAMES } from '../../shared/api/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { seedUiFixture } from '../fixtures/ui-seed.js';
import { nastyString, nastyValue, shapedLike } from './hostile-arbitraries.js';
import { changedParts, storeFingerprint, StoreWatch } from './store-fingerprint.js';
import { FakeCapture } from '../fakes/fake-capture.js';
import { fuzzSeed } from './fuzz-seed.js';
import { storeRecommender } from '../helpers/experience-recommender.js';

/**
 * Property-based tests of every handler of the shared contract, through the validating dispatcher
 * every transport uses: random values of any shape, and inputs shaped like each schema with wrong
 * leaves (real ids mixed in). Whatever comes in: an envelope comes out, errors are typed one-liners
 * without a stack, no answer is INTERNAL (bad input is the caller's fault, never "something went
 * wrong inside"), every output fits the contract, and a refused call leaves the store exactly as it
 * was (rows and files). A fresh seed per run, printed; FUZZ_SEED=N replays one.
 * RELIABILITY_FUZZ_RUNS scales the runs per handler (the benchmark raises it).
 */
const RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 60);
const SEED = fuzzSeed('API fuzz');
const key = randomBytes(32);


let root: string;
let template: string;
let fake: FakeAnthropic;
let ids: string[] = [];
const totals = { cases: 0, refused: 0, accepted: 0, internal: [] as string[], violations: [] as string[], fingerprints: { full: 0, reused: 0 } };

beforeAll(async () => {
  // Seventy data dirs are copied, fsynced into and deleted: in memory where the machine has a
  // RAM disk (deleting them from a disk mounted with discard cost ~0.2 s each).
  root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'engram-apifuzz-'));
  template = join(root, 'template');
  fake = await startFakeAnthropic();
  const store = await openStore({ dataDir: template, keyProvider: new StaticKeyProvider(key), embedder: null });
  const seeded = await seedUiFixture(store);
  // If a fuzzed call sets an API key, chat talks to the fake server, never to the internet.
  store.settings.set(LLM_SETTINGS.baseUrl, fake.url);
  const thread = store.threads.create('fuzz thread');
  const msg = store.messages.insert({ thread_id: thread.id, role: 'user', text: 'Where is the Northwind launch?', raw: {} });
  ids = [...seeded.frames.slice(0, 3), ...seeded.observations.slice(0, 3), ...Object.values(seeded.memories), thread.id, msg.id];
  // The graph reads the seeded memories once here, as a running app's brain would have at its
  // start, instead of in every test's brain.stop (a quarter of a second per test, for a copy
  // that is deleted right after).
  new GraphKeeper(store).catchUp();
  await store.close();
}, 180_000);

afterAll(async () => {
  console.log(
    `API fuzz (seed ${SEED}): ${totals.cases} cases over ${REQUEST_NAMES.length} handlers (+ unknown names): ${totals.refused} refused, ${totals.accepted} accepted, ` +
      `${totals.internal.length} INTERNAL answers, ${totals.violations.length} contract violations; ` +
      `${totals.fingerprints.full + totals.fingerprints.reused} store fingerprints, ${totals.fingerprints.reused} of them with no commit since the last (tables not read again)` +
      `${totals.internal.length + totals.violations.length ? `:\n  ${[...totals.violations, ...totals.internal].slice(0, 20).join('\n  ')}` : ''}`,
  );
  await fake?.close();
  rmSync(root, { recursive: true, force: true });
});

async function withApi(name: string, fn: (api: EngramApi, store: EngramStore, watch: StoreWatch, logs: string[], violations: ContractViolation[]) => Promise<void>): Promise<void> {
  const dir = join(root, name.replace(/[^a-z.]/gi, '_'));
  cpSync(template, dir, { recursive: true });
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
  const watch = new StoreWatch(store, key);
  const logs: string[] = [];
  const violations: ContractViolation[] = [];
  const llm = modelGetter({ settings: store.settings, env: {}, usage: store.llmCalls });
  const brain = createBrain({ store, llm, subscribe: false, log: (l) => logs.push(l) });
  let review: QueuedDreamReview | null = null;
  const capture = new FakeCapture();
  const api = createApi({
    store,
    host: 'headless',
    version: 'fuzz',
    capture,
    captureDriver: capture,
    chat: new ChatService({ store, llm, recommender: storeRecommender(store) }),
    exporter: portabilityExporter(store),
    consolidator: {
      run: async ({ onProgress }) => {
        onProgress(null, null, 'dreaming');
        const c = (await brain.dream()).counts;
        return { summary: `merged ${c.merged}` };
      },
      preview: async ({ kinds }) => {
        review = await brain.reviewDream(kinds?.length ? { kinds } : {});
        return { preview_id: review.id, changes: review.proposals, summary: `proposed ${review.proposals.length}`, review_error: review.report.review_error };
      },
      apply: async ({ previewId, accept }) => {
        if (!review || review.id !== previewId) throw new DreamApplyError('NOT_FOUND', 'that dry run is no longer current');
        return { applied: (await review.apply(accept)).applied.length, summary: 'applied' };
      },
    },
    checkOutputs: true,
    onContractViolation: (v) => violations.push(v),
    log: (l) => logs.push(l),
  });
  try {
    await fn(api, store, watch, logs, violations);
  } finally {
    api.dispose();
    await brain.stop();
    totals.fingerprints.full += watch.counts.full;
    totals.fingerprints.reused += watch.counts.reused;
    watch.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Background work a call started (export, consolidation) has finished. */
async function settled(api: EngramApi): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const r = await api.dispatch('progress.get', {});
    const tasks = r.ok ? (r.output as { tasks: { state: string }[] }).tasks : [];
    if (!tasks.some((t) => t.state === 'running')) return;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error('background task never finished');
}

function checkEnvelope(name: string, input: unknown, r: unknown): void {
  const env = r as { ok?: unknown; output?: unknown; error?: { code?: unknown; message?: unknown } };
  expect(typeof env.ok, `${name}: not an envelope`).toBe('boolean');
  if (env.ok) return;
  const e = env.error!;
  expect(API_ERROR_CODES, `${name}: unknown code ${String(e.code)}`).toContain(e.code);
  const msg = String(e.message);
  expect(typeof e.message).toBe('string');
  expect(msg.length).toBeGreaterThan(0);
  expect(msg.length).toBeLessThanOrEqual(2000);
  // No stack, no source paths, no internals.
  expect(msg, `${name} leaked a stack`).not.toMatch(/\n\s*at |\bat [^\s]+ \(|node_modules|\.ts:\d+|\.js:\d+|\/work\//);
  expect(msg.includes('\n'), `${name}: multi-line error ${JSON.stringify(msg)} for ${safe(input)}`).toBe(false);
}

/** fc.assert, with the report cut to a readable size (counterexamples can hold 300 kB strings). */
async function assertShort<T>(prop: fc.IAsyncPropertyWithHooks<T>, params: fc.Parameters<T>): Promise<void> {
  try {
    await fc.assert(prop, params);
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message;
    const msg = `${String((err as Error).message)}${cause ? `\ncause: ${cause}` : ''}`.replace(/(.)\1{200,}/g, (m, c: string) => `${c}…×${m.length}`);
    throw new Error(`${msg.slice(0, 4000)}\nreplay: FUZZ_SEED=${SEED}`);
  }
}

function safe(v: unknown): string {
  try {
    return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : typeof x === 'string' && x.length > 80 ? `${x.slice(0, 80)}…(${x.length})` : x))?.slice(0, 300) ?? String(v);
  } catch {
    return String(v).slice(0, 300);
  }
}

describe('every handler of the contract under random and malformed input', { timeout: 240_000 }, () => {
  it('covers every request name of the contract', () => {
    expect(REQUEST_NAMES.length).toBeGreaterThanOrEqual(30);
  });

  for (const name of REQUEST_NAMES) {
    it(name, async () => {
      await withApi(name, async (api, store, watch, logs, violations) => {
        let current = watch.fingerprint();
        const schema = apiRequests[name].input;
        const arb = fc.oneof({ weight: 1, arbitrary: nastyValue(ids) }, { weight: 3, arbitrary: shapedLike(schema, ids) });
        await assertShort(
          fc.asyncProperty(arb, async (input) => {
            totals.cases++;
            const logStart = logs.length;
            let r;
            try {
              r = await api.dispatch(name, input);
            } catch (err) {
              throw new Error(`${name} threw instead of answering for ${safe(input)}: ${String(err)}`);
            }
            checkEnvelope(name, input, r);
            // An output outside the contract is a handler bug, whatever the input was.
            const broke = violations.splice(0);
            if (broke.length) totals.violations.push(...broke.map((v) => `${v.message} for ${safe(input)}`));
            expect(broke.map((v) => v.message), `${name} answered outside the contract for ${safe(input)}`).toEqual([]);
            if (!r.ok) {
              totals.refused++;
              if (r.error.code === 'INTERNAL') {
                const cause = logs.slice(logStart).join(' | ').split('\n')[0];
                totals.internal.push(`${name} ${safe(input)} -> ${cause}`);
                // INTERNAL means an unexpected throw inside a handler: bad input must get a typed refusal.
                expect.fail(`${name} answered INTERNAL for ${safe(input)}: ${cause}`);
              }
              const after = watch.fingerprint();
              expect(after, `${name} refused ${safe(input)} (${r.error.code}: ${r.error.message}) but changed ${changedParts(current, after).join(', ')}`).toBe(current);
            } else {
              totals.accepted++;
              await settled(api);
              current = watch.fingerprint();
            }
          }),
          { numRuns: RUNS, seed: SEED + name.length, endOnFailure: true },
        );
        expect(violations).toEqual([]);
        expect(store.checkIntegrity().problems).toEqual([]);
      });
    });
  }

  // The fuzz trusts StoreWatch to skip reading the tables when nothing committed: here it must see
  // every kind of change the full fingerprint sees, and nothing else.
  it('the store watch sees every commit, uncommitted write and file change the full fingerprint sees', async () => {
    await withApi('watch', async (_api, store, watch) => {
      const start = watch.fingerprint();
      expect(start).toBe(storeFingerprint(store));
      const reusedBefore = watch.counts.reused;
      expect(watch.fingerprint()).toBe(start);
      expect(watch.counts.reused, 'no commit: the tables are not read again').toBe(reusedBefore + 1);
      const changed = (part: string[]) => {
        const now = watch.fingerprint();
        expect(now, 'the watch and the full fingerprint agree').toBe(storeFingerprint(store));
        expect(changedParts(start, now)).toEqual(part);
      };

      // A commit through the store's own connection, then another putting the same bytes back.
      const thread = store.db.prepare('SELECT id, title FROM threads ORDER BY id LIMIT 1').get() as { id: string; title: string };
      store.db.prepare('UPDATE threads SET title = ? WHERE id = ?').run(`${thread.title}.`, thread.id);
      changed(['table:threads']);
      store.db.prepare('UPDATE threads SET title = ? WHERE id = ?').run(thread.title, thread.id);
      changed([]);

      // An uncommitted delete in a WITHOUT ROWID table, seen by the store's connection, then rolled back.
      store.db.exec('BEGIN');
      const cited = store.db.prepare('SELECT memory_id, source_type, source_id FROM provenance ORDER BY memory_id LIMIT 1').get() as Record<string, string>;
      expect(store.db.prepare('DELETE FROM provenance WHERE memory_id = @memory_id AND source_type = @source_type AND source_id = @source_id').run(cited).changes).toBe(1);
      changed(['table:provenance']);
      store.db.exec('ROLLBACK');
      changed([]);

      // A commit by another connection (the CLI or the MCP server in their own processes are ones): one ulp.
      const other = new Database(join(store.dataDir, 'engram.db'));
      other.pragma(`cipher='sqlcipher'`);
      other.pragma(`key="x'${key.toString('hex')}'"`);
      const fact = other.prepare('SELECT id, confidence FROM graph_facts ORDER BY id LIMIT 1').get() as { id: string; confidence: number };
      const bits = new DataView(new ArrayBuffer(8));
      bits.setFloat64(0, fact.confidence);
      bits.setBigUint64(0, bits.getBigUint64(0) + 1n);
      other.prepare('UPDATE graph_facts SET confidence = ? WHERE id = ?').run(bits.getFloat64(0), fact.id);
      changed(['table:graph_facts']);
      other.prepare('UPDATE graph_facts SET confidence = ? WHERE id = ?').run(fact.confidence, fact.id);
      other.close();
      changed([]);

      // A file rewritten with other bytes of the same size and its mtime put back, after its hash
      // was kept (the file is old enough); then the same bytes again. (A whole second, so that
      // utimes can put it back exactly.)
      const shard = join(store.dataDir, 'frames', readdirSync(join(store.dataDir, 'frames')).sort()[0]!);
      const frame = join(shard, readdirSync(shard).sort()[0]!);
      const bytes = readFileSync(frame);
      const second = Math.floor(Date.now() / 1000) - 60;
      utimesSync(frame, second, second);
      const marked = watch.fingerprint();
      await new Promise((r) => setTimeout(r, 150));
      expect(watch.fingerprint()).toBe(marked);
      const flipped = Buffer.from(bytes);
      flipped[flipped.length - 1]! ^= 1;
      writeFileSync(frame, flipped);
      utimesSync(frame, second, second);
      expect(statSync(frame, { bigint: true }).mtimeNs).toBe(BigInt(second) * 1_000_000_000n);
      expect(changedParts(marked, watch.fingerprint())).toEqual(['files']);
      expect(watch.fingerprint()).toBe(storeFingerprint(store));
      writeFileSync(frame, bytes);
      utimesSync(frame, second, second);
      expect(watch.fingerprint()).toBe(marked);
      // Times are not content.
      expect(marked).toBe(start);
      // An empty folder.
      mkdirSync(join(store.dataDir, 'frames', 'empty'));
      expect(changedParts(marked, watch.fingerprint())).toEqual(['files']);
      rmdirSync(join(store.dataDir, 'frames', 'empty'));
      expect(watch.fingerprint()).toBe(marked);
    });
  });

  it('unknown names and garbage calls are refused, changing nothing', async () => {
    await withApi('unknown', async (api, _store, watch) => {
      const before = watch.fingerprint();
      await assertShort(
        fc.asyncProperty(fc.oneof(nastyString(), fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty', 'toString', 'memories.list.x', 'MEMORIES.LIST')), nastyValue(), async (name, input) => {
          totals.cases++;
          const r = await api.dispatch(name, input);
          checkEnvelope(name, input, r);
          if (REQUEST_NAMES.includes(name as never)) return;
          expect(r.ok || r.error.code, `known-looking name ${safe(name)}`).not.toBe('INTERNAL');
          totals.refused++;
          expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_REQUEST' } });
        }),
        { numRuns: RUNS * 2, seed: SEED },
      );
      // Non-string names (a broken IPC client).
      for (const bad of [undefined, null, 42, {}, [], Symbol.iterator]) {
        totals.cases++;
        const r = await api.dispatch(bad as unknown as string, {});
        expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_REQUEST' } });
      }
      expect(watch.fingerprint()).toBe(before);
    });
  });
});
