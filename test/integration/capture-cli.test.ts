import { spawn, type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { startFakeTranscriber } from '../fakes/fake-transcriber.js';
import { captureCommand } from '../../electron/hosts/cli/commands/capture.js';
import { CliError, type CliContext } from '../../electron/hosts/cli/command.js';
import { CAPTURE_SETTINGS_KEY } from '../../shared/settings/index.js';

/** `engram capture` through its Command object (the lead registers it in the CLI registry). */
describe('engram capture (CLI command)', () => {
  let dir: string;
  let term: ChildProcess;
  const key = Buffer.alloc(32, 5);

  beforeAll(() => {
    if (!process.env.DISPLAY) throw new Error('this test needs an X display: run it through npm test');
    dir = mkdtempSync(join(tmpdir(), 'engram-capcli-'));
    term = spawn('xterm', ['-T', 'engram-cli', '-geometry', '60x8+0+0', '-e', 'sh', '-c', 'echo capture from the command line; sleep 600'], { stdio: 'ignore' });
    execFileSync('xdotool', ['search', '--sync', '--name', '^engram-cli$'], { timeout: 20_000 });
    execFileSync('sleep', ['1']);
  });
  afterAll(() => {
    term?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  function ctx(signal = new AbortController().signal): CliContext & { out: string[]; err: string[] } {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      dataDir: dir,
      json: false,
      env: process.env,
      signal,
      io: { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), isTty: false, stdin: process.stdin },
      storeSource: () => () => openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null }),
    };
  }
  const run = (values: Record<string, string | boolean>, c = ctx()) => captureCommand.run({ values, positionals: [] }, c).then((code) => ({ code, out: c.out.join(''), err: c.err.join('') }));

  it('--once --json keeps a frame, then reports an unchanged screen across runs', async () => {
    const first = await run({ once: true, json: true, 'no-ocr': true });
    expect(first.code).toBe(0);
    const j = JSON.parse(first.out) as { kept: boolean; reason: string; frame_ids: string[]; observation_ids: string[] };
    expect(j).toMatchObject({ kept: true, reason: 'kept' });
    expect(j.frame_ids).toHaveLength(1);
    expect(j.observation_ids).toHaveLength(1);
    const second = await run({ once: true, json: true, 'no-ocr': true });
    expect(JSON.parse(second.out)).toEqual({ kept: false, reason: 'unchanged', detail: expect.any(String), frame_ids: [], observation_ids: [] });
    const text = await run({ once: true, 'no-ocr': true });
    expect(text.out).toMatch(/^skipped: screen unchanged/);
  });

  it('--watch prints a live line until stopped', async () => {
    const ac = new AbortController();
    const c = ctx(ac.signal);
    setTimeout(() => ac.abort(), 2500);
    const r = await run({ watch: true, interval: '0.5', 'no-ocr': true }, c);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/frames kept \d+ · skipped \d+ · gated \d+ · OCR backlog \d+/);
    expect(r.err).toContain('Ctrl-C');
  });

  it('--once --audio FILE transcribes the speech through the server in settings', async () => {
    const fake = await startFakeTranscriber({ transcript: () => 'remind me to call the dentist', apiKey: 'k1' });
    try {
      const s = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
      s.settings.set(CAPTURE_SETTINGS_KEY, { audio: { transcriber_url: fake.url } });
      await s.close();
      const wav = join(dir, '..', `speech-${process.pid}.wav`);
      execFileSync('espeak-ng', ['-w', wav, 'remind me to call the dentist']);
      const c = ctx();
      c.env = { ...process.env, ENGRAM_TRANSCRIBER_KEY: 'k1' };
      const r = await run({ once: true, json: true, 'no-ocr': true, audio: wav }, c);
      rmSync(wav);
      expect(r.code).toBe(0);
      const ids = (JSON.parse(r.out) as { observation_ids: string[] }).observation_ids;
      const s2 = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
      const texts = ids.map((id) => s2.observations.get(id)).filter((o) => o?.kind === 'audio').map((o) => o!.text);
      await s2.close();
      expect(texts).toEqual(['remind me to call the dentist']);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });

  it('refuses contradictory or bad options with a one-line error', async () => {
    await expect(run({})).rejects.toThrow(CliError);
    await expect(run({ once: true, watch: true })).rejects.toThrow(/exactly one of --once or --watch/);
    await expect(run({ watch: true, interval: '0' })).rejects.toThrow(/--interval must be/);
    await expect(run({ once: true, source: 'vnc' })).rejects.toThrow(/--source must be x11 or import/);
  });
});
