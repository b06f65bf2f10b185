import { describe, expect, it, vi } from 'vitest';
import { QUIT_BUDGET_MS, QuitSequence, SESSION_END_BUDGET_MS } from '../../electron/desktop/policy/index.js';

// Issue 29, items 7 and 8: a quit is held at before-quit (before Electron closes the recorder's
// window) until the shutdown ends, and Windows' query-session-end is held the same way.
function event() {
  const e = { prevented: 0, preventDefault: () => void e.prevented++ };
  return e;
}

describe('QuitSequence', () => {
  it('before-quit is prevented, the shutdown awaited, and only then exit(0); a second quit changes nothing', async () => {
    let finish!: () => void;
    const shutdown = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const exit = vi.fn();
    const quit = new QuitSequence({ shutdown, exit });
    const first = event();
    quit.beforeQuit(first);
    expect(first.prevented).toBe(1);
    expect(quit.ending).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(exit).not.toHaveBeenCalled();
    const again = event();
    quit.beforeQuit(again);
    // Still held: letting it through would close the windows under the running shutdown.
    expect(again.prevented).toBe(1);
    finish();
    await quit.end('late word');
    expect(shutdown).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('a shutdown that hangs is cut off at the budget: quit at 8 s, a session end at 4 s', async () => {
    vi.useFakeTimers();
    try {
      for (const [run, budget] of [
        [(q: QuitSequence) => q.beforeQuit(event()), QUIT_BUDGET_MS],
        [(q: QuitSequence) => q.querySessionEnd(event(), 'Windows logoff'), SESSION_END_BUDGET_MS],
      ] as const) {
        const exit = vi.fn();
        const q = new QuitSequence({ shutdown: () => new Promise(() => undefined), exit });
        run(q);
        await vi.advanceTimersByTimeAsync(budget - 1);
        expect(exit).not.toHaveBeenCalled();
        await vi.advanceTimersByTimeAsync(1);
        expect(exit).toHaveBeenCalledWith(0);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("Windows' query-session-end is prevented until the shutdown is done; a failing shutdown still exits", async () => {
    const exit = vi.fn();
    const lines: string[] = [];
    const q = new QuitSequence({ shutdown: () => Promise.reject(new Error('disk gone')), exit, log: (l) => lines.push(l) });
    const e = event();
    q.querySessionEnd(e, 'Windows logoff');
    expect(e.prevented).toBe(1);
    await q.end('session-end');
    expect(exit).toHaveBeenCalledTimes(1);
    expect(lines).toEqual(['Windows logoff: saving and closing', 'shutdown: disk gone']);
  });
});
