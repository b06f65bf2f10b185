import { hostFailureOf, type ImportReportDto } from '../../../../shared/api/index.js';
import { bool } from '../args.js';
import { withEngine } from '../cli-engine.js';
import { CliError, type Command } from '../command.js';
import { followProgress, readPassphrase } from './export.js';

function describe(file: string, r: ImportReportDto): string {
  const m = r.memories;
  const lines = [
    `${r.dry_run ? 'would import' : 'imported'} ${file}: ${m.inserted} new, ${m.replaced} updated, ${m.unchanged} already here, ${m.kept_local} kept (the copy here is newer)`,
  ];
  if (r.sources) lines.push(`sources: ${r.sources.frames} frames, ${r.sources.observations} observations, ${r.sources.threads} threads, ${r.sources.messages} messages added`);
  if (r.graph) lines.push(`people & projects: ${r.graph.entities} entities, ${r.graph.facts} facts, ${r.graph.links} links added${r.graph.updated ? `, ${r.graph.updated} updated (the file's copy was newer)` : ''}`);
  if (r.secrets_masked) lines.push(`${r.secrets_masked} knowledge-vault secret${r.secrets_masked === 1 ? ' was' : 's were'} masked in the file: values already here were kept, new ones hold only the mask`);
  if (r.core_held) {
    lines.push(
      `${r.core_held} core block${r.core_held === 1 ? ' was' : 's were'} not restored: ${file} carries no seal of this Engram, and a core block is in every answer's prompt, so only your own export puts one back. If it is your own export from another machine, import it again with --trust-core.`,
    );
  }
  if (r.dry_run) lines.push('dry run: nothing was changed');
  return lines.join('\n') + '\n';
}

export const importCommand: Command = {
  name: 'import',
  summary: 'import a JSON export or an encrypted archive',
  help: `usage: engram import FILE [--dry-run] [--passphrase-file FILE] [--trust-core] [--json]

Puts back what engram export wrote: the same ids, times, sources and history. Importing the same
file again adds nothing; when a memory exists on both sides, the newer version wins. The whole
file is checked before anything is written, and written in one step: a damaged, foreign or
half-written file is refused and changes nothing. Core blocks (who you are, how Engram answers)
come back only from an export this Engram sealed: from any other file they are left out and counted.
  --dry-run           check the file and count what would change, without changing anything
  --passphrase-file F the passphrase of an archive made with one (or $ENGRAM_ARCHIVE_PASSPHRASE)
  --trust-core        restore the file's core blocks too: it is your own export from another machine
  --json              print {memories: {inserted, replaced, unchanged, kept_local, total}, ...}`,
  options: { 'dry-run': { type: 'boolean' }, 'passphrase-file': { type: 'string' }, 'trust-core': { type: 'boolean' }, json: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, ctx) {
    if (args.positionals.length !== 1) throw new CliError('import: give one file, e.g. engram import memories.json');
    const file = args.positionals[0]!;
    const passphrase = readPassphrase(args, ctx, 'import');
    return withEngine(ctx, { embedder: 'none' }, async ({ client }) => {
      const stop = followProgress(ctx, client, 'import', 'importing');
      try {
        const report = await client.call('import.file', { path: file, dry_run: bool(args, 'dry-run'), passphrase, trust_core: bool(args, 'trust-core') });
        stop();
        if (ctx.json || bool(args, 'json')) ctx.io.stdout(JSON.stringify(report) + '\n');
        else ctx.io.stdout(describe(file, report));
        return 0;
      } catch (err) {
        // A refused file is an answer, not a crash: one line, exit 1.
        const failed = hostFailureOf(err);
        if (failed) throw new CliError(`import: ${failed.line}`, 1);
        throw err;
      } finally {
        stop();
      }
    });
  },
};
