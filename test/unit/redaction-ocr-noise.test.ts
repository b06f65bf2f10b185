import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTION, redactText, type SecretKind } from '../../shared/redaction/index.js';

/**
 * Text read off the screen through OCR: characters of a secret turned into `]`, `|`, `l` or `!`,
 * stray marks between the groups of a card number. Whatever survives of a recognised secret must
 * not stay in the text. The corruptions are the ones tesseract makes on terminal and browser text
 * (a thin glyph read as a bracket or bar, a digit as a look-alike letter), applied to values of
 * every detector's kind.
 */
const ALL = { ...DEFAULT_REDACTION };

/** Every fragment of the secret that is longer than three characters must be gone. */
function expectGone(out: string, secret: string): void {
  const pieces = secret.split(/[^A-Za-z0-9]+/).filter((p) => p.length >= 4);
  for (const p of pieces) expect(out, `"${p}" of ${secret} left in: ${out}`).not.toContain(p);
}

describe('redaction through OCR noise: token secrets', () => {
  // [kind, as shown, as OCR read it]
  const cases: [SecretKind, string, string][] = [
    ['anthropic_key', 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789', 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz012]jF5dCOaE'],
    ['anthropic_key', 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789', 'sk-ant-api03-abcd|efghijklmnopqrstuvwxyz0123456789'],
    ['openai_key', 'sk-proj-abcdefghijklmnopqrstuvwxyz0123', 'sk-proj-abcdefghij]klmnopqrstuvwxyz0123'],
    ['stripe_key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'sk_live_4eC39HqLy!WDarjtT1zdp7dc'],
    ['github_token', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'ghp_abcdefghijklmnopqrst|uvwxyz0123456789'],
    ['slack_token', 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx', 'xoxb-1234]56789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'],
    ['aws_key', 'AKIAIOSFODNN7EXAMPLE', 'AKIAIOSF]ODNN7EXAMPLE'],
    ['aws_key', 'AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPL|'],
    ['google_api_key', 'AIzaSyA-1234567890abcdefghijklmnopqrstu', 'AIzaSyA-1234567890abcdef]ghijklmnopqrstu'],
    ['jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jV]mNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
  ];
  for (const [kind, shown, read] of cases) {
    it(`${kind}: ${JSON.stringify(read.slice(0, 24))}…`, () => {
      const out = redactText(`export KEY=${read} # set`, ALL);
      expect(out.secrets.map((s) => s.kind)).toContain(kind);
      expectGone(out.text, read);
      expectGone(out.text, shown);
      // The words around it stay.
      expect(out.text).toContain('# set');
    });
  }

  it('labelled values: bearer tokens, api keys and passwords lose their whole token', () => {
    const bearer = redactText('Authorization: Bearer abcdefghijkl]mnopqrstuvwxyz123456 ok', ALL);
    expect(bearer.text).toBe('Authorization: Bearer [redacted:bearer_token] ok');
    const key = redactText('client_secret: 9f8e7d6c5b4a3928|1706ab ok', ALL);
    expect(key.text).toBe('client_secret: [redacted:api_key] ok');
    const pw = redactText('Password: hunt]er22!x done', ALL);
    expect(pw.text).toBe('Password: [redacted:password] done');
  });

  it('a sentence\'s full stop or a closing quote is not taken as the rest of the key', () => {
    expect(redactText('the key is AKIAIOSFODNN7EXAMPLE.', ALL).text).toBe('the key is [redacted:aws_key].');
    expect(redactText('KEY="sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789"', ALL).text).toBe('KEY="[redacted:anthropic_key]"');
  });
});

describe('redaction through OCR noise: card numbers, IBANs, SSNs', () => {
  const cards: [string, string][] = [
    ['4111 1111 1111 1111', '4111 1111 l111 1111'],
    ['4111 1111 1111 1111', '4111 | 1111 1111 1111'],
    ['4111 1111 1111 1111', "4111. 1111 '1111 1111"],
    ['5555 5555 5555 4444', '5555,5555 5555 4444'],
    ['3782 822463 10005', '3782 822463 1OOO5'],
    ['4111 1111 1111 1111', '41|1 1111 1111 1111'],
  ];
  for (const [shown, read] of cards) {
    it(`card ${JSON.stringify(read)}`, () => {
      const out = redactText(`Card number ${read} exp 12/27`, ALL);
      expect(out.secrets.map((s) => s.kind)).toEqual(['card']);
      expect(out.text).toBe('Card number [redacted:card] exp 12/27');
      expectGone(out.text, shown);
    });
  }

  it('dates, times, versions and order numbers are still not cards through the looser reading', () => {
    const text = 'built 2025-03-03 10:00:12 · v1.2.3 · Order 1234 5678 9012 3456 · ref 4111-1111-1111-1112 · total 1,234.56 · call 0800 123 4567';
    expect(redactText(text, ALL)).toEqual({ text, secrets: [] });
  });

  it('an IBAN with an O read for a 0 is still an IBAN', () => {
    const out = redactText('pay to DE89 37O4 0044 0532 0130 00 today', ALL);
    expect(out.text).toBe('pay to [redacted:iban] today');
  });

  it('a social security number with an l read for a 1', () => {
    const out = redactText('SSN: 078-05-ll20 on file', ALL);
    expect(out.text).toBe('SSN: [redacted:ssn] on file');
  });
});
