import { z } from 'zod';

/**
 * The brain's settings in store.settings under BRAIN_SETTINGS_KEY. Every field has a default, so
 * an empty object parses to the defaults. Kept here, not in agents/meta, so the handlers that only
 * read them (recall, record, recommend) do not load the brain.
 */
export const BRAIN_SETTINGS_KEY = 'brain';

export const DreamSettingsSchema = z.object({
  /** Consolidate by itself when the machine is idle. */
  auto: z.boolean().default(true),
  /** At most once per this many hours. */
  min_interval_h: z.number().min(1).max(24 * 30).default(24),
  /** "Idle" = no new observation or message for this many minutes. */
  idle_min: z.number().min(1).max(24 * 60).default(30),
});

export const BrainSettingsSchema = z.object({
  /** Observations per batch before the meta-agent flushes. */
  flush_size: z.number().int().min(1).max(500).default(20),
  /** A gap this long between observations flushes the buffer (and splits episodes). */
  idle_gap_min: z.number().min(0.1).max(24 * 60).default(10),
  /** A gap this long ends the capture segment; the segment is then summarised as one session (MIRA). */
  segment_collapse_min: z.number().min(1).max(7 * 24 * 60).default(120),
  /** Optional half-life for experience evidence in recommend(); null = old evidence counts fully. */
  experience_half_life_days: z.number().positive().max(3650).nullable().default(null),
  /** When the model stays unreachable this long, queued observations are processed offline. */
  llm_outage_fallback_min: z.number().min(0).max(24 * 60).default(30),
  /**
   * With a model, a sub-agent whose kind the batch touches (it names something already kept) checks
   * before it writes: it chains tool calls (search, update, merge, insert, skip) until it calls
   * finish_memory_update, at most this many model calls (MIRIX's max_chaining_steps).
   */
  max_chaining_steps: z.number().int().min(1).max(20).default(5),
  /**
   * The per-batch cost cap of chaining: model calls all chains of one batch may make together, their
   * steps and "finish now" turns included (each is in the usage ledger under 'chaining'). A chain that
   * reaches it gets its one finish turn; a kind whose chain no longer fits keeps what the extraction
   * call wrote.
   */
  chain_budget_calls: z.number().int().min(2).max(200).default(16),
  /**
   * Memories nobody used (cited, opened, read over MCP) for this many days move to the archive:
   * search and chat skip them until restored; never deleted. Core and vault are kept. 0 = never.
   */
  archive_after_days: z.number().int().min(0).max(36_500).default(180),
  dream: DreamSettingsSchema.prefault({}),
});
export type BrainSettings = z.infer<typeof BrainSettingsSchema>;
export type BrainSettingsInput = z.input<typeof BrainSettingsSchema>;

export function defaultBrainSettings(): BrainSettings {
  return BrainSettingsSchema.parse({});
}
