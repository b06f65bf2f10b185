import type { ActiveWindowSource, WindowInfo } from './active-window.js';

/** The subset of get-windows' result this source reads (its types differ per platform). */
interface GetWindowsResult {
  title?: string | null;
  url?: string;
  owner?: { name?: string; processId?: number; path?: string };
  bounds?: { x: number; y: number; width: number; height: number };
}

type ActiveWindowFn = (options?: { accessibilityPermission?: boolean; screenRecordingPermission?: boolean }) => Promise<GetWindowsResult | undefined>;

/**
 * Active window through `get-windows` (xprop/xwininfo on Linux: needs x11-utils and a window
 * manager that sets _NET_ACTIVE_WINDOW). Failures and timeouts read as "no active window", so a
 * flaky window query never stops capture; the privacy gate then still applies its title/app-free rules.
 */
export class GetWindowsActiveWindowSource implements ActiveWindowSource {
  private fn: ActiveWindowFn | null = null;

  constructor(private readonly opts: { timeoutMs?: number } = {}) {}

  async active(): Promise<WindowInfo | null> {
    if (!this.fn) {
      const mod = (await import('get-windows')) as unknown as { activeWindow: ActiveWindowFn };
      this.fn = mod.activeWindow;
    }
    const timeoutMs = this.opts.timeoutMs ?? 2000;
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        this.fn({ accessibilityPermission: true, screenRecordingPermission: true }),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), timeoutMs);
        }),
      ]);
      return result ? toWindowInfo(result) : null;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}

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
