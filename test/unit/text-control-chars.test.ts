/**
 * What the store keeps of a stranger's text (shared/text/control-chars.ts): the words, tabs and
 * line ends; no terminal sequence, control character or bidi override.
 */
import { describe, expect, it } from 'vitest';
import { withoutControls, withoutControlsDeep } from '../../shared/text/index.js';

describe('withoutControls', () => {
  it('takes whole sequences out, with what they carry (a link address, a clipboard payload)', () => {
    expect(withoutControls('see \x1b]8;;https://evil.example/x\x07the agenda\x1b]8;;\x07 now')).toBe('see the agenda now');
    expect(withoutControls('see \x1b]8;;https://evil.example/x\x1b\\the agenda\x1b]8;;\x1b\\ now')).toBe('see the agenda now');
    expect(withoutControls('copy \x1b]52;c;cm0gLXJmIH4=\x07done')).toBe('copy done');
    expect(withoutControls('a \x1b[31mred\x1b[0m folder \x1b[2K\x1b[1A')).toBe('a red folder ');
    expect(withoutControls('title \x1b]0;pwned\x07 and \x1bc reset')).toBe('title  and  reset');
    expect(withoutControls('8-bit \x9b31mred\x9d8;;https://evil.example\x9c link')).toBe('8-bit red link');
    expect(withoutControls('dcs \x1bPq#0;2;0;0;0\x1b\\ end')).toBe('dcs  end');
  });

  it('an unclosed string command ends at the line: the lines after it are kept', () => {
    expect(withoutControls('one \x1b]8;;https://evil.example\nline two\nline three')).toBe('one \nline two\nline three');
  });

  it('drops other controls and bidi overrides; a lone CR becomes a newline', () => {
    expect(withoutControls('bell\x07 nul\x00 bs\x08 del\x7f c1\x85 end')).toBe('bell nul bs del c1 end');
    expect(withoutControls('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(withoutControls('access \u2067level\u2069 \u202aadmin\u202c')).toBe('access level admin');
    expect(withoutControls('ok: all good\rFAILED: 3 tests')).toBe('ok: all good\nFAILED: 3 tests');
  });

  it('keeps tabs, newlines, CRLF, right-to-left text and its marks, emoji joiners, as the same string', () => {
    for (const text of ['a\tb\nc', 'line one\r\nline two\r\n', 'שלום עולם and مرحبا', 'price\u200e 12 \u200fok', '👩\u200d💻 dev', 'Straße 12, Zürich']) {
      expect(withoutControls(text)).toBe(text);
    }
  });

  it('reaches every string inside fields', () => {
    expect(withoutControlsDeep({ url: 'https://a.example/\x1b]8;;x\x07', steps: ['one\x1b[31m', { n: 2, s: 'two\u202e' }], n: 3, none: null })).toEqual({
      url: 'https://a.example/',
      steps: ['one', { n: 2, s: 'two' }],
      n: 3,
      none: null,
    });
  });
});
