import { onFirstUse } from '../../../shared/first-use/index.js';
import type { ActiveWindowSource, WindowInfo } from './active-window.js';
import { WindowListError, type ListedWindow, type WindowList, type WindowSnapshot } from './window-list.js';

/** The subset of get-windows' result this source reads (its types differ per platform). */
interface GetWindowsResult {
  id?: number;
  title?: string | null;
  url?: string;
  owner?: { name?: string; processId?: number; path?: string };
  bounds?: { x: number; y: number; width: number; height: number };
}

type GetWindowsOptions = { accessibilityPermission?: boolean; screenRecordingPermission?: boolean };
type ActiveWindowFn = (options?: GetWindowsOptions) => Promise<GetWindowsResult | undefined>;
type OpenWindowsFn = (options?: GetWindowsOptions) => Promise<GetWindowsResult[]>;

export interface GetWindowsOptionsInput {
  timeoutMs?: number;
  /**
   * Whether URL rules are in use: only then is macOS's Accessibility permission asked for (it is
   * what lets get-windows read a browser's URL; without it every call fails until it is granted).
   */
  needsUrls?: () => boolean;
  /** The get-windows module (tests hand in its documented output; default: the real one). */
  load?: () => Promise<GetWindowsModule>;
}

export interface GetWindowsModule {
  activeWindow: ActiveWindowFn;
  openWindows: OpenWindowsFn;
}

const getWindowsLib = onFirstUse(() => import('get-windows').then((m) => m as unknown as GetWindowsModule));
const getWindows = () => getWindowsLib.get();

function options(opts: GetWindowsOptionsInput): GetWindowsOptions {
  return { accessibilityPermission: opts.needsUrls?.() ?? false, screenRecordingPermission: true };
}

async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new WindowListError(`${what} did not answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Active window through `get-windows` (xprop/xwininfo on Linux: needs x11-utils and a window
 * manager that sets _NET_ACTIVE_WINDOW). Failures and timeouts read as "no active window": this
 * source only names the window in front for observations; the privacy decision comes from a
 * WindowList, which fails closed.
 */
export class GetWindowsActiveWindowSource implements ActiveWindowSource {
  constructor(private readonly opts: GetWindowsOptionsInput = {}) {}

  async active(): Promise<WindowInfo | null> {
    try {
      const { activeWindow } = await getWindows();
      const result = await withTimeout(activeWindow(options(this.opts)), this.opts.timeoutMs ?? 2000, 'get-windows');
      return result ? toWindowInfo(result) : null;
    } catch {
      return null;
    }
  }
}

/**
 * Every open window through get-windows' `openWindows()` (macOS, Windows; Linux through
 * x11-utils), front to back, with the active one. Rejects (fail closed) when it cannot answer:
 * a missing Screen Recording permission, x11-utils not installed, a timeout.
 */
export class GetWindowsWindowList implements WindowList {
  readonly name = 'get-windows';
  constructor(private readonly opts: GetWindowsOptionsInput = {}) {}

  async list(): Promise<WindowSnapshot> {
    let all: GetWindowsResult[];
    let front: GetWindowsResult | undefined;
    try {
      const gw = await (this.opts.load ?? getWindows)();
      const o = options(this.opts);
      [all, front] = await withTimeout(Promise.all([gw.openWindows(o), gw.activeWindow(o)]), this.opts.timeoutMs ?? 3000, 'get-windows');
    } catch (err) {
      if (err instanceof WindowListError) throw err;
      throw new WindowListError(`the open windows cannot be listed (get-windows: ${err instanceof Error ? err.message.split('\n')[0] : String(err)})`, { cause: err });
    }
    if (!Array.isArray(all)) throw new WindowListError('get-windows returned no window list');
    // get-windows lists front to back; the gate wants bottom to top.
    const windows: ListedWindow[] = all
      .filter((w) => w.bounds && w.bounds.width > 0 && w.bounds.height > 0)
      .map((w, i) => ({ ...toWindowInfo(w), id: String(w.id ?? `i${i}`), bounds: w.bounds!, classes: [] }))
      .reverse();
    const active = front ? (windows.find((w) => w.id === String(front.id)) ?? { ...toWindowInfo(front), id: String(front.id ?? 'active'), bounds: front.bounds ?? { x: 0, y: 0, width: 0, height: 0 }, classes: [] }) : null;
    return { windows, stacked: true, active, complete: true };
  }
}

export type { GetWindowsResult };

export function toWindowInfo(r: GetWindowsResult): WindowInfo {
  return {
    app: r.owner?.name ?? '',
    title: r.title ?? '',
    url: typeof r.url === 'string' && r.url.length > 0 ? r.url : null,
    pid: typeof r.owner?.processId === 'number' ? r.owner.processId : null,
    path: typeof r.owner?.path === 'string' ? r.owner.path : null,
    bounds: r.bounds ?? null,
  };
}
