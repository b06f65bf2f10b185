import path from 'node:path';

/**
 * Where the desktop app keeps its data: ENGRAM_DATA_DIR when set (the same variable the CLI reads,
 * so `engram search` can point at the app's data), else a `data` folder in Electron's userData.
 */
export function resolveAppDataDir(env: NodeJS.ProcessEnv, userDataPath: string): string {
  const fromEnv = env.ENGRAM_DATA_DIR?.trim();
  if (fromEnv) return path.resolve(fromEnv);
  return path.join(userDataPath, 'data');
}

/** Local midnight before `now`: the tray counts "frames today" from here. */
export function startOfLocalDay(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}
