import { bool } from '../args.js';
import { CliError, type Command } from '../command.js';
import { withEngine } from '../cli-engine.js';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const indexCommand: Command = {
  name: 'index',
  summary: 'make what capture stored searchable by meaning now (the app does it in the background)',
  help: `usage: engram index [--json]

Gives every memory and screen passage that still has no vector its vector, so search, ask and chat
find it by meaning as well as by its words. engram capture leaves this to the next process with an
encoder: the Engram app and engram serve do it in the background while they run; a one-shot
engram ask or search does not wait for it. Run this after capturing from the terminal without the
app. Ctrl-C stops it; what is done stays done, the rest waits for the next run.
  --json   print {"memories", "passages", "left", "took_ms"}: what was waiting, what still waits`,
  options: { json: { type: 'boolean' } },
  async run(args, ctx) {
    const json = ctx.json || bool(args, 'json');
    return withEngine(ctx, { embedder: 'default' }, async (engram) => {
      const before = engram.pendingEmbeddings();
      if (!before) throw new CliError('index: this Engram runs without an encoder (ENGRAM_EMBEDDER=none): search is by keywords only', 1);
      const t0 = Date.now();
      if (!json && before.memories + before.passages > 0)
        ctx.io.stderr(`embedding ${plural(before.memories, 'memory', 'memories')} and ${plural(before.passages, 'screen passage', 'screen passages')} (Ctrl-C stops; what is done stays done) …\n`);
      let stopped = false;
      const stop = new Promise<null>((resolve) => {
        if (ctx.signal.aborted) return resolve(null);
        ctx.signal.addEventListener('abort', () => resolve(null), { once: true });
      }).then(() => {
        stopped = true;
        return null;
      });
      let failure: string | null = null;
      let left = before.memories + before.passages;
      // A row changed while its vector was made is left for the next round (a capture running
      // meanwhile adds rows too): go again while that still gets somewhere.
      for (;;) {
        failure = await Promise.race([engram.embedPending(), stop]);
        const after = engram.pendingEmbeddings() ?? before;
        const now = after.memories + after.passages;
        const progressed = now < left;
        left = now;
        if (stopped || failure || left === 0 || !progressed) break;
      }
      const took = Date.now() - t0;
      if (json) ctx.io.stdout(JSON.stringify({ memories: before.memories, passages: before.passages, left, took_ms: took }) + '\n');
      else if (before.memories + before.passages === 0) ctx.io.stdout('nothing waiting: every memory and screen passage has its vector\n');
      else if (left === 0) ctx.io.stdout(`done in ${(took / 1000).toFixed(1)} s: every memory and screen passage has its vector\n`);
      else ctx.io.stdout(`${stopped ? 'stopped' : 'stopped early'}: ${plural(left, 'row waits', 'rows wait')} for the next run${failure ? ` (${failure})` : ''}\n`);
      return left === 0 ? 0 : stopped ? 130 : 1;
    });
  },
};
