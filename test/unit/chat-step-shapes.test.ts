import { describe, expect, it } from 'vitest';
import type { Memory, PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { instructionIn, stepsOf } from '../../agents/chat/step-answer.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Steps as other apps write them, apart from the benchmark days: "Step 1:", bullets, "First … Then …",
// menu paths, and numbered steps set in a paragraph.
const fmt = new TimeFormatter('UTC');
const at = '2026-09-21T10:15:00.000Z';
const pass = (kind: PassageMatch['kind'], text: string, title: string, score: number): PassageMatch => screenPassage(text, title, score, at, { kind, observationId: 'obs_1' });
const screen = (title: string, ...passages: PassageMatch[]): NumberedMemory[] => browsedScreen(title, at, passages);
const first = (q: string, s: NumberedMemory[], screens?: (m: Memory) => PassageMatch[] | null) => factSentence(q, s, fmt, undefined, screens ? { screens } : {})!.text.split('\n')[0]!;

describe('steps in other shapes', () => {
  it('reads "Step 1:" and bulleted steps in order', () => {
    expect([...stepsOf(['Step 1: Unplug the scanner from the wall.', 'Step 2 – Hold the Scan button.', 'STEP 3. Plug it back in while holding.']).entries()]).toEqual([
      [1, 'Unplug the scanner from the wall.'],
      [2, 'Hold the Scan button.'],
      [3, 'Plug it back in while holding.'],
    ]);
    expect([...stepsOf(['• Drain the water tank.', '• Fill it with descaler to the MAX line.', '• Run two rinse cycles.']).values()]).toEqual(['Drain the water tank.', 'Fill it with descaler to the MAX line.', 'Run two rinse cycles.']);
  });

  it('reads a menu path as an instruction', () => {
    for (const t of ['Settings > Privacy > Location Services', 'Account › Security › Two-step login', 'Preferences → Sync → Turn off', 'Go to Settings > Display and pick Night mode']) expect(instructionIn(t), t).toBe(true);
    for (const t of ['Home > Blog > Our winter sale', 'A > B']) expect(instructionIn(t), t).toBe(false);
  });

  it('answers "how do I" with "Step n:" steps in order', () => {
    const t = 'Factory reset — Scanly Help';
    const s = screen(t, pass('lines', 'Factory reset\nStep 1: Unplug the scanner from the wall.\nStep 2: Hold the Scan button.\nStep 3: Plug it back in while holding it for ten seconds.', t, 4));
    const lead = first('How do I put the scanner back to factory settings?', s);
    expect(lead).toContain('Unplug the scanner');
    expect(lead).toContain('Plug it back in');
  });

  it('answers "how do I" with bulleted steps in order', () => {
    const t = 'Descaling — Kettlo Care';
    const s = screen(t, pass('lines', 'Descale the kettle\n• Drain the water tank.\n• Fill it with descaler to the MAX line.\n• Run two rinse cycles.', t, 4));
    const lead = first('How do I descale the kettle?', s);
    expect(lead).toContain('Drain the water tank');
    expect(lead).toContain('Run two rinse cycles');
  });

  it('answers with the menu path that says where a setting is', () => {
    const t = 'Hide your location — Chirp Help Centre';
    const s = screen(t, pass('lines', 'Who can see where I am?\nSettings > Privacy > Location sharing\nYour friends see your city only.', t, 4));
    expect(first('How do I stop sharing my location?', s)).toContain('Settings > Privacy > Location sharing');
  });

  it('answers with "First … Then …" sentences', () => {
    const t = 'Fix pairing — Buds Support';
    const s = screen(t, pass('paragraph', 'Lost the connection? First, put both buds in the case and close the lid. Then hold the case button until the light blinks white.', t, 4));
    expect(first('How do I fix the pairing of my buds?', s)).toMatch(/put both buds in the case|hold the case button/);
  });
});

describe('a step set apart outranks a sentence that says to do the same', () => {
  it('states the "Step n" line and the menu path over the sentence', () => {
    const t = 'Turn off autoplay — Streamo Help';
    const s = screen(t, pass('lines', 'You can turn off autoplay for every profile on this account.\nSettings > Playback > Autoplay next episode', t, 4));
    expect(first('How do I turn off autoplay?', s)).toContain('Settings > Playback');
    const k = 'Clear the cache — Browso Help';
    const c = screen(k, pass('lines', 'Clear the cache when pages load old versions of a site.\nStep 1: Clear the cache from the History menu, choosing All time.', k, 4));
    expect(first('How do I clear the cache?', c)).toContain('History menu');
  });
});
