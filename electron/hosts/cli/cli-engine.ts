import { startEngram, type Engram, type ExporterOptions } from '../../engine/index.js';
import type { CliContext } from './command.js';
import { packageVersion } from './version.js';

/**
 * How long a one-shot search waits for its query's meaning (the encoder loads in seconds on a cold
 * start) before answering from the keyword index; --wait-for-meaning waits for the full hybrid.
 */
export const MEANING_WAIT_MS = 150;

/** The line a command prints (on stderr) when its results are by keywords alone. */
export const KEYWORD_ONLY_LINE = 'keyword results; meaning search was still loading (--wait-for-meaning waits for it)';

/**
 * Runs `fn` with the engine over this data dir (no capture, no brain, no chat): commands call the
 * window's handler map through engram.client. The engine (and its store) is closed afterwards.
 */
export async function withEngine<T>(
  ctx: CliContext,
  opts: { embedder?: 'default' | 'none'; exporter?: ExporterOptions; meaningWaitMs?: number | null },
  fn: (engram: Engram) => Promise<T>,
): Promise<T> {
  let engram: Engram | null = null;
  try {
    engram = await startEngram({
      store: ctx.storeSource({ embedder: opts.embedder ?? 'default' }),
      host: 'headless',
      version: packageVersion(),
      env: ctx.env,
      chat: false,
      exporter: opts.exporter,
      fileAccess: true,
      meaningWaitMs: opts.meaningWaitMs,
    });
    return await fn(engram);
  } finally {
    await engram?.close();
  }
}
