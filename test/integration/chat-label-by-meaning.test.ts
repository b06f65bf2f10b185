import { afterAll, describe, expect, it } from 'vitest';
import { UseEmbedder } from '../../agents/store/index.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { laid, NEGATIVES, PARAPHRASES, SCREENS, type Screen } from '../helpers/meaning-screens.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence, meaningPairs } from '../../agents/chat/fact-sentence.js';
import { measureMeaning } from '../../agents/chat/label-meaning.js';

// The offline lead over made-up screens (test/helpers/meaning-screens), with the shipped encoder
// judging labels by meaning as the app does once it is warm.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-05T08:00:00.000Z';
const embedder = new UseEmbedder(5_000);
afterAll(() => embedder.close());

async function lead(q: string, s: Screen) {
  const { text, fw } = laid(s);
  const numbered = screenMemory('lines', text, s.title, AT, { frameId: 'frm_m', memory: { title: `Browsed "${s.title}" in Chromium`, text: `Browsed "${s.title}" in Chromium, Thu 5 Nov 2026 08:00` }, fullSnippet: true });
  const layout = (id: string) => (id === 'frm_m' ? fw : null);
  const pairs = meaningPairs(q, numbered, layout);
  const meaning = pairs.length ? await measureMeaning(embedder, pairs) : undefined;
  return factSentence(q, numbered, fmt, layout, meaning ? { meaning } : {})!;
}

describe('a label that names the asked thing in other words', () => {
  it.each(PARAPHRASES)('%s', { timeout: 60_000 }, async (q, s, want) => {
    const f = await lead(q, SCREENS[s]!);
    expect(f.text.split(' — seen')[0]).toMatch(want);
  });

  // Not stated as the answer: "I don't know", or offered as the closest found ("Not sure it is what
  // you asked, but …", "I didn't find "employees" …; the closest shows: …"), never as found.
  it.each(NEGATIVES)('not: %s', { timeout: 60_000 }, async (q, s, bad) => {
    const f = await lead(q, SCREENS[s]!);
    expect(f.known).toBe(false);
    if (!f.hedged) expect((f.text.split(' — seen')[0] ?? '').replace(/; the closest shows: .*/, '')).not.toMatch(bad);
  });
});
