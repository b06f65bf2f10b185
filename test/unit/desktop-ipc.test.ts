import { describe, expect, it, vi } from 'vitest';
import type { ApiResponse, RequestName } from '../../shared/api/index.js';
import { checkSenderFrame, createInvokeGuard, type FrameRef } from '../../electron/desktop/policy/index.js';

function frame(over: Partial<FrameRef> = {}): FrameRef {
  return { processId: 4, routingId: 1, url: 'app://engram/index.html', parent: null, ...over };
}

const mainFrame = frame();

describe('sender frame check', () => {
  it('accepts our own main frame (same object or same ids)', () => {
    expect(checkSenderFrame(mainFrame, [mainFrame])).toEqual({ ok: true });
    expect(checkSenderFrame(frame(), [mainFrame])).toEqual({ ok: true });
  });

  it('refuses a foreign frame: another window on our origin', () => {
    const other = frame({ processId: 9, routingId: 3 });
    expect(checkSenderFrame(other, [mainFrame])).toEqual({ ok: false, reason: 'not one of our windows' });
  });

  it('refuses a sub-frame, even one inside our window', () => {
    const sub = frame({ routingId: 2, parent: mainFrame });
    expect(checkSenderFrame(sub, [mainFrame]).ok).toBe(false);
  });

  it('refuses our frame once it shows another origin', () => {
    const navigated = frame({ url: 'https://evil.example/' });
    expect(checkSenderFrame(navigated, [mainFrame])).toMatchObject({ ok: false, reason: expect.stringContaining('foreign origin') });
  });

  it('refuses a gone or destroyed frame, and when no window is trusted', () => {
    expect(checkSenderFrame(null, [mainFrame]).ok).toBe(false);
    expect(checkSenderFrame(frame({ isDestroyed: () => true }), [mainFrame]).ok).toBe(false);
    expect(checkSenderFrame(frame(), [null, undefined]).ok).toBe(false);
    expect(checkSenderFrame(frame(), [frame({ isDestroyed: () => true })]).ok).toBe(false);
  });
});

function guard(dispatch = vi.fn(async (): Promise<ApiResponse> => ({ ok: true, output: { state: 'running' } }))) {
  const refused: string[] = [];
  let t = 0;
  const handle = createInvokeGuard({ dispatch, trustedFrames: () => [mainFrame], onRefused: (r) => refused.push(r), now: () => t });
  return { handle, dispatch, refused, advance: (ms: number) => (t += ms) };
}

describe('invoke guard', () => {
  it('passes a valid call to the dispatcher and returns its response', async () => {
    const { handle, dispatch } = guard();
    const res = await handle(mainFrame, { name: 'capture.pause', input: { minutes: 15 } });
    expect(res).toEqual({ ok: true, output: { state: 'running' } });
    expect(dispatch).toHaveBeenCalledWith('capture.pause' satisfies RequestName, { minutes: 15 });
  });

  it('defaults a missing input to {}', async () => {
    const { handle, dispatch } = guard();
    await handle(mainFrame, { name: 'capture.status' });
    expect(dispatch).toHaveBeenCalledWith('capture.status', {});
  });

  it('refuses a foreign frame with FORBIDDEN and never dispatches', async () => {
    const { handle, dispatch, refused } = guard();
    const res = await handle(frame({ processId: 77 }), { name: 'capture.status', input: {} });
    expect(res).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect(dispatch).not.toHaveBeenCalled();
    expect(refused[0]).toContain('sender refused');
  });

  it.each([
    ['null', null],
    ['a string', 'capture.status'],
    ['an array', ['capture.status', {}]],
    ['no name', { input: {} }],
    ['a numeric name', { name: 5, input: {} }],
    ['extra keys', { name: 'capture.status', input: {}, channel: 'x' }],
  ])('refuses a malformed envelope (%s) with INVALID_INPUT', async (_label, payload) => {
    const { handle, dispatch } = guard();
    const res = await handle(mainFrame, payload);
    expect(res).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('refuses an unknown request with UNKNOWN_REQUEST', async () => {
    const { handle, dispatch } = guard();
    const res = await handle(mainFrame, { name: 'fs.readFile', input: { path: '/etc/passwd' } });
    expect(res).toMatchObject({ ok: false, error: { code: 'UNKNOWN_REQUEST', message: 'Unknown request "fs.readFile".' } });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it.each([
    [{ minutes: 'ten' }],
    [{ minutes: -1 }],
    [{ minutes: 1.5 }],
    [{ minutes: 10_000_000 }],
    ['fifteen'],
  ])('refuses input that fails the request schema: %j', async (input) => {
    const { handle, dispatch } = guard();
    const res = await handle(mainFrame, { name: 'capture.pause', input });
    expect(res).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringContaining('capture.pause') } });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('refuses payloads that are too large or not plain data', async () => {
    const { handle } = guard();
    const huge = await handle(mainFrame, { name: 'capture.status', input: { pad: 'x'.repeat(1_100_000) } });
    expect(huge).toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await handle(mainFrame, { name: 'capture.status', input: cyclic })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await handle(mainFrame, { name: 'capture.status', input: { n: 10n } })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('rate-limits a flood and recovers after a pause', async () => {
    const { handle, advance } = guard();
    const results = await Promise.all(Array.from({ length: 260 }, () => handle(mainFrame, { name: 'capture.status' })));
    const limited = results.filter((r) => !r.ok && r.error.code === 'RATE_LIMITED').length;
    expect(limited).toBe(60);
    advance(1000);
    expect(await handle(mainFrame, { name: 'capture.status' })).toMatchObject({ ok: true });
  });

  it('turns a throwing dispatcher into INTERNAL without leaking the error', async () => {
    const { handle } = guard(
      vi.fn(async (): Promise<ApiResponse> => {
        throw new Error('SQLITE_CORRUPT at /home/u/.config/engram/data/engram.db');
      }),
    );
    const res = await handle(mainFrame, { name: 'capture.status' });
    expect(res).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'Something went wrong inside Engram.' } });
    expect(JSON.stringify(res)).not.toContain('SQLITE');
  });
});
