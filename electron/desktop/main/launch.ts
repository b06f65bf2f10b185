/**
 * The desktop app's entry (package.json "main" is its bundle, dist/desktop/launch.js, made by
 * scripts/build-desktop.mjs): on Linux, the packaged app started without the capture's malloc
 * settings starts itself again with them and leaves (memory-relaunch.ts); otherwise the composition
 * root (main.ts, a lazily loaded chunk of the bundle) is loaded. Nothing heavier than that decision
 * loads before it.
 */
import { app } from 'electron';
import { relaunchWithMemorySettings } from './memory-relaunch.js';

const where = await relaunchWithMemorySettings(
  { platform: process.platform, isPackaged: app.isPackaged, env: process.env, argv: process.argv, execPath: process.execPath },
  (line) => process.stderr.write(`[engram] ${line}\n`),
);
if (where === 'relaunched') app.exit(0);
else await import('./main.js');
