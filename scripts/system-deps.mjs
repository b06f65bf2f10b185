// System tools the tests need. On a Debian-family system as root they are installed with apt-get;
// elsewhere the run stops at once, naming the packages to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** binary → Debian package */
export const NEEDED = {
  Xvfb: 'xvfb',
  openbox: 'openbox',
  import: 'imagemagick',
  xrandr: 'x11-xserver-utils',
  xwininfo: 'x11-utils',
  xterm: 'xterm',
  chromium: 'chromium',
  'espeak-ng': 'espeak-ng',
  sox: 'sox',
  xdotool: 'xdotool',
  // The two-device sync proof runs two real Syncthing instances (Debian's package).
  syncthing: 'syncthing',
};
const EXTRA_PACKAGES = ['fonts-dejavu-core'];
/** file → Debian package, for what is not a command: the CJK font the Chinese screen test renders with. */
export const NEEDED_FILES = {
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc': 'fonts-noto-cjk',
};

function has(bin) {
  return spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
}

/** ImageMagick's `import` must be the real one (some images ship a stand-in `convert` only). */
function missingPackages() {
  const out = new Set();
  for (const [bin, pkg] of Object.entries(NEEDED)) if (!has(bin)) out.add(pkg);
  for (const [file, pkg] of Object.entries(NEEDED_FILES)) if (!existsSync(file)) out.add(pkg);
  return [...out];
}

export function ensureSystemDeps({ log = console.log } = {}) {
  const missing = missingPackages();
  if (!missing.length) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const debian = existsSync('/etc/debian_version') && has('apt-get');
  const pkgs = [...missing, ...EXTRA_PACKAGES];
  if (!isRoot || !debian) {
    console.error(`engram tests need these system packages: ${pkgs.join(' ')}\n` +
      (debian ? `install them with: sudo apt-get install -y ${pkgs.join(' ')}` : 'install the equivalents with your package manager'));
    process.exit(1);
  }
  log(`installing system packages: ${pkgs.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], { stdio: 'inherit', env });
  const still = missingPackages();
  if (still.length) {
    console.error(`still missing after apt-get: ${still.join(' ')}`);
    process.exit(1);
  }
}
