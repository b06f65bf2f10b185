/**
 * Real captured screens for the trust bench (issue 28): xterm windows with given titles, classes
 * and text on a private Xvfb + openbox display (scripts/xvfb.mjs, started here when no DISPLAY is
 * set), grabbed by X11ScreenSource, listed by X11WindowList and read by real Tesseract OCR, through
 * the engine's own CaptureService. The capture service is built once, so the fake and the real
 * stack sit behind one switch each.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ActiveOnlyWindowList,
  GetWindowsActiveWindowSource,
  X11ScreenSource,
  X11WindowList,
  type ActiveWindowSource,
  type ScreenSource,
  type WindowList,
} from '../../electron/sensing/capture/index.js';
import { TesseractPool, type OcrEngine, type OcrImage } from '../../electron/sensing/perception/index.js';

export interface XWindow {
  title: string;
  text: string;
  /** The WM_CLASS (the app name the gate sees), e.g. Chromium for a browser window. */
  cls?: string;
  geometry: string;
  /** Background and text colours (xterm -bg/-fg); white and black unless given. */
  colours?: { bg: string; fg: string };
}

type Display = { display: string; stop(): void };
const root = join(import.meta.dirname, '..', '..');

/** An xdotool name pattern matching exactly this title. */
const titlePattern = (title: string): string => `^${title.replace(/[()[\]{}.*+?^$|\\]/g, '.')}$`;

/** Polls a condition (sync: show and hide are), a short while between looks; gives up after `ms`. */
function waitUntil(done: () => boolean, ms: number): void {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) execFileSync('sleep', ['0.05']);
}

/** One switch per capture dependency: the fake stack until the real display is switched on. */
export class SwitchedStack {
  private x: { display: Display | null; name: string; screen: X11ScreenSource; windows: ActiveWindowSource; list: WindowList; ocr: TesseractPool; dir: string } | null = null;
  private real = false;
  private open: ChildProcess[] = [];
  /** The titles of the windows open now, to wait until they are gone. */
  private titles: string[] = [];
  private shown = 0;

  constructor(
    private readonly fake: { screen: ScreenSource; windows: ActiveWindowSource; ocr: OcrEngine },
  ) {}

  get screen(): ScreenSource {
    return {
      name: 'switched',
      listDisplays: () => (this.real ? this.x!.screen.listDisplays() : this.fake.screen.listDisplays()),
      capture: (ids?: string[]) => (this.real ? this.x!.screen.capture(ids) : this.fake.screen.capture(ids)),
    };
  }
  get windows(): ActiveWindowSource {
    return { active: () => (this.real ? this.x!.windows.active() : this.fake.windows.active()) };
  }
  get windowList(): WindowList {
    const fakeList = new ActiveOnlyWindowList(this.fake.windows, { complete: true, name: 'active-window' });
    return { name: 'switched', list: () => (this.real ? this.x!.list.list() : fakeList.list()) };
  }
  get ocr(): OcrEngine {
    const workers = () => this.fake.ocr.activeWorkers + (this.x?.ocr.activeWorkers ?? 0);
    return {
      recognize: (image: OcrImage) => (this.real ? this.x!.ocr.recognize(image) : this.fake.ocr.recognize(image)),
      stop: async () => {
        await this.fake.ocr.stop();
        await this.x?.ocr.stop();
      },
      get activeWorkers() {
        return workers();
      },
    };
  }

  /** Starts Xvfb + openbox (unless a DISPLAY is set) and the real sources; later cases grab it. */
  async startX(): Promise<void> {
    if (this.x) return;
    let display: Display | null = null;
    let name = process.env.DISPLAY ?? '';
    if (!name) {
      const { startDisplay } = (await import(pathToFileURL(join(root, 'scripts', 'xvfb.mjs')).href)) as { startDisplay: (o: { width: number; height: number }) => Promise<Display> };
      display = await startDisplay({ width: 1280, height: 800 });
      name = display.display;
    }
    // get-windows reads the display from the environment.
    process.env.DISPLAY = name;
    const dir = mkdtempSync(join(tmpdir(), 'engram-trust-ocr-'));
    this.x = {
      display,
      name,
      dir,
      screen: new X11ScreenSource({ display: name }),
      windows: new GetWindowsActiveWindowSource(),
      list: new X11WindowList({ display: name }),
      ocr: new TesseractPool({ cachePath: join(dir, 'ocr-cache'), workers: 1, idleStopMs: 30_000 }),
    };
  }

  /** Opens the windows (the last one focused) and switches capture to the real display. */
  show(windows: XWindow[]): void {
    const env = { ...process.env, DISPLAY: this.x!.name };
    const ready: string[] = [];
    for (const w of windows) {
      const args = ['-T', w.title, '-fa', 'Monospace', '-fs', '18', '-geometry', w.geometry, '+sb', '-bg', w.colours?.bg ?? 'white', '-fg', w.colours?.fg ?? 'black'];
      if (w.cls) args.push('-class', w.cls);
      // The shell marks when its text is written to the terminal, which xterm then draws.
      const mark = join(this.x!.dir, `shown-${++this.shown}`);
      ready.push(mark);
      args.push('-e', 'sh', '-c', 'printf "%s\\n" "$TRUST_TEXT"; : > "$TRUST_SHOWN"; sleep 600');
      this.open.push(spawn('xterm', args, { env: { ...env, TRUST_TEXT: w.text, TRUST_SHOWN: mark }, stdio: 'ignore' }));
      this.titles.push(w.title);
      execFileSync('xdotool', ['search', '--sync', '--onlyvisible', '--name', titlePattern(w.title)], { env, timeout: 20_000 });
    }
    const last = windows.at(-1)!;
    execFileSync('xdotool', ['search', '--name', titlePattern(last.title), 'windowactivate', '--sync'], { env, timeout: 10_000 });
    // Until every window's text is written, not a fixed while: a loaded machine may take longer (the bench's tick loop absorbs the drawing after).
    waitUntil(() => ready.every((f) => existsSync(f)), 20_000);
    this.real = true;
  }

  /** Closes the windows and switches back to the fake stack once they are gone from the display. */
  hide(): void {
    for (const c of this.open.splice(0)) c.kill();
    this.real = false;
    const titles = this.titles.splice(0);
    if (!this.x || !titles.length) return;
    const env = { ...process.env, DISPLAY: this.x.name };
    const gone = (title: string): boolean => {
      try {
        execFileSync('xdotool', ['search', '--name', titlePattern(title)], { env, stdio: 'ignore', timeout: 5_000 });
        return false;
      } catch {
        // xdotool exits 1 when no window has that name.
        return true;
      }
    };
    waitUntil(() => titles.every(gone), 10_000);
  }

  async stop(): Promise<void> {
    this.hide();
    if (!this.x) return;
    await this.x.ocr.stop();
    await this.x.screen.close?.();
    this.x.display?.stop();
    if (this.x.display) delete process.env.DISPLAY;
    rmSync(this.x.dir, { recursive: true, force: true });
    this.x = null;
  }
}
