import { bool } from '../args.js';
import { IdSchema } from '../../../../shared/api/index.js';
import { withEngine } from '../cli-engine.js';
import { CliError, type Command } from '../command.js';

export const restoreCommand: Command = {
  name: 'restore',
  summary: 'bring archived memories back into search and chat',
  help: `usage: engram restore ID... [--json]

Memories nobody used for a while (Settings → Brain, default 180 days) are archived: search, ask
and chat skip them, nothing is deleted. engram search --include-archived finds them; this brings
them back, and counts as using them.
  --json   print {"restored": N}`,
  options: { json: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, ctx) {
    const ids = args.positionals;
    if (!ids.length) throw new CliError('restore: give one or more memory IDs, e.g. engram restore mem_01…');
    for (const id of ids) if (!IdSchema.safeParse(id).success) throw new CliError(`restore: "${id.slice(0, 60)}" is not a memory ID`);
    return withEngine(ctx, { embedder: 'none' }, async ({ client }) => {
      const { restored } = await client.call('memories.restore', { ids });
      if (ctx.json || bool(args, 'json')) ctx.io.stdout(JSON.stringify({ restored }) + '\n');
      else ctx.io.stdout(restored ? `restored ${restored} memor${restored === 1 ? 'y' : 'ies'}\n` : 'nothing to restore: none of these memories is archived\n');
      return 0;
    });
  },
};
