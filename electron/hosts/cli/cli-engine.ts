import { startEngram, type Engram, type ExporterOptions } from '../../engine/index.js';
import type { CliContext } from './command.js';
import { packageVersion } from './version.js';

/**
 * Runs `fn` with the engine over this data dir (no capture, no brain, no chat): commands call the
 * window's handler map through engram.client. The engine (and its store) is closed afterwards.
 */
export async function withEngine<T>(ctx: CliContext, opts: { embedder?: 'default' | 'none'; exporter?: ExporterOptions }, fn: (engram: Engram) => Promise<T>): Promise<T> {
  let engram: Engram | null = null;
  try {
    engram = await startEngram({ store: ctx.storeSource({ embedder: opts.embedder ?? 'default' }), host: 'headless', version: packageVersion(), env: ctx.env, chat: false, exporter: opts.exporter, fileAccess: true });
    return await fn(engram);
  } finally {
    await engram?.close();
  }
}
