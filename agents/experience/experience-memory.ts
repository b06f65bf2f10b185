import { z } from 'zod';
import { ExperienceOutcomeSchema, type ExperienceOutcome, type Memory, type Provenance } from '../../shared/index.js';
import { StoreError } from '../store/index.js';
import { contentTokens, coverage, normalizeText, truncate, type BrainStore } from '../subagent-kit/index.js';
import { jeffreysLowerBound } from './beta.js';

/** `record` input, validated (it comes from the CLI, MCP clients and the model). */
export const ExperienceInputSchema = z.object({
  task: z.string().trim().min(1).max(2000),
  action: z.string().trim().min(1).max(2000),
  outcome: ExperienceOutcomeSchema,
  score: z.number().min(0).max(1).optional(),
  reason: z.string().max(4000).optional(),
  context: z.string().max(8000).optional(),
});
export type ExperienceInput = z.input<typeof ExperienceInputSchema>;

export interface RecalledExperience {
  memory: Memory;
  task: string;
  action: string;
  outcome: ExperienceOutcome;
  score: number;
  reason: string | null;
  /** How close its task is to the one asked about (0..1). */
  relevance: number;
  at: number;
}

export interface ActionStats {
  action: string;
  confidence: number;
  successes: number;
  failures: number;
  experience_ids: string[];
  relevance: number;
}

export interface Recommendation extends ActionStats {
  /** Other actions that qualified, best first. */
  alternatives: ActionStats[];
  /** Actions that only ever failed: shown as "tried, failed", never recommended. */
  tried_failed: ActionStats[];
}

export interface ExperienceMemoryOptions {
  /** Optional: older experiences count less (half-life in days). Off by default. */
  halfLifeDays?: number | null;
  /** Tasks at least this similar count as "the same task" (0..1). */
  minRelevance?: number;
  searchMode?: 'bm25' | 'hybrid';
  now?: () => number;
}

const DAY = 86_400_000;
const defaultScore = (o: ExperienceOutcome): number => (o === 'success' ? 1 : o === 'failure' ? 0 : 0.5);

/** Action identity for grouping: "Run `npm ci`" and "run npm ci" are one action. */
export function actionKey(action: string): string {
  return normalizeText(action);
}

/**
 * Experience memory (Mimir): task → action → outcome records; recommend() groups past actions for
 * similar tasks and picks the one with the best conservative success rate.
 */
export class ExperienceMemory {
  private readonly halfLife: number | null;
  private readonly minRelevance: number;
  private readonly mode: 'bm25' | 'hybrid';
  private readonly now: () => number;

  constructor(
    private readonly store: Pick<BrainStore, 'memories' | 'search'>,
    opts: ExperienceMemoryOptions = {},
  ) {
    this.halfLife = opts.halfLifeDays ?? null;
    this.minRelevance = opts.minRelevance ?? 0.5;
    this.mode = opts.searchMode ?? 'hybrid';
    this.now = opts.now ?? Date.now;
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

  /** Past experiences with a task like this one, most relevant first. */
  async recall(task: string, opts: { limit?: number; includeSuperseded?: boolean } = {}): Promise<RecalledExperience[]> {
    const q = task.trim();
    if (!q) return [];
    const qTokens = contentTokens(q);
    const hits = await this.store.search({ query: q, kinds: ['procedural'], limit: 200, mode: this.mode, includeSuperseded: opts.includeSuperseded });
    const out: RecalledExperience[] = [];
    for (const h of hits) {
      const m = h.memory;
      if (m.fields.entry_type !== 'experience') continue;
      if (m.superseded_by && !opts.includeSuperseded) continue;
      const t = String(m.fields.task ?? m.title);
      const tTokens = contentTokens(t);
      const lexical = (coverage(qTokens, tTokens) + coverage(tTokens, qTokens)) / 2;
      // A close embedding also makes a task "the same" when the wording differs.
      const vs = h.reasons.vector_similarity ?? 0;
      const relevance = Math.max(lexical, vs >= 0.8 ? vs : 0);
      if (relevance < this.minRelevance) continue;
      const outcome = ExperienceOutcomeSchema.safeParse(m.fields.outcome);
      if (!outcome.success) continue;
      out.push({
        memory: m,
        task: t,
        action: String(m.fields.action ?? ''),
        outcome: outcome.data,
        score: typeof m.fields.score === 'number' ? m.fields.score : defaultScore(outcome.data),
        reason: typeof m.fields.reason === 'string' ? m.fields.reason : null,
        relevance,
        at: Date.parse(m.occurred_at ?? m.created_at),
      });
    }
    out.sort((a, b) => b.relevance - a.relevance || b.at - a.at);
    return out.slice(0, opts.limit ?? 50);
  }

  /**
   * The best action for a task: confidence is the lower 5% bound of Beta(0.5 + s, 0.5 + f)
   * (Jeffreys prior). Relevance and recency only steer between actions; an action that never
   * succeeded is never recommended. Null when nothing qualifies.
   */
  async recommend(task: string): Promise<Recommendation | null> {
    const recalled = await this.recall(task, { limit: 500 });
    if (!recalled.length) return null;
    const now = this.now();
    const groups = new Map<string, { action: string; s: number; f: number; ids: string[]; rel: number[]; newest: number; wins: number }>();
    for (const r of recalled) {
      if (!r.action) continue;
      const key = actionKey(r.action);
      const g = groups.get(key) ?? { action: r.action, s: 0, f: 0, ids: [], rel: [], newest: 0, wins: 0 };
      const w = this.halfLife ? Math.pow(0.5, Math.max(0, now - r.at) / (this.halfLife * DAY)) : 1;
      g.s += w * r.score;
      g.f += w * (1 - r.score);
      if (r.outcome !== 'failure') g.wins++;
      g.ids.push(r.memory.id);
      g.rel.push(r.relevance);
      if (r.at > g.newest) {
        g.newest = r.at;
        g.action = r.action;
      }
      groups.set(key, g);
    }
    const qualified: Array<ActionStats & { rank: number }> = [];
    const failed: ActionStats[] = [];
    for (const g of groups.values()) {
      const relevance = g.rel.reduce((a, b) => a + b, 0) / g.rel.length;
      const stats: ActionStats = {
        action: g.action,
        confidence: round(jeffreysLowerBound(g.s, g.f)),
        successes: round(g.s),
        failures: round(g.f),
        experience_ids: g.ids,
        relevance: round(relevance),
      };
      if (g.wins === 0) {
        failed.push(stats);
        continue;
      }
      const recency = Math.pow(0.5, Math.max(0, now - g.newest) / (30 * DAY));
      // Confidence decides; relevance and recency can only tip close calls.
      qualified.push({ ...stats, rank: stats.confidence * (0.85 + 0.1 * relevance + 0.05 * recency) });
    }
    if (!qualified.length) return null;
    qualified.sort((a, b) => b.rank - a.rank);
    const [best, ...rest] = qualified.map(({ rank: _rank, ...s }) => s);
    failed.sort((a, b) => b.failures - a.failures);
    return { ...best!, alternatives: rest, tried_failed: failed };
  }

  /** Marks an experience as replaced by a newer one (kept in history, left out of recall). */
  supersede(oldId: string, newId: string): Memory {
    if (oldId === newId) throw new StoreError('INVALID_INPUT', 'an experience cannot supersede itself');
    for (const id of [oldId, newId]) {
      const m = this.store.memories.get(id);
      if (!m || m.fields.entry_type !== 'experience') throw new StoreError('NOT_FOUND', `no experience ${id}`);
    }
    return this.store.memories.update(oldId, { superseded_by: newId }, `superseded by experience ${newId}`);
  }
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
    },
  };
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
