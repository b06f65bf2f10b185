import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { runCli } from '../../electron/hosts/cli/main.js';
import { redact } from '../../electron/sensing/perception/index.js';
import { CrashJournal } from '../../electron/crash/index.js';
import { crashNotice } from '../../electron/desktop/policy/index.js';
import { harnessInline } from '../helpers/harness-bundle.js';

const root = mkdtempSync(join(tmpdir(), 'engram-crash-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const CARD = '4111 1111 1111 1111';
const API_KEY = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH';
const scrub = (t: string) => redact(t).text;

describe('crash journal', () => {
  it('keeps one small private report per crash: name, code, stack frames; no secrets, nothing of the message', () => {
    const dir = join(root, 'unit');
    let t = Date.parse('2026-11-30T10:00:00Z');
    const journal = new CrashJournal({ dir, version: '1.2.3', processName: 'app', scrub, keep: 3, now: () => new Date((t += 1000)) });
    const err = Object.assign(new Error(`failed while reading card ${CARD} with key ${API_KEY}\nsecond line with screen text`), { code: 'EBROKEN' });
    const path = journal.record('uncaught-exception', err, true);
    expect(path).not.toBeNull();
    const text = readFileSync(path!, 'utf8');
    expect(text).not.toContain(CARD);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('second line with screen text');
    const report = JSON.parse(text);
    expect(report).toMatchObject({ format: 'engram-crash', version: '1.2.3', process: 'app', kind: 'uncaught-exception', fatal: true, name: 'Error', code: 'EBROKEN' });
    // Nothing of the message's words: a redactor knows secret shapes, not a plain-words secret.
    expect(text).not.toContain('failed while reading');
    expect(report.message).toBe(`(message withheld: ${err.message.length} characters)`);
    expect(report.stack.length).toBeGreaterThan(0);
    for (const frame of report.stack) expect(frame).toMatch(/^at /);
    expect(statSync(path!).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    // Non-errors are kept too; only the newest `keep` reports stay.
    for (const v of ['a string reason', 42, undefined, { weird: true }]) journal.record('unhandled-rejection', v, false);
    const files = readdirSync(dir).filter((f) => f.startsWith('crash-'));
    expect(files).toHaveLength(3);
    expect(journal.list().map((r) => r.name)).toEqual(['number', 'undefined', 'object']);
  });

  it('keeps no word of a message, even one shaped like stack frames, and only frame-shaped stack lines', () => {
    const dir = join(root, 'canary');
    const journal = new CrashJournal({ dir, version: '1', processName: 'app', scrub });
    const canary = 'canary-plainwords-walrus';
    const err = new Error(`opening ${canary}\n    at home (my ${canary} notes)\n    at ${canary}.txt:1:2`);
    const text = readFileSync(journal.record('uncaught-exception', err, true)!, 'utf8');
    expect(text).not.toContain(canary);
    expect(text).not.toContain('walrus');
    const report = JSON.parse(text);
    expect(report.stack.length).toBeGreaterThan(0);
    expect(report.stack.join('\n')).toContain('crash-journal.test.ts');
    // A stack whose header no longer matches the message (the message changed after it was made).
    const changed = new Error('first words');
    changed.message = `later ${canary}`;
    expect(readFileSync(journal.record('uncaught-exception', changed, true)!, 'utf8')).not.toContain(canary);
    // A thrown string is a message too.
    expect(readFileSync(journal.record('unhandled-rejection', `rejected with ${canary}`, false)!, 'utf8')).not.toContain(canary);
  });

  it('tells each crash once at the next start', () => {
    const dir = join(root, 'notice');
    const journal = new CrashJournal({ dir, version: '1', processName: 'app', scrub });
    expect(crashNotice(journal.unseen(), dir)).toBeNull();
    journal.record('renderer-gone', new Error('renderer crashed (exit code 139)'), false);
    const notice = crashNotice(journal.unseen(), dir);
    expect(notice?.source).toBe('crash');
    expect(notice?.message).toContain(dir);
    expect(notice?.message).toContain('nothing was sent');
    journal.acknowledge();
    expect(journal.unseen()).toEqual([]);
    writeFileSync(join(dir, 'crash-not-a-report.json'), '{"hello": 1}');
    expect(journal.list()).toHaveLength(1);
  });

  it('install(): an uncaught exception is journaled then handed to onFatal; a rejection is journaled and the process goes on', () => {
    const proc = new EventEmitter();
    const journal = new CrashJournal({ dir: join(root, 'install'), version: '1', processName: 'serve', scrub });
    const fatal: (string | null)[] = [];
    const rejected: (string | null)[] = [];
    const remove = journal.install(proc, { onFatal: (_e, p) => fatal.push(p), onRejection: (_r, p) => rejected.push(p) });
    proc.emit('uncaughtException', new Error('boom'));
    proc.emit('unhandledRejection', new Error('late'));
    expect(fatal).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(readFileSync(fatal[0]!, 'utf8')).toContain('"kind": "uncaught-exception"');
    remove();
    expect(proc.listenerCount('uncaughtException')).toBe(0);
  });

  it('a real process dying of an error leaves a report with no secret bytes, and a write failure does not throw', () => {
    const dir = join(root, 'child');
    const script = `
      import { CrashJournal } from './electron/crash/index.ts';
      import { redact } from './electron/sensing/perception/index.ts';
      const j = new CrashJournal({ dir: ${JSON.stringify(dir)}, version: 't', processName: 'child', scrub: (t) => redact(t).text });
      j.install(process, { onFatal: (_e, p) => { process.stderr.write('engram: unexpected error (report: ' + p + ')\\n'); process.exit(1); } });
      setTimeout(() => { throw new Error('token ${API_KEY} on screen'); }, 10);
    `;
    const r = spawnSync(process.execPath, harnessInline(script), { cwd: process.cwd(), encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/report: .*crash-.*\.json/);
    const files = readdirSync(dir).filter((f) => f.startsWith('crash-'));
    expect(files).toHaveLength(1);
    const bytes = readFileSync(join(dir, files[0]!));
    expect(bytes.includes(Buffer.from(API_KEY))).toBe(false);
    expect(bytes.includes(Buffer.from('sk-ant-api03'))).toBe(false);

    // The folder is a file: record() says null instead of throwing inside a crash handler.
    const blocked = join(root, 'blocked');
    writeFileSync(blocked, 'x');
    expect(new CrashJournal({ dir: blocked, version: '1', processName: 'x', scrub }).record('uncaught-exception', new Error('x'), true)).toBeNull();
  });
});

describe('the CLI installs the journal per command', () => {
  it('hands the command and its data dir to onCommand before running it, and not for bad input', async () => {
    const seen: [string, string][] = [];
    const io = { stdout: () => undefined, stderr: () => undefined, isTty: false, stdin: Readable.from([]) };
    const dir = join(root, 'cli');
    const hooks = { onCommand: (c: string, d: string) => void seen.push([c, d]) };
    expect(await runCli(['--data-dir', dir, 'stats', '--json'], io, { PATH: process.env.PATH, ENGRAM_EMBEDDER: 'none' }, undefined, hooks)).toBe(0);
    expect(await runCli(['--data-dir', dir, 'stats', '--bogus'], io, { PATH: process.env.PATH, ENGRAM_EMBEDDER: 'none' }, undefined, hooks)).toBe(2);
    expect(seen).toEqual([['stats', dir]]);
  });
});
