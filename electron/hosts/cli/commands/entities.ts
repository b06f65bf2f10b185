import { z } from 'zod';
import { ENTITY_KIND_LABEL, ENTITY_KIND_VALUES } from '../../../../shared/api/index.js';
import { bool, positiveInt, str } from '../args.js';
import { withEngine } from '../cli-engine.js';
import { CliError, type Command } from '../command.js';

// British spelling is what the window shows ("Organisation"); the store spells it with a z.
const KindOption = z
  .string()
  .trim()
  .toLowerCase()
  .transform((k) => (k === 'organisation' ? 'organization' : k))
  .pipe(z.enum(ENTITY_KIND_VALUES));

export const entitiesCommand: Command = {
  name: 'entities',
  summary: 'who and what your memories are about: the People & projects list',
  help: `usage: engram entities [--kind KIND] [--query WORDS] [--limit N] [--json]

  The list the window's People & projects page shows, most recently seen first;
  documents (pages and files, named by their titles) only with --kind document.
  --kind KIND     person | organisation | project | place | document | other
  --query WORDS   only names (or other names) that contain these words
  --limit N       at most N entries (1-500, default 200)
  --json          an array of {id, kind, name, aliases, summary, first_seen, last_seen, mentions, facts}

examples:
  engram entities --kind person
  engram entities --kind project --json`,
  options: { kind: { type: 'string' }, query: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, ctx) {
    const rawKind = str(args, 'kind');
    const kind = rawKind === undefined ? undefined : KindOption.safeParse(rawKind);
    if (kind && !kind.success) throw new CliError(`--kind must be one of person, organisation, project, place, document, other (got "${rawKind}")`);
    const limit = positiveInt(args, 'limit', 200, 500);
    const query = str(args, 'query')?.trim() || undefined;
    return withEngine(ctx, { embedder: 'none' }, async ({ client }) => {
      const { items } = await client.call('entities.list', { kind: kind?.data, query, limit });
      if (ctx.json || bool(args, 'json')) {
        ctx.io.stdout(JSON.stringify(items) + '\n');
        return 0;
      }
      if (items.length === 0) {
        ctx.io.stdout(query || kind ? 'No matches.\n' : 'Nobody yet: Engram adds people, projects and places as it reads your memories.\n');
        return 0;
      }
      const width = Math.min(40, Math.max(...items.map((e) => e.name.length)));
      ctx.io.stdout(
        items
          .map((e) => {
            const counts = `${e.mentions} ${e.mentions === 1 ? 'moment' : 'moments'} · ${e.facts} ${e.facts === 1 ? 'fact' : 'facts'}`;
            return `${e.name.padEnd(width)}  ${ENTITY_KIND_LABEL[e.kind].padEnd(12)}  ${counts} · last seen ${e.last_seen.slice(0, 10)}`;
          })
          .join('\n') + '\n',
      );
      return 0;
    });
  },
};
