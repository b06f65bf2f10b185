// The native pieces an installer must carry for the platform and architecture it is built for.
// npm installs only the host's optional packages (sharp's @img/sharp-<platform>-<arch>, sqlite-vec's
// sqlite-vec-<os>-<arch>), and get-windows' Windows binding silently answers "no window" when it is
// missing, so an installer built for another target would start and then fail (or, worse, capture
// without knowing which window is in front). The afterPack hook (scripts/after-pack.mjs) refuses it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Files in dir whose names pass test (none when dir is missing). */
function filesIn(dir, test) {
  try {
    return readdirSync(dir).filter(test);
  } catch {
    return [];
  }
}

const hasFile = (dir, test) => filesIn(dir, test).length > 0;

/** sharp's and sqlite-vec's names for the target's operating system. */
function sharpOs(platform) {
  return platform === 'mas' ? 'darwin' : platform;
}
function vecOs(platform) {
  if (platform === 'darwin' || platform === 'mas') return 'darwin';
  if (platform === 'win32') return 'windows';
  return platform;
}
/** Node's arch names as sharp spells them (armv7l is "arm"). */
function sharpArch(arch) {
  return arch === 'armv7l' ? 'arm' : arch;
}

/**
 * What the target needs, each as { name, why, present(nodeModulesDir) }. `target` is
 * { platform: 'linux' | 'darwin' | 'mas' | 'win32', arch: 'x64' | 'arm64' | 'ia32' | 'armv7l' | 'universal' };
 * a universal macOS build needs both architectures.
 */
export function requiredNativePackages(target) {
  const arches = target.arch === 'universal' ? ['x64', 'arm64'] : [target.arch];
  const mac = target.platform === 'darwin' || target.platform === 'mas';
  const required = [];
  for (const arch of arches) {
    const os = sharpOs(target.platform);
    const sharp = `@img/sharp-${os}-${sharpArch(arch)}`;
    required.push({ name: sharp, why: 'sharp, for images', present: (nm) => hasFile(path.join(nm, sharp, 'lib'), (f) => f.endsWith('.node')) });
    // Windows' sharp package carries libvips itself; elsewhere libvips is its own package.
    if (target.platform !== 'win32') {
      const vips = `@img/sharp-libvips-${os}-${sharpArch(arch)}`;
      required.push({ name: vips, why: "sharp's libvips", present: (nm) => hasFile(path.join(nm, vips, 'lib'), (f) => f.startsWith('libvips-cpp')) });
    }
    const vec = `sqlite-vec-${vecOs(target.platform)}-${arch}`;
    required.push({ name: vec, why: 'sqlite-vec, for vector search', present: (nm) => hasFile(path.join(nm, vec), (f) => /^vec0\.(so|dylib|dll)$/.test(f)) });
    if (target.platform === 'win32') {
      required.push({ name: `get-windows (win32-${arch} binding)`, why: 'the window list', present: (nm) => getWindowsBinding(nm, arch) !== null });
    }
  }
  // macOS: get-windows runs its own helper (one universal binary); Linux uses xprop/xwininfo.
  if (mac) required.push({ name: 'get-windows (macOS helper)', why: 'the window list', present: (nm) => existsSync(path.join(nm, 'get-windows', 'main')) });
  return required;
}

/** The Windows binding node-pre-gyp would load (the newest N-API version the package declares), or null. */
function getWindowsBinding(nodeModulesDir, arch) {
  const dir = path.join(nodeModulesDir, 'get-windows');
  let versions;
  try {
    versions = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).binary?.napi_versions ?? [];
  } catch {
    return null;
  }
  if (versions.length === 0) return null;
  const file = path.join(dir, 'lib', 'binding', `napi-${Math.max(...versions)}-win32-unknown-${arch}`, 'node-get-windows.node');
  return existsSync(file) ? file : null;
}

/** The names of what `nodeModulesDir` lacks for `target` (empty when all is there). */
export function missingNativePackages(nodeModulesDir, target) {
  return requiredNativePackages(target)
    .filter((p) => !p.present(nodeModulesDir))
    .map((p) => `${p.name} (${p.why})`);
}

/** Throws one line naming what is missing, and what to do, when the package lacks a native piece. */
export function assertNativePackages(nodeModulesDir, target) {
  const missing = missingNativePackages(nodeModulesDir, target);
  if (missing.length === 0) return;
  throw new Error(
    `this ${target.platform}-${target.arch} package lacks ${missing.join(', ')}: npm installs native packages only for the machine it runs on, so build each installer on its own platform and architecture (see docs/desktop.md)`,
  );
}
