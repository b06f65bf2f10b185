import { build } from 'esbuild';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createEngramBridge, EVENT_CHANNEL, INVOKE_CHANNEL, type IpcRendererLike } from '../../electron/desktop/preload/bridge.js';

class FakeIpc implements IpcRendererLike {
  handlers = new Map<string, (event: unknown, ...args: unknown[]) => void>();
  invoke = vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => ({ ok: true, output: 1 }));
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void) {
    this.handlers.set(channel, listener);
  }
  emit(message: unknown) {
    this.handlers.get(EVENT_CHANNEL)?.({}, message);
  }
}

describe('window.engram bridge', () => {
  it('exposes only invoke and on, frozen', () => {
    const bridge = createEngramBridge(new FakeIpc());
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('sends one envelope on the one invoke channel', async () => {
    const ipc = new FakeIpc();
    const bridge = createEngramBridge(ipc);
    await expect(bridge.invoke('capture.pause', { minutes: 15 })).resolves.toEqual({ ok: true, output: 1 });
    expect(ipc.invoke).toHaveBeenCalledWith(INVOKE_CHANNEL, { name: 'capture.pause', input: { minutes: 15 } });
    await bridge.invoke('capture.status', undefined);
    expect(ipc.invoke).toHaveBeenLastCalledWith(INVOKE_CHANNEL, { name: 'capture.status' });
  });

  it('answers a non-string name without calling the main process', async () => {
    const ipc = new FakeIpc();
    const res = await createEngramBridge(ipc).invoke(42 as unknown as string, {});
    expect(res).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(ipc.invoke).not.toHaveBeenCalled();
  });

  it('delivers events to every listener, survives a throwing one, and unsubscribes', () => {
    const ipc = new FakeIpc();
    const bridge = createEngramBridge(ipc);
    const got: unknown[] = [];
    bridge.on(() => {
      throw new Error('view broke');
    });
    const off = bridge.on((e) => got.push(e));
    ipc.emit({ name: 'capture.status', payload: { state: 'paused' } });
    ipc.emit({ payload: 'no name' });
    ipc.emit(null);
    off();
    ipc.emit({ name: 'memory.changed', payload: {} });
    expect(got).toEqual([{ name: 'capture.status', payload: { state: 'paused' } }]);
  });

  it('refuses a non-function listener', () => {
    expect(() => createEngramBridge(new FakeIpc()).on('x' as never)).toThrow(TypeError);
  });
});

describe('preload bundles', () => {
  it.each(['index.ts', 'builtin-page.ts', 'recorder.ts'])('%s bundles to sandbox-safe CommonJS requiring only electron', async (file) => {
    const out = await build({
      entryPoints: [path.resolve('electron/desktop/preload', file)],
      bundle: true,
      format: 'cjs',
      platform: 'browser',
      external: ['electron'],
      write: false,
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]!.text;
    const requires = [...code.matchAll(/require\((["'])([^"']+)\1\)/g)].map((m) => m[2]);
    expect(new Set(requires)).toEqual(new Set(['electron']));
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
  });
});
