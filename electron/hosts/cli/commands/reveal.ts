import { bool } from '../args.js';
import { ApiCallError } from '../../../../shared/api/index.js';
import { withEngine } from '../cli-engine.js';
import { CliError, type Command } from '../command.js';

export const revealCommand: Command = {
  name: 'reveal',
  summary: 'show the value of a knowledge-vault item (stays on this machine)',
  help: `usage: engram reveal ID [--json]

Prints the unmasked value of a knowledge-vault item: the secret that search, ask and chat only show
masked, and that is never sent to a model. ask names withheld items with their ID.
  --json   print {"id", "title", "secret"}

The value goes to standard output only (pipe it to a clipboard tool); each reveal is counted in
the store, never logged with the value.`,
  options: { json: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, ctx) {
    const id = args.positionals[0];
    if (!id || args.positionals.length > 1) throw new CliError('reveal: give one memory ID, e.g. engram reveal mem_01…');
    return withEngine(ctx, { embedder: 'none' }, async ({ client }) => {
      const found = await client.request('memories.get', { id });
      if (!found.ok) {
        if (found.error.code === 'NOT_FOUND') throw new CliError(`reveal: no memory ${id}`, 1);
        throw new ApiCallError(found.error);
      }
      const memory = found.output.memory;
      if (memory.kind !== 'knowledge_vault') throw new CliError(`reveal: ${id} is a ${memory.kind} memory; only knowledge-vault items have a value to reveal`, 1);
      // The window's reveal: the same check, and the same count of reveals (never logged with the value).
      const { secret } = await client.call('memories.reveal', { id });
      if (ctx.json || bool(args, 'json')) ctx.io.stdout(JSON.stringify({ id: memory.id, title: memory.title, secret }) + '\n');
      else ctx.io.stdout(`${secret}\n`);
      return 0;
    });
  },
};
