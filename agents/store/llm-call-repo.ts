import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { Millis } from './types.js';

export interface LlmCallRecord {
  at: Millis;
  model: string;
  purpose: string;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  cost_usd: number;
}

export interface LlmUsageSummary {
  calls: number;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  cost_usd: number;
  by_purpose: Record<string, { calls: number; input_tokens: number; output_tokens: number; cost_usd: number }>;
}

/** Token and cost accounting per model call, so the user sees what thinking costs. */
export class LlmCallRepo {
  constructor(private readonly db: Db) {}

  record(c: LlmCallRecord): void {
    this.db
      .prepare(`INSERT INTO llm_calls (at, model, purpose, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd)
        VALUES (@at, @model, @purpose, @input_tokens, @output_tokens, @cache_read_tokens, @cache_write_tokens, @cost_usd)`)
      .run(c);
  }

  summary(opts: { since?: Millis } = {}): LlmUsageSummary {
    const rows = this.db
      .prepare(`SELECT purpose, count(*) AS calls, sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens,
        sum(cache_read_tokens) AS cache_read_tokens, sum(cache_write_tokens) AS cache_write_tokens, sum(cost_usd) AS cost_usd
        FROM llm_calls WHERE at >= ? GROUP BY purpose`)
      .all(opts.since ?? 0) as (Omit<LlmUsageSummary, 'by_purpose'> & { purpose: string })[];
    const out: LlmUsageSummary = { calls: 0, input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0, by_purpose: {} };
    for (const r of rows) {
      out.calls += r.calls;
      out.input_tokens += r.input_tokens;
      out.output_tokens += r.output_tokens;
      out.cache_read_tokens += r.cache_read_tokens;
      out.cache_write_tokens += r.cache_write_tokens;
      out.cost_usd += r.cost_usd;
      out.by_purpose[r.purpose] = { calls: r.calls, input_tokens: r.input_tokens, output_tokens: r.output_tokens, cost_usd: r.cost_usd };
    }
    return out;
  }
}
