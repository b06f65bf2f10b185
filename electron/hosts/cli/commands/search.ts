import { MemoryKindSchema, type MemoryKind, type SearchResult } from '../../../../shared/index.js';
import { bool, positiveInt, str, strs } from '../args.js';
import { CliError, type Command } from '../command.js';
import { KEYWORD_ONLY_LINE, MEANING_WAIT_MS, withEngine } from '../cli-engine.js';
import { parseTimePoint } from '../../../../shared/time/index.js';
import { oneLine } from '../../../../shared/text/index.js';

export function parseKinds(values: string[]): MemoryKind[] | undefined {
  if (!values.length) return undefined;
  return values.map((v) => {
    const k = MemoryKindSchema.safeParse(v.replace('-', '_').replace(/^vault$/, 'knowledge_vault'));
    if (!k.success) throw new CliError(`unknown kind "${v}" (kinds: ${MemoryKindSchema.options.join(', ')})`);
    return k.data;
  });
}

/** The machine-readable shape other tools rely on: id, kind, text, score, created_at (+ context). */
export function resultJson(r: SearchResult) {
  return {
    id: r.memory.id,
    kind: r.memory.kind,
    title: r.memory.title,
    text: r.memory.text,
    score: Number(r.score.toFixed(6)),
    created_at: r.memory.created_at,
    occurred_at: r.memory.occurred_at,
    app: r.memory.app,
    archived_at: r.memory.archived_at,
    reasons: r.reasons,
    // Screen passages behind the memory that matched, whole and with the matched words marked (**word**).
    ...(r.passages?.length ? { passages: r.passages, snippet: r.passages[0]!.snippet } : {}),
  };
}


export const searchCommand: Command = {
  name: 'search',
  summary: 'search your memories (keywords and meaning)',
  help: `usage: engram search QUERY [--kind K] [--since WHEN] [--until WHEN] [--app APP] [--limit N] [--include-archived] [--wait-for-meaning] [--json]

Hybrid search: keyword (BM25) and meaning (embeddings), with recently used memories ranked up.
While the meaning model is still loading (a cold start), the results are by keywords alone, and
a line on stderr says so.
  --kind K        only these kinds (repeat or comma-separate): core, episodic, semantic,
                  procedural, resource, knowledge_vault
  --since WHEN    "4 days ago", "yesterday", "last Monday", or an ISO date
  --until WHEN    same forms
  --app APP       only memories from this app
  --limit N       at most N results (default 10)
  --include-archived
                  also search memories archived for going unused (marked [archived];
                  engram restore ID brings one back)
  --wait-for-meaning
                  wait for the meaning model to load (seconds on a cold start) and
                  search by keywords and meaning
  --json          a JSON array: [{id, kind, text, score, created_at, ...}]`,
  options: {
    kind: { type: 'string', multiple: true },
    since: { type: 'string' },
    until: { type: 'string' },
    app: { type: 'string' },
    limit: { type: 'string' },
    'include-archived': { type: 'boolean' },
    'wait-for-meaning': { type: 'boolean' },
    json: { type: 'boolean' },
  },
  allowPositionals: true,
  async run(args, ctx) {
    const query = args.positionals.join(' ').trim();
    if (!query) throw new CliError('search: give a query, e.g. engram search "budget spreadsheet"');
    const kinds = parseKinds(strs(args, 'kind'));
    const since = str(args, 'since') !== undefined ? parseTimePoint(str(args, 'since')!, '--since') : undefined;
    const until = str(args, 'until') !== undefined ? parseTimePoint(str(args, 'until')!, '--until') : undefined;
    const limit = positiveInt(args, 'limit', 10, 200);
    const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
    // The wait is given at start: it also keeps a cold encoder from loading for what the open finds pending.
    return withEngine(ctx, { meaningWaitMs: bool(args, 'wait-for-meaning') ? null : MEANING_WAIT_MS }, async (engram) => {
      const include_archived = bool(args, 'include-archived');
      const { results, keyword_only } = await engram.client.call('memories.search', { query, kinds, since: iso(since), until: iso(until), app: str(args, 'app'), limit, include_archived });
      if (keyword_only) ctx.io.stderr(`engram: ${KEYWORD_ONLY_LINE}\n`);
      if (ctx.json || bool(args, 'json')) {
        ctx.io.stdout(JSON.stringify(results.map(resultJson)) + '\n');
        return 0;
      }
      if (!results.length) {
        ctx.io.stdout('no memories match\n');
        return 0;
      }
      for (const r of results) {
        const when = (r.memory.occurred_at ?? r.memory.created_at).slice(0, 16).replace('T', ' ');
        const mark = r.memory.archived_at ? '[archived] ' : '';
        ctx.io.stdout(`${r.score.toFixed(3)}  ${r.memory.kind.padEnd(15)} ${when}  ${mark}${oneLine(r.memory.title || r.memory.text, 70)}\n`);
        ctx.io.stdout(`       ${r.memory.id}${r.memory.title && r.memory.text !== r.memory.title ? `  ${oneLine(r.memory.text, 60)}` : ''}\n`);
      }
      return 0;
    });
  },
};
