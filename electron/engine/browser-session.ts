import { consentRecord, consentState } from '../../shared/consent/index.js';
import type { CaptureStatus, ConsentStatus } from '../../shared/api/index.js';
import { readConsent, withdrawConsent, writeConsent } from '../../agents/store/index.js';
import { fail, type CaptureControl, type HostSession } from '../api/index.js';

export interface BrowserSessionOptions {
  dataDir: string;
  /** Whether this host captures at all (false: no display, --no-capture). */
  captures: boolean;
  /** Quit from the window. */
  onQuit: () => void;
  permissionHint?: string | null;
  now?: () => Date;
}

export interface BrowserSession {
  session: HostSession;
  /** Wraps the capture the window drives: it refuses to start before consent and says it is waiting. */
  gate(inner: CaptureControl): CaptureControl;
  /** Hands over the (not yet started) capture; starts it at once when consent is already on record. */
  attach(capture: SessionCapture | null): Promise<void>;
  /** Whether capture has started (consent was on record, or given in the window). */
  capturing(): boolean;
}

/** What the session drives of the capture service. */
export interface SessionCapture {
  start(): unknown;
  /** No new frames (waits for the tick in flight). */
  stop(): Promise<unknown>;
  /** The frames already taken get their text read and stored. */
  drain(): Promise<unknown>;
}

const WAITING = 'Capture starts once you accept the welcome page.';

/**
 * Browser mode's session: the first-run consent is asked in the window, with the same record the
 * desktop app keeps (consent.json in the data dir), and nothing is captured before it is given.
 * If consent is already on record (from either host), capture starts at once.
 */
export function createBrowserSession(opts: BrowserSessionOptions): BrowserSession {
  const now = opts.now ?? (() => new Date());
  let target: SessionCapture | null = null;
  let started = false;
  const startCapture = async () => {
    if (started || !target) return;
    // Started first: the gate (below) lets the start through once consent is given.
    started = true;
    await target.start();
  };
  const status = async (): Promise<ConsentStatus> => {
    const state = consentState(await readConsent(opts.dataDir));
    return {
      asked_here: true,
      granted: state.state === 'granted',
      reason: state.state === 'needed' ? state.reason : null,
      data_dir: opts.dataDir,
      captures: opts.captures,
      permission_hint: opts.permissionHint ?? null,
    };
  };

  const session: HostSession = {
    consent: status,
    acceptConsent: async () => {
      const current = await status();
      // Browser mode has no microphone and no login item; an earlier answer from the desktop app stays as it was.
      if (!current.granted) await writeConsent(opts.dataDir, consentRecord({ audio: false, start_at_login: false }, now()));
      await startCapture();
      return status();
    },
    withdrawConsent: async () => {
      // Stopped before the record goes: no frame is taken once the user has said no.
      if (started && target) {
        started = false;
        await target.stop();
        await target.drain();
      }
      started = false;
      await withdrawConsent(opts.dataDir);
      return status();
    },
    quit: opts.onQuit,
  };

  return {
    session,
    gate: (inner) => ({
      // Consent comes first: a setting or a grant the inner capture reports can wait until then.
      status: (): CaptureStatus =>
        started ? inner.status() : { ...inner.status(), state: 'stopped', paused_until: null, message: WAITING, blocked: { reason: 'no_consent', message: WAITING } },
      pause: (minutes) => (started ? inner.pause(minutes) : fail('CONFLICT', WAITING)),
      resume: () => (started ? inner.resume() : fail('CONFLICT', WAITING)),
      reloadSettings: () => inner.reloadSettings?.(),
    }),
    attach: async (capture) => {
      target = capture;
      if ((await status()).granted) await startCapture();
    },
    capturing: () => started,
  };
}
