import { describe, expect, it } from 'vitest';
import type { Memory, PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { adviceAsked, adviceIn } from '../../agents/chat/advice-answer.js';
import { askedValue } from '../../agents/chat/asked-value.js';
import { stepsOf } from '../../agents/chat/step-answer.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Made-up screens of other apps than the benchmark days: an IT support chat, a README, a baking site,
// a smart-hub setup guide, a team doc's "Next steps"; questions in other words, and near misses.
const fmt = new TimeFormatter('UTC');
const at = '2026-10-14T09:40:00.000Z';

/** A browsed screen cited as [n]: the passages that matched, and the whole screen as it can be read back. */
function screenAt(n: number, title: string, matched: PassageMatch[]): NumberedMemory {
  const [m] = browsedScreen(title, at, matched);
  return { ...m!, n, memory: { ...m!.memory, id: `mem_${n}` } };
}
const pass = (text: string, title: string, score: number, kind: PassageMatch['kind'] = 'paragraph', obs = `obs_${title}`): PassageMatch => screenPassage(text, title, score, at, { kind, observationId: obs });

/** The lead of the offline answer for screens whose whole text is `whole` (by memory id). */
function lead(q: string, numbered: NumberedMemory[], whole: Record<string, PassageMatch[]> = {}): string {
  const screens = (m: Memory) => whole[m.id] ?? null;
  return factSentence(q, numbered, fmt, undefined, { screens })!.text.split('\n')[0]!;
}

const DONT_KNOW = /^I don't know/;

describe('what a how-to question asks for', () => {
  it('tells substitutes, advice and the step next to a named one apart from facts', () => {
    expect(adviceAsked('If I have no buttermilk, what do I use?')).toBe('substitute');
    expect(adviceAsked("What do I use if I don't have buttermilk?")).toBe('substitute');
    expect(adviceAsked('Is there a substitute for tahini in this dressing?')).toBe('substitute');
    expect(adviceAsked('What can I swap the crème fraîche for?')).toBe('substitute');
    expect(adviceAsked('How can we keep the VPN from dropping?')).toBe('advice');
    expect(adviceAsked("What's the plan for the wiki move?")).toBe('advice');
    expect(adviceAsked('What should I do when the ring light pulses blue?')).toBe('step');
    expect(adviceAsked('Once the dough has doubled, what next?')).toBe('step');
    expect(adviceAsked('When is the VPN maintenance window?')).toBe(null);
    expect(adviceAsked('Who owns the wiki migration?')).toBe(null);
  });
});

describe('a step under a condition', () => {
  // A help page whose steps OCR ran into one paragraph, the step asked for said under a condition.
  const lines = [
    'Fibrelink Help / Modem troubleshooting Use this page when the internet drops at home.',
    '1. Check which light is on: fibre-cli status --leds modem. 2.',
    'If the connection is down, restart the modem: fibre-cli --reset modem 3.',
    'Call support on 0800 123 456.',
  ];
  const screen = { lines, n: 1, passage: null, rank: 1 };
  // "Dies" is not said on the page: the condition is met in part, so the step is found as advice, not as the condition's answer.
  const q = 'How do I restart the modem when the connection dies?';

  it('is advice: the step said under that condition, not the step that only names the same thing', () => {
    const found = adviceIn(q, askedValue(q), [screen]);
    expect(found?.text).toMatch(/^If the connection is down, restart the modem/);
  });

  it('a condition followed by no instruction is no advice', () => {
    const other = { ...screen, lines: ['Fibrelink status: modem', 'If the connection is down, the line is faulty in your area.', 'Engineers are on it.'] };
    expect(adviceIn(q, askedValue(q), [other])?.text ?? '').not.toContain('the line is faulty');
  });
});

describe('advice said on a screen', () => {
  const chat = 'Chat with Northdesk IT — Helpdesk';
  const chatLines = [
    pass('You 09:31 My VPN keeps dropping every few minutes when I work from home.', chat, 3),
    pass('Sam (IT) 09:33 The Auto gateway is overloaded this week, that is why it drops.', chat, 2.6),
    pass('Sam (IT) 09:34 Next time, open GlobalConnect and pick the Amsterdam gateway by hand before you sign in.', chat, 0.4),
    pass('Sam (IT) 09:35 I have closed ticket HD-2291 for you.', chat, 0.3),
  ];

  it('leads with what support said to do next time, quoted with where it was seen', () => {
    const s = [screenAt(1, chat, chatLines.slice(0, 2))];
    const l = lead('How can I keep the VPN from dropping out when I work from home?', s, { mem_1: chatLines });
    expect(l).toMatch(/^Sam \(IT\) 09:34 Next time, open GlobalConnect and pick the Amsterdam gateway/);
    expect(l).toContain(`seen on "${chat}"`);
    expect(l).toContain('[1]');
  });

  it('reads a README line that says how to avoid a thing', () => {
    const t = 'README.md — syncbox — GitHub';
    const lines = [
      pass('Troubleshooting', t, 2, 'lines'),
      pass('Large libraries sync slowly on the first run; this is expected.', t, 2.2),
      pass('To avoid hitting the API rate limit, set SYNC_BATCH=50 in your .env file.', t, 1.5),
      pass('Logs are written to ~/.syncbox/logs.', t, 1),
    ];
    const l = lead('How do I stop syncbox running into the API rate limit?', [screenAt(1, t, lines.slice(0, 2))], { mem_1: lines });
    expect(l).toMatch(/^To avoid hitting the API rate limit, set SYNC_BATCH=50/);
  });

  it("gives a doc's plan heading for how a thing will be fixed, not the chat's assignment", () => {
    const doc = 'Postmortem: nightly backups failing — Team wiki';
    const docLines = [
      pass('Postmortem: nightly backups failing since the storage move', doc, 3),
      pass('The backup job still points at the old bucket and times out.', doc, 2.5),
      pass('Proposed fix: point the backup job at the new bucket and add an alert when a run takes over an hour.', doc, 0.3),
    ];
    const room = '#infra — Chatter';
    const roomLines = [pass("Lena 11:02 I'll look at the failing backups after lunch, we should talk about the timeouts too.", room, 2.9)];
    const s = [screenAt(1, doc, docLines.slice(0, 2)), screenAt(2, room, roomLines)];
    const l = lead('How are we going to stop the nightly backups failing?', s, { mem_1: docLines, mem_2: roomLines });
    expect(l).toMatch(/^Proposed fix: point the backup job at the new bucket/);
  });

  it('does not give a weak hint that says nothing of what was asked', () => {
    const t = 'README.md — syncbox — GitHub';
    const lines = [pass('Troubleshooting: syncbox retries when the API rate limit is hit.', t, 2.2), pass('You can star the project on GitHub.', t, 1.5)];
    expect(lead('How do I stop syncbox running into the API rate limit?', [screenAt(1, t, lines)], { mem_1: lines })).not.toContain('star the project');
  });

  it("does not know when the screens' advice is about something else", () => {
    const s = [screenAt(1, chat, chatLines.slice(0, 2))];
    expect(lead('How do I avoid parking fines near the office?', s, { mem_1: chatLines })).toMatch(DONT_KNOW);
  });

  it('does not take a next-steps line of a doc about something else for the fix', () => {
    const doc = 'Q3 roadmap (draft) — Team docs';
    const lines = [
      pass('Q3 roadmap — mobile app. We want the login to stop failing for iPad users.', doc, 2),
      pass('Next steps: review with the leadership group on 3 July; comments welcome until then.', doc, 1.8),
    ];
    expect(lead('How will we stop the invoice export timing out?', [screenAt(1, doc, lines)], { mem_1: lines })).not.toContain('Next steps');
  });
});

describe('what to do under a condition', () => {
  const t = 'Office printer — IT handbook';
  const lines = [
    pass('1. Send the job to Floor2-Laser.\n2. Tap your badge on the reader: it stays red until the printer wakes up.\n3. Pick up the pages.', t, 3, 'lines'),
    pass('If the badge reader stays red, sign out of the printer and tap the badge again.', t, 0.4),
    pass('When the printer shows Offline, switch it off at the back and on again.', t, 0.3),
  ];

  it('leads with the sentence that says what to do when it happens, before the steps that say it happens', () => {
    const l = lead('What should I do if the badge reader on the printer stays red?', [screenAt(1, t, lines.slice(0, 1))], { mem_1: lines });
    expect(l).toMatch(/^If the badge reader stays red, sign out of the printer/);
    expect(lead('How do I get it printing when the printer says it is offline?', [screenAt(1, t, lines.slice(0, 1))], { mem_1: lines })).toMatch(/^When the printer shows Offline, switch it off/);
  });

  it('does not answer a condition the screen does not name with another one', () => {
    expect(lead('What should I do if the printer jams?', [screenAt(1, t, lines.slice(0, 1))], { mem_1: lines })).not.toMatch(/^(?:If|When) the/);
  });
});

describe('what to use instead', () => {
  const t = 'Buttermilk pancakes — Crumb & Co';
  const lines = [
    pass('Ingredients + 250 ml buttermilk + 1 egg + 200 g flour', t, 2.5),
    pass('1. Whisk the buttermilk and egg together. 2. Fold in the flour until just combined.', t, 2.2),
    pass('+ 1 tsp baking soda Out of buttermilk? Stir a tablespoon of lemon juice into 250 ml of milk and let it stand for 5 minutes.', t, 0.4),
    pass('Crème fraîche or Greek yoghurt works well on top.', t, 0.2),
  ];
  const s = () => [screenAt(1, t, lines.slice(0, 2))];

  it('leads with the sentence that offers another thing, from where it starts', () => {
    const l = lead("What do I use if I don't have any buttermilk?", s(), { mem_1: lines });
    expect(l).toMatch(/^Out of buttermilk\? Stir a tablespoon of lemon juice into 250 ml of milk/);
    expect(lead('What could I swap the buttermilk for?', s(), { mem_1: lines })).toMatch(/^Out of buttermilk\? Stir a tablespoon of lemon juice/);
  });

  it('gives the stand-in before a step that names the thing', () => {
    const steps = [pass('1. Whisk the buttermilk and the egg together in a jug.\n2. Fold in the flour until just combined.', t, 3, 'lines'), ...lines.slice(2)];
    for (const q of ['What could I swap the buttermilk for?', 'How can I replace the buttermilk with something else?', 'Is there a substitute for buttermilk?']) {
      expect(lead(q, [screenAt(1, t, steps.slice(0, 1))], { mem_1: steps }), q).toMatch(/^Out of buttermilk\?/);
    }
  });

  it('offers nothing for a thing the screen gives no stand-in for', () => {
    expect(lead('What can I use instead of baking soda?', s(), { mem_1: lines })).not.toMatch(/lemon juice|Greek yoghurt/);
  });
});

describe('the step next to the one a question names', () => {
  const t = 'Set up your Hubly hub — Hubly Help';
  const lines = [pass('Set up your hub', t, 1, 'lines'), pass('1. Plug the hub into power with the cable in the box.\n2. Wait until the ring light pulses blue.\n3. Open the Hubly app and tap Add device.\n4. Scan the code under the hub.', t, 2, 'lines')];

  it('states the step after the one that ends on the condition', () => {
    const l = lead('What should I do when the ring light pulses blue?', [screenAt(1, t, lines)], { mem_1: lines });
    expect(l).toMatch(/^3\. Open the Hubly app and tap Add device/);
    expect(l).toContain(`seen on "${t}"`);
  });

  it('states the step before the one named', () => {
    expect(lead('What do I do before I scan the code under the hub?', [screenAt(1, t, lines)], { mem_1: lines })).toMatch(/^3\. Open the Hubly app/);
  });

  it('reads steps numbered inside running text, and picks the step that says how the condition ends', () => {
    const r = 'Jollof rice — Pot & Pan';
    const text = '400 g long-grain rice 1. Rinse the rice until the water runs clear. 2 onions, sliced 2. Soak the rice for 20 minutes. 3. Drain the rice and stir it into the tomato base.';
    expect([...stepsOf([text]).keys()]).toEqual([1, 2, 3]);
    const p = [pass(text, r, 2)];
    expect(lead('Once the rice has soaked, what next?', [screenAt(1, r, p)], { mem_1: p })).toMatch(/^3\. Drain the rice and stir it into the tomato base/);
    // "Rinse the rice" says as much of "the rinsed rice has soaked" as "Soak the rice": the step that says how it ends is the one.
    expect(lead('Once the rinsed rice has soaked, what next?', [screenAt(1, r, p)], { mem_1: p })).toMatch(/^3\. Drain the rice/);
  });

  it('reads the steps a wiki set in running text although one of them starts a line', () => {
    const w = 'How to renew the staging certificate — Team wiki';
    const p = [pass('Runbooks How to renew the staging certificate Owner: Infra 1. Open the certificate manager.\n2. Pick the staging listener and press Extend. 3. Restart the edge proxy with proxyctl reload.\n4. Check the padlock in a browser.', w, 2)];
    expect([...stepsOf(p[0]!.text.split('\n')).keys()]).toEqual([1, 2, 3, 4]);
    // "staging" is no verb of the question: the steps are said in order, not one step that says "staging".
    expect(lead('How do I renew the staging certificate?', [screenAt(1, w, p)], { mem_1: p })).toContain('3. Restart the edge proxy with proxyctl reload');
  });

  it('does not make up a step for a condition no step names', () => {
    expect(lead('What do I do once the sauce has thickened?', [screenAt(1, t, lines)], { mem_1: lines })).not.toMatch(/^\d\./);
    // One word of the condition said by a step ("hub") does not make it the step named.
    expect(lead('What do I do once the hub has been updated?', [screenAt(1, t, lines)], { mem_1: lines })).not.toMatch(/^\d\./);
  });
});
