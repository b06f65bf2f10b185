import { describe, expect, it } from 'vitest';
import type { Memory, PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { askedValue } from '../../agents/chat/asked-value.js';
import { refineAsked } from '../../agents/chat/asked-kinds.js';
import { instructionIn, stepsOf } from '../../agents/chat/step-answer.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Made-up help pages and directions, apart from the benchmark days.
const fmt = new TimeFormatter('UTC');
const at = '2026-11-03T14:05:00.000Z';
const pass = (kind: PassageMatch['kind'], text: string, title: string, score: number, obs = 'obs_1'): PassageMatch => screenPassage(text, title, score, at, { kind, observationId: obs });
const screen = (title: string, ...passages: PassageMatch[]): NumberedMemory[] => browsedScreen(title, at, passages);
const first = (q: string, s: NumberedMemory[], screens?: (m: Memory) => PassageMatch[] | null) => factSentence(q, s, fmt, undefined, screens ? { screens } : {})!.text.split('\n')[0]!;

describe('instructions', () => {
  it('reads a line that tells what to do, also after a number or a purpose', () => {
    for (const t of ['Open the Soundly app and tap Devices.', '2. Hold the Clean and Steam buttons together.', 'To pair them again, open the app and tap Devices.', 'Then press the dial once to confirm.']) expect(instructionIn(t), t).toBe(true);
    for (const t of ['The machine restarts with its defaults.', 'Pairing is lost after an update.', '3 min read']) expect(instructionIn(t), t).toBe(false);
    // An introduction is answered by what follows it.
    for (const t of ['Run these commands from the project folder:', 'Type the following in a terminal']) expect(instructionIn(t), t).toBe(false);
    // A short unnumbered line over steps is their heading.
    expect(instructionIn('Restart the print spooler')).toBe(false);
    expect(instructionIn('Restart the print spooler: 1. Drain the queue from the admin page.')).toBe(false);
    // A setting's label with its value is no instruction.
    expect(instructionIn('Turn the porch light off every night at: 23:30')).toBe(false);
  });

  it('finds numbered steps at a line start and after a separator OCR put before them', () => {
    const s = stepsOf(['1 Head north on Rua Augusta · 300 m', '300 m · 2 Turn right onto Rua do Comércio', '3. Cross the tram tracks']);
    expect([...s.keys()]).toEqual([1, 2, 3]);
    expect(s.get(2)).toBe('Turn right onto Rua do Comércio');
  });

  it('reads "which way do I go" as asking for a step', () => {
    const q = 'Which way do I go after the bakery?';
    expect(refineAsked(q, askedValue(q)).kind).toBe('command');
    // The phone is what is worked on; its number is still asked for as a number.
    const p = 'After an update, how do I pair my headphones with my phone again?';
    expect(refineAsked(p, askedValue(p)).kind).toBe('command');
    const n = "How do I find the dentist's phone number?";
    expect(refineAsked(n, askedValue(n)).kind).toBe('phone');
  });
});

describe('the step asked for', () => {
  const t = 'Restore defaults — Brewmatic Help';
  const steps = pass('lines', '1. Switch the coffee machine off at the back.\n2. Hold the Clean and Steam buttons together.', t, 4);
  const more = pass('lines', '3. Switch it on while still holding them.\n4. Release when the light flashes white.', t, 0);

  it('states the steps of "how do I", in order, read from the whole screen', () => {
    const s = screen(t, steps);
    const lead = first("How do I clear the coffee machine's memory?", s, () => [steps, more]);
    expect(lead).toContain('2. Hold the Clean and Steam buttons together. 3. Switch it on');
    expect(lead).toContain('Release when the light flashes white');
  });

  it('states the step after the one the question names', () => {
    const d = 'Walk to Museu do Design — Maps';
    const s = screen(d, pass('lines', '1 Head north on Rua Augusta · 300 m\n2 Turn right onto Rua do Comércio\n3 Cross the tram tracks at the square\n200 m · 4 Turn left onto Rua da Prata\n5 The museum is on your right', d, 4));
    expect(first('Which way do I turn after crossing the tram tracks on my walk to the museum?', s)).toContain('Turn left onto Rua da Prata');
  });

  it('states the line that tells how, when it is no numbered step', () => {
    const h = 'Update your headphones — Soundly Support';
    const s = screen(
      h,
      pass('lines', '1. Charge the headphones to 50%.\n2. Keep them close to your phone during the update.', h, 4),
      pass('paragraph', 'Pairing with your phone is lost after an update. To pair the headphones again, open the Soundly app and tap Devices, then Add.', h, 3),
    );
    expect(first('After an update, how do I pair my headphones with my phone again?', s)).toContain('tap Devices');
  });

  it('says it does not know when no line says how', () => {
    const l = 'Opening hours — City Library';
    const s = screen(l, pass('lines', 'Opening hours\nMonday to Friday 9:00–19:00\nSaturday 10:00–14:00', l, 3));
    expect(first('How do I renew my library card?', s)).toMatch(/^I don't know/);
  });

  it('states a command before a sentence that says to do the same', () => {
    const w = 'Workers — Ops handbook';
    const s = screen(w, pass('lines', 'Restart the workers from the admin page before the release.\n$ sudo systemctl restart workers', w, 4));
    expect(first('How do I restart the workers?', s)).toContain('systemctl restart workers');
  });

  it('states the step found when the run of steps would be cut before it', () => {
    const o = 'Oven manual — Kitchenly';
    const steps = ['Open the door and remove the trays.', 'Wipe the glass with a soft cloth.', 'Close the door until it clicks.', 'Turn the dial to the off position.', 'Wait for the fan to stop turning.', 'Check that the clock shows the time.', 'Press the Clock button once.', 'Hold the Light button for 5 seconds until demo mode ends.'];
    const s = screen(o, pass('lines', steps.map((t, i) => `${i + 1}. ${t}`).join('\n'), o, 4));
    expect(first('How do I get the oven out of demo mode?', s)).toContain('Hold the Light button');
  });
});
