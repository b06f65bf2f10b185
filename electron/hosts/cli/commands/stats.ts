import { bool } from '../args.js';
import type { Command } from '../command.js';

const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;

export const statsCommand: Command = {
  name: 'stats',
  summary: 'what is stored, and how much space it takes',
  help: `usage: engram stats [--json]

  --json   an object {counts: {core, episodic, semantic, procedural, resource, knowledge_vault,
           experience, frames, observations, messages}, frame_bytes, db_bytes, ...}`,
  options: { json: { type: 'boolean' } },
  async run(args, ctx) {
    const store = await ctx.openStore({ embedder: 'none' });
    try {
      const s = store.stats();
      if (ctx.json || bool(args, 'json')) {
        ctx.io.stdout(JSON.stringify({ data_dir: store.dataDir, key: store.keyKind, ...s }) + '\n');
        return 0;
      }
      const c = s.counts;
      ctx.io.stdout(
        [
          `data dir      ${store.dataDir} (encrypted; key from ${store.keyKind})`,
          `memories      core ${c.core} · episodic ${c.episodic} · semantic ${c.semantic} · procedural ${c.procedural} · resource ${c.resource} · vault ${c.knowledge_vault} · experiences ${c.experience}`,
          `sources       ${c.frames} frames (${mb(s.frame_bytes)}) · ${c.observations} observations · ${c.messages} messages`,
          `database      ${mb(s.db_bytes)}${s.pending_embeddings ? ` · ${s.pending_embeddings} memories waiting for embeddings` : ''}`,
        ].join('\n') + '\n',
      );
      return 0;
    } finally {
      await store.close();
    }
  },
};
