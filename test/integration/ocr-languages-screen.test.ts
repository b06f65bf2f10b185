import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { CaptureService, GetWindowsActiveWindowSource, X11ScreenSource } from '../../electron/sensing/capture/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';

/**
 * Every language (issue 31): German, Simplified Chinese and Japanese pages shown in xterm under X (npm test
 * starts Xvfb + openbox), captured and read by the real pipeline with the languages' traineddata
 * from the @tesseract.js-data packages, and found by search.
 */
const DISPLAY = process.env.DISPLAY;
const GERMAN = ['Die Kündigungsfrist für die Wohnung beträgt drei Monate.', 'Überweisung an die Straßenbahngesellschaft ist erledigt.'];
const CHINESE = ['会议记录：预算审查改到星期四下午。', '请把报销单交给财务部门。'];
const JAPANESE = ['会議の予定は木曜日の午後に変更されました。', '請求書を経理部に提出してください。'];

const windows: ChildProcess[] = [];
function show(title: string, lines: string[], font: string): ChildProcess {
  const env = { ...process.env, DISPLAY };
  const child = spawn('xterm', ['-T', title, '-fa', font, '-fs', '16', '-geometry', '70x8+0+0', '+sb', '-bg', 'white', '-fg', 'black', '-u8', '-e', 'sh', '-c', 'printf "%s\\n" "$PAGE"; sleep 600'], {
    env: { ...env, PAGE: lines.join('\n'), LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    stdio: 'ignore',
  });
  windows.push(child);
  execFileSync('xdotool', ['search', '--sync', '--name', `^${title}$`], { env, timeout: 20_000 });
  execFileSync('sleep', ['1.5']);
  return child;
}

describe('screen text in other languages under X', () => {
  let dir: string;
  let store: EngramStore;

  beforeAll(async () => {
    if (!DISPLAY) throw new Error('this test needs an X display: run it through npm test, or set DISPLAY to an Xvfb with openbox');
    dir = mkdtempSync(join(tmpdir(), 'engram-ocr-lang-'));
    store = await openStore({ dataDir: join(dir, 'data'), keyProvider: new StaticKeyProvider(Buffer.alloc(32, 4)), embedder: null });
  });
  afterAll(async () => {
    for (const w of windows) w.kill();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** One capture of the page through the service's own OCR pool (the default: traineddata from the packages). */
  async function capture(term: ChildProcess, opts: { locale?: string; languages?: string[] }): Promise<string> {
    const settings = CaptureSettingsSchema.parse({ ocr: { workers: 1, ...(opts.languages ? { languages: opts.languages } : {}) } });
    const svc = new CaptureService({ store, screen: new X11ScreenSource(), windows: new GetWindowsActiveWindowSource(), settings, locale: opts.locale });
    try {
      const r = await svc.tick({ force: true });
      expect(r.kept).toBe(true);
      const [id] = r.kept ? await r.observations : [];
      return store.observations.get(id!)!.text;
    } finally {
      await svc.close();
      term.kill();
      execFileSync('sleep', ['0.5']);
    }
  }

  it('reads a German page in German when the OS locale is German, and search finds its words', async () => {
    const text = await capture(show('engram-deutsch', GERMAN, 'DejaVu Sans Mono'), { locale: 'de_DE.UTF-8' });
    expect(text).toContain('Kündigungsfrist');
    expect(text).toContain('Straßenbahngesellschaft');
    expect(store.passages.search({ query: 'Kündigungsfrist' })[0]?.text).toContain('Kündigungsfrist');
    expect(store.passages.search({ query: 'Straßenbahngesellschaft' })[0]?.text).toContain('Überweisung');
  }, 120_000);

  it('reads a Simplified Chinese page with chi_sim chosen in Settings, and two characters find it', async () => {
    const text = await capture(show('engram-zhongwen', CHINESE, 'Noto Sans CJK SC'), { locale: 'en_US.UTF-8', languages: ['chi_sim', 'eng'] });
    expect(text.replace(/\s+/g, '')).toContain('预算审查');
    for (const q of ['预算', '星期四', '报销单', '财务']) expect(store.passages.search({ query: q })[0]?.text.replace(/\s+/g, ''), q).toMatch(q);
  }, 120_000);

  it('reads a Japanese page in Japanese when the OS locale is Japanese, and two characters find it', async () => {
    const text = await capture(show('engram-nihongo', JAPANESE, 'Noto Sans CJK JP'), { locale: 'ja_JP.UTF-8' });
    expect(text.replace(/\s+/g, '')).toContain('木曜日の午後');
    for (const q of ['経理', '木曜日', '請求書', '予定は木曜日']) expect(store.passages.search({ query: q })[0]?.text.replace(/\s+/g, ''), q).toMatch(q);
  }, 120_000);
});
