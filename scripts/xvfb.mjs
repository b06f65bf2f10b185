// Starts a private X display (Xvfb + openbox) on a free display number for screen-capture tests.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

function free(n) {
  return !existsSync(`/tmp/.X11-unix/X${n}`) && !existsSync(`/tmp/.X${n}-lock`);
}

/** The pid written in a display's lock file, or null. */
function lockPid(n) {
  try {
    return Number(readFileSync(`/tmp/.X${n}-lock`, 'utf8').trim()) || null;
  } catch {
    return null;
  }
}

const claimPath = (n) => `/tmp/.engram-xvfb-${n}.claim`;
const claims = new Set();
process.once('exit', () => {
  for (const n of claims) release(n);
});

/**
 * A display number taken for this process before its Xvfb starts. Two runs starting at once (a test
 * run, the trust bench, the screen bench) both found the same number free, and Xvfb's own lock does
 * not settle it (the loser can read the winner's half-written lock as stale): both ended up drawing
 * their windows on one screen. Creating this file is atomic ('wx'); a number claimed stays another's.
 */
function claim(n) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(claimPath(n), 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      claims.add(n);
      return true;
    } catch {
      // Left by a run that was killed (its exit handler never ran): taken again.
      if (attempt > 0 || alive(claimant(n))) return false;
      try {
        unlinkSync(claimPath(n));
      } catch {
        return false;
      }
    }
  }
  return false;
}

function claimant(n) {
  try {
    return Number(readFileSync(claimPath(n), 'utf8').trim()) || null;
  } catch {
    return null;
  }
}

function alive(pid) {
  if (!pid) return true; // being written: not stale
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function release(n) {
  claims.delete(n);
  try {
    unlinkSync(claimPath(n));
  } catch {
    // already gone
  }
}

async function waitFor(check, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const answers = (display) => spawnSync('xdpyinfo', ['-display', display], { stdio: 'ignore' }).status === 0;

export async function startDisplay({ width = 1280, height = 800 } = {}) {
  let lastError = 'no free X display number';
  for (let n = 120; n < 1000; n++) {
    if (!free(n) || !claim(n)) continue;
    if (!free(n)) {
      // Taken by an X server that is not ours since the check.
      release(n);
      continue;
    }
    const display = `:${n}`;
    const xvfb = spawn('Xvfb', [display, '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp', '-ac'], { stdio: 'ignore' });
    let exited = false;
    xvfb.once('exit', () => (exited = true));
    // Ours only when its lock names our Xvfb (an X server started outside these scripts may still race for it).
    const ok = await waitFor(() => exited || (lockPid(n) === xvfb.pid && answers(display)), 20_000);
    if (exited) {
      release(n);
      continue;
    }
    if (!ok) {
      xvfb.kill();
      release(n);
      throw new Error(`Xvfb did not start on ${display}`);
    }
    const wm = spawn('openbox', [], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DISPLAY: display } });
    let wmExit = null;
    let wmSaid = '';
    for (const s of [wm.stdout, wm.stderr]) s.on('data', (d) => (wmSaid = (wmSaid + d).slice(-400)));
    wm.once('exit', (code, sig) => (wmExit = `${code ?? sig}`));
    // Windows mapped before the window manager runs are never placed or focused by it: wait until it manages the screen.
    const managed = await waitFor(() => wmExit !== null || spawnSync('xprop', ['-display', display, '-root', '_NET_SUPPORTING_WM_CHECK'], { encoding: 'utf8' }).stdout?.includes('window id'), 20_000);
    if (!managed || wmExit !== null) {
      // A number a dying server of another run still held can answer once and then not at all
      // ("Failed to open the display"): that display is no use, the next number is tried.
      lastError = `openbox did not start on ${display}${wmExit ? ` (it exited: ${wmExit}: ${wmSaid.trim()})` : ''}`;
      wm.kill();
      xvfb.once('exit', () => release(n));
      xvfb.kill();
      continue;
    }
    return {
      display,
      /** Resolves once the server is gone and its number free again (a dying server still answers on it). */
      stop() {
        wm.kill();
        const gone = exited ? Promise.resolve() : new Promise((r) => xvfb.once('exit', r));
        xvfb.kill();
        return gone.then(() => release(n));
      },
    };
  }
  throw new Error(lastError);
}
