/**
 * A long-running command as bin/engram.js runs one (electron/hosts/cli/main.ts): started with argv
 * `capture --watch`, it starts itself again with the malloc arena cap and waits; the child prints
 * `child MALLOC_ARENA_MAX=<v> pid=<pid>` (and its mmap threshold and node flags) and runs until its parent passes a signal on or goes away,
 * then prints `child stopping` and exits 0. Test of malloc-arenas.ts (test/integration/malloc-arenas).
 * With `--killed-in-exit` the stopped child tells its parent it ended with 0 and is then killed by
 * a SIGTERM with no handler left, as one arriving during Node's exit kills it; `--killed-untold`
 * is the same death without telling.
 */
import { exitCodeOf, followParent, runWithArenaCap, tellParentEnd, wantsArenaCap } from '../../electron/hosts/cli/malloc-arenas.js';

if (wantsArenaCap(process.argv.slice(2), process.env)) {
  process.stdout.write(`parent pid=${process.pid}\n`);
  process.exitCode = exitCodeOf(await runWithArenaCap(process));
} else {
  const alive = setInterval(() => undefined, 1000);
  const followed = followParent(process, () => {
    process.stdout.write('child stopping\n');
    clearInterval(alive);
    const killed = process.argv.includes('--killed-in-exit') ? 'told' : process.argv.includes('--killed-untold') ? 'untold' : null;
    if (killed) {
      void (killed === 'told' ? tellParentEnd(process, 0) : Promise.resolve()).then(() => {
        process.removeAllListeners('SIGTERM');
        process.kill(process.pid, 'SIGTERM');
      });
    }
  });
  process.stdout.write(`child MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? ''} pid=${process.pid} follows=${followed}\n`);
  process.stdout.write(`child MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_ ?? ''} flags=${process.execArgv.join(',')}\n`);
}
