import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chromiumProfilePlan, LEGACY_PROFILE_NAMES, legacyProfileLeftovers, removeLegacyProfile } from '../../electron/desktop/policy/index.js';

// Issue 29, item 11's leftovers: what an earlier version's Chromium wrote into the data folder
// (macOS, Windows) goes once at start-up, by exact name; everything Engram writes stays.

/** What Engram itself keeps in its data folder, and names only like Chromium's. */
const ENGRAM_OWN = ['engram.db', 'engram.db-wal', 'engram.db-shm', 'frames/2026/12/04/a.frame', 'audio/a.wav.enc', 'exports/engram-export.json', 'backups/engram.db.bak', 'crashes/r1.json', 'ocr-cache/eng.traineddata', 'consent.json', 'engram.key', 'engram-key.json', 'cache', 'Cache.txt', 'My Preferences', 'SingletonLock'];
const CHROMIUM = ['Cache/Cache_Data/data_0', 'Code Cache/js/index', 'GPUCache/data_1', 'Local Storage/leveldb/000003.log', 'Session Storage/CURRENT', 'Crashpad/completed/x.dmp', 'blob_storage/abc/1', 'Network/Cookies', 'Preferences', 'DawnGraphiteCache/data_0', 'Shared Dictionary/db', 'Local State'];

let base: string;
let appData: string;
let dataDir: string;

function write(rel: string): void {
  const file = path.join(dataDir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
}

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'engram-legacy-profile-'));
  appData = path.join(base, 'Application Support');
  dataDir = path.join(appData, 'Engram');
  for (const rel of [...ENGRAM_OWN, ...CHROMIUM]) write(rel);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const macPlan = () => chromiumProfilePlan({ appData, defaultUserData: dataDir, dataDir });

describe('old Chromium profile files in the data folder', () => {
  it("are removed by exact name, and every file of Engram's own survives", async () => {
    const plan = macPlan();
    // The new profile has its copy of Local State (main.ts copies it before ready).
    mkdirSync(plan.dir, { recursive: true });
    writeFileSync(path.join(plan.dir, 'Local State'), '{}');
    const removed = await removeLegacyProfile(plan, dataDir);
    expect(removed.sort()).toEqual(['Cache', 'Code Cache', 'Crashpad', 'DawnGraphiteCache', 'GPUCache', 'Local State', 'Local Storage', 'Network', 'Preferences', 'Session Storage', 'Shared Dictionary', 'blob_storage']);
    for (const rel of ENGRAM_OWN) expect(existsSync(path.join(dataDir, rel)), rel).toBe(true);
    expect(readdirSync(dataDir).sort()).toEqual(['Cache.txt', 'My Preferences', 'SingletonLock', 'audio', 'backups', 'cache', 'consent.json', 'crashes', 'engram.db', 'engram.db-shm', 'engram.db-wal', 'engram.key', 'exports', 'frames', 'engram-key.json', 'ocr-cache'].sort());
    // The next start finds nothing more to do.
    expect(await removeLegacyProfile(plan, dataDir)).toEqual([]);
  });

  it('Local State stays until the new profile holds its copy (on Windows it wraps the key of safeStorage)', async () => {
    const removed = await removeLegacyProfile(macPlan(), dataDir);
    expect(removed).not.toContain('Local State');
    expect(existsSync(path.join(dataDir, 'Local State'))).toBe(true);
  });

  it('nothing is touched where the profile never was the data folder (Linux), or was not moved', async () => {
    const linux = chromiumProfilePlan({ appData: path.join(base, '.config'), defaultUserData: path.join(base, '.config', 'Engram'), dataDir });
    expect(await removeLegacyProfile(linux, dataDir)).toEqual([]);
    expect(legacyProfileLeftovers({ plan: { dir: dataDir, carry: null }, dataDir, present: ['Cache'], carriedPresent: () => true })).toBeNull();
    expect(existsSync(path.join(dataDir, 'GPUCache'))).toBe(true);
  });

  it('a profile folder outside the data folder (the data folder inside it) is not the data folder: left alone', () => {
    const plan = chromiumProfilePlan({ appData: '/c', defaultUserData: '/c/Engram', dataDir: '/c/Engram/data' });
    expect(legacyProfileLeftovers({ plan, dataDir: '/c/Engram/data', present: ['Cache', 'Preferences'], carriedPresent: () => true })).toBeNull();
  });

  it('no name of the list is one Engram writes', () => {
    const own = new Set(['engram.db', 'frames', 'audio', 'exports', 'backups', 'crashes', 'ocr-cache', 'consent.json', 'engram.key', 'engram-key.json', 'keys']);
    expect(LEGACY_PROFILE_NAMES.filter((n) => own.has(n))).toEqual([]);
  });
});
