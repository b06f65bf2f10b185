// Starts a private X display (Xvfb + openbox) on a free display number for screen-capture tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function free(n) {
  return !existsSync(`/tmp/.X11-unix/X${n}`) && !existsSync(`/tmp/.X${n}-lock`);
}

async function waitFor(check, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

export async function startDisplay({ width = 1280, height = 800 } = {}) {
  let n = 120;
  while (!free(n)) n++;
  const display = `:${n}`;
  const xvfb = spawn('Xvfb', [display, '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp', '-ac'], { stdio: 'ignore' });
  const ok = await waitFor(() => spawnSync('xdpyinfo', ['-display', display], { stdio: 'ignore' }).status === 0 || existsSync(`/tmp/.X11-unix/X${n}`), 10_000);
  if (!ok) {
    xvfb.kill();
    throw new Error(`Xvfb did not start on ${display}`);
  }
  const wm = spawn('openbox', [], { stdio: 'ignore', env: { ...process.env, DISPLAY: display } });
  await new Promise((r) => setTimeout(r, 500));
  return {
    display,
    stop() {
      wm.kill();
      xvfb.kill();
    },
  };
}
