import { describe, expect, it } from 'vitest';
import { luhnValid, redact } from '../../electron/sensing/perception/index.js';

describe('redaction', () => {
  it('redacts card numbers that pass Luhn, in any grouping, and leaves other numbers', () => {
    const r = redact('Visa 4111 1111 1111 1111, Amex 3782-822463-10005, MC 5555555555554444. Order 1234 5678 9012 3456 shipped.');
    expect(r.text).toBe('Visa [redacted:card], Amex [redacted:card], MC [redacted:card]. Order 1234 5678 9012 3456 shipped.');
    expect(r.secrets.map((s) => s.kind)).toEqual(['card', 'card', 'card']);
    expect(r.secrets[0]!.value).toBe('4111 1111 1111 1111');
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('0000000000000000')).toBe(false);
  });

  it('redacts provider API keys and tokens by shape', () => {
    const samples: [string, string][] = [
      ['AKIAIOSFODNN7EXAMPLE', 'aws_key'],
      ['ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'github_token'],
      ['github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN', 'github_token'],
      ['xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx', 'slack_token'],
      ['sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'stripe_key'],
      ['sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD', 'openai_key'],
      ['sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789-_ABCDEFGH', 'anthropic_key'],
      ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'jwt'],
      ['AIzaSyA-1234567890abcdefghijklmnopqrstu', 'google_api_key'],
    ];
    for (const [value, kind] of samples) {
      const r = redact(`token here: ${value} end`);
      expect(r.text, value).not.toContain(value);
      expect(r.text, value).toContain(`[redacted:${kind}]`);
      expect(r.secrets.find((s) => s.kind === kind)?.value).toBe(value);
    }
  });

  it('redacts private key blocks whole', () => {
    const block = '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA1234\nabcd\n-----END RSA PRIVATE KEY-----';
    const r = redact(`key:\n${block}\ndone`);
    expect(r.text).toBe('key:\n[redacted:private_key]\ndone');
  });

  it('redacts values next to password labels and keeps the label', () => {
    expect(redact('Password: hunter2!').text).toBe('Password: [redacted:password]');
    expect(redact('db pwd=S3cr3t-Value user=ana').text).toBe('db pwd=[redacted:password] user=ana');
    const r = redact('api_key = "a1b2c3d4e5f6g7h8i9j0"');
    expect(r.text).toBe('api_key = "[redacted:api_key]"');
    expect(r.secrets[0]).toMatchObject({ kind: 'api_key', label: 'api_key' });
    // A label followed by an ordinary word is not a secret.
    expect(redact('the token: expiredsessionvalue was refreshed').text).toBe('the token: expiredsessionvalue was refreshed');
  });

  it('redacts AWS secret keys, bearer tokens, IBANs and SSNs', () => {
    expect(redact('aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY').text).toBe('aws_secret_access_key = [redacted:aws_secret]');
    // OCR dropped a letter (39) or doubled one (41): still the labelled secret.
    expect(redact('aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKE').text).toBe('aws_secret_access_key = [redacted:aws_secret]');
    expect(redact('aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEYY').text).toBe('aws_secret_access_key = [redacted:aws_secret]');
    expect(redact('Authorization: Bearer abcdefghijklmnopqrstuvwxyz123456').text).toBe('Authorization: Bearer [redacted:bearer_token]');
    expect(redact('IBAN GB82 WEST 1234 5698 7654 32 please').text).toBe('IBAN [redacted:iban] please');
    expect(redact('SSN: 123-45-6789').text).toBe('SSN: [redacted:ssn]');
  });

  it('leaves ordinary text alone', () => {
    const plain = 'Meeting with Ana at 10:30 about the Q3 deck (room 4B, ext. 1234).';
    expect(redact(plain)).toEqual({ text: plain, secrets: [] });
  });
});
