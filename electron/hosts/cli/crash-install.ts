import { join } from 'node:path';
import { redactText } from '../../../shared/redaction/index.js';
import { CrashJournal } from '../../crash/index.js';
import { packageVersion } from './version.js';

/**
 * An error that escapes a command (a long-running serve or capture, say) is kept as a local crash
 * report and told in one line, instead of a stack trace on the terminal. The line names the error's
 * kind and the report, never its message: a message can carry screen text, and terminals are logged
 * (a service's stderr goes to the system journal). A rejection nobody handled ends the command as
 * Node would by default: its state is unknown. Returns the function that uninstalls the handlers.
 */
export function installCrashJournal(proc: NodeJS.Process, dataDir: string, processName: string, write: (line: string) => void): () => void {
  const journal = new CrashJournal({ dir: join(dataDir, 'crashes'), version: packageVersion(), processName, scrub: (t) => redactText(t).text });
  const die = (err: unknown, report: string | null) => {
    write(`engram: ${journal.noticeLine(err, report)}\n`);
    proc.exit(1);
  };
  return journal.install(proc, { onFatal: die, onRejection: die });
}
