import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Finds the Electron executable the `electron` npm package would launch, without requiring it
 * (its index.js throws when the binary was never downloaded). Used by `npm start` and the e2e test
 * to say exactly why the app cannot start here.
 */
export type ElectronBinary = { found: true; path: string; version: string | null } | { found: false; reason: string };

export const ELECTRON_MISSING_HINT =
  'To get it: `npm run fetch-electron` (with ELECTRON_MIRROR=<mirror URL> where GitHub is blocked), then `npm start`.';

export function findElectronBinary(env: NodeJS.ProcessEnv = process.env, fromDir: string = process.cwd()): ElectronBinary {
  let pkgDir: string;
  try {
    const require = createRequire(path.join(fromDir, 'noop.js'));
    pkgDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return { found: false, reason: 'the electron package is not installed (npm install)' };
  }
  const pathFile = path.join(pkgDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  let exe: string;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    exe = path.join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
  } else if (relative) {
    exe = path.join(pkgDir, 'dist', relative);
  } else {
    return { found: false, reason: `no Electron binary was downloaded into ${path.relative(fromDir, pkgDir) || pkgDir} (ELECTRON_SKIP_BINARY_DOWNLOAD was set or the download failed)` };
  }
  if (!existsSync(exe)) return { found: false, reason: `the Electron binary ${exe} does not exist` };
  const versionFile = path.join(path.dirname(exe), 'version');
  const version = existsSync(versionFile) ? readFileSync(versionFile, 'utf8').trim() : null;
  return { found: true, path: exe, version };
}

/**
 * Chromium's own words when it cannot start its sandbox on Linux: Ubuntu 23.10+ and 24.04 restrict
 * unprivileged user namespaces with AppArmor, so an Electron not installed from a package (npm start,
 * the AppImage) dies at once with one of these. The .deb is not affected (its AppArmor profile).
 */
const SANDBOX_FAILURES: RegExp[] = [
  /No usable sandbox!/i,
  /setuid_sandbox_host/i,
  /The SUID sandbox helper binary was found, but is not configured correctly/i,
  /Failed to move to new namespace/i,
  /sandbox_host_linux|zygote_host_impl_linux.*sandbox/i,
];

/** Whether an early Electron exit was the sandbox refusing to start (stderr text, Linux only). */
export function isSandboxFailure(stderr: string, platform: NodeJS.Platform = process.platform): boolean {
  return platform === 'linux' && SANDBOX_FAILURES.some((re) => re.test(stderr));
}

/** What to do about it, in a few lines (electronPath: the binary that failed). */
export function sandboxAdvice(electronPath: string): string {
  const sandbox = path.join(path.dirname(electronPath), 'chrome-sandbox');
  return [
    'engram: Electron could not start its sandbox. On Ubuntu 23.10+ / 24.04, AppArmor stops apps that are not',
    '  installed from a package from creating the namespaces Chromium sandboxes with. Any one of these fixes it:',
    '  - install the .deb (`npx electron-builder --linux deb`, see docs/desktop.md), which AppArmor allows;',
    '  - allow it until the next reboot: `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`;',
    `  - use the setuid helper: \`sudo chown root ${sandbox} && sudo chmod 4755 ${sandbox}\`.`,
    '  Meanwhile Engram runs in your browser (`npm start -- --browser` goes straight there).',
  ].join('\n');
}
