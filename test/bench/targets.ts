/**
 * The targets a benchmark checks. Each is printed with ok or MISSED, and any miss makes the
 * benchmark exit 1 (`npm run bench -- NAME` passes the code on), so a script or CI can rely on the
 * exit code instead of reading the figures. With --json the lines go to stderr, keeping stdout one
 * JSON object.
 */
export interface TargetResult {
  name: string;
  ok: boolean;
  detail: string;
}

export class BenchTargets {
  readonly results: TargetResult[] = [];

  constructor(private readonly bench: string) {}

  /** Records one target; returns whether it was met. */
  check(name: string, ok: boolean, detail = ''): boolean {
    this.results.push({ name, ok, detail });
    return ok;
  }

  get missed(): TargetResult[] {
    return this.results.filter((r) => !r.ok);
  }

  /** Prints every target and sets the exit code: 1 when any was missed. */
  finish(opts: { json?: boolean } = {}): void {
    const print = (line: string) => (opts.json ? process.stderr.write(`${line}\n`) : process.stdout.write(`${line}\n`));
    if (!this.results.length) return;
    print(`targets (${this.bench}):`);
    for (const r of this.results) print(`  ${r.ok ? 'ok    ' : 'MISSED'}  ${r.name}${r.detail ? `: ${r.detail}` : ''}`);
    if (this.missed.length) {
      print(`${this.bench}: ${this.missed.length} of ${this.results.length} targets MISSED (exit 1)`);
      process.exitCode = 1;
    }
  }
}
