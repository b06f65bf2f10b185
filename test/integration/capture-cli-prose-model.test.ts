import { spawn, type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeyProvider, openStore } from '../../agents/store/index.js';
import { runCli } from '../../electron/hosts/cli/main.js';
import { CAPTURE_SETTINGS_KEY } from '../../shared/settings/index.js';
import { readFallbacks } from '../../shared/settings/model-fallbacks.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';
import { startFakeTranscriber, type FakeTranscriber } from '../fakes/fake-transcriber.js';

/**
 * Issue 30: `engram capture --once` with an OpenAI-compatible server whose model answers in prose (as
 * small local models often do) printed "engram: unexpected error: the model did not route the batch"
 * and made no memory. Through the whole CLI in process (runCli), a real screen tick under Xvfb, speech
 * through a fake transcriber, and the real `openai` client against a fake server on a real socket.
 */
describe('engram capture --once with a model that answers in prose', () => {
  let root: string;
  let dir: string;
  let term: ChildProcess;
  let model: FakeOpenAi;
  let transcriber: FakeTranscriber;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    if (!process.env.DISPLAY) throw new Error('this test needs an X display: run it through node scripts/test.mjs --quick');
    root = mkdtempSync(join(tmpdir(), 'engram-capcli-prose-'));
    dir = join(root, 'data');
    term = spawn('xterm', ['-T', 'engram-cli-prose', '-geometry', '60x8+0+0', '-e', 'sh', '-c', 'echo capture with a prose model; sleep 600'], { stdio: 'ignore' });
    execFileSync('xdotool', ['search', '--sync', '--name', '^engram-cli-prose$'], { timeout: 20_000 });
    model = await startFakeOpenAi({ models: ['llama3.2:1b'] });
    // Whatever it is asked, with whatever tools: prose.
    model.setHandler(() => ({ text: 'Sure! This batch is about a dentist appointment, I would save it as an episodic memory.' }));
    transcriber = await startFakeTranscriber({ transcript: () => 'remind me to call the dentist on Thursday about the crown', apiKey: 'k1' });
    env = {
      PATH: process.env.PATH,
      HOME: root,
      DISPLAY: process.env.DISPLAY,
      ENGRAM_EMBEDDER: 'none',
      ENGRAM_KEY_DIR: join(root, 'keys'),
      ENGRAM_LLM_BASE_URL: model.url,
      ENGRAM_TRANSCRIBER_KEY: 'k1',
    };
    const s = await openStore({ dataDir: dir, keyProvider: new FileKeyProvider(dir, { env }), embedder: null });
    s.settings.set(CAPTURE_SETTINGS_KEY, { audio: { transcriber_url: transcriber.url } });
    await s.close();
  }, 60_000);
  afterAll(async () => {
    term?.kill();
    await model?.close();
    await transcriber?.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t), isTty: false, stdin: Readable.from([]) };
    const code = await runCli(['--data-dir', dir, ...argv], io, env);
    return { code, out, err };
  }

  it('makes memories by the rules, counts the fallback, and prints no unexpected error', { timeout: 120_000 }, async () => {
    const wav = join(root, 'speech.wav');
    execFileSync('espeak-ng', ['-w', wav, 'remind me to call the dentist on Thursday about the crown']);
    const r = await cli(['capture', '--once', '--json', '--no-ocr', '--audio', wav]);
    expect(r.err).not.toMatch(/unexpected error/);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { observation_ids: string[] }).observation_ids.length).toBeGreaterThan(0);
    // The model was asked (it is the configured one) and answered in prose.
    expect(model.requests.length).toBeGreaterThan(0);

    const stats = await cli(['stats', '--json']);
    expect(stats.code).toBe(0);
    const counts = (JSON.parse(stats.out) as { counts: Record<string, number> }).counts;
    const made = Object.entries(counts).filter(([k]) => k !== 'core').reduce((n, [, v]) => n + v, 0);
    expect(made).toBeGreaterThan(0);
    const found = await cli(['search', 'dentist']);
    expect(found.code).toBe(0);
    expect(found.out).toMatch(/dentist/i);

    // The batch fell back to the rules and was counted, with why (Settings → Model shows it).
    const s = await openStore({ dataDir: dir, keyProvider: new FileKeyProvider(dir, { env }), embedder: null });
    try {
      const f = readFallbacks(s, '1970-01-01');
      expect(f.total).toBeGreaterThan(0);
      expect(f.last?.text).toMatch(/did not call tools/);
    } finally {
      await s.close();
    }
  });
});
