import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { AnthropicProvider, OfflineProvider, type LlmProvider } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { NARRATION_PROMPT } from '../../agents/episodic/index.js';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../fakes/fake-anthropic-server.js';
import { SCENARIOS } from '../fixtures/agents/labelled-streams.js';
import { loadScenario } from '../fixtures/agents/load-scenarios.js';
import { serverForFile } from '../helpers/server-for-file.js';

/**
 * First-person memory (MIRA): with a model, episodes and the session summary of a collapsed
 * segment are written in the user's own voice; offline the templates stay. Real Anthropic client
 * over a real socket to the fake server.
 */

let fake: FakeAnthropic;
serverForFile(startFakeAnthropic, (s) => (fake = s));

const toolNames = (r: RecordedRequest) => (r.body.tools ?? []).map((t) => t.name);
const systemText = (r: RecordedRequest): string => {
  const sys = r.body.system ?? '';
  return (typeof sys === 'string' ? sys : sys.map((b) => b.text).join('\n')).replace(/\s+/g, ' ');
};

describe('first-person memory', () => {
  let dir: string;
  let store: EngramStore;
  beforeEach(async () => {
    fake.reset();
    dir = mkdtempSync(join(tmpdir(), 'engram-first-person-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)) });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const claude = (): LlmProvider => new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, usage: store.llmCalls, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 2 } });

  /** Two scenarios, then an observation three hours later: the segment collapses and is summed up. */
  async function collapseSegment(llm: LlmProvider) {
    const brain = createBrain({ store, llm, timeZone: 'UTC', settings: { segment_collapse_min: 60 } });
    for (const sc of SCENARIOS.slice(0, 2)) brain.ingestObservations(loadScenario(store, sc).observations);
    brain.ingestObservations(
      store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: Date.parse('2025-03-03T14:00:00Z'), app: 'Obsidian', title: 'x.md - Obsidian', url: null, text: 'x', caption: null }),
    );
    await brain.flush();
    return store.memories.list({ kinds: ['episodic'], limit: 20 });
  }

  it('with a model: the extraction prompt asks for the first person, and the session summary is the user’s own account', async () => {
    let n = 0;
    fake.setHandler((req) => {
      const tools = toolNames(req);
      if (tools.includes('route_memories')) return { toolUses: [{ name: 'route_memories', input: { kinds: ['episodic'] } }] };
      if (tools.includes('write_summary')) return { toolUses: [{ name: 'write_summary', input: { summary: 'I spent most of the morning on the budget spreadsheet, then checked out the order in the browser.' } }] };
      if (tools.includes('episodic_save')) {
        n++;
        return { toolUses: [{ name: 'episodic_save', input: { summary: n === 1 ? 'I edited budget.xlsx in LibreOffice Calc' : 'I checked out an order in Firefox', sources: [1] } }] };
      }
      return { text: 'nothing to save' };
    });
    const episodes = await collapseSegment(claude());
    const extraction = fake.requests.find((r) => toolNames(r).includes('episodic_save'))!;
    expect(systemText(extraction)).toMatch(/episodic — time-stamped events What the user did and when, written in the user's own first person/);
    expect(systemText(extraction)).toContain('first person ("I …", never "The user …")');
    expect(episodes.map((m) => m.title)).toEqual(expect.arrayContaining(['I edited budget.xlsx in LibreOffice Calc']));

    const narration = fake.requests.find((r) => toolNames(r).includes('write_summary'))!;
    expect(systemText(narration)).toContain(NARRATION_PROMPT.slice(0, 80));
    // The model is given the activities of the segment to narrate, nothing else.
    expect(JSON.stringify(narration.body.messages)).toContain('I edited budget.xlsx in LibreOffice Calc');
    const session = episodes.find((m) => m.fields.event_type === 'session')!;
    expect(session.text).toMatch(/^Session .*: I spent most of the morning on the budget spreadsheet/);
    // The template's list stays in the details, so nothing of the segment is lost.
    expect(session.details).toContain('I edited budget.xlsx in LibreOffice Calc');
  });

  it('when the narration call fails, the template summary is kept', async () => {
    fake.setHandler((req) => {
      const tools = toolNames(req);
      if (tools.includes('route_memories')) return { toolUses: [{ name: 'route_memories', input: { kinds: ['episodic'] } }] };
      if (tools.includes('write_summary')) return { status: 500, errorMessage: 'overloaded' };
      if (tools.includes('episodic_save')) return { toolUses: [{ name: 'episodic_save', input: { summary: `I worked in app ${fake.requests.length}`, sources: [1] } }] };
      return { text: 'nothing to save' };
    });
    const online = await collapseSegment(claude());
    const s1 = online.find((m) => m.fields.event_type === 'session')!;
    expect(s1.text).toMatch(/^Session .*\(\d+ min\): I worked in app/);
  });

  it('offline: the episode and session templates are unchanged', async () => {
    const episodes = await collapseSegment(new OfflineProvider());
    const session = episodes.find((m) => m.fields.event_type === 'session')!;
    expect(session.text).toContain('Edited budget.xlsx in LibreOffice Calc (35 min)');
    expect(fake.requests).toHaveLength(0);
  });
});
