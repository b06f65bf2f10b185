import { bool } from '../args.js';
import { readStoreStats } from '../../../locate/index.js';
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
    // Counting needs the store alone: read without starting the engine (issue 34), as store.stats answers.
    const s = await readStoreStats(ctx.storeSource({ embedder: 'none' }));
    if (ctx.json || bool(args, 'json')) {
      const { data_dir, key_kind, counts, frame_bytes, audio_bytes, db_bytes, pending_embeddings, pending_passage_embeddings, counters } = s;
      ctx.io.stdout(JSON.stringify({ data_dir, key: key_kind, counts, frame_bytes, audio_bytes, db_bytes, pending_embeddings, pending_passage_embeddings, counters }) + '\n');
      return 0;
    }
    const c = s.counts;
    ctx.io.stdout(
      [
        `data dir      ${s.data_dir} (encrypted; key from ${s.key_kind})`,
        `memories      core ${c.core} · episodic ${c.episodic} · semantic ${c.semantic} · procedural ${c.procedural} · resource ${c.resource} · vault ${c.knowledge_vault} · experiences ${c.experience}`,
        `sources       ${c.frames} frames (${mb(s.frame_bytes)}) · ${c.observations} observations · ${c.messages} messages`,
        `database      ${mb(s.db_bytes)}${s.pending_embeddings ? ` · ${s.pending_embeddings} memories waiting for embeddings` : ''}${s.pending_passage_embeddings ? ` · ${s.pending_passage_embeddings} screen passages waiting for embeddings` : ''}`,
      ].join('\n') + '\n',
    );
    return 0;
  },
};
