import { z } from 'zod';
import { ExperienceOutcomeSchema, type ExperienceOutcome, type Memory, type Provenance } from '../../shared/index.js';
import { StoreError, type Embedder } from '../store/index.js';
import { contentTokens, coverage, truncate, type BrainStore } from '../subagent-kit/index.js';
import { ExactTextClusterer, actionKey, type ActionClusterer } from './action-clusterer.js';
import { betaQuantile, jeffreysLowerBound } from './beta.js';
import { fetchesAndRuns } from './remote-code.js';
import { betaSample, type RandomSource } from './seeded-random.js';
import { TaskMeaning } from './task-meaning.js';

/** `record` input, validated (it comes from the CLI, MCP clients and the model). */
export const ExperienceInputSchema = z.object({
  task: z.string().trim().min(1).max(2000),
  action: z.string().trim().min(1).max(2000),
  outcome: ExperienceOutcomeSchema,
  score: z.number().min(0).max(1).optional(),
  reason: z.string().max(4000).optional(),
  context: z.string().max(8000).optional(),
  /**
   * Who recorded it, when not the user or Engram itself: `mcp:<client name>` for another agent
   * (the host sets it from the MCP handshake; a client cannot choose it). See OUTSIDE_CAP.
   */
  recorded_by: z.string().trim().min(1).max(200).optional(),
});
export type ExperienceInput = z.input<typeof ExperienceInputSchema>;

export interface RecalledExperience {
  memory: Memory;
  task: string;
  action: string;
  outcome: ExperienceOutcome;
  score: number;
  reason: string | null;
  /** `mcp:<client>` for another agent's record, `seen:…` for one read out of what was seen; null for the user's own and Engram's. */
  recorded_by: string | null;
  /** How close its task is to the one asked about (0..1). */
  relevance: number;
  at: number;
}

export interface ActionStats {
  /** The newest wording of the action. */
  action: string;
  /** Every wording grouped into it (one unless grouped by meaning). */
  variants: string[];
  /**
   * Lower 5% bound of the Jeffreys posterior on the evidence, with other agents' records capped
   * (OUTSIDE_CAP); neither age nor relevance changes it.
   */
  confidence: number;
  /** Exact counts of recorded outcomes. */
  successes: number;
  failures: number;
  partials: number;
  experience_ids: string[];
  relevance: number;
  /** Other agents' records of this action, when there are any: how many, what they counted as, who. */
  outside: OutsideEvidence | null;
  /**
   * The user's own record (or Engram's) holds this action: false when every record of it is
   * someone else's, a page's "this fixed it" seen on screen or another agent's, i.e. seen, not tried.
   */
  tried: boolean;
  /** What ordered the actions: the (weighted) lower bound, or the Thompson draw when exploring. */
  rank: number;
}

export interface OutsideEvidence {
  experiences: number;
  /** What they weighed together (at most OUTSIDE_CAP experiences' worth). */
  counted_as: number;
  sources: string[];
}

/**
 * Other agents (MCP clients) may record experiences, and one of them may record hundreds, or
 * under many names (a client names itself). So their records of one action count together as
 * at most this many experiences, scaled in proportion, in its confidence and its rank; counts
 * stay exact. The user's own record and Engram's count in full. An action the user's own record
 * shows working comes before any that only other agents vouch for, and one it shows only failing
 * is never recommended on other agents' successes.
 */
export const OUTSIDE_CAP = 3;

/**
 * Is this record someone else's: another agent's (an MCP client's, `mcp:`), or one the brain read
 * out of what was seen, heard or imported (`seen:`, a page's "this fixed it"), not the user's own?
 */
export const isOutside = (recordedBy: string | null): boolean => recordedBy !== null && (recordedBy.startsWith('mcp:') || recordedBy.startsWith('seen:'));

export interface Recommendation extends ActionStats {
  /** lower_bound: the conservative choice; thompson: a draw from each posterior (explore). */
  strategy: 'lower_bound' | 'thompson';
  /** Other actions that qualified, best first. */
  alternatives: ActionStats[];
  /** Actions that only ever failed: shown as "tried, failed", never recommended. */
  tried_failed: ActionStats[];
  /**
   * Actions only others vouch for that fetch code from the network and run it (`curl … | sh`,
   * `iwr … | iex`): never offered as a step to run, listed so a reader can see what was held back.
   */
  withheld: ActionStats[];
}

export interface RecommendOptions {
  /** Thompson sampling: rank by a draw from each action's Beta posterior instead of its lower bound. */
  explore?: boolean;
  /** Uniform draws for exploring (seededRandom(n) makes them repeatable). Default Math.random. */
  random?: RandomSource;
  /**
   * Each experience's evidence counts in proportion to how close its task is (ranking only). On by
   * default, as in Mimir: a loosely similar task's record weighs less than the very task's.
   */
  weightByRelevance?: boolean;
  /** Which wordings are one action (default: exact text). */
  clusterer?: ActionClusterer;
}

/** One action tried for a task, with its exact record and its 90% Jeffreys interval. */
export interface ActionRecord {
  action: string;
  successes: number;
  failures: number;
  partials: number;
  /** The 5% and 95% bounds of Beta(0.5 + s, 0.5 + f), other agents' records capped (OUTSIDE_CAP); `low` is recommend's confidence. */
  low: number;
  high: number;
  outside: OutsideEvidence | null;
  experience_ids: string[];
}

/** What worked (and what did not) for one task, as recorded. */
export interface TaskRecord {
  task: string;
  experiences: number;
  last_at: number;
  /** Actions that worked at least once (by confidence), then those that only failed. */
  actions: ActionRecord[];
}

export interface Reflection {
  memory: Memory;
  task: string;
  worked: string[];
  failed: string[];
  note: string | null;
  based_on: string[];
  relevance: number;
  at: number;
}

export interface ExperienceMemoryOptions {
  /**
   * Optional: older experiences rank lower in recall and recommend (half-life in days); counts and
   * confidence stay exact. Off by default. A function is asked on each call (a live setting).
   */
  halfLifeDays?: number | null | (() => number | null);
  /** Tasks at least this similar count as "the same task" (0..1). */
  minRelevance?: number;
  /**
   * Finds similar tasks by meaning as well as by words: a task whose embedding is at least
   * `minSimilarity` (cosine) close counts, with that similarity as its relevance. Null: words only.
   */
  embedder?: Embedder | null;
  /** The similarity floor for a match by meaning (default MIN_TASK_SIMILARITY). */
  minSimilarity?: number;
  searchMode?: 'bm25' | 'hybrid';
  now?: () => number;
}

const DAY = 86_400_000;
/** Candidates asked of the search for a task. */
const SEARCH_LIMIT = 200;
/**
 * A task this close in meaning (cosine, Universal Sentence Encoder lite) is the same task. Measured
 * on test/fixtures/experience/task-paraphrases.ts: paraphrases of a kept task score 0.55-0.85 against
 * it, unrelated chores 0.1-0.45; related-sounding but different tech tasks reach 0.58, which this
 * floor lets through at their (lower) relevance, where relevance weighting ranks them below closer ones.
 * Near misses (NEAR_MISS_TASKS there) overlap paraphrases, so no floor separates them: best cosine
 * to a kept task at 0.5 / 0.55 / 0.6 / 0.65: paraphrases 8 / 8 / 6 / 3 of 10, near misses 8 / 7 / 5 / 2 of 9.
 */
export const MIN_TASK_SIMILARITY = 0.5;
/**
 * "What worked" shows one row per task: tasks this close in meaning are listed as one. Higher than
 * the recommend floor (a listing joins for good, where recall only weighs a looser match less); at
 * 0.6 the paraphrase set finds its own task 6 of 10 times, near misses 5 of 9 (measures above).
 */
const GROUP_SIMILARITY = 0.6;
/** Experiences read (newest first) to compare by meaning when the words do not match. */
const MEANING_POOL = 2000;
const defaultScore = (o: ExperienceOutcome): number => (o === 'success' ? 1 : o === 'failure' ? 0 : 0.5);

/** Successes and failures (score-split), raw and weighed by age and relevance. */
interface Evidence {
  s: number;
  f: number;
  ws: number;
  wf: number;
}

interface Group {
  keyOrder: number;
  action: string;
  variants: Set<string>;
  own: Evidence;
  outside: Evidence & { n: number; sources: Set<string> };
  /** Successes and partials, failures in the user's own (and Engram's) record. */
  ownWins: number;
  ownFailures: number;
  counts: Record<ExperienceOutcome, number>;
  ids: string[];
  rel: number[];
  newest: number;
  lastReason: string | null;
}

/**
 * Experience memory (Mimir): task → action → outcome records; recommend() groups past actions for
 * similar tasks and picks the one with the best conservative success rate (or explores by Thompson
 * sampling); reflect() keeps what a task family taught, and recall shows it.
 */
export class ExperienceMemory {
  private readonly halfLifeSetting: () => number | null;
  private readonly minRelevance: number;
  private readonly mode: 'bm25' | 'hybrid';
  private readonly now: () => number;
  private readonly meaning: TaskMeaning | null;
  private readonly minSimilarity: number;

  constructor(
    private readonly store: Pick<BrainStore, 'memories' | 'search'>,
    opts: ExperienceMemoryOptions = {},
  ) {
    const h = opts.halfLifeDays;
    this.halfLifeSetting = typeof h === 'function' ? h : () => h ?? null;
    this.minRelevance = opts.minRelevance ?? 0.5;
    this.meaning = opts.embedder ? new TaskMeaning(opts.embedder) : null;
    this.minSimilarity = opts.minSimilarity ?? MIN_TASK_SIMILARITY;
    this.mode = opts.searchMode ?? 'hybrid';
    this.now = opts.now ?? Date.now;
  }

  /** The half-life in days now (null: age does not matter). */
  get halfLifeDays(): number | null {
    return this.halfLifeSetting();
  }

  /** How much an outcome this old still weighs (1 without a half-life). */
  private decay(at: number, now = this.now()): number {
    const h = this.halfLifeDays;
    return h ? Math.pow(0.5, Math.max(0, now - at) / (h * DAY)) : 1;
  }

  /** Records one experience. Every call is a new row: repeated outcomes are evidence. */
  record(input: ExperienceInput, provenance: Provenance[] = [], at?: number): Memory {
    const parsed = ExperienceInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new StoreError('INVALID_INPUT', `invalid experience: ${issue?.path.join('.') || 'value'} ${issue?.message ?? ''}`.trim());
    }
    const e = parsed.data;
    return this.store.memories.insert({
      kind: 'procedural',
      ...experienceRow(e),
      provenance,
      ...(at !== undefined ? { created_at: at, occurred_at: at } : { occurred_at: this.now() }),
    });
  }

  recordFailure(task: string, action: string, reason: string, extra: { context?: string; provenance?: Provenance[] } = {}): Memory {
    return this.record({ task, action, outcome: 'failure', reason, context: extra.context }, extra.provenance ?? []);
  }

  /** Procedural rows of one entry type whose task is close to this one, with their relevance. */
  private async matching(task: string, entryType: 'experience' | 'reflection', includeSuperseded = false): Promise<{ memory: Memory; task: string; relevance: number }[]> {
    const q = task.trim();
    if (!q) return [];
    const qTokens = contentTokens(q);
    const hits = await this.store.search({ query: q, kinds: ['procedural'], limit: SEARCH_LIMIT, mode: this.mode, includeSuperseded });
    const rows = hits.map((h) => ({ memory: h.memory, vs: h.reasons.vector_similarity ?? 0 }));
    if (entryType === 'experience' && (hits.length >= SEARCH_LIMIT || this.meaning)) {
      // A flood of other agents' records can fill the search's window and push the user's own out
      // of it (same words, same score): those are read whole, by listing, whenever the window is full.
      // With meaning on, the newest experiences are read too: a paraphrase shares no word to be searched by.
      const full = hits.length >= SEARCH_LIMIT;
      const seen = new Set(rows.map((r) => r.memory.id));
      for (let offset = 0; full || offset < MEANING_POOL; offset += 500) {
        const page = this.store.memories.list({ kinds: ['procedural'], experiences: true, includeSuperseded, order: 'newest', limit: 500, offset });
        for (const m of page) {
          if (seen.has(m.id)) continue;
          // Beyond the pool compared by meaning, only the user's own records are read in.
          const ownOnly = !this.meaning || offset >= MEANING_POOL;
          if (ownOnly && isOutside(typeof m.fields.recorded_by === 'string' ? m.fields.recorded_by : null)) continue;
          seen.add(m.id);
          rows.push({ memory: m, vs: 0 });
        }
        if (page.length < 500) break;
      }
    }
    const kept = rows
      .filter((h) => h.memory.fields.entry_type === entryType && (includeSuperseded || !h.memory.superseded_by))
      .map((h) => ({ ...h, task: String(h.memory.fields.task ?? h.memory.title) }));
    const tasks = [...new Set(kept.map((h) => h.task))];
    const similarity = new Map<string, number>();
    if (this.meaning && tasks.length) {
      const sims = await this.meaning.similarities(q, tasks);
      tasks.forEach((t, i) => similarity.set(t, sims[i]!));
    }
    const out: { memory: Memory; task: string; relevance: number }[] = [];
    for (const h of kept) {
      const tTokens = contentTokens(h.task);
      const lexical = (coverage(qTokens, tTokens) + coverage(tTokens, qTokens)) / 2;
      // Without the task embedder, a very close memory vector from the search stands in for it.
      const sim = this.meaning ? (similarity.get(h.task) ?? 0) : h.vs >= 0.8 ? h.vs : 0;
      const relevance = Math.max(lexical, sim >= this.minSimilarity ? sim : 0);
      if (relevance < this.minRelevance) continue;
      out.push({ memory: h.memory, task: h.task, relevance });
    }
    return out;
  }

  /**
   * Past experiences with a task like this one, most relevant first; with a half-life, relevance
   * weighed by age decides the order (and which ones a limit keeps), the reported relevance stays exact.
   */
  async recall(task: string, opts: { limit?: number; includeSuperseded?: boolean } = {}): Promise<RecalledExperience[]> {
    const out: RecalledExperience[] = [];
    for (const { memory: m, task: t, relevance } of await this.matching(task, 'experience', opts.includeSuperseded)) {
      const r = recalledOf(m, t, relevance);
      if (r) out.push(r);
    }
    const now = this.now();
    const weight = (r: RecalledExperience) => r.relevance * this.decay(r.at, now);
    out.sort((a, b) => weight(b) - weight(a) || b.relevance - a.relevance || b.at - a.at);
    return out.slice(0, opts.limit ?? 50);
  }

  /** Reflections kept for task families like this one (the newest per family), most relevant first. */
  async reflections(task: string, opts: { limit?: number } = {}): Promise<Reflection[]> {
    const out = (await this.matching(task, 'reflection')).map(({ memory, relevance }) => ({ ...reflectionOf(memory), relevance }));
    out.sort((a, b) => b.relevance - a.relevance || b.at - a.at);
    return out.slice(0, opts.limit ?? 5);
  }

  /** Groups what was tried for tasks like this one into actions, with exact and ranking evidence. */
  private async groups(recalled: RecalledExperience[], opts: RecommendOptions): Promise<Group[]> {
    const now = this.now();
    const usable = recalled.filter((r) => r.action);
    const ids = await (opts.clusterer ?? new ExactTextClusterer()).cluster(usable.map((r) => r.action));
    const groups = new Map<number, Group>();
    usable.forEach((r, n) => {
      const id = ids[n]!;
      const g: Group = groups.get(id) ?? {
        keyOrder: groups.size,
        action: r.action,
        variants: new Set<string>(),
        own: { s: 0, f: 0, ws: 0, wf: 0 },
        outside: { s: 0, f: 0, ws: 0, wf: 0, n: 0, sources: new Set<string>() },
        ownWins: 0,
        ownFailures: 0,
        counts: { success: 0, failure: 0, partial: 0 },
        ids: [],
        rel: [],
        newest: 0,
        lastReason: null,
      };
      // Age and relevance weigh the evidence used to rank, never the evidence reported.
      const w = this.decay(r.at, now) * (opts.weightByRelevance === false ? 1 : r.relevance);
      const e = isOutside(r.recorded_by) ? g.outside : g.own;
      e.s += r.score;
      e.f += 1 - r.score;
      e.ws += w * r.score;
      e.wf += w * (1 - r.score);
      if (isOutside(r.recorded_by)) {
        g.outside.n++;
        g.outside.sources.add(r.recorded_by!);
      } else if (r.outcome === 'failure') g.ownFailures++;
      else g.ownWins++;
      g.counts[r.outcome]++;
      g.ids.push(r.memory.id);
      g.rel.push(r.relevance);
      g.variants.add(r.action);
      if (r.at > g.newest) {
        g.newest = r.at;
        g.action = r.action;
        if (r.reason && r.outcome === 'failure') g.lastReason = r.reason;
      }
      groups.set(id, g);
    });
    return [...groups.values()];
  }

  /** The group's evidence with other agents' records scaled to at most OUTSIDE_CAP experiences. */
  private static counted(g: Group): Evidence & { outside: OutsideEvidence | null } {
    const o = g.outside;
    if (o.n === 0) return { ...g.own, outside: null };
    const k = Math.min(1, OUTSIDE_CAP / o.n);
    return {
      s: g.own.s + k * o.s,
      f: g.own.f + k * o.f,
      ws: g.own.ws + k * o.ws,
      wf: g.own.wf + k * o.wf,
      outside: { experiences: o.n, counted_as: round(k * o.n), sources: [...o.sources].sort() },
    };
  }

  /**
   * The best action for a task. Confidence is the lower 5% bound of Beta(0.5 + s, 0.5 + f)
   * (Jeffreys prior) on the evidence, other agents' records capped (OUTSIDE_CAP). Ranking uses the same bound on evidence weighed by the
   * half-life and by relevance (unless weightByRelevance is false), tipped by relevance and recency in close calls; with
   * `explore`, a draw from each posterior instead (Thompson sampling). An action that never
   * succeeded is never recommended, exploring or not. Null when nothing qualifies.
   */
  async recommend(task: string, opts: RecommendOptions = {}): Promise<Recommendation | null> {
    const recalled = await this.recall(task, { limit: 500 });
    if (!recalled.length) return null;
    const now = this.now();
    const random = opts.random ?? Math.random;
    const qualified: ActionStats[] = [];
    const failed: ActionStats[] = [];
    const withheld: ActionStats[] = [];
    // Actions the user's own record shows working come before those only other agents vouch for.
    const ownWorked = new Set<ActionStats>();
    for (const g of await this.groups(recalled, opts)) {
      const relevance = g.rel.reduce((a, b) => a + b, 0) / g.rel.length;
      const e = ExperienceMemory.counted(g);
      const stats: ActionStats = {
        action: g.action,
        variants: [...g.variants],
        confidence: round(jeffreysLowerBound(e.s, e.f)),
        successes: g.counts.success,
        failures: g.counts.failure,
        partials: g.counts.partial,
        experience_ids: g.ids,
        relevance: round(relevance),
        outside: e.outside,
        tried: g.ownWins + g.ownFailures > 0,
        rank: 0,
      };
      // Never succeeded, or the user's own record says it only fails (other agents cannot outvote it).
      if (g.counts.success + g.counts.partial === 0 || (g.ownFailures > 0 && g.ownWins === 0)) {
        failed.push(stats);
        continue;
      }
      // Someone else's "run this script from the internet": whoever holds the address decides what runs.
      if (!stats.tried && [g.action, ...g.variants].some(fetchesAndRuns)) {
        withheld.push(stats);
        continue;
      }
      if (opts.explore) {
        stats.rank = round(betaSample(0.5 + e.ws, 0.5 + e.wf, random));
      } else {
        const recency = Math.pow(0.5, Math.max(0, now - g.newest) / (30 * DAY));
        // The bound decides; relevance and recency can only tip close calls.
        stats.rank = round(jeffreysLowerBound(e.ws, e.wf) * (0.85 + 0.1 * relevance + 0.05 * recency));
      }
      qualified.push(stats);
      if (g.ownWins > 0) ownWorked.add(stats);
    }
    // Nothing left to offer: null, as when nothing qualified (what was held back is no recommendation).
    if (!qualified.length) return null;
    const own = (x: ActionStats) => (ownWorked.has(x) ? 1 : 0);
    qualified.sort((a, b) => own(b) - own(a) || b.rank - a.rank || b.confidence - a.confidence);
    const [best, ...rest] = qualified;
    failed.sort((a, b) => b.failures - a.failures);
    return { ...best!, strategy: opts.explore ? 'thompson' : 'lower_bound', alternatives: rest, tried_failed: failed, withheld };
  }

  /**
   * "What worked": the recorded experiences per task (tasks told apart by their normalized wording,
   * then, with the task embedder, the same task in other words joined to it: see byMeaning),
   * most recently tried first, each action with its exact counts and the Jeffreys interval on them.
   * A listing of the record, so neither age nor relevance weighs in.
   */
  async byTask(opts: { limit?: number } = {}): Promise<TaskRecord[]> {
    const tasks = new Map<string, RecalledExperience[]>();
    for (const m of this.recent({ limit: MEANING_POOL * 2 })) {
      if (m.superseded_by) continue;
      const r = recalledOf(m, String(m.fields.task ?? m.title), 1);
      if (!r) continue;
      const key = actionKey(r.task);
      const list = tasks.get(key) ?? [];
      list.push(r);
      tasks.set(key, list);
    }
    const out: TaskRecord[] = [];
    for (const list of (await this.byMeaning([...tasks.values()])).slice(0, opts.limit ?? 50)) {
      const actions = (await this.groups(list, { weightByRelevance: false })).map((g): ActionRecord & { worked: boolean } => {
        const e = ExperienceMemory.counted(g);
        return {
          action: g.action,
          successes: g.counts.success,
          failures: g.counts.failure,
          partials: g.counts.partial,
          low: round(betaQuantile(0.05, 0.5 + e.s, 0.5 + e.f)),
          high: round(betaQuantile(0.95, 0.5 + e.s, 0.5 + e.f)),
          outside: e.outside,
          experience_ids: g.ids,
          worked: g.counts.success + g.counts.partial > 0,
        };
      });
      actions.sort((a, b) => Number(b.worked) - Number(a.worked) || b.low - a.low || b.failures - a.failures);
      // Newest first in `recent`, so the first row of a task is its latest.
      out.push({ task: list[0]!.task, experiences: list.length, last_at: list[0]!.at, actions: actions.map(({ worked: _w, ...a }) => a) });
    }
    return out;
  }

  /**
   * Joins lists of experiences whose tasks say the same thing in other words ("login page times out
   * under load", "sign-in takes forever when traffic is high"), newest first: each list goes to the
   * closest earlier group when its task is at least GROUP_SIMILARITY close to that group's first
   * task. Without the task embedder the lists stay as their wording made them.
   */
  private async byMeaning(lists: RecalledExperience[][]): Promise<RecalledExperience[][]> {
    if (!this.meaning || lists.length < 2) return lists;
    const groups: RecalledExperience[][] = [];
    for (const list of lists) {
      const task = list[0]!.task;
      const sims = groups.length ? await this.meaning.similarities(task, groups.map((g) => g[0]!.task)) : [];
      let best = -1;
      sims.forEach((sim, i) => {
        if (sim >= GROUP_SIMILARITY && (best < 0 || sim > sims[best]!)) best = i;
      });
      if (best >= 0) groups[best]!.push(...list);
      else groups.push([...list]);
    }
    // Each group's experiences newest first, so its first row stays its latest.
    for (const g of groups) g.sort((a, b) => b.at - a.at);
    return groups;
  }

  /** Marks an experience as replaced by a newer one (kept in history, left out of recall). */
  supersede(oldId: string, newId: string): Memory {
    if (oldId === newId) throw new StoreError('INVALID_INPUT', 'an experience cannot supersede itself');
    for (const id of [oldId, newId]) this.experience(id);
    return this.store.memories.update(oldId, { superseded_by: newId }, `superseded by experience ${newId}`);
  }

  /** The experience with this id, or a NOT_FOUND error. */
  experience(id: string): Memory {
    const m = this.store.memories.get(id);
    if (!m || m.kind !== 'procedural' || m.fields.entry_type !== 'experience') throw new StoreError('NOT_FOUND', `no experience ${id}`);
    return m;
  }

  /** The latest experiences, newest first (no task to compare against: a listing, not a ranking). */
  recent(opts: { limit?: number; since?: number; outcome?: ExperienceOutcome } = {}): Memory[] {
    const limit = opts.limit ?? 10;
    const out: Memory[] = [];
    for (let offset = 0; out.length < limit; offset += 200) {
      const page = this.store.memories.list({ kinds: ['procedural'], experiences: true, since: opts.since, order: 'newest', limit: 200, offset });
      for (const m of page) if (!opts.outcome || m.fields.outcome === opts.outcome) out.push(m);
      if (page.length < 200) break;
    }
    return out.slice(0, limit);
  }

  /**
   * Reflects on a task family (Mimir): reads the experiences with tasks like this one and keeps one
   * reflection — what worked (with its record), what failed (with the last reason), and the
   * caller's own note — citing the experiences and their sources. A newer reflection on the same
   * family supersedes the older one. Refused when there is nothing to reflect on.
   */
  async reflect(
    task: string,
    opts: { note?: string; clusterer?: ActionClusterer; write?: <T>(fn: () => T) => T | Promise<T> } = {},
  ): Promise<{ reflection: Reflection; superseded: string | null }> {
    const family = task.trim();
    if (!family) throw new StoreError('INVALID_INPUT', 'reflect: give the task family to reflect on');
    if (family.length > 2000) throw new StoreError('INVALID_INPUT', 'reflect: the task is longer than 2,000 characters');
    const note = opts.note?.trim() || null;
    if (note && note.length > 4000) throw new StoreError('INVALID_INPUT', 'reflect: the note is longer than 4,000 characters');
    const recalled = await this.recall(family, { limit: 500 });
    if (!recalled.length) throw new StoreError('NOT_FOUND', `no experiences with tasks like "${truncate(family, 80)}" to reflect on`);
    const groups = await this.groups(recalled, { clusterer: opts.clusterer });
    const worked: string[] = [];
    const failed: string[] = [];
    const ranked = groups
      .map((g) => ({ g, confidence: jeffreysLowerBound(ExperienceMemory.counted(g).s, ExperienceMemory.counted(g).f) }))
      .sort((a, b) => b.confidence - a.confidence || a.g.keyOrder - b.g.keyOrder);
    for (const { g, confidence } of ranked) {
      const tries = g.counts.success + g.counts.failure + g.counts.partial;
      const wins = g.counts.success + g.counts.partial;
      if (wins === 0) {
        failed.push(`${g.action} — failed ${tries} of ${tries}${g.lastReason ? ` (${truncate(g.lastReason, 200)})` : ''}`);
      } else {
        const partial = g.counts.partial ? `, ${g.counts.partial} partly` : '';
        worked.push(`${g.action} — worked ${g.counts.success} of ${tries}${partial} (confidence ${confidence.toFixed(2)})`);
      }
    }
    const basedOn = recalled.map((r) => r.memory.id);
    const provenance = uniqueProvenance(recalled.flatMap((r) => this.store.memories.provenance(r.memory.id)));
    const text = [
      `Reflection on "${truncate(family, 200)}" from ${recalled.length} experience${recalled.length === 1 ? '' : 's'}.`,
      worked.length ? `Worked: ${worked.join('; ')}.` : 'Nothing has worked yet.',
      failed.length ? `Failed: ${failed.join('; ')}.` : '',
      note ? `Note: ${note}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const previous = (await this.matching(family, 'reflection')).filter((r) => actionKey(r.task) === actionKey(family));
    // The new reflection and the superseding of the old one land together (the host's write lock when given).
    const memory = await (opts.write ?? ((fn) => fn()))(() => {
      const added = this.store.memories.insert({
      kind: 'procedural',
      title: `Reflection: ${truncate(family, 180)}`,
      text,
      fields: {
        entry_type: 'reflection',
        task: family,
        worked: worked.slice(0, 100),
        failed: failed.slice(0, 100),
        based_on: basedOn.slice(0, 1000),
        ...(note ? { reason: note } : {}),
      },
        provenance,
        occurred_at: this.now(),
      });
      for (const p of previous) this.store.memories.update(p.memory.id, { superseded_by: added.id }, `superseded by reflection ${added.id}`);
      return added;
    });
    return { reflection: { ...reflectionOf(memory), relevance: 1 }, superseded: previous[0]?.memory.id ?? null };
  }
}

/** An experience row read back (null when its outcome is not one we know). */
function recalledOf(m: Memory, task: string, relevance: number): RecalledExperience | null {
  const outcome = ExperienceOutcomeSchema.safeParse(m.fields.outcome);
  if (!outcome.success) return null;
  return {
    memory: m,
    task,
    action: String(m.fields.action ?? ''),
    outcome: outcome.data,
    score: typeof m.fields.score === 'number' ? m.fields.score : defaultScore(outcome.data),
    reason: typeof m.fields.reason === 'string' ? m.fields.reason : null,
    recorded_by: typeof m.fields.recorded_by === 'string' ? m.fields.recorded_by : null,
    relevance,
    at: Date.parse(m.occurred_at ?? m.created_at),
  };
}

function reflectionOf(m: Memory): Omit<Reflection, 'relevance'> {
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return {
    memory: m,
    task: String(m.fields.task ?? m.title),
    worked: list(m.fields.worked),
    failed: list(m.fields.failed),
    note: typeof m.fields.reason === 'string' ? m.fields.reason : null,
    based_on: list(m.fields.based_on),
    at: Date.parse(m.occurred_at ?? m.created_at),
  };
}

function uniqueProvenance(list: Provenance[]): Provenance[] {
  const seen = new Set<string>();
  return list.filter((p) => {
    const k = `${p.source_type}:${p.source_id}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The memory row of an experience (title, text, fields), shared with the distiller's drafts. */
export function experienceRow(e: z.infer<typeof ExperienceInputSchema>): { title: string; text: string; fields: Record<string, unknown> } {
  const score = e.score ?? defaultScore(e.outcome);
  return {
    title: truncate(e.task, 200),
    text: `${e.task} → ${e.action}: ${e.outcome}${e.reason ? ` (${truncate(e.reason, 300)})` : ''}`,
    fields: {
      entry_type: 'experience',
      task: e.task,
      action: e.action,
      outcome: e.outcome,
      score,
      success_count: e.outcome === 'failure' ? 0 : 1,
      failure_count: e.outcome === 'failure' ? 1 : 0,
      ...(e.reason ? { reason: e.reason } : {}),
      ...(e.context ? { context: e.context } : {}),
      ...(e.recorded_by ? { recorded_by: e.recorded_by } : {}),
    },
  };
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
