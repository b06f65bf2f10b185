import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTION, DETECTORS, redactText, secretsByLayout } from '../../shared/redaction/index.js';
import { placedCell } from '../helpers/screen-words.js';
import { sensitivityOf } from '../../agents/knowledge-vault/index.js';

/**
 * Secrets as real tools show them (redteam55's trust cases leaked them all): a setting's name that
 * ends in its label (`SESSION_SECRET=`, `POSTGRES_PASSWORD:`), a token a narrow window wrapped onto
 * the next line, a key file scrolled past its BEGIN line, a bank form with a row per label and per
 * value, a one-time code in a text message, a wallet's recovery phrase. Written apart from the
 * detectors: other names, other tools, other words; and the screens where the value is not there.
 */
const cut = (text: string, value: string): void => {
  const out = redactText(text, DEFAULT_REDACTION);
  expect(out.text, out.text).not.toContain(value);
  expect(out.secrets.length).toBeGreaterThan(0);
};
const kept = (text: string): void => {
  expect(redactText(text, DEFAULT_REDACTION).text).toBe(text);
};

describe('a setting named for its secret', () => {
  const cases: [string, string][] = [
    ['REDIS_PASSWORD=Plover-Gate-5512', 'Plover-Gate-5512'],
    ['export MAILGUN_API_KEY=key-3f9a71c2e8b04d56a1e7c9b2', 'key-3f9a71c2e8b04d56a1e7c9b2'],
    ['  NEXTAUTH_SECRET: "Jq2Vn8Rx4Kt6Ws1Ym9Lc3Pb7"', 'Jq2Vn8Rx4Kt6Ws1Ym9Lc3Pb7'],
    ['ENCRYPTION_KEY=0b7e4c1a9f3d6285e4a1c7b9d2f06e38', '0b7e4c1a9f3d6285e4a1c7b9d2f06e38'],
    ['SENTRY_AUTH_TOKEN = 7c2e9a41b8d35f60e1a4c7b92d8f03e6', '7c2e9a41b8d35f60e1a4c7b92d8f03e6'],
    ['mysql_root_pwd: Aster&Ferry77', 'Aster&Ferry77'],
  ];
  for (const [text, value] of cases) it(JSON.stringify(text), () => cut(text, value));

  it('names that hold the word but give no secret stay', () => {
    kept('MAX_TOKENS=4096');
    kept('TOKEN_TTL_SECONDS=3600');
    kept('SORT_KEY=created_at');
    kept('PASSWORD_MIN_LENGTH=12');
    kept('ALLOW_EMPTY_PASSWORD=true');
    kept('DB_PASSWORD=none');
    kept('the bypass_mode flag and the compass_heading=270 setting');
    kept('Press the KEY_ENTER code to continue');
  });
});

describe('a token wrapped at the window edge', () => {
  it('a JWT broken after its second dot, in a response pane', () => {
    cut('{"id_token":"eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUifQ.\nMq7Tz2Lk9Wx4Bn6Vc1Hd8Rf3Gs5Ja0Pe","ttl":60}', 'Mq7Tz2Lk9Wx4Bn6Vc1Hd8Rf3Gs5Ja0Pe');
  });
  it('a key broken in its middle, the rest indented on the next line', () => {
    cut('Authorization: token ghp_Rt5Yp8Ls2Kd4Hf7Gj1Nv3B\n    x6Cc0QwErTy9UiOpAs', 'x6Cc0QwErTy9UiOpAs');
  });
  it('two lines of prose, or a path and a word, do not join', () => {
    kept('see /usr/local/share/applications/\nfor the launchers');
    kept('The configuration_management_database\nholds every asset');
    kept('commit 3f9a71c2e8b04d56a1e7c9b2f0d4e6a8b1c3d5e7\nAuthor: Mira Okafor');
  });
  it('a word on the line after a whole key is not taken with it', () => {
    expect(redactText('SESSION_TOKEN=Zx81Lk29Qw73Pm46Nb05\nDeployment finished', DEFAULT_REDACTION).text).toBe('SESSION_TOKEN=[redacted:api_key]\nDeployment finished');
  });
});

describe('a private key whose BEGIN line is off screen', () => {
  it('its body down to the END line', () => {
    const body = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC3Vq8Lm2Xt7Wn4Rk1Pz';
    cut(`${body}\nZb9Hc1Jd5Fg0MhQw2ErTy6Ui\n-----END PRIVATE KEY-----\nuser@host:~$`, body);
  });
  it('a base64 blob with no END line, and an END line alone, stay', () => {
    kept('aGVsbG8gd29ybGQgdGhpcyBpcyBub3QgYSBrZXk=\nthat was the encoded greeting');
    kept('-----END CERTIFICATE-----');
  });
});

describe('a bank form with a row per label and per value', () => {
  it('the account number two rows under the sort code', () => {
    cut('Recipient\nA Nwosu\nSort code\n08-90-61\nAccount number\n63018847\nAmount\n£120.00', '63018847');
  });
  it('an amount or a reference under the same labels stays', () => {
    kept('Sort code\n08-90-61\nPayment reference\n63018847');
    kept('Sort code\n08-90-61\nAccount name\nNwosu Ltd\nNotes\nInvoice 63018847 paid\nMore\nText here');
  });
});

describe('a one-time code', () => {
  const cases: [string, string][] = [
    ['Your Revolut verification code: 771 204. Do not share it with anyone.', '771 204'],
    ['Use 60194 as your login code for Deliveroo', '60194'],
    ['Ihr Bestätigungscode lautet 339018', '339018'],
    ['Votre code de vérification est 552871', '552871'],
    ['OTP for txn of INR 500: 918273', '918273'],
  ];
  for (const [text, value] of cases) it(JSON.stringify(text), () => cut(text, value));
  it('numbers beside other codes stay', () => {
    kept('Error code 500123 from the payments server');
    kept('Postcode: 10115 Berlin');
    kept('The discount code SUMMER2026 saves 20%');
    kept('Your order 48291377 is on its way');
    kept('Flight BA 2041 boards at gate 12');
    kept('The security team meets at 1400 in room 2041');
  });
});

describe('a recovery phrase', () => {
  it('twelve numbered words read down two columns', () => {
    const text = '1. meadow   7. lunar\n2. cabin    8. rescue\n3. velvet   9. orphan\n4. dragon   10. spike\n5. tonight  11. amused\n6. silver   12. wheat';
    const out = redactText(text, DEFAULT_REDACTION);
    for (const w of ['meadow', 'lunar', 'orphan', 'wheat']) expect(out.text).not.toContain(w);
  });
  it('twelve words after "Seed phrase:"', () => cut('Seed phrase:\nmeadow cabin velvet dragon tonight silver lunar rescue orphan spike amused wheat', 'meadow cabin velvet'));
  it('a numbered list of other lengths, or out of order, stays', () => {
    kept('1 eggs 2 milk 3 flour 4 sugar 5 butter');
    kept('1 red 2 blue 3 green 4 black 5 white 6 pink 7 grey 8 gold 9 teal 10 navy 11 plum 13 rust');
    kept('Your recovery phrase keeps your wallet safe, so never type it into any website or share it.');
  });
});

describe('the vault keeps every kind the detectors find as sensitive', () => {
  it('no secret kind falls to low sensitivity (a recovery phrase shown as a low entry)', () => {
    const kinds = new Set(DETECTORS.filter((d) => d.category !== 'emails' && d.category !== 'phones').map((d) => d.kind));
    for (const k of kinds) expect(sensitivityOf(k), k).not.toBe('low');
  });
});

describe("a setting's name as a label cell", () => {
  it('a table of variables: the name starts its row, its value in the next column', () => {
    const words = [...placedCell('Key', 40, 100), ...placedCell('Value', 420, 100), ...placedCell('STAGING_API_TOKEN', 40, 132), ...placedCell('Rv6Kp1Wz8Qm3Tn5Ls9Hd2', 420, 132)];
    expect(secretsByLayout(words).map((s) => s.value)).toEqual(['Rv6Kp1Wz8Qm3Tn5Ls9Hd2']);
  });
  it("after a prompt it is a command's argument: the network name beside it stays", () => {
    const words = [...placedCell('$', 10, 40), ...placedCell('wpa_passphrase', 190, 40), ...placedCell('Dune-Mesh-5G', 370, 40), ...placedCell('Quince-Owl-8812', 550, 40)];
    expect(secretsByLayout(words).map((s) => s.value)).not.toContain('Dune-Mesh-5G');
  });
});
