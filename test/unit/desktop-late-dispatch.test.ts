import { describe, expect, it } from 'vitest';
import { lateDispatch, type ApiResponse } from '../../shared/api/index.js';
import { startupTrayModel, windowToShow } from '../../electron/desktop/policy/index.js';

/** Whether a promise has settled by the time the tasks already queued have run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  return done;
}

const answer = (output: unknown): ApiResponse => ({ ok: true, output });

describe("the desktop window's calls before the engine has started", () => {
  it('wait for the engine and get its answer, made before and after it arrives', async () => {
    const late = lateDispatch();
    const early = late.dispatch('app.info', {});
    expect(await settled(early)).toBe(false);
    const seen: string[] = [];
    late.arrive(async (name) => {
      seen.push(name);
      return answer({ name });
    });
    expect(await early).toEqual(answer({ name: 'app.info' }));
    expect(await late.dispatch('store.stats', {})).toEqual(answer({ name: 'store.stats' }));
    expect(seen).toEqual(['app.info', 'store.stats']);
  });

  it('a failed start answers the waiting calls and later ones UNAVAILABLE with the reason', async () => {
    const late = lateDispatch();
    const early = late.dispatch('app.info', {});
    late.fail('the database is locked by another process');
    const expected = { ok: false, error: { code: 'UNAVAILABLE', message: 'Engram did not start: the database is locked by another process' } };
    expect(await early).toEqual(expected);
    expect(await late.dispatch('store.stats', {})).toEqual(expected);
    // An engine that turns up after the failure is not used: the app is on its way out.
    late.arrive(async () => answer('late'));
    expect(await late.dispatch('app.info', {})).toEqual(expected);
  });

  it('an error after the engine arrived (a later fatal) leaves it answering', async () => {
    const late = lateDispatch();
    late.arrive(async () => answer('real'));
    late.fail('an uncaught error later on');
    expect(await late.dispatch('app.info', {})).toEqual(answer('real'));
  });
});

describe('open during start-up', () => {
  it('shows the page start-up waits on first, then the main window, which exists before the engine', () => {
    expect(windowToShow({ mainWindow: false, waitingPage: 'consent' })).toBe('consent');
    expect(windowToShow({ mainWindow: true, waitingPage: 'passphrase' })).toBe('passphrase');
    expect(windowToShow({ mainWindow: true, waitingPage: null })).toBe('main');
    expect(windowToShow({ mainWindow: false, waitingPage: null })).toBe('none');
  });

  it("the starting tray's Open is enabled once there is a window to show", () => {
    const open = (m: ReturnType<typeof startupTrayModel>) => m.menu.find((i) => i.kind === 'action' && i.id === 'open');
    expect(open(startupTrayModel('starting'))).toMatchObject({ enabled: false });
    expect(open(startupTrayModel('starting', true))).toMatchObject({ enabled: true });
    expect(open(startupTrayModel('consent'))).toMatchObject({ enabled: true });
  });
});
