import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { HashEmbedder, openStore, StaticKeyProvider, type IntegrityReport } from '../../agents/store/index.js';
import { startEngramServer } from '../../electron/hosts/http/index.js';
import { harnessCommand } from '../helpers/harness-bundle.js';
import { SessionProcess } from './session-process.js';

/**
 * Mixed load on one data dir from four processes' worth of actors at once:
 *  - capture+agents: the scripted session (child process) writing frames, observations, memories;
 *  - the app's UI: the headless host (this process, its own store connection) answering
 *    /api/call reads and writes (timeline, memories, search, chat turns, settings);
 *  - the CLI: a child running `engram add/search/stats` back to back, each opening the store anew;
 *  - the MCP server: `engram mcp` (child) driven by the MCP SDK client (search, activity, stats,
 *    record_experience).
 * Every operation is counted; at the end every acknowledged write is looked up.
 */
export interface ActorFigures {
  ops: number;
  reads: number;
  writes: number;
  read_errors: string[];
  write_errors: string[];
}

export interface MixedLoadResult {
  seconds: number;
  actors: Record<'session' | 'app' | 'cli' | 'mcp', ActorFigures>;
  total_ops: number;
  ops_per_s: number;
  errors: number;
  lost: { observations: number; cli_notes: number; mcp_experiences: number; chat_turns: number };
  integrity: IntegrityReport;
}

const empty = (): ActorFigures => ({ ops: 0, reads: 0, writes: 0, read_errors: [], write_errors: [] });

export async function runMixedLoad(opts: { dataDir: string; key: Buffer; seconds: number; log?: (l: string) => void }): Promise<MixedLoadResult> {
  const { dataDir, key, seconds } = opts;
  const keyHex = key.toString('hex');
  const env = { ENGRAM_KEY: keyHex, ENGRAM_EMBEDDER: 'hash' };
  const root = process.cwd();
  const actors = { session: empty(), app: empty(), cli: empty(), mcp: empty() };

  // Create the store (and its schema) once, before the racers start.
  const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(256) });
  const rendererDir = join(dataDir, '..', 'renderer-empty');
  mkdirSync(rendererDir, { recursive: true });
  const server = await startEngramServer({ store, version: 'reliability', rendererDir, brain: false, checkOutputs: true, log: (l) => opts.log?.(`host: ${l}`) });

  const session = new SessionProcess({ dataDir, env, intervalMs: 150, chatEvery: 5, ocrDelayMs: 20 });
  await session.until(() => session.ready !== null, 120_000, 'session ready');

  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, 'bin', 'engram.js'), '--data-dir', dataDir, 'mcp'],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  let mcpStderr = '';
  transport.stderr?.on('data', (d: Buffer) => (mcpStderr += d.toString()));
  const mcp = new Client({ name: 'reliability', version: '1' });
  await mcp.connect(transport);

  const cli = spawn(process.execPath, [...harnessCommand('cli-loop.ts'), '--data-dir', dataDir, '--seconds', String(seconds), '--tag', 'clinote'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let cliOut = '';
  let cliErr = '';
  cli.stdout.on('data', (d: Buffer) => (cliOut += d.toString()));
  cli.stderr.on('data', (d: Buffer) => (cliErr += d.toString()));
  const cliDone = new Promise<void>((resolve) => cli.on('exit', () => resolve()));

  const started = Date.now();
  const until = started + seconds * 1000;
  const sessionFramesAtStart = session.frames.length;
  const sessionObsAtStart = session.observations.length;

  // The app's UI over HTTP, as the browser client calls it.
  const chatTurns: string[] = [];
  const appLoop = (async () => {
    const call = async (name: string, input: unknown) => {
      const res = await fetch(`http://127.0.0.1:${server.host.port}/api/call`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.host.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, input }),
      });
      return (await res.json()) as { ok: boolean; output?: Record<string, unknown>; error?: { code: string; message: string } };
    };
    let i = 0;
    let nextAt = Date.now();
    while (Date.now() < until) {
      // A window makes a few calls a second, never more than the host's rate limit (50/s): pace
      // at 40/s so a fast machine measures the store under load, not the host's throttle.
      const wait = nextAt - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      nextAt = Math.max(nextAt, Date.now() - 1000) + 25;
      const now = Date.now();
      const range = { from: new Date(now - 3_600_000).toISOString(), to: new Date(now).toISOString() };
      const steps: { name: string; input: unknown; write: boolean }[] = [
        { name: 'timeline.range', input: { range }, write: false },
        { name: 'memories.list', input: { tab: 'episodic' }, write: false },
        { name: 'memories.search', input: { query: 'staging deploy Ana' }, write: false },
        { name: 'chat.send', input: { text: `What did Ana say about the staging deploy? (turn ${i})`, time_zone: 'UTC' }, write: true },
        { name: 'activity.daily', input: { range, timeZone: 'UTC' }, write: false },
        { name: 'privacy.status', input: {}, write: false },
        { name: 'settings.update', input: { patch: { capture: { interval_s: 3 + (i % 2) } } }, write: true },
        { name: 'memories.counts', input: {}, write: false },
      ];
      const s = steps[i++ % steps.length]!;
      const a = actors.app;
      a.ops++;
      if (s.write) a.writes++;
      else a.reads++;
      try {
        const r = await call(s.name, s.input);
        if (!r.ok) (s.write ? a.write_errors : a.read_errors).push(`${s.name}: ${r.error?.code} ${r.error?.message}`);
        else if (s.name === 'chat.send') chatTurns.push(String(r.output?.['user_message_id'] ?? ''));
      } catch (err) {
        (s.write ? a.write_errors : a.read_errors).push(`${s.name}: ${String(err)}`);
      }
    }
  })();

  // An MCP client (a coding agent) using its tools.
  const recorded: string[] = [];
  const mcpLoop = (async () => {
    let i = 0;
    while (Date.now() < until) {
      const k = i++;
      const steps: { name: string; args: Record<string, unknown>; write: boolean }[] = [
        { name: 'search_memory', args: { query: 'staging deploy' }, write: false },
        { name: 'recent_activity', args: { time_range: 'last 3 hours' }, write: false },
        { name: 'record_experience', args: { task: `reliability task ${k}`, action: 'retry with backoff', outcome: 'success' }, write: true },
        { name: 'memory_stats', args: {}, write: false },
      ];
      const s = steps[k % steps.length]!;
      const a = actors.mcp;
      a.ops++;
      if (s.write) a.writes++;
      else a.reads++;
      try {
        const r = (await mcp.callTool({ name: s.name, arguments: s.args })) as CallToolResult;
        if (r.isError) (s.write ? a.write_errors : a.read_errors).push(`${s.name}: ${JSON.stringify(r.content).slice(0, 300)}`);
        else if (s.write) recorded.push(`reliability task ${k}`);
      } catch (err) {
        (s.write ? a.write_errors : a.read_errors).push(`${s.name}: ${String(err)}`);
      }
    }
  })();

  await Promise.all([appLoop, mcpLoop]);
  const elapsed = (Date.now() - started) / 1000;
  await cliDone;
  await session.stop(120_000);
  await mcp.close();
  await server.close();

  // The session: its writes are frames+observations+chat turns; its errors are whatever it logged.
  const sess = actors.session;
  sess.writes = session.frames.length - sessionFramesAtStart + (session.observations.length - sessionObsAtStart) + session.messages.length;
  sess.ops = sess.writes;
  sess.write_errors = session.stderr.split('\n').filter((l) => l.trim() !== '');

  // The CLI's own report.
  const summaryLine = cliOut.split('\n').find((l) => l.startsWith('summary '));
  const cliSummary = summaryLine
    ? (JSON.parse(summaryLine.slice(8)) as { ops: number; reads: number; writes: number; read_errors: string[]; write_errors: string[]; notes: string[] })
    : { ops: 0, reads: 0, writes: 0, read_errors: [`cli loop gave no summary: ${cliErr.slice(-500)}`], write_errors: [], notes: [] };
  Object.assign(actors.cli, { ops: cliSummary.ops, reads: cliSummary.reads, writes: cliSummary.writes, read_errors: cliSummary.read_errors, write_errors: cliSummary.write_errors });
  if (mcpStderr.includes('failed')) actors.mcp.read_errors.push(...mcpStderr.split('\n').filter((l) => l.includes('failed')));

  // Nothing acknowledged is missing.
  const check = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(256) });
  try {
    const lostObs = session.observations.filter((id) => check.observations.get(id) === null).length;
    const msgText = check.db.prepare('SELECT text FROM messages WHERE text LIKE ?').pluck();
    const lostNotes = cliSummary.notes.filter((n) => (msgText.all(`%${n}:%`) as string[]).length === 0).length;
    const experiences = new Set(
      check.memories
        .list({ experiences: true, includeSuperseded: true, limit: 10_000 })
        .map((m) => String((m.fields as Record<string, unknown>)['task'] ?? m.title)),
    );
    const lostExp = recorded.filter((t) => !experiences.has(t)).length;
    const lostChat = chatTurns.filter((id) => !id || check.messages.get(id) === null).length;
    const integrity = check.checkIntegrity();
    const total = Object.values(actors).reduce((n, a) => n + a.ops, 0);
    const errors = Object.values(actors).reduce((n, a) => n + a.read_errors.length + a.write_errors.length, 0);
    return {
      seconds: elapsed,
      actors,
      total_ops: total,
      ops_per_s: total / elapsed,
      errors,
      lost: { observations: lostObs, cli_notes: lostNotes, mcp_experiences: lostExp, chat_turns: lostChat },
      integrity,
    };
  } finally {
    await check.close();
    await store.close();
  }
}
