/**
 * Search that forgives OCR: `npm run bench -- ocr-search [--pages N] [--distractors N] [--json]` (issue 31).
 *
 * `--distractors 100000` measures the forgiving query's cost at 100k stored passages.
 *
 * Starts its own Xvfb + openbox and shows pages of made-up words (240 by default: 10 pages of 4
 * lines of 6) in xterm windows, light and dark, at small font sizes where OCR confuses letters.
 * Each page is captured and read by the real pipeline (CaptureService: X11 grab, privacy gate,
 * tesseract.js OCR, redaction, the observation writer that splits passages and fills both indexes),
 * beside 2000 stored screens of other made-up words from the same syllables (near words to compete
 * with); then every word is searched as typed, by exact words only and with the forgiving (trigram)
 * index, and found@10 is the share of words whose line, on the page it was shown on, is among the
 * first 10 passages. Words never shown are searched too: how often forgiving search answers one
 * with something (a hit is not wrong in itself: a near word may be on screen; it shows the cost).
 * The words are made up so OCR has no dictionary to fall back on, as with names, codes and jargon.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openStore, StaticKeyProvider, substringDistance, type EngramStore, type PassageHit } from '../../agents/store/index.js';
import { CaptureService, GetWindowsActiveWindowSource, X11ScreenSource } from '../../electron/sensing/capture/index.js';
import { TesseractPool } from '../../electron/sensing/perception/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';
import { BenchTargets } from './targets.js';

const argv = process.argv.slice(2);
const JSON_OUT = argv.includes('--json');
/** `--details`: each word forgiving search missed, with what it found and what OCR read on the page. */
const DETAILS = argv.includes('--details');
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
};
const PAGES = Number(opt('pages', '10'));
/** Screens of other made-up words stored beside the pages (not rendered), so near words compete for the first 10. */
const DISTRACTORS = Number(opt('distractors', '2000'));
/** Distinct filler words made at most (the syllables run short of distinct words well before 800k). */
const FILLER_POOL = 40_000;
const LINES = 4;
const PER_LINE = 6;
const log = (s: string) => (JSON_OUT ? process.stderr.write(`${s}\n`) : console.log(s));
const root = join(import.meta.dirname, '..', '..');

/** A seeded generator: the same words on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Syllables rich in what OCR confuses (q/g, l/I/1, O/0, rn/m, doubled letters).
const SYLLABLES = ['har', 'bour', 'qwer', 'ty', 'rn', 'mil', 'lo', 'gal', 'quo', 'ri', 'nel', 'cor', 'vin', 'dil', 'orn', 'ga', 'mer', 'tal', 'zu', 'pel', 'fan', 'kel', 'ob', 'sil', 'um', 'ra', 'ling', 'dor', 'wex', 'ol', 'pra', 'nim'];
function words(n: number, seed: number): string[] {
  const r = rng(seed);
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
  const out = new Set<string>();
  while (out.size < n) {
    let w = Array.from({ length: 3 + Math.floor(r() * 2) }, () => pick(SYLLABLES)).join('');
    const kind = r();
    if (kind < 0.2) w = w[0]!.toUpperCase() + w.slice(1);
    else if (kind < 0.3) w = `${w.slice(0, 4)}${Math.floor(r() * 90 + 10)}`;
    else if (kind < 0.35) w = w.toUpperCase();
    if (w.length >= 6 && w.length <= 14) out.add(w);
  }
  return [...out];
}

const children: ChildProcess[] = [];
function xterm(display: string, title: string, text: string, fs: number, dark: boolean): ChildProcess {
  const env = { ...process.env, DISPLAY: display };
  const c = spawn(
    'xterm',
    ['-T', title, '-fa', 'Monospace', '-fs', String(fs), '-geometry', '110x10+30+30', '+sb', '-bg', dark ? '#1e1e1e' : 'white', '-fg', dark ? '#e0e0e0' : 'black', '-e', 'sh', '-c', 'printf "%s\\n" "$PAGE_TEXT"; sleep 600'],
    { env: { ...env, PAGE_TEXT: text }, stdio: 'ignore' },
  );
  children.push(c);
  execFileSync('xdotool', ['search', '--sync', '--name', `^${title}$`], { env, timeout: 20_000 });
  execFileSync('sleep', ['1.2']);
  return c;
}

interface Shown {
  word: string;
  line: string;
  observations: Set<string>;
}

/**
 * The word's own line, seen on its own page, among the first 10 passages (OCR may join the page's
 * lines into one paragraph: the line is looked for inside the passage, allowing OCR's errors).
 */
function found(hits: PassageHit[], w: Shown): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const max = Math.ceil(w.line.length * 0.3);
  return hits.slice(0, 10).some((h) => w.observations.has(h.observation_id) && substringDistance(norm(w.line), norm(h.text), max) <= max);
}

const pct = (v: number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

async function main(): Promise<void> {
  let display = process.env.DISPLAY ?? '';
  let stopDisplay = () => {};
  if (!display) {
    const { startDisplay } = (await import(pathToFileURL(join(root, 'scripts', 'xvfb.mjs')).href)) as { startDisplay: (o: { width: number; height: number }) => Promise<{ display: string; stop(): void }> };
    const d = await startDisplay({ width: 1280, height: 800 });
    display = d.display;
    stopDisplay = () => d.stop();
  }
  process.env.DISPLAY = display;
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-ocr-search-'));
  let store: EngramStore | null = null;
  const ocr = new TesseractPool({ cachePath: join(dir, 'ocr-cache'), workers: 1 });
  try {
    store = await openStore({ dataDir: join(dir, 'data'), keyProvider: new StaticKeyProvider(Buffer.alloc(32, 3)), embedder: null });
    const all = words(PAGES * LINES * PER_LINE + 60, 31);
    const shownWords = all.slice(0, PAGES * LINES * PER_LINE);
    const absent = all.slice(PAGES * LINES * PER_LINE);
    const lower = new Set(all.map((w) => w.toLowerCase()));
    // Up to FILLER_POOL words each screen has its own; beyond that (--distractors 100000) screens draw
    // 8 of the pool at random, as real screens repeat words, and the syllables cannot make 800k distinct ones.
    const filler = words(Math.min(DISTRACTORS * 8, FILLER_POOL), 77).filter((w) => !lower.has(w.toLowerCase()));
    const pickFiller = rng(78);
    const screenText = (i: number) =>
      DISTRACTORS * 8 <= FILLER_POOL ? filler.slice(i * 8, i * 8 + 8).join(' ') : Array.from({ length: 8 }, () => filler[Math.floor(pickFiller() * filler.length)]!).join(' ');
    const t0 = performance.now();
    for (let from = 0; from < DISTRACTORS; from += 5000) {
      store.transaction(() => {
        for (let i = from; i < Math.min(DISTRACTORS, from + 5000); i++) {
          const text = screenText(i);
          if (text) store!.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: Date.now() - 86_400_000 + i, app: 'Notes', title: `filler ${i}`, url: null, text, caption: null });
        }
      });
    }
    if (DISTRACTORS > 2000) log(`  ${DISTRACTORS} distractor screens stored in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const svc = new CaptureService({ store, screen: new X11ScreenSource({ display }), windows: new GetWindowsActiveWindowSource(), ocr, settings: CaptureSettingsSchema.parse({}) });
    const shown: Shown[] = [];
    let misread = 0;
    log(`ocr-search bench on Xvfb ${display}: ${shownWords.length} words on ${PAGES} pages beside ${DISTRACTORS} stored screens of other words, ${absent.length} never shown`);
    for (let p = 0; p < PAGES; p++) {
      const lines = Array.from({ length: LINES }, (_, l) => shownWords.slice((p * LINES + l) * PER_LINE, (p * LINES + l + 1) * PER_LINE).join(' '));
      const fs = [10, 11, 12, 13][p % 4]!;
      const term = xterm(display, `ocr-search-${p}`, lines.join('\n'), fs, p % 2 === 1);
      const r = await svc.tick({ force: true });
      const ids = r.kept ? await r.observations : [];
      await svc.drain();
      term.kill();
      execFileSync('sleep', ['0.4']);
      const text = ids.map((id) => store!.observations.get(id)?.text ?? '').join('\n');
      const read = new Set(text.split(/\s+/));
      for (const line of lines) for (const word of line.split(' ')) {
        shown.push({ word, line, observations: new Set(ids) });
        if (!read.has(word)) misread++;
      }
      log(`  page ${p + 1}/${PAGES} (${fs}pt, ${p % 2 ? 'dark' : 'light'}): ${ids.length} observation(s)`);
    }
    await svc.close();

    const ms: number[] = [];
    // CPU time too: on a shared, loaded machine the wall clock mostly measures waiting for a core.
    const cpu: number[] = [];
    let exact = 0;
    let forgiving = 0;
    for (const w of shown) {
      if (found(store.passages.search({ query: w.word, limit: 10, forgiving: false }), w)) exact++;
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const hits = store.passages.search({ query: w.word, limit: 10 });
      ms.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      if (found(hits, w)) forgiving++;
      else if (DETAILS) {
        const page = [...w.observations].map((id) => store!.observations.get(id)?.text ?? '').join(' ').replace(/\s+/g, ' ');
        log(`  missed ${w.word}: ${hits.length} hits, first ${JSON.stringify(hits[0]?.marked.slice(0, 80) ?? null)}; page read ${JSON.stringify(page.slice(0, 400))}`);
      }
    }
    const answeredAbsent = absent.filter((w) => store!.passages.search({ query: w, limit: 10 }).length > 0).length;
    const out = {
      words: shown.length,
      pages: PAGES,
      distractor_screens: DISTRACTORS,
      words_misread: misread,
      exact_found_at_10: round(exact / shown.length),
      forgiving_found_at_10: round(forgiving / shown.length),
      absent_words: absent.length,
      absent_answered: answeredAbsent,
      query_ms_p50: round(pct(ms, 50), 2),
      query_ms_p95: round(pct(ms, 95), 2),
      query_cpu_ms_p50: round(pct(cpu, 50), 2),
      query_cpu_ms_p95: round(pct(cpu, 95), 2),
      load_avg: round(loadavg()[0]!, 1),
    };
    log(`  words OCR did not read exactly: ${misread} of ${shown.length}`);
    log(`  found@10   exact ${(out.exact_found_at_10 * 100).toFixed(1)}%   forgiving ${(out.forgiving_found_at_10 * 100).toFixed(1)}%`);
    log(`  words never shown that forgiving search answered: ${answeredAbsent} of ${absent.length}`);
    log(`  forgiving query p50 ${out.query_ms_p50} ms, p95 ${out.query_ms_p95} ms wall; CPU p50 ${out.query_cpu_ms_p50} ms, p95 ${out.query_cpu_ms_p95} ms (load average ${out.load_avg})`);
    if (JSON_OUT) console.log(JSON.stringify(out));
    const targets = new BenchTargets('ocr-search');
    targets.check('at least 200 words rendered', shown.length >= 200, String(shown.length));
    targets.check('forgiving search finds ≥ 95% of the words at 10', out.forgiving_found_at_10 >= 0.95, `${(out.forgiving_found_at_10 * 100).toFixed(1)}%`);
    targets.check('forgiving finds at least what exact finds', forgiving >= exact, `${forgiving} vs ${exact}`);
    targets.finish({ json: JSON_OUT });
  } finally {
    for (const c of children) c.kill();
    await ocr.stop();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
    stopDisplay();
  }
}

main().catch((err: unknown) => {
  for (const c of children) c.kill();
  console.error(`ocr-search bench: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
