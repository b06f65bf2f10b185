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
short.add('password', 'Dog', 'max');

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

  // trust52: the label after the value, earlier in its clause, or on the line above it.
  const elsewhere: [string, string][] = [
    ['4471 was my old gym locker combination', `${M} was my old gym locker combination`],
    ['Door code: unchanged, still 4471', `Door code: unchanged, still ${M}`],
    ['is 4471 still my gym locker code?', `is ${M} still my gym locker code?`],
    ['the locker code is now 4471', `the locker code is now ${M}`],
    ['Gym locker\n\n4471', `Gym locker\n\n${M}`],
    ['Card details\nPIN:\n1234\n', `Card details\nPIN:\n${M}\n`],
    ['Otter is the password for the shed', `${M} is the password for the shed`],
    ['reminder: otter (shed lock code)', `reminder: ${M} (shed lock code)`],
  ];
  it.each(elsewhere)('label elsewhere: %j', (text, want) => expect(short.cut(text)).toBe(want));

  const keptElsewhere = [
    '4471 steps before the gym',
    'Bus 4471. Locker was full',
    'Locker: 12 rows\n4471',
    'The code review took ages; 4471 lines changed',
    'Locker code: see the desk. 4471 is the room',
    'Max is my dog, otter is his toy',
    'Max (my dog) loves the shed',
    'We went to the bank to get a new card\n1234',
  ];
  it.each(keptElsewhere)('kept, label elsewhere: %j', (text) => expect(short.cut(text)).toBe(text));

  it('given: the values as the text writes them, once each, for a caller that masks an image', () => {
    expect(short.given('LOCKER\n4471\nroom 4471, Otter is the shed password')).toEqual(['4471', 'Otter']);
    expect(short.given('room 4471 on the fourth floor')).toEqual([]);
  });

  it('a value the long cut takes, a contact and a masked value are not its to cut', () => {
    const s = new ShortVaultValues();
    s.add('network', 'Loft wifi', 'Gannet-Morrow-4471');
    s.add('email', 'Work mail', 'ana');
    s.add('note', 'Shed', '••••');
    expect(s.size).toBe(0);
  });
});
