import { describe, expect, it } from 'vitest';
import { ShortVaultValues } from '../../agents/store/index.js';

/**
 * Short or plain vault values (leak51): cut where a text gives them as a value (after a label that
 * names the entry or a word for a code, or as a whole message), and nowhere else: the same digits
 * and words are everywhere in ordinary text. Made-up entries and lines, written apart from the rule.
 */
const M = '[redacted:password]';
const short = new ShortVaultValues();
short.add('note', 'Gym locker', '4471');
short.add('note', 'Shed lock', 'otter');
short.add('pin', 'Bank card', '1234');

describe('short vault values: cut where given as a value', () => {
  const cut: [string, string][] = [
    ['gym locker 4471, bring a towel', `gym locker ${M}, bring a towel`],
    ['Locker: 4471', `Locker: ${M}`],
    ['the door code is 4471 since May', `the door code is ${M} since May`],
    ['Neue PIN war 1234', `Neue PIN war ${M}`],
    ['shed lock = "otter"', `shed lock = "${M}"`],
    ['SHED LOCK OTTER', `SHED LOCK ${M}`],
    ['Bank card\nPIN: 1234\nExpires 08/29', `Bank card\nPIN: ${M}\nExpires 08/29`],
    ['  4471 ', `  ${M} `],
  ];
  it.each(cut)('%j', (text, want) => expect(short.cut(text)).toBe(want));

  const kept = [
    'room 4471 on the fourth floor',
    'order #44712 shipped; ref 1234-A5',
    'We counted 1234 votes in the end',
    'the otter statue by the shed',
    'The shed. Otter prints everywhere',
    'otter',
    // The label on another line is no label of this value.
    'Gym locker\n4471 steps today',
    'code review: 12 comments, 4 open',
    'Open locker 12 and the bank card 55',
  ];
  it.each(kept)('kept: %j', (text) => expect(short.cut(text)).toBe(text));

  it('a value the long cut takes, a contact and a masked value are not its to cut', () => {
    const s = new ShortVaultValues();
    s.add('network', 'Loft wifi', 'Gannet-Morrow-4471');
    s.add('email', 'Work mail', 'ana');
    s.add('note', 'Shed', '••••');
    expect(s.size).toBe(0);
  });
});
