import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REDACTION,
  REDACTION_CATEGORIES,
  cardNumberValid,
  findSecretsIn,
  ibanValid,
  luhnValid,
  redactText,
  switchesForModel,
  type RedactionCategory,
  type RedactionSwitches,
  type SecretKind,
} from '../../shared/redaction/index.js';

/** Every category on, so each detector can be seen on its own. */
const ALL: RedactionSwitches = { ...DEFAULT_REDACTION, emails: true, phones: true };
const only = (c: RedactionCategory): RedactionSwitches => Object.fromEntries(REDACTION_CATEGORIES.map((k) => [k, k === c])) as RedactionSwitches;

describe('shared redactor: one detector at a time', () => {
  // [text, kind, the value taken out, what stays around it]
  const cases: [string, SecretKind, string, string][] = [
    ['key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\nok', 'private_key', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----', 'key:\n[redacted:private_key]\nok'],
    ['use sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345 now', 'anthropic_key', 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345', 'use [redacted:anthropic_key] now'],
    ['use sk-proj-abcdefghijklmnopqrstuvwxyz0123 now', 'openai_key', 'sk-proj-abcdefghijklmnopqrstuvwxyz0123', 'use [redacted:openai_key] now'],
    ['stripe rk_live_abcdefghijklmnop1234', 'stripe_key', 'rk_live_abcdefghijklmnop1234', 'stripe [redacted:stripe_key]'],
    ['gho_abcdefghijklmnopqrstuvwxyz0123456789 pushed', 'github_token', 'gho_abcdefghijklmnopqrstuvwxyz0123456789', '[redacted:github_token] pushed'],
    ['xoxp-1234567890-abcdefghij', 'slack_token', 'xoxp-1234567890-abcdefghij', '[redacted:slack_token]'],
    ['POST https://hooks.slack.com/services/T0000/B0000/abcdefghijklmnopqrstuvwx', 'slack_token', 'https://hooks.slack.com/services/T0000/B0000/abcdefghijklmnopqrstuvwx', 'POST [redacted:slack_token]'],
    ['ASIAIOSFODNN7EXAMPLE', 'aws_key', 'ASIAIOSFODNN7EXAMPLE', '[redacted:aws_key]'],
    ['AWS_SECRET_ACCESS_KEY="wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"', 'aws_secret', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'AWS_SECRET_ACCESS_KEY="[redacted:aws_secret]"'],
    ['maps AIzaSyB-abcdefghijklmnopqrstuvwxyz01234', 'google_api_key', 'AIzaSyB-abcdefghijklmnopqrstuvwxyz01234', 'maps [redacted:google_api_key]'],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLXZhbHVl', 'jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLXZhbHVl', '[redacted:jwt]'],
    ['Authorization: Bearer 0123456789abcdefghijKLMN', 'bearer_token', '0123456789abcdefghijKLMN', 'Authorization: Bearer [redacted:bearer_token]'],
    ['Passwort: Sommer2024', 'password', 'Sommer2024', 'Passwort: [redacted:password]'],
    ['the password for the NAS is x9!kq.', 'password', 'x9!kq', 'the password for the NAS is [redacted:password].'],
    ['then type the password Gx7!pq29Lm when it asks', 'password', 'Gx7!pq29Lm', 'then type the password [redacted:password] when it asks'],
    ['The door code for the Porto office is 4471#.', 'password', '4471#', 'The door code for the Porto office is [redacted:password].'],
    ['the API key for the weather service: wk_4f9a2c7e1b8d6a3f0e5c', 'api_key', 'wk_4f9a2c7e1b8d6a3f0e5c', 'the API key for the weather service: [redacted:api_key]'],
    ['Passport number: X1234567, valid until 2031', 'passport', 'X1234567', 'Passport number: [redacted:passport], valid until 2031'],
    ['client_secret: 9f8e7d6c5b4a39281706', 'api_key', '9f8e7d6c5b4a39281706', 'client_secret: [redacted:api_key]'],
    ['pay to DE89 3704 0044 0532 0130 00 today', 'iban', 'DE89 3704 0044 0532 0130 00', 'pay to [redacted:iban] today'],
    ['Social Security Number 078-05-1120', 'ssn', '078-05-1120', 'Social Security Number [redacted:ssn]'],
    ['card 3782 822463 10005 on file', 'card', '3782 822463 10005', 'card [redacted:card] on file'],
    ['write to ana.lima+work@acme.co.uk today', 'email', 'ana.lima+work@acme.co.uk', 'write to [redacted:email] today'],
    ['Mobile: +44 20 7946 0958', 'phone', '+44 20 7946 0958', 'Mobile: [redacted:phone]'],
  ];

  for (const [text, kind, value, redacted] of cases) {
    it(`finds ${kind} in ${JSON.stringify(text.slice(0, 32))}`, () => {
      const r = redactText(text, ALL);
      expect(r.text).toBe(redacted);
      expect(r.secrets.map((s) => [s.kind, s.value])).toEqual([[kind, value]]);
      // Positions point at the value itself.
      const s = r.secrets[0]!;
      expect(text.slice(s.start, s.end)).toBe(value);
    });
  }

  it('keeps labels and purposes apart: "Password" labels, "wifi" is what it is for', () => {
    const [s] = findSecretsIn('My wifi password is hunter22x.');
    expect(s).toMatchObject({ kind: 'password', value: 'hunter22x', label: 'password', purpose: 'wifi' });
    expect(findSecretsIn('Password: hunter2!')[0]).toMatchObject({ value: 'hunter2!', label: 'Password', purpose: null });
  });
});

describe('shared redactor: what it must leave alone', () => {
  it('a how-to that mentions a password holds no password (issue 17)', () => {
    for (const t of [
      'To rotate the staging database password: first open the vault console, then generate a new secret.',
      'Change your password: open Settings, then Security.',
      'Passwort zurücksetzen: zuerst auf „Passwort vergessen“ klicken, dann den Link öffnen.',
      'You may need to type your password. Then the password manager opens.',
      'click the password reset123 link',
    ]) expect(findSecretsIn(t, ALL), t).toEqual([]);
    // A value that ends its clause is still one, letters only or not.
    expect(findSecretsIn('my password is sunshine.')[0]).toMatchObject({ value: 'sunshine' });
    expect(findSecretsIn('the wifi password at the cabin is pine-cone-42, and')[0]).toMatchObject({ value: 'pine-cone-42', purpose: 'cabin' });
  });

  it('Luhn: order numbers, placeholders and timestamps are not cards', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4444444444444444')).toBe(false);
    // A millisecond timestamp that passes Luhn by chance: no card network starts with 1.
    expect(luhnValid('1741234567897')).toBe(true);
    expect(cardNumberValid('1741234567897')).toBe(false);
    const text = 'Order 1234 5678 9012 3456 shipped at 1741234567897; test card 0000 0000 0000 0000; ref 4111-1111-1111-1112.';
    expect(redactText(text, ALL)).toEqual({ text, secrets: [] });
  });

  it('IBANs need their checksum, phones need a phone shape, labels need a mixed value', () => {
    expect(ibanValid('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(ibanValid('GB83 WEST 1234 5698 7654 32')).toBe(false);
    const text = 'GB83 WEST 1234 5698 7654 32 · build 2025-03-03 10:00:12 · v1.2.3 · total 1,234.56 · the token: expiredsessionvalue';
    expect(redactText(text)).toEqual({ text, secrets: [] });
    // With phone redaction on (opt-in), dates, versions and prices are still not phone numbers.
    const plain = 'build 2025-03-03 10:00:12 · v1.2.3 · total 1,234.56 · room 4B, ext. 1234';
    expect(redactText(plain, ALL)).toEqual({ text: plain, secrets: [] });
  });

  it('does not redact a marker again: redacting twice changes nothing more', () => {
    const once = redactText('Password: hunter2! card 4111 1111 1111 1111 key sk-ant-api03-abcdefghijklmnopqrstuvwx', ALL);
    expect(once.secrets).toHaveLength(3);
    expect(redactText(once.text, ALL)).toEqual({ text: once.text, secrets: [] });
  });

  it('a value found by a specific detector is not taken again by a vaguer one', () => {
    const r = redactText('password: sk-ant-api03-abcdefghijklmnopqrstuvwx');
    expect(r.secrets.map((s) => s.kind)).toEqual(['anthropic_key']);
    expect(r.text).toBe('password: [redacted:anthropic_key]');
  });
});

describe('shared redactor: switches', () => {
  const sample = 'pwd=S3cr3t-Value card 4111 1111 1111 1111 AKIAIOSFODNN7EXAMPLE IBAN GB82 WEST 1234 5698 7654 32 SSN 078-05-1120 ana@acme.com +351 912 345 678';
  const kindsOf = (sw: RedactionSwitches) => findSecretsIn(sample, sw).map((s) => s.category);

  it('defaults: credentials, cards, accounts and ID numbers on; emails and phones off', () => {
    expect(DEFAULT_REDACTION).toEqual({ secrets: true, passwords: true, cards: true, bank_accounts: true, id_numbers: true, emails: false, phones: false });
    expect(kindsOf(DEFAULT_REDACTION)).toEqual(['passwords', 'cards', 'secrets', 'bank_accounts', 'id_numbers']);
    expect(kindsOf(ALL)).toEqual(['passwords', 'cards', 'secrets', 'bank_accounts', 'id_numbers', 'emails', 'phones']);
  });

  it('each switch alone redacts its category and nothing else (a card is not a phone number when cards are off)', () => {
    for (const c of REDACTION_CATEGORIES) expect(kindsOf(only(c)), c).toEqual([c]);
    const none = Object.fromEntries(REDACTION_CATEGORIES.map((k) => [k, false])) as RedactionSwitches;
    expect(redactText(sample, none)).toEqual({ text: sample, secrets: [] });
  });

  it('text for a model always loses credentials, cards, accounts and IDs, and keeps the user’s extra choices', () => {
    const off = Object.fromEntries(REDACTION_CATEGORIES.map((k) => [k, false])) as RedactionSwitches;
    expect(switchesForModel(off)).toEqual(DEFAULT_REDACTION);
    expect(switchesForModel({ ...off, emails: true })).toEqual({ ...DEFAULT_REDACTION, emails: true });
  });
});
