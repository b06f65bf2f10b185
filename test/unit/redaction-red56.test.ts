import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTION, redactText } from '../../shared/redaction/index.js';
import { sensitivityOf } from '../../agents/knowledge-vault/index.js';

/**
 * Secrets no label announces (redteam56's trust cases leaked them all): the middle of a key file, a
 * bank's bare sign-in code under its name, a card's security code with no label after the number and
 * expiry, an authenticator's setup key, a password glued to mysql's -p, a licence key. Written apart
 * from the detectors: other tools, other values, other layouts; and the screens where the value is
 * not there.
 */
const cut = (text: string, value: string): void => {
  const out = redactText(text, DEFAULT_REDACTION);
  expect(out.text, out.text).not.toContain(value);
  expect(out.secrets.length).toBeGreaterThan(0);
};
const kept = (text: string): void => {
  expect(redactText(text, DEFAULT_REDACTION).text).toBe(text);
};

describe('the middle of a key, neither BEGIN nor END on screen', () => {
  const body = [
    'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn',
    'NhAAAAAwEAAQAAAYEAx7Kq2Wm9Xt4Vb8Nc3Hs6Jd1Lf5Pg0Ty7Ue2Ai4Qo3RpZz8Lk4Jh6G',
    'f1Ds9Aq3Wp5Eo0Ri7Tu2Vb7Nc2Xz8Lk4Jh6Gf1Ds9Aq3Wp5Eo0Ri7Tu2Mn4Bv6Cx8Zl2',
  ];
  it('an editor showing three body lines of one width', () => cut(`  ${body.join('\n  ')}\n-- INSERT --`, body[1]!));
  it('two lines, the second shorter (the last line of a key)', () => cut(`${body[0]}\n${body[2]!.slice(0, 30)}`, body[0]!));

  it('one long line alone, a hash column, a path, prose in long words stay', () => {
    kept(`data ${body[0]}`);
    kept('sha256  9f2c4e1a7b3d8065e4a1c7b9d2f06e38a1b2c3d4e5f60718293a4b5c6d7e8f90\nsha256  1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091');
    kept('/usr/local/share/applications/org.example.Application/Contents/Resources\n/usr/local/share/applications/org.example.OtherApplication/Contents/Res');
    kept('Pneumonoultramicroscopicsilicovolcanoconiosis is a long word indeed\nand so is Supercalifragilisticexpialidocious in the song from 1964');
  });
});

describe("a bank's sign-in code alone under its name", () => {
  it('a notification: the bank, then the number', () => cut('Notifications\nNationwide Building Society\n615 204\nnow', '615 204'));
  it('a line between the name and the code', () => cut('Banco Sabadell\nMensaje nuevo\n905317', '905317'));

  it('numbers that are not a code stay', () => {
    // A bank's page with an amount, a year, a postcode on a line of its own with more words.
    kept('Bank statement\nBalance 1,204.50\n2026');
    kept('Bank Road\nMumbai 400001');
    // No bank named: a bare number under another title.
    kept('Order status\n482913\nShipped');
  });
});

describe("a card's security code with no label", () => {
  it('a saved-card row: number, expiry, code', () => cut('Visa  4111 1111 1111 1111  11/27  409  Remove', '409'));
  it('a form, one field a row', () => cut('Card\n5555 5555 5555 4444\nMM/YY 09/2028\n7391\nSave card', '7391'));

  it('a card row without a code, or a date after a number that is not a card, stays', () => {
    kept('Visa ending 1111 — expires 11/27');
    kept('Invoice 2026-118 dated 11/27 for 409 units');
  });
});

describe("an authenticator's setup key", () => {
  it('in groups of four, lower case', () => cut('Or type this key: 3wqz 7hxk m4pv 2tdr 6ybn q5fs\nthen the code it shows', '3wqz 7hxk m4pv 2tdr 6ybn q5fs'));
  it('whole, in capitals', () => cut('secret = NB2HI4DTHIXS6Z3JORUHKYRONFXW4ZDFPA3D', 'NB2HI4DTHIXS6Z3JORUHKYRONFXW4ZDFPA3D'));
  it('is kept in the vault as high sensitivity', () => expect(sensitivityOf('totp_seed')).toBe('high'));

  it('four-letter words, a heading in capitals, a version string stay', () => {
    kept('they said that this will work from here when done');
    kept('THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG');
    kept('SECTION 2 OF 7: GETTING STARTED');
    kept('build 2345 of 2467 done');
  });
});

describe('a password glued to a command', () => {
  it("mysqldump's -p", () => cut('mysqldump -h db1 -u backup -pWren77Lantern --all-databases > all.sql', 'Wren77Lantern'));
  it("sshpass's -p", () => cut("sshpass -p 'Kite-Orchid-51' ssh pi@10.0.0.9", 'Kite-Orchid-51'));

  it('a port, a prompt for the password, another command with -p stay', () => {
    kept('mysql -h 127.0.0.1 -P 3306 -u root -p');
    kept('mkdir -p build/out && cp -p a b');
  });
});

describe('a licence key', () => {
  it('four groups of five', () => cut('Product key: VK7JG-NPHTM-C97JM-9MPGT', 'VK7JG-NPHTM-C97JM-9MPGT'));
  it('six groups of four', () => cut('Your licence: 4HQ2-ZX8K-M3PD-7RTW-Q9LC-B6NE', '4HQ2-ZX8K-M3PD-7RTW-Q9LC-B6NE'));

  it('a UUID, a date, a part number, words in capitals stay', () => {
    kept('550E8400-E29B-41D4-A716-446655440000');
    kept('released 2026-12-07');
    kept('ISBN 978-3-16-148410-0');
    kept('WORK-FROM-HOME-DAYS-ONLY');
  });
});
