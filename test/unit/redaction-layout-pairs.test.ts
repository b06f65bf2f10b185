/**
 * Secrets whose label and value OCR reads as separate columns (issue: a settings pane's revealed
 * Wi-Fi password stored in clear): words placed as a screen shows them, paired again by their boxes.
 * The screens here are laid out by hand (a word is 8 px a letter, 14 px high), apart from any page
 * the screen benchmarks use.
 */
import { describe, expect, it } from 'vitest';
import { placedCell } from '../helpers/screen-words.js';
import { DEFAULT_REDACTION, findSecretsIn, redactText, secretsByLayout, type PlacedWord } from '../../shared/redaction/index.js';
import { laidOutSecrets, wordsToKeep, REDACTED_WORD } from '../../electron/sensing/capture/word-boxes.js';
import { secretBoxes } from '../../electron/sensing/capture/caption-mask.js';
import type { OcrResult } from '../../electron/sensing/perception/index.js';

const cell = placedCell;
/** Label and value columns, one row each, 32 px apart. */
function pane(rows: [string, string][], valueX = 420): PlacedWord[] {
  return rows.flatMap(([l, v], i) => [...cell(l, 40, 100 + i * 32), ...(v ? cell(v, valueX, 100 + i * 32) : [])]);
}
const values = (words: PlacedWord[]) => secretsByLayout(words).map((s) => s.value);

describe('secrets paired by layout', () => {
  it('finds a value in the column right of its label, on the label\'s row', () => {
    const words = pane([
      ['Network name', 'Birch-Loft-2G'],
      ['Security', 'WPA2-Personal'],
      ['Wi-Fi password', 'Tamarind-Gale-73'],
      ['Channel', '11'],
    ]);
    const found = secretsByLayout(words);
    expect(found).toEqual([{ kind: 'password', category: 'passwords', value: 'Tamarind-Gale-73', label: 'password' }]);
  });

  it('finds a value under its label in the same column (a form whose labels sit above their boxes)', () => {
    const words = [...cell('Door code', 60, 100), ...cell('Guest name', 400, 100), ...cell('5581-Otter', 60, 124), ...cell('Hana Ito', 400, 124)];
    expect(values(words)).toEqual(['5581-Otter']);
  });

  it('reads labels OCR spells with look-alikes and other languages as the text detectors do', () => {
    expect(values(pane([['Passw0rd', 'Vx8-Tally-Rope']]))).toEqual(['Vx8-Tally-Rope']);
    expect(values(pane([['Passwort', 'Wiesel-Dach-22']]))).toEqual(['Wiesel-Dach-22']);
    expect(values(pane([['API token', 'q7Rw2Lp9Xs4Kd8Vm3Nb6']]))).toEqual(['q7Rw2Lp9Xs4Kd8Vm3Nb6']);
  });

  it('leaves innocent values beside a password label alone', () => {
    const words = pane([
      ['Password', '••••••••'],
      ['Password last changed', '12 March 2026'],
      ['Show password', 'Hidden'],
      ['Change password', 'Never'],
      ['PIN', '****'],
    ]);
    expect(secretsByLayout(words)).toEqual([]);
  });

  it('never pairs a label with another field\'s value one row off', () => {
    // The password row shows dots; the firmware row under it holds a value shaped like a password.
    const words = pane([
      ['Admin password', '••••••••'],
      ['Firmware', 'RX-58U-3.0.4'],
      ['Serial number', 'SN-2231-8874'],
    ]);
    expect(secretsByLayout(words)).toEqual([]);
    // A value half a row lower than the label is on neither its row nor under it.
    expect(values([...cell('Password', 40, 100), ...cell('Kite-Rain-61', 420, 116)])).toEqual([]);
  });

  it('takes a number beside a pass for a price, and beside a PIN or a code for the PIN', () => {
    expect(values(pane([['Day pass', '€12.50'], ['Season pass', '480.00']]))).toEqual([]);
    expect(values(pane([['Password', '2026-03-12']]))).toEqual([]);
    expect(values(pane([['Locker PIN', '4471'], ['Gate code', '8812']]))).toEqual(['4471', '8812']);
  });

  it('leaves a table whose header says Key or Token over ordinary words alone', () => {
    const table = [
      ...cell('Key', 40, 100), ...cell('Token', 240, 100), ...cell('Issued', 440, 100),
      ...cell('Front door', 40, 124), ...cell('Reusable', 240, 124), ...cell('Monday', 440, 124),
      ...cell('Garage', 40, 148), ...cell('Single-use', 240, 148), ...cell('Tuesday', 440, 148),
    ];
    expect(secretsByLayout(table)).toEqual([]);
  });

  it('pairs only neighbours: a label with a value far across the screen, or a value that does not start its cell, gives nothing', () => {
    expect(values([...cell('Password', 40, 100), ...cell('Pebble-Moon-48', 40 + 64 + 40 * 14, 100)])).toEqual([]);
    expect(values([...cell('Password', 40, 100), ...cell('set to Pebble-Moon-48', 420, 100)])).toEqual([]);
  });

  it('masks a value found by layout wherever it stands in the text, and only where the switches ask', () => {
    const laid = secretsByLayout(pane([['Password', 'Tamarind-Gale-73']]));
    const text = 'Password\nNetwork\nTamarind-Gale-73\ncopied Tamarind-Gale-73 to clipboard';
    expect(findSecretsIn(text)).toEqual([]);
    const r = redactText(text, DEFAULT_REDACTION, laid);
    expect(r.text).toBe('Password\nNetwork\n[redacted:password]\ncopied [redacted:password] to clipboard');
    expect(r.secrets.map((s) => [s.kind, s.value, s.label])).toEqual([
      ['password', 'Tamarind-Gale-73', 'Password'],
      ['password', 'Tamarind-Gale-73', 'Password'],
    ]);
    expect(redactText(text, { ...DEFAULT_REDACTION, passwords: false }, laid).text).toBe(text);
  });

  it('masks a value read with a mark beside it both whole and where the text has it alone', () => {
    const words = [...cell('Password', 40, 100), ...cell('Kite-Rain-61 EID', 420, 100)];
    const laid = secretsByLayout(words);
    expect(laid.map((s) => s.value)).toEqual(['Kite-Rain-61 EID', 'Kite-Rain-61']);
    expect(redactText('Password\nChannel\nKite-Rain-61 EID\nKite-Rain-61', DEFAULT_REDACTION, laid).text).toBe('Password\nChannel\n[redacted:password]\n[redacted:password]');
  });
});

describe('capture with layout pairs', () => {
  // OCR as tesseract gives a settings pane: the label column as one block, the value column as another.
  const line = (words: PlacedWord[]) => ({
    text: words.map((w) => w.text).join(' '),
    confidence: 90,
    bbox: { x0: words[0]!.x0, y0: words[0]!.y0, x1: words[words.length - 1]!.x1, y1: words[0]!.y1 },
    words: words.map((w) => ({ text: w.text, bbox: { x0: w.x0, y0: w.y0, x1: w.x1, y1: w.y1 }, confidence: 90 })),
  });
  const labels = [cell('Network name', 40, 100), cell('Password', 40, 132), cell('Channel', 40, 164)];
  const vals = [cell('Birch-Loft-2G', 420, 100), cell('Tamarind-Gale-73', 420, 132), cell('11', 420, 164)];
  const lines = [...labels, ...vals].map(line);
  const result: OcrResult = { text: lines.map((l) => l.text).join('\n'), confidence: 90, lines };

  it('keeps the frame\'s words with the value taken out', () => {
    const words = wordsToKeep(result, DEFAULT_REDACTION);
    expect(words.map((w) => w.text)).toEqual(['Network', 'name', 'Password', 'Channel', 'Birch-Loft-2G', REDACTED_WORD, '11']);
    expect(laidOutSecrets(result).map((s) => s.value)).toEqual(['Tamarind-Gale-73']);
  });

  it('fills the value\'s box in an image a model may see', () => {
    expect(secretBoxes(result, DEFAULT_REDACTION)).toEqual([{ x0: 420, y0: 132, x1: 420 + 16 * 8, y1: 146 }]);
  });
});
