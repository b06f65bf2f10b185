/**
 * Capture benchmark: `npm run bench -- capture [--minutes N] [--display N] [--size WxH[,WxH...]] [--only ocr] [--battery] [--show] [--save-frames DIR] [--json]`.
 *
 * Starts its own Xvfb (1280x800, or the first `--size`) with openbox and drives a scripted session
 * in xterm windows:
 * 1. per-frame cost of each stage (capture, hash, encode = scale to raw rows, encrypt = the store's bands, OCR), p50 and p95;
 * 2. CPU of this process (threads and the helper processes it spawns) as a share of one core while
 *    CaptureService runs with default settings for N minutes of a session where the screen changes
 *    about every 6 s (a line is written; every tenth change a new page), and N minutes of an
 *    unchanged screen; storage written per hour in the changing session;
 * 3. OCR character accuracy on rendered screens of known text, light and dark, and per language
 *    (a page each of English, German, French, Spanish, Italian, Portuguese, Simplified Chinese and
 *    Japanese, read with its traineddata and English; `--only ocr` runs this part alone), each
 *    screen read as the pipeline reads it: excluded windows and window decorations left out, at
 *    the pipeline's OCR size (`--show` prints every line read, extra ones marked).
 * A private-browsing window stays open beside the session the whole time, so every frame pays for
 * the privacy gate: the window list read before and after the grab, and the mask (per frame: p50
 * and p95 of the two reads together, wall time, and of planning + filling the mask, CPU time).
 */
import { BenchTargets } from './targets.js';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import {
  ActiveOnlyWindowList,
  applyMasks,
  CaptureService,
  defaultActiveWindowSource,
  FrameEncoder,
  frameSignature,
  GetWindowsActiveWindowSource,
  greyForOcr,
  planDecorations,
  planMasks,
  PrivacyGate,
  X11ScreenSource,
  type MaskTiming,
  type WindowList,
} from '../../electron/sensing/capture/index.js';
import { prepareForOcr, TesseractPool } from '../../electron/sensing/perception/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';
import type { OcrLanguage } from '../../shared/settings/index.js';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
};
const JSON_OUT = flag('json');
/** `--gate off`: the service without the window list (the active window stands for the desktop), for comparison only. */
const GATE = opt('gate', 'on');
const MINUTES = Number(opt('minutes', '5'));
/** `--only ocr`: the OCR accuracy figures (English light and dark, then per language) without the CPU phases. */
const OCR_ONLY = opt('only', '') === 'ocr';
/** `--show`: prints every OCR line of the accuracy pages, extra ones marked (to see what an error is). */
const SHOW = flag('show');
/** `--battery`: the service runs on a simulated battery (a power source that always says so): the battery-mode figures. */
const BATTERY = flag('battery');
const DISPLAY_NUM = opt('display', '93');
/**
 * `--size WxH[,WxH...]`: the screen sizes of the bench's own Xvfb. Everything runs at the first; the
 * light and dark OCR accuracy is measured again at each further size, on a fresh Xvfb of that size
 * (display N+1, N+2...): what OCR reads depends on how much of the screen is not text (issue 34:
 * dark pages read 0% at 1920x1080 and 99.8% at 1280x800).
 */
const SIZES = opt('size', '1280x800').split(',');
for (const s of SIZES) if (!/^\d{3,5}x\d{3,5}$/.test(s)) throw new Error(`--size: "${s}" is not WxH (e.g. 1920x1080)`);
/** `--save-frames DIR`: writes each accuracy page's OCR input (PGM, as prepared for tesseract) there. */
const SAVE_FRAMES = opt('save-frames', '');
let DISPLAY = `:${DISPLAY_NUM}`;
const log = (s: string) => {
  if (!JSON_OUT) console.log(s);
  else process.stderr.write(`${s}\n`);
};

const PROSE = [
  'The quarterly report needs the revised revenue table before Friday.',
  'Ana asked for the onboarding checklist to include the VPN setup steps.',
  'Deploy failed with EADDRINUSE on port 5173; killed the stale vite server.',
  'Meeting notes: move the design review to Thursday at 14:30 in room 4B.',
  'The migration adds an index on observations(observed_at) for the timeline.',
  'Remember to renew the domain before the end of the month.',
  'Tesseract reads dark themes once the background is inverted.',
  'Budget draft: travel 1,200 EUR, hardware 3,400 EUR, software 980 EUR.',
  'function parseRange(text) { return chrono.parse(text, new Date()); }',
  'Customer 4471 reported that the export button does nothing on Safari.',
  'Release checklist: bump version, tag, build installers, write the notes.',
  'The heron flies over the quiet harbour at dawn while the ferry waits.',
];

const children: ChildProcess[] = [];
let env = { ...process.env, DISPLAY };
/** Starts Xvfb of the given size on display :num with openbox (a display already there is used as it is). */
function startX(num: number, size: string): void {
  DISPLAY = `:${num}`;
  env = { ...process.env, DISPLAY };
  children.push(spawn('Xvfb', [DISPLAY, '-screen', '0', `${size}x24`, '-nolisten', 'tcp'], { stdio: 'ignore' }));
  execFileSync('sleep', ['1']);
  children.push(spawn('openbox', [], { env, stdio: 'ignore' }));
  execFileSync('sleep', ['1']);
}
/** Ends every process started so far (the X server last). */
function stopAll(): void {
  for (const c of children.reverse()) c.kill();
  children.length = 0;
}
/** The size of the display being measured, as the screen source sees it (`--display` may name one of another size). */
async function screenSize(): Promise<string> {
  const screen = new X11ScreenSource({ display: DISPLAY });
  try {
    const [d] = await screen.listDisplays();
    return d ? `${d.width}x${d.height}` : 'unknown';
  } finally {
    await screen.close();
  }
}
function xterm(title: string, script: string, opts: { dark?: boolean; fs?: number; geometry?: string } = {}): ChildProcess {
  const c = spawn(
    'xterm',
    ['-T', title, '-fa', 'Monospace', '-fs', String(opts.fs ?? 13), '-geometry', opts.geometry ?? '96x30+40+30', '+sb', '-bg', opts.dark ? '#1e1e1e' : 'white', '-fg', opts.dark ? '#e0e0e0' : 'black', '-e', 'sh', '-c', script],
    { env, stdio: 'ignore' },
  );
  children.push(c);
  execFileSync('xdotool', ['search', '--sync', '--name', `^${title}$`], { env, timeout: 20_000 });
  execFileSync('sleep', ['1.2']);
  return c;
}
const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** CPU seconds of this process (all threads) plus its reaped children (xprop etc.). */
function cpuSeconds(): { self: number; children: number } {
  const u = process.cpuUsage();
  const stat = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const ticks = 100; // USER_HZ on Linux
  return { self: (u.user + u.system) / 1e6, children: (Number(stat[13]) + Number(stat[14])) / ticks };
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return 0;
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

function levenshtein(a: string, b: string): number {
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/**
 * Each expected line against its best OCR line, plus every OCR line that matches no expected line
 * and no text known to be on screen (the window's title): such a line is garbage the OCR invented
 * or misread beyond recognition, and its characters count as errors too (insertions). Without that
 * an OCR that returned the right lines among pages of noise would score 100%.
 */
function charAccuracy(expected: string[], ocr: string, onScreen: string[] = []): { errors: number; chars: number; extraLines: number } {
  const norm = (l: string) => l.replace(/\s+/g, ' ').trim();
  const got = ocr.split('\n').map(norm).filter(Boolean);
  const want = expected.map(norm);
  let errors = 0;
  let chars = 0;
  for (const w of want) {
    chars += w.length;
    errors += Math.min(w.length, ...got.map((g) => levenshtein(w, g)));
  }
  // An OCR line is extra when it is closer to nothing than half its length (a split or merged
  // expected line still matches well; a window title is known screen text, not an error).
  const near = (g: string, to: string[]) => to.some((t) => levenshtein(t, g) <= Math.ceil(Math.max(t.length, g.length) / 2) || t.includes(g) || g.includes(t));
  const extra = got.filter((g) => !near(g, want) && !near(g, onScreen.map(norm)));
  for (const g of extra) errors += g.length;
  if (SHOW) log(`    OCR lines:\n${got.map((g) => `      ${extra.includes(g) ? 'EXTRA ' : '      '}${g}`).join('\n')}`);
  return { errors, chars, extraLines: extra.length };
}

/** The pipeline's OCR default (CapturePipeline's ocrMaxSide): the longest side handed to OCR. */
const OCR_MAX_SIDE = 2560;

/**
 * Grabs the screen and makes the image OCR reads the way the pipeline does: excluded windows
 * masked, window decorations blanked, shrunk to the OCR size, light-on-dark areas inverted.
 */
async function pipelineOcrImage(screen: X11ScreenSource, list: WindowList, gate: PrivacyGate) {
  const [shot] = await screen.capture();
  const windows = await list.list();
  const plan = planMasks(windows, (w) => gate.exclusion(w), shot!.display, shot!.image);
  shot!.image = await applyMasks(shot!.image, plan.rects);
  const { data, info } = await greyForOcr(shot!, OCR_MAX_SIDE, [...plan.rects.map((rect) => ({ rect })), ...planDecorations(windows, shot!.display, shot!.image)]);
  return prepareForOcr(data, info.width, info.height);
}

const sizes: number[] = [];
async function perFrame(store: EngramStore, ocr: TesseractPool): Promise<Record<string, { p50: number; p95: number }>> {
  const screen = new X11ScreenSource({ display: DISPLAY });
  const encoder = new FrameEncoder();
  const t: Record<string, number[]> = { windows: [], windows_cpu: [], capture: [], mask: [], hash: [], encode: [], encrypt: [], ocr: [], window: [] };
  const windows = new GetWindowsActiveWindowSource();
  const list = screen.windowList();
  const gate = new PrivacyGate(CaptureSettingsSchema.parse({}).privacy);
  let masked = 0;
  const page = (n: number) => PROSE.slice(n % PROSE.length).concat(PROSE.slice(0, n % PROSE.length)).join('\\n');
  // CPU time per stage (all threads of this process: sharp's and the OCR worker's included), which
  // is what the frame costs the machine; wall time on a shared machine mostly measures the neighbours.
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  for (let i = 0; i < 12; i++) {
    const term = xterm(`bench-frame-${i}`, `printf ${shq(page(i))}'\\n'; sleep 600`, { dark: i % 2 === 1 });
    // The privacy gate around the grab: two window reads (wall time: most of it is the X server's),
    // then the mask (CPU time).
    let w0 = performance.now();
    let c0 = cpuMs();
    await list.list();
    const wall = performance.now() - w0;
    let readCpu = cpuMs() - c0;
    let t0 = cpuMs();
    const [shot] = await screen.capture();
    t.capture!.push(cpuMs() - t0);
    w0 = performance.now();
    c0 = cpuMs();
    const after = await list.list();
    readCpu += cpuMs() - c0;
    t.windows!.push(wall + performance.now() - w0);
    t.windows_cpu!.push(readCpu);
    t0 = cpuMs();
    const plan = planMasks(after, (w) => gate.exclusion(w), shot!.display, shot!.image);
    shot!.image = await applyMasks(shot!.image, plan.rects);
    t.mask!.push(cpuMs() - t0);
    masked += plan.hidden.length > 0 ? 1 : 0;
    t0 = cpuMs();
    const sig = await frameSignature(shot!.image);
    t.hash!.push(cpuMs() - t0);
    // Capture's path since frames are kept as bands (issue 34): "encode" scales the screen to raw rows;
    // "encrypt" is the store's part: naming each band by its keyed hash, encoding the bands it lacks
    // (lossless WebP) and committing them with the row in the encrypted database.
    t0 = cpuMs();
    const scaled = await encoder.scale(shot!.image);
    t.encode!.push(cpuMs() - t0);
    t0 = cpuMs();
    const kept = await store.frames.insertAsync({ display: shot!.display.id, captured_at: shot!.captured_at, width: scaled.width, height: scaled.height, phash: sig.hash, app: 'XTerm', title: null, url: null }, scaled);
    t.encrypt!.push(cpuMs() - t0);
    sizes.push(kept?.bytes ?? 0);
    t0 = cpuMs();
    const { data, info } = await greyForOcr(shot!, OCR_MAX_SIDE, [...plan.rects.map((rect) => ({ rect })), ...planDecorations(after, shot!.display, shot!.image)]);
    await ocr.recognize(prepareForOcr(data, info.width, info.height));
    t.ocr!.push(cpuMs() - t0);
    t0 = cpuMs();
    await windows.active();
    t.window!.push(cpuMs() - t0);
    term.kill();
    execFileSync('sleep', ['0.3']);
  }
  await screen.close();
  if (masked === 0) throw new Error('the private window was never masked: the benchmark would not measure the privacy gate');
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, { p50: round(pct(v, 50), 2), p95: round(pct(v, 95), 2) }]));
}

async function cpuPhase(
  store: EngramStore,
  minutes: number,
  changing: boolean,
): Promise<{ share: number; shareSelf: number; frames: number; bytes: number; obs: number; masked: number; gate: { windows: number[]; mask: number[] }; breakdown: Record<string, number> }> {
  // The scripted session: a line of prose every 6 s, a fresh page every tenth change.
  const lines = PROSE.map(shq).join(' ');
  const script = changing
    ? `i=0; while true; do for l in ${lines}; do i=$((i+1)); if [ $((i % 10)) -eq 0 ]; then clear; for p in ${lines}; do echo "$p"; done; else echo "$i $l"; fi; sleep 6; done; done`
    : `for l in ${lines}; do echo "$l"; done; sleep 100000`;
  const term = xterm(changing ? 'bench-changing' : 'bench-static', script);
  const settings = CaptureSettingsSchema.parse({});
  const screen = new X11ScreenSource({ display: DISPLAY });
  const windows = defaultActiveWindowSource(screen);
  const svc = new CaptureService({
    store,
    screen,
    windows,
    settings,
    windowList: GATE === 'off' ? new ActiveOnlyWindowList(windows, { complete: true }) : undefined,
    power: { onBattery: () => BATTERY },
  });
  // Warm-up: first frame and OCR worker start are not steady state.
  svc.start();
  await new Promise((r) => setTimeout(r, 15_000));
  // ...and on a loaded machine the first frame's OCR (a whole screen, ~1-2.4 s of CPU) can outlast
  // 15 s of wall time: its tail then landed in the still phase's figure (0.64% measured at load 15,
  // where a scratch run that waited for it measured 0.19%). Wait for it.
  await svc.drain();
  const gate = { windows: [] as number[], mask: [] as number[] };
  let lastTiming: MaskTiming | null = null;
  svc.pipeline.on('tick', () => {
    const m = svc.pipeline.lastMaskTiming;
    if (m && m !== lastTiming) {
      gate.windows.push(m.windowsMs);
      gate.mask.push(m.maskMs);
      lastTiming = m;
    }
  });
  const masked0 = store.counters.get('capture.frames_masked');
  const c0 = cpuSeconds();
  const w0 = performance.now();
  // Storage is what stays: frame files plus the database once its WAL is checkpointed (frames kept
  // as bands are in the database: frame_bands and frame_band_pixels in the breakdown).
  const checkpoint = () => store.db.pragma('wal_checkpoint(TRUNCATE)');
  checkpoint();
  const b0 = { frameBytes: store.frames.fileBytes(), db: store.stats().db_bytes, frames: store.frames.count(), obs: store.observations.count(), tables: tableBytes(store) };
  await new Promise((r) => setTimeout(r, minutes * 60_000));
  const c1 = cpuSeconds();
  const wall = (performance.now() - w0) / 1000;
  checkpoint();
  const after = store.stats();
  const frames = store.frames.count() - b0.frames;
  const obs = store.observations.count() - b0.obs;
  const masked = store.counters.get('capture.frames_masked') - masked0;
  const fileBytes = store.frames.fileBytes();
  const bytes = fileBytes - b0.frameBytes + Math.max(0, after.db_bytes - b0.db);
  const t1 = tableBytes(store);
  const perFrameKb = (n: number) => round(n / Math.max(1, frames) / 1024, 2);
  const breakdown: Record<string, number> = { 'frame files': perFrameKb(fileBytes - b0.frameBytes) };
  for (const [name, n] of Object.entries(t1)) {
    const d = n - (b0.tables[name] ?? 0);
    if (d > 0) breakdown[name] = perFrameKb(d);
  }
  await svc.close();
  term.kill();
  const self = c1.self - c0.self;
  const kids = c1.children - c0.children;
  return { share: (self + kids) / wall, shareSelf: self / wall, frames, bytes, obs, masked, gate, breakdown };
}

/**
 * Bytes per table of the database (SQLite's dbstat: pages in use, FTS5's shadow tables and an
 * index counted with the table they serve), to say where storage goes.
 */
function tableBytes(store: EngramStore): Record<string, number> {
  const rows = store.db.prepare('SELECT d.name AS name, m.tbl_name AS tbl, sum(d.pgsize - d.unused) AS n FROM dbstat d LEFT JOIN sqlite_master m ON m.name = d.name GROUP BY d.name').all() as { name: string; tbl: string | null; n: number }[];
  const out: Record<string, number> = {};
  for (const r of rows) {
    const owner = (r.tbl ?? r.name).replace(/_(data|idx|content|docsize|config)$/, '');
    out[owner] = (out[owner] ?? 0) + r.n;
  }
  return out;
}

async function ocrAccuracy(ocr: TesseractPool, label: string): Promise<{ accuracy: number; light: number; dark: number; extraLines: number }> {
  const screen = new X11ScreenSource({ display: DISPLAY });
  const list = screen.windowList();
  const gate = new PrivacyGate(CaptureSettingsSchema.parse({}).privacy);
  const tally = { light: { errors: 0, chars: 0 }, dark: { errors: 0, chars: 0 } };
  let extraLines = 0;
  for (let i = 0; i < 6; i++) {
    const dark = i % 2 === 1;
    const text = PROSE.slice((i * 4) % PROSE.length, ((i * 4) % PROSE.length) + 6);
    const term = xterm(`bench-ocr-${i}`, `printf ${shq(text.join('\\n'))}'\\n'; sleep 600`, { dark, fs: 13 });
    const img = await pipelineOcrImage(screen, list, gate);
    if (SAVE_FRAMES) writeFileSync(join(SAVE_FRAMES, `ocr-${label}-${i}${dark ? '-dark' : ''}.pgm`), img.pgm);
    const r = await ocr.recognize(img);
    const a = charAccuracy(text, r.text, [`bench-ocr-${i}`]);
    const bucket = dark ? tally.dark : tally.light;
    bucket.errors += a.errors;
    bucket.chars += a.chars;
    extraLines += a.extraLines;
    term.kill();
    execFileSync('sleep', ['0.3']);
  }
  await screen.close();
  const acc = (b: { errors: number; chars: number }) => (b.chars ? 1 - b.errors / b.chars : 0);
  const all = { errors: tally.light.errors + tally.dark.errors, chars: tally.light.chars + tally.dark.chars };
  return { accuracy: acc(all), light: acc(tally.light), dark: acc(tally.dark), extraLines };
}

const PRIVATE_TITLE = 'Bank statement - Private Browsing';
const PRIVATE_TEXT = 'account 0042 balance 1,337.00';

/** A page per language (issue 31), read with that language and English, as Settings would. */
const LANGUAGE_PAGES: { lang: OcrLanguage; font: string; lines: string[] }[] = [
  { lang: 'eng', font: 'DejaVu Sans Mono', lines: ['The quarterly report needs the revised revenue table.', 'Remember to renew the domain before the end of the month.'] },
  { lang: 'deu', font: 'DejaVu Sans Mono', lines: ['Die Kündigungsfrist für die Wohnung beträgt drei Monate.', 'Überweisung an die Straßenbahngesellschaft ist erledigt.'] },
  { lang: 'fra', font: 'DejaVu Sans Mono', lines: ['La réunion de lundi est déplacée à jeudi après-midi.', 'Le budget prévoit trois mille euros pour le matériel.'] },
  { lang: 'spa', font: 'DejaVu Sans Mono', lines: ['La reunión del lunes se mueve al jueves por la tarde.', 'El presupuesto incluye tres mil euros para equipos.'] },
  { lang: 'ita', font: 'DejaVu Sans Mono', lines: ['La riunione di lunedì è spostata a giovedì pomeriggio.', 'Il preventivo prevede tremila euro per le attrezzature.'] },
  { lang: 'por', font: 'DejaVu Sans Mono', lines: ['A reunião de segunda passou para quinta à tarde.', 'O orçamento prevê três mil euros para equipamento.'] },
  { lang: 'chi_sim', font: 'Noto Sans CJK SC', lines: ['会议记录：预算审查改到星期四下午。', '请把报销单交给财务部门。'] },
  { lang: 'jpn', font: 'Noto Sans CJK JP', lines: ['会議は木曜日の午後に変更されました。', '予算の見直しをお願いします。'] },
];

/** OCR character accuracy per language: each page read by a pool started with its language and English. */
async function languageAccuracy(dir: string): Promise<Record<string, number>> {
  const screen = new X11ScreenSource({ display: DISPLAY });
  const list = screen.windowList();
  const gate = new PrivacyGate(CaptureSettingsSchema.parse({}).privacy);
  const out: Record<string, number> = {};
  for (const page of LANGUAGE_PAGES) {
    const title = `bench-lang-${page.lang}`;
    const term = spawn('xterm', ['-T', title, '-fa', page.font, '-fs', '15', '-geometry', '80x8+40+30', '+sb', '-u8', '-bg', 'white', '-fg', 'black', '-e', 'sh', '-c', 'printf "%s\\n" "$PAGE"; sleep 600'], {
      env: { ...env, PAGE: page.lines.join('\n'), LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
      stdio: 'ignore',
    });
    children.push(term);
    execFileSync('xdotool', ['search', '--sync', '--name', `^${title}$`], { env, timeout: 20_000 });
    execFileSync('sleep', ['1.2']);
    const pool = new TesseractPool({ cachePath: join(dir, 'ocr-cache'), workers: 1, languages: [page.lang, 'eng'] });
    try {
      const r = await pool.recognize(await pipelineOcrImage(screen, list, gate));
      // CJK: tesseract puts spaces between characters; the text has none.
      const cjk = page.lang === 'chi_sim' || page.lang === 'jpn';
      const squeeze = (t: string) => (cjk ? t.replace(/[ \t]+/g, '') : t);
      const a = charAccuracy(page.lines.map(squeeze), squeeze(r.text), [title]);
      out[page.lang] = round(a.chars ? Math.max(0, 1 - a.errors / a.chars) : 0, 4);
    } finally {
      await pool.stop();
      term.kill();
      execFileSync('sleep', ['0.3']);
    }
  }
  await screen.close();
  return out;
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

type Accuracy = { accuracy: number; light: number; dark: number; extraLines: number };

/** Issue 34's OCR targets: 98.5% over both themes, extra lines counted as errors, and 98% in each, at every size measured. */
function checkOcr(t: BenchTargets, bySize: Record<string, Accuracy>): void {
  const p = (n: number) => `${(n * 100).toFixed(2)}%`;
  const many = Object.keys(bySize).length > 1;
  for (const [size, acc] of Object.entries(bySize)) {
    const at = many ? ` at ${size}` : '';
    t.check(`OCR character accuracy${at} ≥ 98.5% (extra lines count as errors)`, acc.accuracy >= 0.985, p(acc.accuracy));
    t.check(`OCR character accuracy on light screens${at} ≥ 98%`, acc.light >= 0.98, p(acc.light));
    t.check(`OCR character accuracy on dark screens${at} ≥ 98%`, acc.dark >= 0.98, p(acc.dark));
  }
}

const accuracyLine = (acc: Accuracy) =>
  `OCR character accuracy ${(acc.accuracy * 100).toFixed(2)}% (light ${(acc.light * 100).toFixed(2)}%, dark ${(acc.dark * 100).toFixed(2)}%; ${acc.extraLines} extra lines counted as errors)`;
const roundAcc = (acc: Accuracy) => ({ accuracy: round(acc.accuracy, 4), light: round(acc.light, 4), dark: round(acc.dark, 4), extra_lines: acc.extraLines });

/** The light and dark accuracy at each further `--size`, each on a fresh Xvfb of that size. */
async function otherSizes(dir: string, bySize: Record<string, Accuracy>): Promise<void> {
  for (let i = 1; i < SIZES.length; i++) {
    stopAll();
    startX(Number(DISPLAY_NUM) + i, SIZES[i]!);
    const size = await screenSize();
    const ocr = new TesseractPool({ cachePath: join(dir, 'ocr-cache'), workers: 1 });
    try {
      bySize[size] = await ocrAccuracy(ocr, size);
    } finally {
      await ocr.stop();
    }
    log(`  at ${size} on Xvfb ${DISPLAY}: ${accuracyLine(bySize[size]!)}`);
  }
}

async function main(): Promise<void> {
  startX(Number(DISPLAY_NUM), SIZES[0]!);
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-capture-'));
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 1)), embedder: null });
  const ocr = new TesseractPool({ cachePath: join(dir, 'ocr-cache'), workers: 1 });
  try {
    const size = await screenSize();
    log(`capture benchmark on Xvfb ${DISPLAY} (${size}), ${MINUTES} min per CPU phase, privacy gate ${GATE === 'off' ? 'OFF (comparison run)' : 'on'}, ${BATTERY ? 'on a simulated battery' : 'on AC'}`);
    // An unfocused private-browsing window beside the session for the whole run: masked on every frame.
    xterm(PRIVATE_TITLE, `printf ${shq(PRIVATE_TEXT)}'\\n'; sleep 100000`, { geometry: '44x8+880+560' });
    const perFrameMs = await perFrame(store, ocr);
    log('  per-frame cost by stage (CPU ms; "windows" is the wall time of the two window reads around the grab, "windows_cpu" their CPU time here):');
    for (const [k, v] of Object.entries(perFrameMs)) log(`  ${k.padEnd(8)} p50 ${String(v.p50).padStart(7)} ms   p95 ${String(v.p95).padStart(7)} ms`);
    log(`  stored per frame p50 ${(pct(sizes, 50) / 1024).toFixed(1)} KB (the bands no earlier frame showed; each of these frames is a new page, so most of its bands are new)`);
    const acc = await ocrAccuracy(ocr, size);
    await ocr.stop();
    log(`  ${accuracyLine(acc)}`);
    const byLanguage = await languageAccuracy(dir);
    log(`  OCR character accuracy by language (its traineddata and English): ${Object.entries(byLanguage).map(([l, a]) => `${l} ${(a * 100).toFixed(1)}%`).join(', ')}`);
    const bySize: Record<string, Accuracy> = { [size]: acc };
    if (OCR_ONLY) {
      await otherSizes(dir, bySize);
      const sizesJson = Object.fromEntries(Object.entries(bySize).map(([k, v]) => [k, roundAcc(v)]));
      if (JSON_OUT) console.log(JSON.stringify({ ocr_char_accuracy: round(acc.accuracy, 4), ocr_char_accuracy_light: round(acc.light, 4), ocr_char_accuracy_dark: round(acc.dark, 4), ocr_char_accuracy_by_language: byLanguage, ocr_char_accuracy_by_size: sizesJson }));
      const t = new BenchTargets('capture');
      checkOcr(t, bySize);
      t.finish({ json: JSON_OUT });
      return;
    }
    log(`  scripted session (screen changes every ~6 s) for ${MINUTES} min...`);
    const changing = await cpuPhase(store, MINUTES, true);
    const mbPerHour = (changing.bytes / 1e6) * (60 / MINUTES);
    log(`  changing: CPU ${(changing.share * 100).toFixed(2)}% of one core (this process ${(changing.shareSelf * 100).toFixed(2)}%, helpers the rest), ${changing.frames} frames (${changing.masked} with the private window masked), ${changing.obs} observations, ${mbPerHour.toFixed(2)} MB/hour`);
    const top = Object.entries(changing.breakdown).sort((a, b) => b[1] - a[1]);
    log(`  stored per frame (KB): ${top.map(([k, v]) => `${k} ${v}`).join(', ')}`);
    const g = changing.gate;
    log(`  privacy gate per grab in the service: window reads p50 ${round(pct(g.windows, 50), 2)} ms p95 ${round(pct(g.windows, 95), 2)} ms, mask p50 ${round(pct(g.mask, 50), 2)} ms p95 ${round(pct(g.mask, 95), 2)} ms (${g.windows.length} grabs)`);
    log(`  unchanged screen for ${MINUTES} min...`);
    const still = await cpuPhase(store, MINUTES, false);
    log(`  static:   CPU ${(still.share * 100).toFixed(2)}% of one core, ${still.frames} frames (${still.masked} masked), ${still.gate.windows.length} grabs`);
    await otherSizes(dir, bySize);
    const out = {
      per_frame_ms: perFrameMs,
      gate_in_service_ms: {
        windows: { p50: round(pct(changing.gate.windows, 50), 2), p95: round(pct(changing.gate.windows, 95), 2) },
        mask: { p50: round(pct(changing.gate.mask, 50), 2), p95: round(pct(changing.gate.mask, 95), 2) },
        grabs: changing.gate.windows.length,
      },
      frames_masked_changing: changing.masked,
      cpu_share_changing: round(changing.share, 4),
      cpu_share_static: round(still.share, 4),
      mb_per_hour: round(mbPerHour, 2),
      stored_per_frame_kb: changing.breakdown,
      ocr_char_accuracy: round(acc.accuracy, 4),
      ocr_char_accuracy_light: round(acc.light, 4),
      ocr_char_accuracy_dark: round(acc.dark, 4),
      ocr_char_accuracy_by_language: byLanguage,
      ocr_char_accuracy_by_size: Object.fromEntries(Object.entries(bySize).map(([k, v]) => [k, roundAcc(v)])),
      screen_size: size,
      frames_changing: changing.frames,
      frames_static: still.frames,
      minutes: MINUTES,
      power: BATTERY ? 'battery' : 'ac',
    };
    if (JSON_OUT) console.log(JSON.stringify(out));
    const targets = new BenchTargets('capture');
    targets.check('CPU while the screen changes ≤ 8% of one core', out.cpu_share_changing <= 0.08, `${(out.cpu_share_changing * 100).toFixed(2)}%`);
    targets.check('CPU on a static screen ≤ 1% of one core', out.cpu_share_static <= 0.01, `${(out.cpu_share_static * 100).toFixed(2)}%`);
    targets.check('storage ≤ 10 MB per hour', out.mb_per_hour <= 10, `${out.mb_per_hour} MB/h`);
    checkOcr(targets, bySize);
    targets.finish({ json: JSON_OUT });
  } finally {
    await ocr.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    stopAll();
  }
}

main().catch((err: unknown) => {
  for (const c of children) c.kill();
  console.error(`capture bench: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
