import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExperienceMemory } from '../../agents/experience/index.js';
import { BRAIN_SETTINGS_KEY } from '../../agents/meta/index.js';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../fakes/fake-anthropic-server.js';
import { serverForFile } from '../helpers/server-for-file.js';

const DAY = 86_400_000;
const TASK = 'print the quarterly report';

/** The text of the tool results the model was sent back in one request. */
function toolResults(req: RecordedRequest): string {
  return req.body.messages
    .flatMap((m) => (Array.isArray(m.content) ? (m.content as Array<{ type: string; content?: unknown }>) : []))
    .filter((b) => b.type === 'tool_result')
    .map((b) => String(b.content))
    .join('\n');
}

// Chat's recommend_action goes through the engine's handler map (experiences.recommend), so the
// experience half-life setting ranks what the model is told exactly as it ranks the window's answer.
describe("chat's recommend_action through the engine", () => {
  let fake: FakeAnthropic;
  let dir: string;
  let store: EngramStore;
  let engram: Engram | null = null;

  serverForFile(startFakeAnthropic, (s) => (fake = s));
  beforeEach(async () => {
    fake.reset();
    // The model calls recommend_action once, then answers from the tool's result.
    fake.setHandler((req) => (toolResults(req) ? { text: 'Done.' } : { toolUses: [{ name: 'recommend_action', input: { task: TASK } }] }));
    dir = mkdtempSync(join(tmpdir(), 'engram-chat-recommend-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 5)), embedder: null });
    const xp = new ExperienceMemory(store, { searchMode: 'bm25' });
    const now = Date.now();
    // Six old successes against three recent ones: without a half-life the old action leads.
    for (let i = 0; i < 6; i++) xp.record({ task: TASK, action: 'use the old printer', outcome: 'success' }, [], now - 365 * DAY - i * 1000);
    for (let i = 0; i < 3; i++) xp.record({ task: TASK, action: 'use the new printer', outcome: 'success' }, [], now - DAY - i * 1000);
    engram = await startEngram({ store, host: 'headless', version: 't', env: { ANTHROPIC_API_KEY: 'sk-ant-test-0000', ENGRAM_ANTHROPIC_BASE_URL: fake.url }, chat: { topics: false } });
  });
  afterEach(async () => {
    await engram?.close();
    engram = null;
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What chat's tool told the model, and what the window's request answers, for the same task. */
  async function bestBoth(): Promise<{ chat: string; window: string | undefined }> {
    fake.requests.length = 0;
    const chat = (await engram!.chat())!;
    await chat.ask({ text: `What worked when I had to ${TASK}?` });
    const told = fake.requests.map(toolResults).find((t) => t.length > 0) ?? '';
    const window = await engram!.client.call('experiences.recommend', { task: TASK });
    return { chat: /^Best: (.*?) \(/m.exec(told)?.[1] ?? told, window: window.recommendation?.action };
  }

  it('ranks by the half-life setting, as the window does, read on each call', async () => {
    const plain = await bestBoth();
    expect(plain).toEqual({ chat: 'use the old printer', window: 'use the old printer' });
    store.settings.set(BRAIN_SETTINGS_KEY, { experience_half_life_days: 30 });
    const aged = await bestBoth();
    expect(aged).toEqual({ chat: 'use the new printer', window: 'use the new printer' });
  });
});
