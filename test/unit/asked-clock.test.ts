/**
 * The screen bench asks a kept capture as of the day it was captured (test/bench/asked-clock.ts):
 * when that day ended is read from the store's export, and neither a memory written later (the
 * vault items a re-scrub with newer detectors writes when the old store is opened) nor a plan read
 * off a screen (next week's appointment) may move it.
 */
import { describe, expect, it } from 'vitest';
import { newestTime } from '../bench/asked-clock.js';

const memory = (occurred: string, created: string, ended?: string) => ({ kind: 'episodic', title: 't', occurred_at: occurred, ...(ended ? { ended_at: ended } : {}), created_at: created });
const exported = (...memories: object[]) => JSON.stringify({ format: 'engram-export', memories });

describe('when a kept capture ended', () => {
  it('is the newest end of what happened before it was written down', () => {
    const at = newestTime(exported(memory('2026-12-06T23:46:00Z', '2026-12-06T23:46:10Z', '2026-12-06T23:51:00Z'), memory('2026-12-06T23:49:00Z', '2026-12-06T23:49:05Z')));
    expect(new Date(at!).toISOString()).toBe('2026-12-06T23:51:00.000Z');
  });
  it('not moved by a vault item a later re-scrub wrote, nor by a plan for next week', () => {
    const at = newestTime(
      exported(
        memory('2026-12-06T23:46:00Z', '2026-12-06T23:46:10Z', '2026-12-06T23:51:00Z'),
        // Re-scrubbed on open the next morning: written now, about the old note.
        memory('2026-12-06T23:47:00Z', '2026-12-07T02:25:35Z'),
        // "Dentist Tue 15 Dec 10:00" read off a calendar during the capture.
        memory('2026-12-15T10:00:00Z', '2026-12-06T23:48:00Z'),
      ),
    );
    expect(new Date(at!).toISOString()).toBe('2026-12-06T23:51:00.000Z');
  });
  it('nothing for an export it cannot read', () => {
    expect(newestTime('not json')).toBeNull();
    expect(newestTime(JSON.stringify({ memories: 'none' }))).toBeNull();
    expect(newestTime(exported())).toBeNull();
  });
});
