import { describe, expect, it } from 'vitest';
import { captureSources } from '../../electron/hosts/cli/commands/capture.js';
import type { CliContext } from '../../electron/hosts/cli/command.js';
import { defaultLoadSource, OsLoadSource } from '../../electron/sensing/capture/index.js';

// Issue 34: "on a busy machine OCR backs off first, capture second". The desktop app passes the load
// average; a headless host that captures for a long while must too, or the back-off never happens there.
const ctxWith = (env: NodeJS.ProcessEnv) => ({ env }) as unknown as CliContext;

describe('load back-off in headless capture', () => {
  it('is the load average by default, and off only when asked', () => {
    expect(defaultLoadSource({})).toBeInstanceOf(OsLoadSource);
    expect(defaultLoadSource({ ENGRAM_LOAD_BACKOFF: 'off' })).toBeUndefined();
  });

  it('engram capture --watch backs off; one --once tick does not wait', async () => {
    const env = { DISPLAY: ':99' };
    const watch = await captureSources(ctxWith(env), undefined, 2, false, undefined, true);
    expect(watch.load).toBeInstanceOf(OsLoadSource);
    const once = await captureSources(ctxWith(env), undefined, undefined, false, undefined, false);
    expect(once.load).toBeUndefined();
    const off = await captureSources(ctxWith({ ...env, ENGRAM_LOAD_BACKOFF: 'off' }), undefined, 2, false, undefined, true);
    expect(off.load).toBeUndefined();
  });
});
