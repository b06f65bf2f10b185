import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { runCli } from '../../electron/hosts/cli/main.js';
import { localTimeZone, ZonedCalendar } from '../../shared/time/index.js';

/**
 * `engram day` over a scripted session whose durations are known: what capture keeps (a moment at
 * each change, a forced frame of an unchanged screen once a minute, nothing while locked) is
 * written to a real store, and the day's totals must come within 5% of the truth.
 */

const key = randomBytes(32);
const env = { ENGRAM_KEY: key.toString('hex'), PATH: process.env.PATH ?? '' };
const DATE = '2026-03-10';
const cal = ZonedCalendar.for(localTimeZone());
const dayStart = cal.at(2026, 3, 10);
const clock = (h: number, m = 0, s = 0) => dayStart + ((h * 60 + m) * 60 + s) * 1000;
let dir: string;

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli([...argv, '--data-dir', dir], { stdout: (t) => (out += t), stderr: (t) => (err += t), isTty: false, stdin: Readable.from([]) }, env);
  return { code, out, err };
}

function screen(store: EngramStore, at: number, app: string, title: string, url: string | null, text: string) {
  store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: at, app, title, url, text, caption: null });
}

/** Work in one window from..to: a changed screen every `every` seconds, and a last moment at `to` - every. */
function work(store: EngramStore, from: number, to: number, every: number, app: string, title: string, url: string | null) {
  for (let t = from, i = 0; t < to; t += every * 1000, i++) screen(store, t, app, title, url, `${title} line ${i}`);
}

/** The screen left on, unchanged: capture forces a frame of it once a minute. */
function stillScreen(store: EngramStore, from: number, to: number, app: string, title: string, url: string | null, text: string) {
  for (let t = from; t < to; t += 60_000) screen(store, t, app, title, url, text);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'engram-day-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('engram day', () => {
  it('totals a scripted day within 5% of its known durations, idle and locked time left out', async () => {
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key) });
    const code = 'day-report.ts — engram — Visual Studio Code';
    store.transaction(() => {
    // 09:00-10:30 editing (90 min), with a 90-second read of an unchanged screen in it.
    work(store, clock(9), clock(9, 40), 15, 'Code', code, null);
    stillScreen(store, clock(9, 40), clock(9, 41, 30), 'Code', code, null, 'reading the same function');
    work(store, clock(9, 41, 30), clock(10, 30), 15, 'Code', code, null);
    // 10:30-11:15 reviewing pull requests (45 min), then the screen is locked until 11:45 (no frames).
    work(store, clock(10, 30), clock(11, 15), 30, 'firefox', 'Pull requests · engram - Mozilla Firefox', 'https://github.com/engram/pulls');
    // 11:45-12:15 chat (30 min), then lunch with the screen on: unchanged until 13:00 (45 min away).
    work(store, clock(11, 45), clock(12, 15), 20, 'Slack', 'general - Acme - Slack', null);
    stillScreen(store, clock(12, 15), clock(13), 'Slack', 'general - Acme - Slack', null, 'general - Acme - Slack line 89');
    // 13:00-14:00 editing another file (60 min), then the day ends (locked).
    work(store, clock(13), clock(14), 15, 'Code', 'budget.ts — engram — Visual Studio Code', null);
    // A meeting heard 15:00-15:20 in 20 one-minute chunks, and a person named in the day's memories.
    for (let i = 0; i < 20; i++) {
      const a = store.audio.insert({ started_at: clock(15, i), duration_ms: 60_000, mime: 'audio/wav' }, Buffer.from('RIFF'));
      store.observations.insert({ kind: 'audio', frame_id: null, audio_id: a.id, display: null, observed_at: clock(15, i), app: null, title: null, url: null, text: `minute ${i} of the planning call`, caption: null });
    }
    const m = store.memories.insert({ kind: 'episodic', title: 'Planning call with Ana Souza', text: 'Planned the release with Ana Souza.', occurred_at: clock(15), ended_at: clock(15, 20) });
    store.graph.mention(store.graph.upsertEntity({ name: 'Ana Souza', kind: 'person', at: clock(15) }), m.id, 'subject');
    store.memories.insert({ kind: 'resource', title: 'Release checklist', text: 'The release checklist.', occurred_at: clock(13, 30), fields: { resource_type: 'url', location: 'https://wiki.acme.test/release' } });
    });
    await store.close();

    const r = await cli('day', DATE, '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const day = JSON.parse(r.out) as { date: string; active_minutes: number; by_app: { app: string; minutes: number }[]; by_subject: { subject: string; minutes: number }[]; documents: { title: string; location: string | null }[]; people: { name: string }[] };
    expect(Object.keys(day)).toEqual(['date', 'active_minutes', 'by_app', 'by_subject', 'documents', 'people']);
    expect(day.date).toBe(DATE);
    const within = (got: number, want: number) => expect(Math.abs(got - want) / want, `${got} for ${want}`).toBeLessThanOrEqual(0.05);
    const app = (name: string) => day.by_app.find((a) => a.app === name)?.minutes ?? 0;
    within(day.active_minutes, 225);
    within(app('Code'), 150);
    within(app('firefox'), 45);
    // The screen left on after chat earns at most the idle grace (2 minutes unchanged) before it counts as away.
    expect(app('Slack')).toBeGreaterThanOrEqual(30);
    expect(app('Slack')).toBeLessThanOrEqual(32);
    expect(day.by_app.map((a) => a.app)).toEqual(['Code', 'firefox', 'Slack']);
    within(day.by_subject.find((s) => s.subject === 'day-report.ts')!.minutes, 90);
    within(day.by_subject.find((s) => s.subject === 'budget.ts')!.minutes, 60);
    within(day.by_subject.find((s) => s.subject === 'github.com')!.minutes, 45);
    expect(day.documents.map((d) => d.location)).toEqual(expect.arrayContaining(['https://github.com/engram/pulls', 'https://wiki.acme.test/release']));
    expect(day.people.map((p) => p.name)).toEqual(['Ana Souza']);

    // The readable form names the meeting too; another day is empty.
    const text = await cli('day', DATE);
    expect(text.out).toMatch(/^2026-03-10: 3 h \d\d min active/);
    expect(text.out).toMatch(/Meetings\n {2}15:00–15:20 {2}20 min/);
    expect((await cli('day', '2026-03-11', '--json')).out).toBe('{"date":"2026-03-11","active_minutes":0,"by_app":[],"by_subject":[],"documents":[],"people":[]}\n');
  });

  it('prints --json exactly as documented (snapshot)', async () => {
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key) });
    work(store, clock(10), clock(10, 10), 60, 'Code', 'notes.md — Visual Studio Code', null);
    work(store, clock(10, 10), clock(10, 15), 60, 'firefox', 'Docs - Mozilla Firefox', 'https://docs.acme.test/start');
    await store.close();
    const r = await cli('day', DATE, '--json');
    expect(r.out).toBe(
      '{"date":"2026-03-10","active_minutes":14.5,' +
        '"by_app":[{"app":"Code","minutes":10},{"app":"firefox","minutes":4.5}],' +
        '"by_subject":[{"subject":"notes.md","minutes":10},{"subject":"docs.acme.test","minutes":4.5}],' +
        '"documents":[{"title":"Docs - Mozilla Firefox","location":"https://docs.acme.test/start","minutes":4.5,"memory_id":null}],' +
        '"people":[]}\n',
    );
  });

  it('refuses a date that is not one, in one line, and changes nothing', async () => {
    const bad = await cli('day', 'last tuesday');
    expect(bad.code).toBe(2);
    expect(bad.err).toBe('engram: day: the date must be YYYY-MM-DD, today or yesterday (got "last tuesday")\n');
    const none = await cli('day', '2026-02-30', '--json');
    expect(none.code).not.toBe(0);
    expect(none.err.trim().split('\n')).toHaveLength(1);
    expect(none.err).toMatch(/no such date: 2026-02-30/);
  });
});
