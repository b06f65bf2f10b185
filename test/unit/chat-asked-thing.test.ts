import { describe, expect, it } from 'vitest';
import type { PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { askedValue } from '../../agents/chat/asked-value.js';
import { askedThing } from '../../agents/chat/asked-thing.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Issue 30: "which platform" is answered by a screen that says a platform. A screen meeting the
// question's other words (the bus, grandpa, Sunday) holds no platform, and a guess from it answers
// another question; the lead says it does not know. Screens written for this test.
const fmt = new TimeFormatter('UTC');
const at = '2026-09-20T08:00:00.000Z';
const pass = (text: string, title: string, score: number): PassageMatch => screenPassage(text, title, score, at, { kind: 'paragraph' });
const screen = (title: string, ...passages: PassageMatch[]): NumberedMemory[] => browsedScreen(title, at, passages);
const lead = (q: string, s: NumberedMemory[]) => factSentence(q, s, fmt)?.text ?? '';

describe('the thing a which/what question asks for', () => {
  it('is the noun after which or what, for a value of no other kind', () => {
    expect(askedThing('Which platform does the night bus leave from?', askedValue('Which platform does the night bus leave from?'))).toBe('platform');
    expect(askedThing('what colour is the spare bike lock', askedValue('what colour is the spare bike lock'))).toBe('colour');
    // A kind of value says it already: "what time" is a clock time, "which day" a date.
    expect(askedThing('What time does the night bus leave?', askedValue('What time does the night bus leave?'))).toBeNull();
    expect(askedThing('Where does the night bus leave from?', askedValue('Where does the night bus leave from?'))).toBeNull();
  });
});

describe('a guess must say the thing asked for', () => {
  const t = 'Weekend plans — Notes';
  const plans = screen(t, pass('Uncle Pavel arrives on Sunday on the coach from Brno at 10:15, at the central coach station.', t, 5));

  it('no guess at "which bay" from a note about the coach that names no bay', () => {
    expect(lead("Which bay does uncle Pavel's coach pull in at on Sunday?", plans)).toMatch(/^I don't know/);
  });

  it('the note that names the bay answers', () => {
    const withBay = screen(t, pass('Uncle Pavel arrives on Sunday on the coach from Brno at 10:15, bay 7 at the central coach station.', t, 5));
    expect(lead("Which bay does uncle Pavel's coach pull in at on Sunday?", withBay)).toContain('bay 7');
  });

  it('a value that is one by its name still answers: Frankfurt is a city', () => {
    const v = 'Settings — Tunnel VPN';
    const vpn = screen(v, screenPassage('Tunnel VPN · Exit server: Frankfurt #4 · Protocol: WireGuard', v, 5, at));
    expect(lead('Which city is my VPN tunnel exiting through?', vpn)).toContain('Frankfurt');
  });

  it('a Spanish chat met through the everyday words: no platform in it, no guess', () => {
    const c = 'Familia Reyes — Mensajes';
    const chat = screen(c, pass('Hola! El abuelo llega el domingo en el tren de las 10:15 a la estación de Sants.', c, 5));
    expect(lead("Which platform does grandpa's train get in at?", chat)).toMatch(/^I don't know/);
    const withPlatform = screen(c, pass('Hola! El abuelo llega el domingo en el tren de las 10:15, andén 4 de la estación de Sants.', c, 5));
    expect(lead("Which platform does grandpa's train get in at?", withPlatform)).toContain('andén (platform) 4');
  });
});
