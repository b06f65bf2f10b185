/**
 * Whether Chromium's sandbox contains Engram's pages. An AppImage on Ubuntu 23.10 and later starts
 * with --no-sandbox (its AppRun adds it: AppArmor blocks the user namespaces the sandbox needs), and
 * nothing said so. The Privacy screen now does, and says what to do: the deb installs Chromium's
 * setuid sandbox helper, which works there.
 */
export interface SandboxStatus {
  on: boolean;
  detail: string;
}

export function sandboxStatus(opts: { noSandboxSwitch: boolean; platform: NodeJS.Platform; env: NodeJS.ProcessEnv; isRoot: boolean }): SandboxStatus {
  if (!opts.noSandboxSwitch) return { on: true, detail: "Chromium's sandbox contains every Engram window." };
  const why = opts.isRoot
    ? 'Engram runs as root, where Chromium cannot start its sandbox. Run it as your own user.'
    : opts.platform === 'linux' && opts.env.APPIMAGE
      ? 'This AppImage started with --no-sandbox (Ubuntu 23.10 and later block the user namespaces the sandbox needs). Install the deb instead: its sandbox helper works there.'
      : 'Engram was started with --no-sandbox. Start it without that switch.';
  return { on: false, detail: `Chromium's sandbox is off: a flaw in a page would not be contained. ${why}` };
}
