import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * A local crash journal: when Engram dies of an error (or a renderer/helper process goes away),
 * one small JSON report is written to DATA_DIR/crashes, and the next start can tell the user.
 * Nothing is sent anywhere. What a report keeps is chosen for privacy: the error's name and code,
 * the length of its message but none of its text, and the stack's "at function (file:line)" frames —
 * never the process's memory. A message can carry anything the process held (screen text, a note,
 * a file name) and a redactor only masks the secret shapes it knows, so a plain-words secret would
 * be written as is; the name, code and frames say where it happened, which is what a report is for. That is also why the app does not
 * start Electron's native crashReporter: its minidumps hold raw memory pages (screen text, decrypted
 * memories) in plaintext files, which the security rules forbid.
 */

export const CrashReportSchema = z.object({
  format: z.literal('engram-crash'),
  at: z.string(),
  version: z.string(),
  platform: z.string(),
  process: z.string(),
  kind: z.enum(['uncaught-exception', 'unhandled-rejection', 'renderer-gone', 'child-gone']),
  fatal: z.boolean(),
  name: z.string(),
  code: z.string().nullable(),
  message: z.string(),
  stack: z.array(z.string()),
});
export type CrashReport = z.infer<typeof CrashReportSchema>;
export type CrashKind = CrashReport['kind'];

export interface CrashJournalOptions {
  /** Folder for the reports (created 0700; files 0600). */
  dir: string;
  version: string;
  /** Which process writes: 'app', 'engram serve', … */
  processName: string;
  /** Masks secret shapes in what is kept of the stack (file paths, function names); the message is never kept. */
  scrub?: (text: string) => string;
  /** Reports kept; the oldest go first. */
  keep?: number;
  now?: () => Date;
}

const STACK_MAX = 30;

/** What a report says of a message: that there was one, and how long, never its words. */
function withheldMessage(raw: string): string {
  return raw.length === 0 ? '' : `(message withheld: ${raw.length} characters)`;
}
const SEEN_FILE = '.seen';

/** A V8 frame line: "at fn (file:line:col)", "at file:line:col", "at fn (<anonymous>)", "at async fn (index 0)". */
const FRAME = /^at (?:async )?(?:\S+(?: \[as \S+\])? \([^()]*\)|\S+:\d+:\d+)$/;

/**
 * Only the frame lines of a stack. The stack starts with "Name: message", and a message's later lines
 * may themselves start with "at ": the header is cut off first, then only lines shaped like frames stay.
 */
function stackFrames(e: Error | null): string[] {
  const stack = e?.stack;
  if (!stack) return [];
  const header = `${e.name}: ${e.message}`;
  const body = stack.startsWith(header) ? stack.slice(header.length) : stack.startsWith(`${e.name}\n`) ? stack.slice(e.name.length) : stack;
  return body
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => FRAME.test(l))
    .slice(0, STACK_MAX)
    .map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l));
}

export class CrashJournal {
  private readonly keep: number;
  private readonly now: () => Date;
  private seq = 0;

  constructor(private readonly opts: CrashJournalOptions) {
    this.keep = opts.keep ?? 20;
    this.now = opts.now ?? (() => new Date());
  }

  get dir(): string {
    return this.opts.dir;
  }

  /** Builds the report for an error (or any thrown value) without writing it. */
  reportOf(kind: CrashKind, err: unknown, fatal: boolean): CrashReport {
    const e = err instanceof Error ? err : null;
    const raw = e ? e.message : typeof err === 'string' ? err : err === undefined ? 'undefined' : Object.prototype.toString.call(err);
    const scrub = this.opts.scrub ?? ((t: string) => t);
    const rawCode: unknown = e ? (e as { code?: unknown }).code : undefined;
    const code = typeof rawCode === 'string' ? rawCode.slice(0, 60) : null;
    return {
      format: 'engram-crash',
      at: this.now().toISOString(),
      version: this.opts.version,
      platform: `${process.platform}-${process.arch} node ${process.versions.node}`,
      process: this.opts.processName,
      kind,
      fatal,
      // An error's name and code are the program's words (a subclass can set anything, hence the scrub).
      name: scrub((e?.name ?? typeof err).slice(0, 60)),
      code: code === null ? null : scrub(code),
      message: withheldMessage(raw),
      stack: stackFrames(e).map(scrub),
    };
  }

  /**
   * What a host tells of a crash (a terminal line, a log, a notification, a dialog): the error's kind
   * and code and where its report is, never the message, for the same reason the report keeps none
   * of it: those lines end up in a service's journal, the session's error log and the notification
   * history, all plaintext files.
   */
  noticeLine(err: unknown, reportPath: string | null): string {
    const e = err instanceof Error ? err : null;
    const rawCode: unknown = e ? (e as { code?: unknown }).code : undefined;
    const code = typeof rawCode === 'string' ? ` ${rawCode.slice(0, 40)}` : '';
    const scrub = this.opts.scrub ?? ((t: string) => t);
    const kind = scrub(`${(e?.name ?? typeof err).slice(0, 60)}${code}`);
    return `unexpected error (${kind})${reportPath ? `; report: ${reportPath}` : '; no report could be written'}`;
  }

  /** Writes a report (temp file + rename, so a half report never appears); returns its path, or null if it could not be written. */
  record(kind: CrashKind, err: unknown, fatal: boolean): string | null {
    try {
      const report = this.reportOf(kind, err, fatal);
      mkdirSync(this.opts.dir, { recursive: true, mode: 0o700 });
      const name = `crash-${report.at.replace(/[:.]/g, '-')}-${process.pid}-${this.seq++}.json`;
      const path = join(this.opts.dir, name);
      writeFileSync(`${path}.tmp`, JSON.stringify(report, null, 2) + '\n', { mode: 0o600 });
      chmodSync(`${path}.tmp`, 0o600);
      renameSync(`${path}.tmp`, path);
      this.prune();
      return path;
    } catch {
      // A crash journal that fails must not turn one crash into two.
      return null;
    }
  }

  /** Reports written since the user last acknowledged them (oldest first). */
  unseen(): CrashReport[] {
    const seen = this.readSeen();
    return this.list().filter((r) => r.at > seen);
  }

  /** Marks every report so far as shown to the user. */
  acknowledge(): void {
    const latest = this.list().at(-1)?.at;
    if (!latest) return;
    try {
      mkdirSync(this.opts.dir, { recursive: true, mode: 0o700 });
      writeFileSync(join(this.opts.dir, SEEN_FILE), latest, { mode: 0o600 });
    } catch {
      // Not being able to remember is harmless: the notice shows once more.
    }
  }

  /** Every readable report, oldest first; files that are not reports are ignored. */
  list(): CrashReport[] {
    const out: CrashReport[] = [];
    for (const f of this.files()) {
      try {
        const parsed = CrashReportSchema.safeParse(JSON.parse(readFileSync(join(this.opts.dir, f), 'utf8')));
        if (parsed.success) out.push(parsed.data);
      } catch {
        // unreadable: skip
      }
    }
    return out.sort((a, b) => a.at.localeCompare(b.at));
  }

  /**
   * Journals uncaught exceptions (then calls onFatal, which must end the process: the state is
   * unknown after one) and unhandled rejections (kept running; logged through onRejection).
   * Returns a function that removes the handlers.
   */
  install(proc: NodeJS.EventEmitter, hooks: { onFatal: (err: unknown, reportPath: string | null) => void; onRejection?: (reason: unknown, reportPath: string | null) => void }): () => void {
    const onException = (err: unknown) => hooks.onFatal(err, this.record('uncaught-exception', err, true));
    const onRejection = (reason: unknown) => hooks.onRejection?.(reason, this.record('unhandled-rejection', reason, false));
    proc.on('uncaughtException', onException);
    proc.on('unhandledRejection', onRejection);
    return () => {
      proc.off('uncaughtException', onException);
      proc.off('unhandledRejection', onRejection);
    };
  }

  private files(): string[] {
    try {
      return readdirSync(this.opts.dir)
        .filter((f) => f.startsWith('crash-') && f.endsWith('.json'))
        .sort();
    } catch {
      return [];
    }
  }

  private readSeen(): string {
    try {
      return readFileSync(join(this.opts.dir, SEEN_FILE), 'utf8').trim();
    } catch {
      return '';
    }
  }

  private prune(): void {
    const files = this.files();
    for (const f of files.slice(0, Math.max(0, files.length - this.keep))) rmSync(join(this.opts.dir, f), { force: true });
  }
}
