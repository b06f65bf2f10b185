/**
 * Writes what capture writes for a while (OCR'd observations, their word index) into a new store
 * opened with the store's own page cache, and prints the main malloc arena ([heap], where SQLite's
 * page cache lives when the main thread runs SQLite) before and after, in KiB:
 * `heap <before> <after> cache <MiB>`. argv: the data dir, the MB of text to write.
 * Test of page-cache.ts's floor (test/integration/page-cache-memory.test.ts).
 */
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { rssParts } from './rss-parts.js';

const [dataDir, mbArg] = process.argv.slice(2);
const store = await openStore({ dataDir: dataDir!, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 7)), embedder: null });
const brk = () => Math.round((rssParts()?.brk ?? 0) / 1024);

// Distinct words, as OCR of changing screens gives: the word index grows with the text.
let seed = 7;
const word = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return `w${(seed % 200_000).toString(36)}`;
};
const line = () => Array.from({ length: 300 }, word).join(' ');

const write = (bytes: number) => {
  let written = 0;
  while (written < bytes) {
    store.transaction(() => {
      for (let i = 0; i < 20; i++) {
        const text = line();
        written += text.length;
        store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: null, observed_at: Date.now(), app: 'Terminal', title: 'probe', url: null, text, caption: null });
      }
    });
  }
};
// Warm-up: the statements, the schema and the first pages, as a capture's first minute.
write(1_000_000);
const before = brk();
write(Number(mbArg) * 1_000_000);
const after = brk();
const cache = -Number(store.db.pragma('cache_size', { simple: true })) / 1024;
await store.close();
process.stdout.write(`heap ${before} ${after} cache ${cache}\n`);
