import type { ActiveWindowSource, WindowInfo } from './active-window.js';

/**
 * Asks the inner source (get-windows: three helper processes per call on Linux) only when the
 * window in front changed, as told by a cheap key (window id and title, read on the X connection).
 * With no key available, every call goes through.
 */
export class CachedActiveWindowSource implements ActiveWindowSource {
  private lastKey: string | null = null;
  private lastWin: WindowInfo | null = null;

  constructor(
    private readonly inner: ActiveWindowSource,
    private readonly key: () => Promise<string | null>,
  ) {}

  async active(): Promise<WindowInfo | null> {
    const key = await this.key();
    if (key !== null && key === this.lastKey) return this.lastWin;
    const win = await this.inner.active();
    this.lastKey = key;
    this.lastWin = win;
    return win;
  }
}
