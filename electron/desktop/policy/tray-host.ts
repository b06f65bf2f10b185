/**
 * Whether the desktop shows tray icons. Electron's tray on Linux is a StatusNotifierItem, shown only
 * where a host runs (org.kde.StatusNotifierWatcher on the session bus): KDE, XFCE, Cinnamon and
 * most others have one; stock GNOME does not (it needs the AppIndicator extension). There, a window
 * closed to the tray would leave Engram recording with no visible trace. So:
 * - a host: closing hides to the tray, as everywhere;
 * - no host: closing quits, and Engram never starts hidden;
 * - cannot tell (no gdbus nor dbus-send, no session bus): closing hides, and the first hide says
 *   where Engram went and how to reach it.
 */
export type TrayHost = 'present' | 'absent' | 'unknown';
export type CloseBehaviour = 'hide' | 'hide-and-tell' | 'quit';

export const STATUS_NOTIFIER_WATCHER = 'org.kde.StatusNotifierWatcher';

/** The bus call, with the two clients a desktop usually has (glib's gdbus, dbus' dbus-send); no native module needed. */
export const TRAY_HOST_PROBES: ReadonlyArray<{ command: string; args: string[] }> = [
  {
    command: 'gdbus',
    args: ['call', '--session', '--dest', 'org.freedesktop.DBus', '--object-path', '/org/freedesktop/DBus', '--method', 'org.freedesktop.DBus.NameHasOwner', STATUS_NOTIFIER_WATCHER],
  },
  {
    command: 'dbus-send',
    args: ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', `string:${STATUS_NOTIFIER_WATCHER}`],
  },
];

/** NameHasOwner's answer as gdbus ("(true,)") or dbus-send ("boolean true") prints it; null if neither. */
export function parseNameHasOwner(stdout: string): boolean | null {
  const m = /\(\s*(true|false)\s*,\s*\)|\bboolean\s+(true|false)\b/.exec(stdout);
  if (!m) return null;
  return (m[1] ?? m[2]) === 'true';
}

/**
 * Asks the session bus, trying each client until one answers; `run` rejects when a client is missing
 * or fails. ENGRAM_TRAY_HOST=present|absent|unknown overrides the answer (a panel that shows icons
 * without registering the watcher's name; tests).
 */
export async function detectTrayHost(platform: NodeJS.Platform, run: (command: string, args: string[]) => Promise<string>, env: NodeJS.ProcessEnv = {}): Promise<TrayHost> {
  const forced = env.ENGRAM_TRAY_HOST;
  if (forced === 'present' || forced === 'absent' || forced === 'unknown') return forced;
  // macOS' menu bar and Windows' notification area are always there.
  if (platform !== 'linux') return 'present';
  for (const probe of TRAY_HOST_PROBES) {
    try {
      const answer = parseNameHasOwner(await run(probe.command, probe.args));
      if (answer !== null) return answer ? 'present' : 'absent';
    } catch {
      // Try the next client.
    }
  }
  return 'unknown';
}

export function closeBehaviour(host: TrayHost): CloseBehaviour {
  if (host === 'absent') return 'quit';
  return host === 'unknown' ? 'hide-and-tell' : 'hide';
}

/** Started hidden (at login, --hidden) only where there is a tray to come back from. */
export function startHiddenWith(host: TrayHost, wantedHidden: boolean): boolean {
  return wantedHidden && host !== 'absent';
}

export const HIDDEN_NOTICE_TITLE = 'Engram is still running';
export const HIDDEN_NOTICE_BODY =
  'Closing the window keeps Engram recording in the tray. If your desktop shows no tray icon, open Engram again from the app launcher to pause or quit.';
