/**
 * A secret whose label and value stand in separate columns (a settings pane's revealed password, a
 * form whose label sits above its box): tesseract reads the label column and the value column as
 * separate blocks, so in the text "Password" is lines away from its value and the text detectors
 * never see them together. Capture pairs them again by their word boxes. Screens of our own
 * (test/fixtures/layout-secrets, written apart from the screen-QA days), rendered by Chromium,
 * captured by the real CaptureService and read by tesseract: the value reaches the vault and
 * nothing else (observation, frame words, search, an answer, an export), while the innocent values
 * beside it are kept as they were.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChatService } from '../../agents/chat/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { HashEmbedder, openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { portabilityExporter } from '../../electron/api/index.js';
import { modelGetter } from '../../electron/engine/index.js';
import { CaptureService, type ActiveWindowSource, type SecretsEvent, type ScreenSource } from '../../electron/sensing/capture/index.js';
import { TesseractPool } from '../../electron/sensing/perception/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';
import { CHROMIUM_PATH } from '../e2e/chromium.js';
import { storeRecommender } from '../helpers/experience-recommender.js';

const W = 1280;
const H = 800;

interface Screen {
  page: string;
  title: string;
  secret: string;
  /** Values beside it that are no secret and must be kept as they are. */
  kept: string[];
  question: string;
}

const SCREENS: Screen[] = [
  {
    page: 'router-light.html',
    title: 'Router admin - Wireless',
    secret: 'Quill7-Orchard-Tide',
    kept: ['Maple-Attic-5G', '12 March 2026', 'Hidden', 'GX-58U-3.0.4', 'SN-2231-8874'],
    question: 'What is the password of the Maple-Attic-5G wireless network?',
  },
  {
    page: 'vpn-dark.html',
    title: 'Tunnelkit - Office Lisbon',
    secret: 'Lantern-Moss-4417',
    kept: ['gw.fernhill-office.example', 'obauer', 'WireGuard', '51820'],
    question: 'Which passphrase does the Office Lisbon VPN profile use?',
  },
  {
    page: 'form-two-column.html',
    title: 'Staff portal - New staff account',
    secret: 'Ferris-9034',
    kept: ['m.okonkwo', 'B-20417', 'L-118', 'Okonkwo'],
    question: 'What temporary PIN did Marta Okonkwo get?',
  },
  {
    page: 'form-label-above.html',
    title: 'Front desk - Guest access',
    secret: 'Copper-Lark-2291',
    kept: ['Ines Carvalho', 'Reusable', 'Revoked', 'Tuesday'],
    question: 'What was the Wi-Fi password for Room 12?',
  },
];

let dir: string;
let ocr: TesseractPool;
const shots = new Map<string, Buffer>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'engram-layout-secrets-'));
  ocr = new TesseractPool({ cachePath: join(dir, 'ocr-cache'), workers: 1, idleStopMs: 30_000 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
  try {
    for (const s of SCREENS) {
      const page = await browser.newPage({ viewport: { width: W, height: H } });
      await page.setContent(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'layout-secrets', s.page), 'utf8'));
      shots.set(s.page, await page.screenshot());
      await page.close();
    }
  } finally {
    await browser.close();
  }
}, 120_000);
afterAll(async () => {
  await ocr?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One display showing the page's screenshot, and its window in front. */
function desktop(s: Screen): { screen: ScreenSource; windows: ActiveWindowSource } {
  const display = { id: 'main', name: 'Rendered', width: W, height: H, x: 0, y: 0, primary: true };
  return {
    screen: {
      name: 'rendered',
      listDisplays: async () => [display],
      capture: async () => [{ display, image: { format: 'png', data: shots.get(s.page)!, width: W, height: H }, captured_at: Date.now() }],
    },
    windows: { active: async () => ({ app: 'Browser', title: s.title, url: null, pid: 4242, path: null, bounds: { x: 0, y: 0, width: W, height: H } }) },
  };
}

describe('a secret whose label and value OCR reads as separate columns', () => {
  let store: EngramStore;
  let stores = 0;
  beforeEach(async () => {
    store = await openStore({ dataDir: join(dir, `data-${++stores}`), keyProvider: new StaticKeyProvider(Buffer.alloc(32, 5)), embedder: new HashEmbedder(256) });
  });
  afterEach(async () => {
    await store?.close();
  });

  for (const s of SCREENS) {
    it(`${s.page}: the value reaches the vault and nothing else; the values beside it are kept`, async () => {
      const secrets: SecretsEvent[] = [];
      const svc = new CaptureService({ store, ...desktop(s), ocr, settings: CaptureSettingsSchema.parse({}) });
      svc.onSecrets((ev) => secrets.push(ev));
      try {
        const r = await svc.tick({ force: true });
        expect(r.kept, r.reason).toBe(true);
        await r.observations;
      } finally {
        await svc.close();
      }
      const leaks = (text: string) => text.includes(s.secret);

      const obs = store.observations.list({ limit: 10 });
      expect(obs).toHaveLength(1);
      const o = obs[0]!;
      // The screen was read (its innocent values are there as they were), and the value was not kept.
      for (const k of s.kept) expect(o.text, k).toContain(k);
      expect(o.text).toContain('[redacted:password]');
      expect(leaks(o.text)).toBe(false);
      const words = store.frameWords.get(o.frame_id!)!;
      expect(words.words.length).toBeGreaterThan(10);
      expect(leaks(words.words.map((w) => w.text).join(' '))).toBe(false);
      // The vault's copy: the value with its label, for the knowledge vault to keep masked.
      expect(secrets.flatMap((e) => e.secrets).map((x) => [x.kind, x.value])).toContainEqual(['password', s.secret]);

      const brain = createBrain({ store, llm: modelGetter({ settings: store.settings, env: {} }), subscribe: false });
      brain.ingestObservations(store.observations.list({ limit: 10 }));
      for (const e of secrets) await brain.recordRedacted(e.observation_id, e.secrets);
      await brain.flush();
      await brain.stop();
      await store.flushPassageEmbeddings();

      for (const q of [s.secret, s.question, s.kept[0]!]) expect(leaks(JSON.stringify(await store.search({ query: q, limit: 10 }))), q).toBe(false);
      const chat = new ChatService({ store, llm: new OfflineProvider(), recommender: storeRecommender(store) });
      const turn = await chat.ask({ text: s.question });
      expect(leaks(turn.answer)).toBe(false);
      const exported = await portabilityExporter(store).run({ format: 'json', includeSecrets: false, onProgress: () => undefined });
      const text = readFileSync(exported.path!, 'utf8');
      expect(text).toContain(s.kept[0]!);
      expect(leaks(text)).toBe(false);
    }, 180_000);
  }
});
