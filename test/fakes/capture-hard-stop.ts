/**
 * A capture run whose OCR never answers: it keeps `N` frames (a screen that changes on every
 * tick), prints "kept N", then waits with their text unread until it is killed. The hard-stop test
 * kills it with SIGKILL, as a second Ctrl-C (process.exit) or a crash would end it.
 *
 *   node --import tsx test/fakes/capture-hard-stop.ts DATA_DIR N    (key: $ENGRAM_KEY, hex)
 */
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { startEngram } from '../../electron/engine/index.js';
import type { OcrEngine, OcrImage, OcrResult } from '../../electron/sensing/perception/index.js';
import { ChangingScreen, FixedWindow } from './fake-screen-stack.js';

/** OCR that takes every frame and never finishes reading it. */
class StalledOcr implements OcrEngine {
  activeWorkers = 1;
  recognize(_image: OcrImage): Promise<OcrResult> {
    return new Promise<OcrResult>(() => undefined);
  }
  async stop() {}
}

const dir = process.argv[2]!;
const n = Number(process.argv[3] ?? '3');
const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.from(process.env.ENGRAM_KEY ?? '', 'hex')), embedder: null });
const engram = await startEngram({
  store,
  host: 'headless',
  version: 'test',
  env: {},
  chat: false,
  capture: { screen: new ChangingScreen(), windows: new FixedWindow({ app: 'Terminal', title: 'budget notes', url: null, pid: 7, path: null, bounds: null }), ocr: new StalledOcr(), start: false },
});
for (let i = 0; i < n; i++) {
  const r = await engram.capture!.tick({ force: true });
  if (!r.kept) throw new Error(`tick ${i} kept nothing: ${r.reason} ${r.detail ?? ''}`);
}
process.stdout.write(`kept ${store.frames.count()}\n`);
setInterval(() => undefined, 60_000);
