import type { ActionClusterer, ActionStats, ExperienceMemory, Recommendation, Reflection } from '../../../agents/experience/index.js';
import { immediateTransaction, retryOnBusy } from '../../../agents/store/index.js';
import { type ActionStatsView, type ExperienceView, type Memory, type RecommendationView, type ReflectionView } from '../../../shared/api/index.js';
import { ExperienceOutcomeSchema } from '../../../shared/index.js';
import { BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings } from '../../../shared/settings/index.js';
import type { ApiDeps } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';

type ExperienceNames =
  | 'experiences.record'
  | 'experiences.supersede'
  | 'experiences.recall'
  | 'experiences.recent'
  | 'experiences.recommend'
  | 'experiences.byTask'
  | 'experiences.reflect';

const round3 = (x: number) => Number(x.toFixed(3));

export function experienceView(m: Memory, relevance: number | null = null): ExperienceView {
  const outcome = ExperienceOutcomeSchema.safeParse(m.fields.outcome);
  return {
    id: m.id,
    task: String(m.fields.task ?? m.title),
    action: String(m.fields.action ?? ''),
    outcome: outcome.success ? outcome.data : 'partial',
    score: typeof m.fields.score === 'number' ? m.fields.score : null,
    reason: typeof m.fields.reason === 'string' ? m.fields.reason : null,
    context: typeof m.fields.context === 'string' ? m.fields.context : null,
    at: m.occurred_at ?? m.created_at,
    relevance: relevance === null ? null : round3(relevance),
    superseded_by: m.superseded_by,
    recorded_by: typeof m.fields.recorded_by === 'string' ? m.fields.recorded_by : null,
  };
}

function statsView(s: ActionStats): ActionStatsView {
  return { ...s, variants: [...s.variants], experience_ids: [...s.experience_ids], outside: s.outside ? { ...s.outside, sources: [...s.outside.sources] } : null };
}

function recommendationView(r: Recommendation): RecommendationView {
  return { ...statsView(r), strategy: r.strategy, alternatives: r.alternatives.map(statsView), tried_failed: r.tried_failed.map(statsView), withheld: r.withheld.map(statsView) };
}

function reflectionView(r: Reflection): ReflectionView {
  return { id: r.memory.id, task: r.task, worked: r.worked, failed: r.failed, note: r.note, based_on: r.based_on, at: new Date(r.at).toISOString(), text: r.memory.text };
}

/**
 * Experience memory (Mimir) behind the handler map: the window, `engram record|recommend|reflect`
 * and the MCP tools all come here. The half-life is read from the brain settings on each call, so
 * every host honours it. Writes take the lock up front and are retried whole while another process
 * (the app, a CLI) holds the database.
 */
export function experienceHandlers(deps: ApiDeps): HandlerGroup<ExperienceNames> {
  const { store } = deps;
  const now = deps.clock ?? Date.now;
  // Loaded with the first experience request: hosts that never ask do not load experience memory.
  const memory = async (): Promise<{ xp: ExperienceMemory; halfLife: number | null }> => {
    const { ExperienceMemory } = await import('../../../agents/experience/index.js');
    const settings = store.settings.get(BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings());
    const halfLife = settings.experience_half_life_days;
    // Similar tasks by meaning through the store's own embedder; the search itself finds them by words.
    const xp = new ExperienceMemory(store, { halfLifeDays: halfLife, searchMode: 'bm25', embedder: store.embedder, now });
    return { xp, halfLife };
  };

  const clusterer = async (groupBy: 'text' | 'meaning'): Promise<ActionClusterer | undefined> => {
    if (groupBy === 'text') return undefined;
    if (!store.embedder) fail('UNAVAILABLE', 'Grouping actions by meaning needs the embedder, and this Engram runs without one (ENGRAM_EMBEDDER=none).');
    const { EmbeddingClusterer } = await import('../../../agents/experience/index.js');
    return new EmbeddingClusterer(store.embedder);
  };

  const write = <T>(fn: () => T): Promise<T> => retryOnBusy(() => immediateTransaction(store, fn), { attempts: 6, baseDelayMs: 100 });

  return {
    'experiences.record': async (input) => {
      const { xp } = await memory();
      const { supersedes, ...experience } = input;
      const m = await write(() => {
        // Checked first: a bad id records nothing.
        if (supersedes) xp.experience(supersedes);
        const added = xp.record(experience);
        if (supersedes) xp.supersede(supersedes, added.id);
        return added;
      });
      return { experience: experienceView(m), superseded: supersedes ?? null };
    },

    'experiences.supersede': async (input) => {
      const { xp } = await memory();
      const old = await write(() => xp.supersede(input.id, input.by));
      return { experience: experienceView(old) };
    },

    'experiences.recall': async (input) => {
      const { xp } = await memory();
      const recalled = await xp.recall(input.task, { limit: 500 });
      const experiences = recalled
        .filter((r) => !input.outcome || r.outcome === input.outcome)
        .slice(0, input.limit)
        .map((r) => experienceView(r.memory, r.relevance));
      const reflections = (await xp.reflections(input.task, { limit: 3 })).map(reflectionView);
      return { experiences, reflections };
    },

    'experiences.recent': async (input) => {
      const { xp } = await memory();
      const since = input.since === undefined ? undefined : Date.parse(input.since);
      return { experiences: xp.recent({ limit: input.limit, outcome: input.outcome, since }).map((m) => experienceView(m)) };
    },

    'experiences.recommend': async (input) => {
      const { xp, halfLife } = await memory();
      const { seededRandom } = await import('../../../agents/experience/index.js');
      const r = await xp.recommend(input.task, {
        explore: input.explore,
        random: input.seed === undefined ? undefined : seededRandom(input.seed),
        weightByRelevance: input.weight_by_relevance,
        clusterer: await clusterer(input.group_by),
      });
      return { recommendation: r ? recommendationView(r) : null, half_life_days: halfLife };
    },

    'experiences.byTask': async (input) => {
      const { xp } = await memory();
      const tasks = await xp.byTask({ limit: input.limit });
      return {
        tasks: tasks.map((t) => ({
          task: t.task,
          experiences: t.experiences,
          last_at: new Date(t.last_at).toISOString(),
          actions: t.actions.map((a) => ({ ...a, experience_ids: [...a.experience_ids], outside: a.outside ? { ...a.outside, sources: [...a.outside.sources] } : null })),
        })),
      };
    },

    'experiences.reflect': async (input) => {
      const { xp } = await memory();
      const grouping = await clusterer(input.group_by);
      // Read and grouped outside the lock (embedding takes time); the write itself is one transaction.
      const out = await xp.reflect(input.task, { note: input.note, clusterer: grouping, write });
      return { reflection: reflectionView(out.reflection), superseded: out.superseded };
    },
  };
}
