import { execFile } from 'node:child_process';
import { detectTrayHost, type TrayHost } from '../policy/index.js';

/** Asks the session bus whether a StatusNotifier host runs (policy/tray-host.ts decides what follows). */
export function probeTrayHost(): Promise<TrayHost> {
  return detectTrayHost(
    process.platform,
    (command, args) =>
      new Promise<string>((resolve, reject) => {
        execFile(command, args, { timeout: 1_500 }, (err, stdout) => (err ? reject(err) : resolve(String(stdout))));
      }),
    process.env,
  );
}
