import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMixedLoad } from './mixed-load.js';

/** The app, the CLI and the MCP server on one data dir at once (the benchmark runs 60 s of it). */
const SECONDS = 15;

describe('app + CLI + MCP server on the same data dir', { timeout: 300_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-mixed-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(`writers serialize, readers never fail, nothing is lost (${SECONDS} s of mixed load)`, async () => {
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    const r = await runMixedLoad({ dataDir, key: randomBytes(32), seconds: SECONDS });
    const per = Object.entries(r.actors).map(([k, a]) => `${k}: ${a.ops} ops (${a.reads} reads, ${a.writes} writes), ${a.read_errors.length + a.write_errors.length} errors`);
    console.log(`mixed load ${r.seconds.toFixed(1)} s: ${r.total_ops} ops, ${r.ops_per_s.toFixed(1)} ops/s, ${r.errors} errors\n  ${per.join('\n  ')}\n  lost ${JSON.stringify(r.lost)}`);
    for (const [name, a] of Object.entries(r.actors)) {
      expect(a.read_errors, `${name} read errors`).toEqual([]);
      expect(a.write_errors, `${name} write errors`).toEqual([]);
    }
    // Each actor really ran.
    for (const a of Object.values(r.actors)) expect(a.ops).toBeGreaterThan(0);
    expect(r.actors.cli.writes).toBeGreaterThan(0);
    expect(r.actors.mcp.writes).toBeGreaterThan(0);
    expect(r.lost).toEqual({ observations: 0, cli_notes: 0, mcp_experiences: 0, chat_turns: 0 });
    expect(r.integrity.problems).toEqual([]);
  });
});
