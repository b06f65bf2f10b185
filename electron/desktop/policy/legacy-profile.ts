import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ChromiumProfilePlan } from './chromium-profile.js';

/**
 * What Chromium (Electron 41) writes in its profile folder. Earlier versions of Engram left these in
 * the data folder on macOS and Windows (the profile was the data folder, see chromium-profile.ts):
 * caches, Local Storage, Crashpad, cookies, synced and exported with the store and left behind by
 * "delete everything". Exact names only: nothing Engram writes (engram.db, frames, audio, exports,
 * backups, crashes, ocr-cache, consent.json, the key files) is ever among them. The single-instance
 * lock (Singleton*, lockfile) is left alone: an older Engram still running may hold it.
 */
export const LEGACY_PROFILE_NAMES: readonly string[] = [
  // Caches
  'Cache',
  'Code Cache',
  'GPUCache',
  'DawnCache',
  'DawnGraphiteCache',
  'DawnWebGPUCache',
  'GraphiteDawnCache',
  'GrShaderCache',
  'ShaderCache',
  'VideoDecodeStats',
  // Web storage
  'Local Storage',
  'Session Storage',
  'IndexedDB',
  'Service Worker',
  'Shared Dictionary',
  'SharedStorage',
  'SharedStorage-wal',
  'WebStorage',
  'File System',
  'databases',
  'blob_storage',
  'QuotaManager',
  'QuotaManager-journal',
  'shared_proto_db',
  'Partitions',
  'Platform Notifications',
  // Network state
  'Network',
  'Cookies',
  'Cookies-journal',
  'Network Persistent State',
  'TransportSecurity',
  'Trust Tokens',
  'Trust Tokens-journal',
  'DIPS',
  'DIPS-journal',
  'DIPS-wal',
  'first_party_sets.db',
  'first_party_sets.db-journal',
  'MediaDeviceSalts',
  'MediaDeviceSalts-journal',
  // Crash reports (minidumps hold memory in the clear), preferences and the rest
  'Crashpad',
  'Crash Reports',
  'Preferences',
  'Secure Preferences',
  'Dictionaries',
  'Visited Links',
  'Web Data',
  'Web Data-journal',
  'Extension State',
  'Local Extension Settings',
];

/** Removed only once the new profile holds its copy (on Windows it wraps safeStorage's key). */
const CARRIED_FIRST = 'Local State';

export interface LeftoverPlan {
  /** The folder the old profile's files are in (inside the data folder). */
  dir: string;
  names: string[];
}

function insideOrSame(child: string, parent: string): boolean {
  const rel = path.relative(path.resolve(parent), path.resolve(child));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Which of the names present in the old profile folder go: only when the profile moved out of the
 * data folder (Chromium no longer writes there) and that old folder is in the data folder; only the
 * exact names above; `Local State` only when the new profile already has it.
 */
export function legacyProfileLeftovers(opts: { plan: ChromiumProfilePlan; dataDir: string; present: readonly string[]; carriedPresent: (name: string) => boolean }): LeftoverPlan | null {
  const from = opts.plan.carry?.from;
  if (!from || !insideOrSame(from, opts.dataDir) || insideOrSame(opts.plan.dir, from)) return null;
  const known = new Set(LEGACY_PROFILE_NAMES);
  const names = opts.present.filter((n) => known.has(n) || (n === CARRIED_FIRST && opts.carriedPresent(n)));
  return names.length ? { dir: from, names } : null;
}

/**
 * Removes what an earlier version's Chromium left in the data folder, once at start-up (after the
 * profile moved, nothing writes there again, so later starts find nothing). Never throws: what
 * cannot be removed now is tried at the next start. Returns the names removed.
 */
export async function removeLegacyProfile(plan: ChromiumProfilePlan, dataDir: string): Promise<string[]> {
  const from = plan.carry?.from;
  if (!from) return [];
  let present: string[];
  try {
    present = await fs.readdir(from);
  } catch {
    return [];
  }
  const carried = new Set<string>();
  for (const name of plan.carry?.names ?? []) {
    try {
      await fs.access(path.join(plan.dir, name));
      carried.add(name);
    } catch {
      // Not copied (yet): kept where it is.
    }
  }
  const leftovers = legacyProfileLeftovers({ plan, dataDir, present, carriedPresent: (n) => carried.has(n) });
  if (!leftovers) return [];
  const removed: string[] = [];
  for (const name of leftovers.names) {
    try {
      await fs.rm(path.join(leftovers.dir, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Busy (Windows) or not ours to remove: left for the next start.
    }
  }
  return removed;
}
