import path from 'node:path';

/**
 * Where Chromium keeps its profile (caches, Local Storage, GPU caches, Crashpad, the single-instance
 * lock). Electron's default is <appData>/Engram, which on macOS and Windows is Engram's own data
 * folder: Chromium's files would sit among the encrypted store, be synced or exported with it, and
 * survive "delete everything". So when the default and the data folder overlap (one inside the
 * other), the profile gets a folder of its own beside it; otherwise (Linux: ~/.config/Engram beside
 * ~/.local/share/engram) it stays where it is. Must be set before `ready`, and before the
 * single-instance lock, which lives in it.
 */
export interface ChromiumProfilePlan {
  dir: string;
  /** Files to bring from the old profile when the new one lacks them (then the old dir). */
  carry: { from: string; names: string[] } | null;
}

/**
 * `Local State` holds Chromium's own encryption key for safeStorage on Windows (wrapped by DPAPI):
 * the key file Engram wrote with the old profile cannot be read without it.
 */
export const CARRIED_PROFILE_FILES = ['Local State'];

function overlaps(a: string, b: string): boolean {
  const inside = (child: string, parent: string) => {
    const rel = path.relative(parent, child);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  };
  const x = path.resolve(a);
  const y = path.resolve(b);
  return inside(x, y) || inside(y, x);
}

export function chromiumProfilePlan(opts: { defaultUserData: string; appData: string; dataDir: string }): ChromiumProfilePlan {
  if (!overlaps(opts.defaultUserData, opts.dataDir)) return { dir: opts.defaultUserData, carry: null };
  const candidates = [path.join(opts.appData, 'Engram Chromium'), `${path.resolve(opts.dataDir)}-chromium`];
  const dir = candidates.find((c) => !overlaps(c, opts.dataDir)) ?? candidates[1]!;
  return { dir, carry: { from: opts.defaultUserData, names: CARRIED_PROFILE_FILES } };
}
