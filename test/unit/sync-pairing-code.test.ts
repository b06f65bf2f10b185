import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { folderIdOf, pairingCode, parsePairingCode, PAIRING_WORDS, SyncError } from '../../agents/sync/index.js';

const refusal = (code: string): string => {
  try {
    parsePairingCode(code);
  } catch (err) {
    expect(err).toBeInstanceOf(SyncError);
    return (err as SyncError).message;
  }
  throw new Error('the code was taken');
};

describe('pairing codes', () => {
  it('carry the sync key in 24 words, and the folder id with it', () => {
    const key = randomBytes(32);
    const code = pairingCode(key);
    expect(code.split(' ')).toHaveLength(PAIRING_WORDS);
    expect(parsePairingCode(code).equals(key)).toBe(true);
    expect(folderIdOf(parsePairingCode(code))).toBe(folderIdOf(key));
    expect(folderIdOf(key)).toMatch(/^[0-9a-f]{32}$/);
    expect(folderIdOf(randomBytes(32))).not.toBe(folderIdOf(key));
  });

  it('forgive case, spacing, commas and the numbers of a printed list', () => {
    const key = randomBytes(32);
    const words = pairingCode(key).split(' ');
    const typed = words.map((w, i) => `${i + 1}. ${i % 2 ? w.toUpperCase() : w}`).join(',  \n');
    expect(parsePairingCode(typed).equals(key)).toBe(true);
  });

  it('refuse a mistyped word with one line naming it', () => {
    const words = pairingCode(randomBytes(32)).split(' ');
    words[6] = `${words[6]}x`;
    const line = refusal(words.join(' '));
    expect(line).toContain('word 7');
    expect(line.split('\n')).toHaveLength(1);
  });

  it('refuse a word swapped for another list word by the checksum', () => {
    // Any one word replaced: the 8-bit checksum catches all but 1 in 256; these keys are fixed so the test is stable.
    let caught = 0;
    for (let i = 0; i < 20; i++) {
      const key = Buffer.alloc(32, i + 1);
      const words = pairingCode(key).split(' ');
      [words[2], words[3]] = [words[3]!, words[2]!];
      if (words[2] === words[3]) continue;
      try {
        parsePairingCode(words.join(' '));
      } catch (err) {
        expect((err as SyncError).message).toMatch(/does not check out/);
        caught++;
      }
    }
    expect(caught).toBeGreaterThanOrEqual(19);
  });

  it('refuse a code with words missing', () => {
    const words = pairingCode(randomBytes(32)).split(' ');
    expect(refusal(words.slice(0, 23).join(' '))).toMatch(/24 words; this one has 23/);
  });
});
