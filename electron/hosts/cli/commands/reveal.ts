import { bool } from '../args.js';
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
    const store = await ctx.openStore({ embedder: 'none' });
    try {
      const memory = store.memories.get(id, { reveal: true });
      if (!memory) throw new CliError(`reveal: no memory ${id}`, 1);
      const secret = memory.fields['secret'];
      if (memory.kind !== 'knowledge_vault' || typeof secret !== 'string') throw new CliError(`reveal: ${id} is a ${memory.kind} memory; only knowledge-vault items have a value to reveal`, 1);
      store.counters.bump('vault.reveals');
      if (ctx.json || bool(args, 'json')) ctx.io.stdout(JSON.stringify({ id: memory.id, title: memory.title, secret }) + '\n');
      else ctx.io.stdout(`${secret}\n`);
      return 0;
    } finally {
      await store.close();
    }
  },
};
