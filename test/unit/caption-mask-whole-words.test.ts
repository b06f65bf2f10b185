import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTION, findSecretsIn, redactText, type LaidOutSecret } from '../../shared/redaction/index.js';
import { ocrLine, ocrResult } from '../helpers/screen-words.js';
import { secretBoxes } from '../../electron/sensing/capture/caption-mask.js';

/**
 * A value found elsewhere (a vault value a text gives as one, a layout pair) is masked where it
 * stands whole, never inside a longer word (trust53): a short password "Max" does not fill
 * "Maximum" in the image a captioning model sees, nor cut it from a text. Made-up screens.
 */
const given = (value: string): LaidOutSecret => ({ kind: 'password', category: 'passwords', value, label: null });

const line = ocrLine;
const result = ocrResult;

describe('values found elsewhere are masked as whole words', () => {
  it('in a screenshot: the value\'s box is filled, a longer word holding it is not', () => {
    const r = result(line('Maximum upload reached (MaxSize)', 0), line('Router password Max', 20));
    const boxes = secretBoxes(r, DEFAULT_REDACTION, [given('Max')])!;
    expect(boxes).toEqual([{ x0: 160, y0: 20, x1: 190, y1: 32 }]);
  });

  it('in a text: every whole copy, beside marks too; none inside a word or number', () => {
    expect(redactText('Maximum: Max. (Max) Maxwell', DEFAULT_REDACTION, [given('Max')]).text).toBe('Maximum: [redacted:password]. ([redacted:password]) Maxwell');
    expect(findSecretsIn('room 44712, locker 4471', DEFAULT_REDACTION, [given('4471')]).map((s) => s.start)).toEqual([19]);
    // A value that begins or ends with a mark stands where it stands: its own edge is not a word's.
    expect(findSecretsIn('key=#x9!pass', DEFAULT_REDACTION, [given('#x9!')]).map((s) => s.value)).toEqual(['#x9!']);
  });
});
