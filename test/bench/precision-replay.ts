/**
 * Replays a kept screen day through today's rules: the observations (OCR text, app, title, URL,
 * time) a `--keep` run stored are copied into a fresh data folder and the offline brain reads them
 * as it reads what a crash left unprocessed, through the same flush rules as live capture. A rule
 * change is then measured on the same OCR text, apart from OCR's run-to-run variance (one misread
 * line moves a 9-memory figure by 11 points). Frames are not copied (provenance cites the
 * observations), and neither are the secrets capture's redactor handed over with their values, so
 * the vault's redacted-secret items are missing from a replay.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { HashEmbedder, StaticKeyProvider, openStore } from '../../agents/store/index.js';
import { embedderFrom } from '../../electron/engine/index.js';

const keyOf = (dir: string): Buffer => Buffer.from(readFileSync(join(dir, 'bench.key'), 'utf8').trim(), 'hex');

/** Copies `fromDir`'s observations into `toDir` (a new data folder, its key written beside) and runs the brain over them; returns the new key (hex). */
export async function replayDay(fromDir: string, toDir: string, timeZone: string): Promise<{ key: string; observations: number }> {
  const from = await openStore({ dataDir: fromDir, keyProvider: new StaticKeyProvider(keyOf(fromDir)), embedder: new HashEmbedder(64) });
  const observations = from.observations.list({ order: 'oldest', limit: 10_000 });
  await from.close();
  const key = randomBytes(32).toString('hex');
  writeFileSync(join(toDir, 'bench.key'), key, { mode: 0o600 });
  const to = await openStore({ dataDir: toDir, keyProvider: new StaticKeyProvider(Buffer.from(key, 'hex')), embedder: embedderFrom(process.env, 'default') });
  try {
    for (const o of observations) to.observations.insert({ ...o, frame_id: null, audio_id: null });
    const brain = createBrain({ store: to, llm: new OfflineProvider(), timeZone, subscribe: false });
    await brain.start();
    await brain.flush();
    await brain.stop({ flush: true });
  } finally {
    await to.close();
  }
  return { key, observations: observations.length };
}
