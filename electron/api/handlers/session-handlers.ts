import type { ConsentStatus, StartAtLogin } from '../../../shared/api/index.js';
import type { ApiDeps } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';

/**
 * Consent and Quit for a window that drives its own session (browser mode). Without a session
 * port the host asked before this window existed (the desktop app), so there is nothing to ask here.
 */
export function sessionHandlers(deps: ApiDeps): HandlerGroup<'consent.status' | 'consent.accept' | 'consent.withdraw' | 'app.quit' | 'app.startAtLogin' | 'app.setStartAtLogin' | 'app.openLoginItems'> {
  const { session, events } = deps;
  const loginItem = deps.startAtLogin;
  const startAtLogin = async (): Promise<StartAtLogin> =>
    loginItem
      ? { available: true, enabled: await loginItem.enabled(), reason: null, attention: (await loginItem.attention?.()) ?? null }
      : { available: false, enabled: false, reason: 'Only the desktop app can start when you log in; this window is served by `engram serve`.', attention: null };
  const notAsked = (): ConsentStatus => ({
    asked_here: false,
    granted: true,
    reason: null,
    data_dir: deps.store.dataDir,
    captures: !!deps.capture,
    permission_hint: null,
  });
  return {
    'consent.status': () => (session ? session.consent() : notAsked()),
    'consent.accept': async () => {
      if (!session) fail('UNAVAILABLE', 'Consent is given in the desktop app’s own welcome page.');
      const status = await session.acceptConsent();
      // Capture may have started: every window follows.
      if (deps.capture) events.emit('capture.status', deps.capture.status());
      return status;
    },
    'consent.withdraw': async () => {
      if (!session) fail('UNAVAILABLE', 'Consent is withdrawn in the desktop app.');
      const status = await session.withdrawConsent();
      // Capture stopped: every window follows.
      if (deps.capture) events.emit('capture.status', deps.capture.status());
      return status;
    },
    'app.quit': () => {
      if (!session) fail('UNAVAILABLE', 'Quit Engram from its tray icon.');
      // After this answer is on its way: the host closes its sockets while shutting down.
      setImmediate(() => session.quit());
      return { ok: true as const };
    },
    'app.startAtLogin': startAtLogin,
    'app.setStartAtLogin': async ({ enabled }) => {
      if (!loginItem) fail('UNAVAILABLE', 'Only the desktop app can start when you log in.');
      await loginItem.set(enabled);
      return startAtLogin();
    },
    'app.openLoginItems': async () => ({ opened: (await loginItem?.openSettings?.()) ?? false }),
  };
}
