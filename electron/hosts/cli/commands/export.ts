import { readFileSync } from 'node:fs';
import { hostFailureOf, type ApiClient, type ExportSummaryDto } from '../../../../shared/api/index.js';
import { ExportKindSchema, type ExportKind } from '../../../../shared/memory/index.js';
import { fileExportTarget, type ExportTarget } from '../../../engine/index.js';
import { withEngine } from '../cli-engine.js';
import { bool, str, strs } from '../args.js';
import { CliError, type CliContext, type Command, type ParsedArgs } from '../command.js';
import { parseTimePoint } from '../../../../shared/time/index.js';

export function parseExportKinds(values: string[]): ExportKind[] | undefined {
  if (!values.length) return undefined;
  return values.map((v) => {
    const k = ExportKindSchema.safeParse(v.replace(/-/g, '_').replace(/^vault$/, 'knowledge_vault').replace(/^experiences$/, 'experience'));
    if (!k.success) throw new CliError(`unknown kind "${v}" (kinds: ${ExportKindSchema.options.join(', ')})`);
    return k.data;
  });
}

/** A progress bar on stderr, only when someone is watching (stderr is a terminal) and the job is long. */
export function progressPrinter(ctx: CliContext, verb: string): { onProgress: (p: { done: number; total: number }) => void; done: () => void } {
  const tty = ctx.io.isTty && Boolean(process.stderr.isTTY);
  let shown = false;
  return {
    onProgress: (p) => {
      if (!tty || p.total < 500) return;
      const pct = p.total ? Math.floor((p.done / p.total) * 100) : 100;
      const bar = '#'.repeat(Math.floor(pct / 5)).padEnd(20, '.');
      ctx.io.stderr(`\r\x1b[2K${verb} [${bar}] ${p.done}/${p.total} (${pct}%)`);
      shown = true;
    },
    done: () => {
      if (shown) ctx.io.stderr('\n');
    },
  };
}

/** Shows the handler map's progress of one task (export, import) as that bar; returns the function that stops it. */
export function followProgress(ctx: CliContext, client: ApiClient, taskId: string, verb: string): () => void {
  const progress = progressPrinter(ctx, verb);
  const off = client.on('progress.changed', ({ tasks }) => {
    const t = tasks.find((x) => x.id === taskId);
    if (t?.state === 'running' && t.done !== null && t.total !== null) progress.onProgress({ done: t.done, total: t.total });
  });
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    off();
    progress.done();
  };
}

/** The passphrase of an archive: a file's first line, or $ENGRAM_ARCHIVE_PASSPHRASE (never a flag: argv shows in ps). */
export function readPassphrase(args: ParsedArgs, ctx: CliContext, command: string): string | undefined {
  const file = str(args, 'passphrase-file');
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new CliError(`${command}: cannot read --passphrase-file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    const line = text.split(/\r?\n/)[0] ?? '';
    if (!line) throw new CliError(`${command}: --passphrase-file ${file} is empty`);
    return line;
  }
  const env = ctx.env.ENGRAM_ARCHIVE_PASSPHRASE;
  return env && env.length > 0 ? env : undefined;
}

export const exportCommand: Command = {
  name: 'export',
  summary: 'export memories as JSON or Markdown (or an encrypted archive with frames)',
  help: `usage: engram export [--format json|markdown] [--out FILE] [--since WHEN] [--kind K] [--include-secrets]
       engram export --with-frames --out FILE [--passphrase-file FILE] [--since WHEN] [--kind K]

Writes every memory with its sources (provenance) and earlier versions (history).
  --format F          json (default; re-importable with engram import) or markdown (for reading)
  --out FILE          write here (mode 0600; never overwrites); default: standard output
  --since WHEN        only memories from then on: "4 days ago", "last Monday", or an ISO date
  --kind K            only these kinds (repeat or comma-separate): core, episodic, semantic,
                      procedural (includes experiences), experience, resource, knowledge_vault
  --include-secrets   put knowledge-vault secret values in the file IN CLEAR (default: masked,
                      also where a memory quotes one)
  --with-frames       an encrypted archive instead: memories plus frames (screenshots), observations
                      and chat threads, re-encrypted under a key derived from this data dir's master
                      key (import it where that key is), or from a passphrase if one is given.
                      The screenshots are NOT redacted: a secret taken out of the text is still in
                      the pixels, for anyone who opens the archive
  --passphrase-file F the archive's passphrase (first line of F); or set $ENGRAM_ARCHIVE_PASSPHRASE
  --json              print a summary object {memories, by_kind, secrets, ...} (with --out)

JSON and Markdown exports are NOT encrypted: keep them somewhere safe.`,
  options: {
    format: { type: 'string' },
    out: { type: 'string' },
    since: { type: 'string' },
    kind: { type: 'string', multiple: true },
    'include-secrets': { type: 'boolean' },
    'with-frames': { type: 'boolean' },
    'passphrase-file': { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(args, ctx) {
    const format = str(args, 'format') ?? 'json';
    if (format !== 'json' && format !== 'markdown' && format !== 'md') throw new CliError(`export: --format must be json or markdown, not "${format}"`);
    const withFrames = bool(args, 'with-frames');
    const out = str(args, 'out');
    if (withFrames && str(args, 'format') !== undefined && format !== 'json') throw new CliError('export: --with-frames writes an encrypted archive; it cannot be Markdown');
    if (withFrames && !out) throw new CliError('export: --with-frames needs --out FILE (the archive is binary)');
    if (!withFrames && str(args, 'passphrase-file') !== undefined) throw new CliError('export: --passphrase-file only applies to --with-frames archives');
    const since = str(args, 'since') !== undefined ? parseTimePoint(str(args, 'since')!, '--since') : undefined;
    const kinds = parseExportKinds(strs(args, 'kind'));
    const includeSecrets = bool(args, 'include-secrets');
    const passphrase = withFrames ? readPassphrase(args, ctx, 'export') : undefined;
    const json = ctx.json || bool(args, 'json');

    // Through the handler map like the window's export: the CLI's exporter writes to --out or
    // standard output, may put secrets in clear (the flag), and locks an archive with the passphrase.
    let target: ExportTarget | null = null;
    return withEngine(ctx, { embedder: 'none', exporter: { target: () => target!, allowSecrets: true, passphrase, signal: ctx.signal } }, async ({ client }) => {
      try {
        target = out
          ? await fileExportTarget(out)
          : { sink: { write: (c) => ctx.io.stdout(typeof c === 'string' ? c : c.toString('utf8')) }, path: null, commit: () => undefined, abort: () => undefined };
      } catch (err) {
        const failed = hostFailureOf(err);
        throw failed ? new CliError(`export: ${failed.line}`, 1) : err;
      }
      const stop = followProgress(ctx, client, 'export', 'exporting');
      let summary: ExportSummaryDto;
      try {
        summary = await client.call('export.write', {
          format: withFrames ? 'archive' : format === 'md' ? 'markdown' : format,
          since: since !== undefined ? new Date(since).toISOString() : undefined,
          kinds,
          include_secrets: includeSecrets,
        });
      } catch (err) {
        const failed = hostFailureOf(err);
        if (failed) throw new CliError(`export: ${failed.line}`, ctx.signal?.aborted ? 130 : 1);
        throw err;
      } finally {
        stop();
      }
      if (summary.path !== null) {
        const { path: written, ...rest } = summary;
        if (json) ctx.io.stdout(JSON.stringify({ out: written, ...rest }) + '\n');
        else {
          const n = summary.memories;
          const extra = withFrames ? `, ${summary.frames} frames, ${summary.observations} observations, ${summary.messages} messages; encrypted with ${summary.key === 'passphrase' ? 'your passphrase' : "this data dir's master key"}; the screenshots are unredacted` : '';
          ctx.io.stdout(`exported ${n} memor${n === 1 ? 'y' : 'ies'} to ${written}${extra} (vault secrets ${summary.secrets === 'included' ? 'INCLUDED' : 'masked'})\n`);
        }
      }
      return 0;
    });
  },
};
