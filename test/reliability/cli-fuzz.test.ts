import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashEmbedder, openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { runCli } from '../../electron/hosts/cli/main.js';
import { DEFAULT_REDACTION } from '../../shared/redaction/index.js';
import { COMMANDS } from '../fixtures/cli-commands.js';
import { seedUiFixture } from '../fixtures/ui-seed.js';
import { nastyString } from './hostile-arbitraries.js';
import { fuzzSeed } from './fuzz-seed.js';
import { changedParts, StoreWatch } from './store-fingerprint.js';

/**
 * Property-based tests of every registered `engram` command, run in process (runCli with captured
 * io; spawning is too slow for thousands of cases): random flags, values, positionals and junk.
 * Whatever the arguments: runCli answers with an exit code, prints no stack trace and never
 * "unexpected error" (runCli's words for an error no command anticipated: a TypeError as much as a
 * real failure), and a command that fails leaves the store as it was. A fresh seed per run, printed;
 * FUZZ_SEED=N replays one. File-writing options only ever get paths inside a sandbox,
 * and --data-dir is never fuzzed: as root, a fuzzer must not write outside its own folder.
 */
const RUNS = Number(process.env.RELIABILITY_CLI_FUZZ_RUNS ?? 40);
const SEED = fuzzSeed('CLI fuzz');
const key = randomBytes(32);

let root: string;
let template: string;
let sandbox: string;
let ids: string[] = [];
const totals = { cases: 0, failed: 0, ok: 0, byCommand: {} as Record<string, number>, unexpected: [] as string[], fingerprints: { full: 0, reused: 0 } };

beforeAll(async () => {
  // Twenty data dirs are copied, written and deleted: in memory where the machine has a RAM disk.
  root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'engram-clifuzz-'));
  template = join(root, 'template');
  sandbox = join(root, 'sandbox');
  mkdirSync(sandbox);
  const store = await openStore({ dataDir: template, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(256) });
  const seeded = await seedUiFixture(store);
  await store.flushEmbeddings();
  // The seed wrote vault values, so a re-scrub of what was kept is due (trust53); the app's brain runs
  // it at once. Run here too: the template is a store at rest, and the check below is that a failing
  // command changes nothing, not that the first command to open a fresh store finishes its upkeep.
  while (store.rescrubDue && !store.rescrubSlice(DEFAULT_REDACTION).done);
  ids = [...seeded.frames.slice(0, 2), ...Object.values(seeded.memories).slice(0, 6)];
  await store.close();
  // Files a fuzzed command may be pointed at.
  writeFileSync(join(sandbox, 'garbage.json'), randomBytes(2048));
  writeFileSync(join(sandbox, 'foreign.json'), JSON.stringify({ format: 'evernote-export', notes: [{ title: 'x', body: 'y' }] }));
  writeFileSync(join(sandbox, 'messages.json'), JSON.stringify([{ role: 'user', content: 'Fuzzed note: the build server is orca-7' }]));
  writeFileSync(join(sandbox, 'empty'), '');
  writeFileSync(join(sandbox, 'pass'), 'correct horse battery staple\n');
}, 180_000);

afterAll(() => {
  console.log(
    `CLI fuzz (seed ${SEED}): ${totals.cases} runs of ${COMMANDS.length} commands (${JSON.stringify(totals.byCommand)}): ${totals.ok} exited 0, ${totals.failed} refused, ` +
      `${totals.unexpected.length} unexpected errors; ${totals.fingerprints.full + totals.fingerprints.reused} store fingerprints, ${totals.fingerprints.reused} with no commit since the last${totals.unexpected.length ? `:\n  ${totals.unexpected.slice(0, 20).join('\n  ')}` : ''}`,
  );
  rmSync(root, { recursive: true, force: true });
});

const WRITES_TO = new Set(['out']);
const READS_FROM = new Set(['file', 'passphrase-file']);

function argvFor(cmd: (typeof COMMANDS)[number]): fc.Arbitrary<string[]> {
  const flags = Object.entries(cmd.options).flatMap(([k, o]) => [`--${k}`, ...(o.short ? [`-${o.short}`] : [])]);
  const outPaths = fc.constantFrom(join(sandbox, 'out.json'), join(sandbox, 'sub', 'deeper', 'out.md'), sandbox, join(sandbox, 'garbage.json'), join(sandbox, 'x'.repeat(300)));
  const inPaths = fc.constantFrom(join(sandbox, 'garbage.json'), join(sandbox, 'foreign.json'), join(sandbox, 'messages.json'), join(sandbox, 'empty'), sandbox, join(sandbox, 'missing.json'), '/etc/hostname', '/proc/self/status');
  const values = fc.oneof(
    { weight: 4, arbitrary: nastyString(ids) },
    { weight: 2, arbitrary: fc.constantFrom('1 hour ago', 'yesterday', '2026-01-01', '0', '10', '-5', '1e9', 'json', 'markdown', 'archive', 'episodic', 'vault', 'status', 'enable', 'disable', 'all', 'x11', 'import') },
    { weight: 1, arbitrary: inPaths },
  );
  const token = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(flags.length ? flags : ['--json'])) },
    { weight: 3, arbitrary: values },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...(flags.length ? flags : ['--json'])), values).map(([f, v]) => `${f}=${v}`) },
    { weight: 1, arbitrary: fc.constantFrom('--nope', '-z', '--', '--json', '--help') },
  );
  return fc.tuple(fc.array(token, { maxLength: 7 }), outPaths, inPaths).map(([tokens, out, input]) => {
    const argv: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      let t = tokens[i]!;
      // Never a data dir of the fuzzer's choosing, never stdin (fd 0 is the test runner's).
      if (t.startsWith('--data-dir') || t === '-') continue;
      const eq = t.indexOf('=');
      const name = t.startsWith('--') ? t.slice(2, eq > 0 ? eq : undefined) : '';
      if (WRITES_TO.has(name)) {
        if (eq > 0) t = `--${name}=${out}`;
        else tokens[i + 1] = out;
      } else if (READS_FROM.has(name)) {
        if (eq > 0) t = `--${name}=${input}`;
        else tokens[i + 1] = input;
      }
      argv.push(t);
    }
    // import takes its file as a positional: keep it readable-only too.
    if (cmd.name === 'import') return [cmd.name, ...argv.map((a) => (a.startsWith('-') || a.startsWith('/') || a.includes('..') ? a : input))];
    return [cmd.name, ...argv];
  });
}

async function withDataDir(name: string, fn: (dir: string, store: EngramStore, watch: StoreWatch) => Promise<void>): Promise<void> {
  const dir = join(root, `run-${name}`);
  cpSync(template, dir, { recursive: true });
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
  const watch = new StoreWatch(store, key);
  try {
    await fn(dir, store, watch);
  } finally {
    totals.fingerprints.full += watch.counts.full;
    totals.fingerprints.reused += watch.counts.reused;
    watch.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What a command that runs until the signal (serve, mcp, capture --watch) says once it is up: serve
 * and capture end that line with "Ctrl-C to stop", mcp logs "serving DIR over stdio".
 */
const UP = /Ctrl-C to stop\n|^engram mcp: serving .* over stdio\n/m;
/** Stopped anyway if a command neither ends nor says it is up (it was 400 ms for every serving case). */
const NEVER_UP_MS = 5_000;

async function run(dir: string, argv: string[], stdinLines: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  // A serving command is stopped once it is up, a tick after its line (so serve still prints its
  // URL): each case then checks a command that really started, however long starting takes.
  const ac = new AbortController();
  const stopOnceUp = (): void => {
    if (!ac.signal.aborted && UP.test(err)) setImmediate(() => ac.abort());
  };
  const timer = setTimeout(() => ac.abort(), NEVER_UP_MS);
  try {
    const code = await runCli(
      ['--data-dir', dir, ...argv],
      {
        stdout: (t) => void (out += t),
        stderr: (t) => {
          err += t;
          stopOnceUp();
        },
        isTty: false,
        stdin: Readable.from(stdinLines.map((l) => `${l}\n`)),
      },
      // No display (capture refuses instead of grabbing the real screen), hash embedder, no model key.
      { PATH: process.env.PATH, HOME: process.env.HOME, ENGRAM_KEY: key.toString('hex'), ENGRAM_EMBEDDER: 'hash', TZ: 'UTC' },
      ac.signal,
    );
    return { code, out, err };
  } finally {
    clearTimeout(timer);
  }
}

const STACK = /\n\s*at |\bat [^\s]+ \(|node_modules|\.ts:\d+:\d+|\.js:\d+:\d+/;
const UNEXPECTED = /unexpected error/i;

/** The failing argv and the seed that replays it, in a short line. */
function shown(argv: string[]): string {
  return `${JSON.stringify(argv).slice(0, 200)} (replay: FUZZ_SEED=${SEED})`;
}

/** No stack, and no error the CLI did not anticipate (those are bugs, not refusals). */
function checkOutput(argv: string[], r: { out: string; err: string }): void {
  expect(r.err, `stack trace on stderr for ${shown(argv)}`).not.toMatch(STACK);
  expect(r.out, `stack trace on stdout for ${shown(argv)}`).not.toMatch(STACK);
  const text = `${r.err}${r.out}`;
  if (UNEXPECTED.test(text)) {
    totals.unexpected.push(`${JSON.stringify(argv).slice(0, 200)} -> ${text.trim().split('\n')[0]!.slice(0, 200)}`);
    expect.fail(`unexpected error for ${shown(argv)}: ${text.trim().slice(0, 300)}`);
  }
}

describe('every engram command under random and malformed arguments', { timeout: 300_000 }, () => {
  it('has commands to test', () => {
    expect(COMMANDS.length).toBeGreaterThanOrEqual(10);
  });

  for (const cmd of COMMANDS) {
    it(`engram ${cmd.name}`, async () => {
      await withDataDir(cmd.name, async (dir, store, watch) => {
        let current = watch.fingerprint();
        await fc.assert(
          fc.asyncProperty(argvFor(cmd), fc.array(nastyString(), { maxLength: 3 }), async (argv, stdinLines) => {
            totals.cases++;
            totals.byCommand[cmd.name] = (totals.byCommand[cmd.name] ?? 0) + 1;
            let r;
            try {
              r = await run(dir, argv, stdinLines);
            } catch (e) {
              throw new Error(`runCli threw for ${JSON.stringify(argv).slice(0, 300)}: ${String(e)}`);
            }
            expect(Number.isInteger(r.code), `exit code for ${shown(argv)}`).toBe(true);
            checkOutput(argv, r);
            if (r.code !== 0) {
              totals.failed++;
              // Refusals say why, on stderr (help for a bare command goes to stdout with code 2).
              expect(`${r.err}${r.out}`.trim().length, `silent failure for ${JSON.stringify(argv).slice(0, 200)}`).toBeGreaterThan(0);
              const after = watch.fingerprint();
              expect(after, `engram ${argv.join(' ').slice(0, 200)} failed (${r.err.trim().slice(0, 200)}) but changed ${changedParts(current, after).join(', ')}`).toBe(current);
            } else {
              totals.ok++;
              current = watch.fingerprint();
            }
          }),
          { numRuns: RUNS, seed: SEED + cmd.name.length, endOnFailure: true },
        );
        expect(store.checkIntegrity().problems).toEqual([]);
      });
    });
  }

  it('global options and unknown commands', async () => {
    await withDataDir('global', async (dir, _store, watch) => {
      const before = watch.fingerprint();
      await fc.assert(
        fc.asyncProperty(fc.array(fc.oneof(nastyString(), fc.constantFrom('--json', '--help', '-h', '--version', 'nope', 'ADD', '--data-dir')), { maxLength: 4 }), async (argv) => {
          totals.cases++;
          // A bare --data-dir would take the next token as a folder: only ever the sandbox.
          const safe = argv.flatMap((a) => (a === '--data-dir' ? ['--data-dir', dir] : a.startsWith('--data-dir') || COMMANDS.some((c) => c.name === a) ? [] : [a]));
          const r = await run(dir, safe, []);
          expect(Number.isInteger(r.code)).toBe(true);
          checkOutput(safe, r);
          if (r.code !== 0) totals.failed++;
          else totals.ok++;
        }),
        { numRuns: RUNS * 2, seed: SEED },
      );
      expect(watch.fingerprint()).toBe(before);
    });
  });
});
