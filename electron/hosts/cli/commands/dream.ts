import { TimeArgError, parseTimePoint } from '../../../../shared/time/index.js';
import type { DreamChangeDto as DreamChange, DreamReportDto as DreamReport } from '../../../../shared/api/index.js';
import { DREAM_MODES, DreamModeSchema, FIRST_WINDOW_DAYS, dreamSummary, startEngram } from '../../../engine/index.js';
import { packageVersion } from '../version.js';
import { bool, positiveInt, str } from '../args.js';
import { CliError, type Command } from '../command.js';

function changeLine(c: DreamChange, withDiff: boolean): string {
  const after = c.after ?? '(new)';
  const head = `  ${c.action.padEnd(12)} ${c.kind.padEnd(15)} ${c.before.join(', ')} → ${after}  ${c.reason}${c.source === 'model' ? '  [model]' : ''}`;
  return withDiff && c.diff?.length ? [head, ...c.diff.map((l) => `      ${l}`)].join('\n') : head;
}

/** The experience mode's window: whence it started, and per kind what was new and what was done. */
function windowLines(w: NonNullable<DreamReport['window']>, dryRun: boolean): string[] {
  const from = w.from === 'checkpoint' ? "where the last run stopped" : w.from === 'option' ? '--since' : `no earlier run: ${FIRST_WINDOW_DAYS} days back`;
  const kinds = Object.entries(w.kinds).map(([k, c]) => {
    const done = [c.merged && `${c.merged} merged`, c.superseded && `${c.superseded} superseded`, c.rewritten && `${c.rewritten} rewritten`].filter(Boolean).join(', ');
    return `${k} ${c.total} new or changed${done ? ` (${done})` : ''}`;
  });
  const saved = dryRun ? 'checkpoint unchanged (dry run)' : w.checkpoint_saved ? 'checkpoint moved to now' : 'checkpoint kept: the run stopped early';
  return [`window: ${w.since} → ${w.until} (${from}) · ${kinds.join(' · ')} · ${saved}`];
}

export const dreamCommand: Command = {
  name: 'dream',
  summary: 'consolidate memory: merge duplicates, resolve conflicts, roll up old episodes',
  help: `usage: engram dream [--mode MODE] [--dry-run] [--model NAME] [--last-n-sessions N] [--since TIME] [--offline] [--json]

Merges duplicate memories, resolves conflicting facts (the newest wins; the older one is
superseded, kept in history, not deleted), rolls old unused episodes into hour and day summaries,
and reports decay. With a model configured, the model then reviews clusters of look-alike memories
(near-duplicates, contradictions, stale wording) and proposes merges and rewrites, applied with
their history and sources kept. In the graph it merges duplicate people, projects and documents
(an email address and the name it spells, "A. Souza" and Ana Souza, "Jose"/"José", a page's URL and
title), with the merge in the entity's history; never two entries you split apart. It also runs by itself when the machine is idle, at most once a day.

Modes: all (every step below); core, semantic, resource, procedural, knowledge_vault
(also "knowledge"), episodic (duplicates, then hour and day rollups), entities (the graph): one
kind each, all of it. experience: what you experienced since the last experience run stopped
(its checkpoint, kept across restarts; the first run looks ${FIRST_WINDOW_DAYS} days back, --since moves the
start): episodes, facts and vault entries new or changed in that window, checked against all of
their kind by the rules, then, with a model, episodes and facts reviewed together (a fact an
episode shows has changed is rewritten citing it; vault entries are never shown to a model); then
the task experiences you recorded and their reflections. It prints how many of each kind were new
and what was done; a dry run leaves the checkpoint where it was. More: docs/dream.md.
  --mode MODE           ${DREAM_MODES.join('|')} (default all)
  --dry-run             print what would change, as a diff; change nothing
  --model NAME          the model for the review (default: the configured memory model)
  --last-n-sessions N   also distil reusable procedures from the last N sessions (needs a model)
  --since TIME          experience mode: start the window here ("3 days ago", an ISO date) instead of the checkpoint
  --offline             rules only, even with a model configured
  --json                print the report: {mode, dry_run, reviewer, counts, window, changes: [{action, kind, before, after, reason, source, diff}]}`,
  options: {
    mode: { type: 'string' },
    'dry-run': { type: 'boolean' },
    model: { type: 'string' },
    'last-n-sessions': { type: 'string' },
    since: { type: 'string' },
    offline: { type: 'boolean' },
    json: { type: 'boolean' },
  },
  async run(args, ctx) {
    const modeArg = str(args, 'mode') ?? 'all';
    const mode = DreamModeSchema.safeParse(modeArg);
    if (!mode.success) throw new CliError(`dream: --mode must be one of ${DREAM_MODES.join(', ')} (got "${modeArg}")`);
    const dryRun = bool(args, 'dry-run');
    const offline = bool(args, 'offline');
    const model = str(args, 'model');
    if (model !== undefined && !/^[\w.:/@-]{1,200}$/.test(model)) throw new CliError(`dream: --model must be a model name (letters, digits, . : / @ _ -), got "${model.slice(0, 40)}"`);
    const lastN = str(args, 'last-n-sessions') === undefined ? undefined : positiveInt(args, 'last-n-sessions', 1, 100);
    if (offline && (model !== undefined || lastN !== undefined)) throw new CliError('dream: --offline runs the rules only; --model and --last-n-sessions need the model');
    const sinceArg = str(args, 'since');
    if (sinceArg !== undefined && mode.data !== 'experience') throw new CliError('dream: --since goes with --mode experience (the other modes look at all of a kind)');
    let since: number | undefined;
    try {
      since = sinceArg === undefined ? undefined : parseTimePoint(sinceArg, '--since');
    } catch (e) {
      if (e instanceof TimeArgError) throw new CliError(`dream: ${e.message}`);
      throw e;
    }
    const engram = await startEngram({ store: ctx.storeSource({ embedder: 'none' }), host: 'headless', version: packageVersion(), env: ctx.env, brain: { start: 'manual', subscribe: false }, chat: false });
    try {
      if ((model !== undefined || lastN !== undefined) && (await engram.client.call('app.info', {})).offline) {
        throw new CliError('dream: --model and --last-n-sessions need a model provider (Settings → Model, or `engram settings`); nothing was changed');
      }
      // The run on the brain's queue, through the handler map as the window's Consolidate goes.
      const report = await engram.client.call('consolidation.dream', {
        mode: mode.data,
        dry_run: dryRun,
        offline,
        ...(model ? { model } : {}),
        ...(lastN ? { last_n_sessions: lastN } : {}),
        ...(since !== undefined ? { since: new Date(since).toISOString() } : {}),
      });
      if (ctx.json || bool(args, 'json')) {
        ctx.io.stdout(JSON.stringify(report) + '\n');
        return 0;
      }
      const lines = report.changes.slice(0, 200).map((c) => changeLine(c, dryRun));
      if (report.changes.length > 200) lines.push(`  … and ${report.changes.length - 200} more (use --json for all)`);
      if (report.review_error) lines.push(`note: ${report.review_error}`);
      ctx.io.stdout([dreamSummary(report), ...(report.window ? windowLines(report.window, dryRun) : []), ...lines].join('\n') + '\n');
      return 0;
    } finally {
      await engram.close();
    }
  },
};
