import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = join(process.cwd(), 'bin', 'engram.js');

async function engram(dir: string, args: string[], env: Record<string, string> = {}) {
  try {
    const r = await run(process.execPath, [BIN, '--data-dir', dir, ...args], { env: { ...process.env, ENGRAM_EMBEDDER: 'hash', ...env } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

function snapshot(dir: string): string {
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
  return walk(dir)
    .filter((f) => !f.endsWith('-shm'))
    .sort()
    .map((f) => `${f}:${readFileSync(f).toString('base64')}`)
    .join('\n');
}

// Each case spawns the real CLI (from dist/ after npm run build, else from sources through tsx).
// Each test has its own data dir and adds what it needs: they run in any order (npm test shuffles).
describe('engram CLI on a real data dir', { timeout: 300_000 }, () => {
  const dirs: string[] = [];
  const newDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'engram-cli-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  async function addNoteAndConversation(dir: string): Promise<{ message_ids: string[] }> {
    expect((await engram(dir, ['add', '--text', 'The staging VPN profile is called orca-west'])).code).toBe(0);
    const conv = join(dir, '..', `conv-${Date.now()}.json`);
    writeFileSync(
      conv,
      JSON.stringify([
        { role: 'user', content: [{ type: 'text', text: 'Deploy failed with EADDRINUSE on port 5173' }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'shell', arguments: '{"cmd":"lsof -i :5173"}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'node 4242 listening' },
        { role: 'assistant', content: 'Killed the stale vite server; deploy succeeded.' },
      ]),
    );
    const added = await engram(dir, ['add', '--file', conv, '--json']);
    rmSync(conv);
    expect(added.code).toBe(0);
    return JSON.parse(added.stdout) as { message_ids: string[] };
  }

  it('adds a note and a conversation, finds them, reports stats', async () => {
    const dir = newDir();
    expect((await addNoteAndConversation(dir)).message_ids).toHaveLength(4);

    const s = await engram(dir, ['search', 'staging VPN profile', '--json']);
    expect(s.code).toBe(0);
    const results = JSON.parse(s.stdout) as { id: string; kind: string; text: string; score: number; created_at: string }[];
    expect(results[0]?.text).toContain('orca-west');
    for (const r of results) {
      expect(typeof r.id).toBe('string');
      expect(typeof r.kind).toBe('string');
      expect(typeof r.score).toBe('number');
      expect(Number.isNaN(Date.parse(r.created_at))).toBe(false);
    }
    const stats = JSON.parse((await engram(dir, ['stats', '--json'])).stdout) as { counts: Record<string, number> };
    for (const k of ['core', 'episodic', 'semantic', 'procedural', 'resource', 'knowledge_vault', 'experience', 'frames', 'observations', 'messages']) {
      expect(typeof stats.counts[k]).toBe('number');
    }
    expect(stats.counts.messages).toBe(5);
  });

  it('forget --id and forget --since remove memories from search', async () => {
    const dir = newDir();
    await addNoteAndConversation(dir);
    const s = JSON.parse((await engram(dir, ['search', 'orca-west', '--json'])).stdout) as { id: string }[];
    const id = s[0]!.id;
    expect((await engram(dir, ['forget', '--id', id])).code).toBe(0);
    const after = JSON.parse((await engram(dir, ['search', 'orca-west', '--json'])).stdout) as { id: string }[];
    expect(after.map((r) => r.id)).not.toContain(id);
    expect((await engram(dir, ['forget', '--since', '1 hour ago', '--json'])).code).toBe(0);
    expect(JSON.parse((await engram(dir, ['search', 'EADDRINUSE deploy', '--json'])).stdout)).toEqual([]);
  });

  it('bad input gets one line, a non-zero exit, and leaves the store as it was', async () => {
    const dir = newDir();
    await engram(dir, ['add', '--text', 'baseline memory']);
    const before = snapshot(dir);
    const bad = join(tmpdir(), `bad-${Date.now()}.json`);
    writeFileSync(bad, '{"messages": [ {"role": "user", "content": "unterminated');
    const cases: string[][] = [
      ['search', 'x', '--bogus'],
      ['add', '--file', '/definitely/not/here.json'],
      ['add', '--file', bad],
      ['add'],
      ['add', '--text', ''],
      ['search'],
      ['search', 'x', '--limit', 'lots'],
      ['search', 'x', '--kind', 'feelings'],
      ['search', 'x', '--since', 'whenever, roughly'],
      ['forget'],
      ['forget', '--id', 'mem_01m8mx8p8s5mjy5vrrh4mjtqwq'],
      ['nonsense'],
    ];
    for (const c of cases) {
      const r = await engram(dir, c);
      expect(r.code, c.join(' ')).not.toBe(0);
      expect(r.stderr.trim().split('\n'), c.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(/^engram: /);
      expect(r.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
    }
    const wrongKey = await engram(dir, ['stats'], { ENGRAM_KEY: 'ab'.repeat(32) });
    expect(wrongKey.code).not.toBe(0);
    expect(wrongKey.stderr.trim()).toBe('engram: wrong key or not an Engram database');
    rmSync(bad);
    expect(snapshot(dir)).toBe(before);
  });
});
