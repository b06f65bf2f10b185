/**
 * The CLI as one more process on a shared data dir: runs `engram` commands back to back for a
 * while (in process, through runCli, each command opening and closing the store as a fresh
 * `engram` process would), and reports every operation.
 *
 *   node --import tsx test/fakes/cli-loop.ts --data-dir DIR --seconds S --tag TAG
 *
 * Key from $ENGRAM_KEY; set ENGRAM_EMBEDDER=hash to skip the model. Prints one `op {json}` line
 * per command and `summary {json}` at the end; notes it added carry "TAG-<n>" so the test can
 * check that each acknowledged write is there.
 */
import { parseArgs } from 'node:util';
import { runCli } from '../../electron/hosts/cli/main.js';
import { Readable } from 'node:stream';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, seconds: { type: 'string', default: '10' }, tag: { type: 'string', default: 'clinote' } } });
const dir = values['data-dir']!;
const until = Date.now() + Number(values.seconds) * 1000;
const tag = values.tag!;

interface Op {
  cmd: string;
  write: boolean;
  ok: boolean;
  ms: number;
  error?: string;
  note?: string;
}

const ops: Op[] = [];
let n = 0;
while (Date.now() < until) {
  const i = n++;
  const note = `${tag}-${i}`;
  const plan: { cmd: string; write: boolean; argv: string[] }[] = [
    { cmd: 'add', write: true, argv: ['add', '--text', `Reminder ${note}: the nightly backup of the reliability lab runs at 02:00`, '--json'] },
    { cmd: 'search', write: false, argv: ['search', 'scripted session staging deploy', '--json', '--limit', '5'] },
    { cmd: 'stats', write: false, argv: ['stats', '--json'] },
    { cmd: 'search', write: false, argv: ['search', `nightly backup ${tag}`, '--json', '--limit', '5'] },
  ];
  const step = plan[i % plan.length]!;
  let out = '';
  let err = '';
  const t0 = performance.now();
  const code = await runCli(
    ['--data-dir', dir, ...step.argv],
    { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTty: false, stdin: Readable.from([]) },
    process.env,
  );
  const ms = performance.now() - t0;
  let ok = code === 0;
  if (ok && step.argv.includes('--json')) {
    try {
      JSON.parse(out);
    } catch {
      ok = false;
      err = `not JSON: ${out.slice(0, 200)}`;
    }
  }
  const op: Op = { cmd: step.cmd, write: step.write, ok, ms: Math.round(ms), ...(ok ? {} : { error: err.trim().slice(0, 300) }), ...(step.cmd === 'add' && ok ? { note } : {}) };
  ops.push(op);
  process.stdout.write(`op ${JSON.stringify(op)}\n`);
}
const summary = {
  ops: ops.length,
  reads: ops.filter((o) => !o.write).length,
  writes: ops.filter((o) => o.write).length,
  read_errors: ops.filter((o) => !o.write && !o.ok).map((o) => o.error),
  write_errors: ops.filter((o) => o.write && !o.ok).map((o) => o.error),
  notes: ops.filter((o) => o.note).map((o) => o.note),
};
process.stdout.write(`summary ${JSON.stringify(summary)}\n`);
