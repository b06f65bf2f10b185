import { realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fail } from './errors.js';

/**
 * Names a double-click would run rather than show: programs, installers, scripts, shortcuts and
 * bundles on Windows, macOS and Linux. A path read off a screen is data; opening it must never run it.
 */
const RUNNABLE = new Set(
  [
    // Windows programs, installers, scripts and shortcuts
    'exe', 'com', 'bat', 'cmd', 'msi', 'msp', 'msc', 'scr', 'pif', 'cpl', 'ps1', 'psm1', 'psd1', 'vbs', 'vbe', 'js', 'jse', 'wsf', 'wsh', 'hta', 'lnk', 'url', 'reg', 'inf', 'application', 'appref-ms', 'gadget', 'dll', 'sys',
    // macOS bundles, installers and scripts
    'app', 'command', 'tool', 'pkg', 'mpkg', 'dmg', 'scpt', 'scptd', 'applescript', 'workflow', 'action', 'terminal', 'webloc', 'inetloc', 'kext', 'prefpane', 'dylib',
    // Linux and shells
    'sh', 'bash', 'zsh', 'csh', 'tcsh', 'ksh', 'fish', 'desktop', 'run', 'bin', 'appimage', 'deb', 'rpm', 'snap', 'flatpakref', 'so', 'elf', 'out',
    // Interpreted programs and archives of code that may be run by association
    'py', 'pyw', 'pyc', 'pl', 'rb', 'php', 'jar', 'class', 'lua', 'tcl', 'ex', 'exs',
  ],
);

function runnableName(p: string): string | null {
  const ext = path.extname(p).slice(1).toLowerCase();
  return ext && RUNNABLE.has(ext) ? ext : null;
}

/**
 * The local file or folder `raw` names, checked before the host opens it with the system's default
 * app: an absolute path (or ~/…), that exists, that is not a program, script, installer or shortcut
 * (by its name, or on Linux and macOS by an execute bit on a file), nor a link to one. Anything else
 * is refused with one line (INVALID_INPUT, NOT_FOUND or FORBIDDEN). Returns the real path to open.
 */
export function checkOpenablePath(raw: string, home = homedir(), platform: NodeJS.Platform = process.platform): string {
  const given = raw.trim();
  if (!given || given.includes('\0')) fail('INVALID_INPUT', 'That is not a file path.');
  const expanded = given === '~' || given.startsWith('~/') ? path.join(home, given.slice(1)) : given;
  const isAbsolute = platform === 'win32' ? path.win32.isAbsolute(expanded) && /^([a-zA-Z]:[\\/]|\\\\)/.test(expanded) : path.posix.isAbsolute(expanded);
  if (!isAbsolute) fail('INVALID_INPUT', `Only a full path can be opened, not "${given}".`);
  const ext = runnableName(expanded);
  if (ext) fail('FORBIDDEN', `Engram does not open programs or scripts (.${ext}): open it yourself if you mean to run it.`);
  let real: string;
  try {
    real = realpathSync(expanded);
  } catch {
    fail('NOT_FOUND', `Nothing is at ${given} any more.`);
  }
  const target = runnableName(real);
  if (target) fail('FORBIDDEN', `${given} leads to a program or script (.${target}): Engram does not open it.`);
  const st = statSync(real);
  if (!st.isFile() && !st.isDirectory()) fail('FORBIDDEN', `${given} is not a file or folder.`);
  // An executable file runs when "opened" on Linux desktops (and scripts can, on macOS).
  if (st.isFile() && platform !== 'win32' && (st.mode & 0o111) !== 0) fail('FORBIDDEN', `${given} is a program (it may be run): Engram does not open it.`);
  return real;
}
