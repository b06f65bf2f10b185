import { describe, expect, it } from 'vitest';
import { secretIdentity } from '../../agents/knowledge-vault/secret-identity.js';

/**
 * When the vault takes two values for one secret (the re-scrub finds again what chat or a screen
 * handed it live): grouped or split as people and OCR write them, the same; anything else, not.
 */
const same = (type: string, a: string, b: string) => secretIdentity(type, a) === secretIdentity(type, b);

describe('vault: one secret however it was written', () => {
  it('an account or card number grouped in fours, with dashes or dots, or run together', () => {
    expect(same('iban', 'NL91 ABNA 0417 1643 00', 'nl91abna0417164300')).toBe(true);
    expect(same('card', '5555-5555-5555-4444', '5555 5555 5555 4444')).toBe(true);
    expect(same('account_number', '12.345.678', '12345678')).toBe(true);
    expect(same('iban', 'NL91 ABNA 0417 1643 00', 'NL91 ABNA 0417 1643 01')).toBe(false);
  });

  it('a key OCR split at a space, or read without its head', () => {
    expect(same('github_token', 'ghp_9Zk2Lm4 Np8Qr1St6Uv3Wx5Yz7Ab0Cd2Ef4Gh', 'ghp_9Zk2Lm4Np8Qr1St6Uv3Wx5Yz7Ab0Cd2Ef4Gh')).toBe(true);
    expect(same('stripe_key', 'rk_test_7Hq2Wm9Xt4Vb8Nc3Hs6Jd1Lf', '7Hq2Wm9Xt4Vb8Nc3Hs6Jd1Lf')).toBe(true);
    expect(same('stripe_key', 'sk_live_7Hq2Wm9Xt4Vb8Nc3Hs6Jd1Lf', 'sk_live_7Hq2Wm9Xt4Vb8Nc3Hs6Jd1Lg')).toBe(false);
  });

  it('a password as written: a space or a letter case is part of it', () => {
    expect(same('password', 'plum orchard 71', 'plumorchard71')).toBe(false);
    expect(same('password', 'Plum-Orchard-71', 'plum-orchard-71')).toBe(false);
    expect(same('password', ' Plum-Orchard-71 ', 'Plum-Orchard-71')).toBe(true);
  });

  it('contact details as the contact finder compares them', () => {
    expect(same('email', 'Ines.Moreau@Example.org', 'ines.moreau@example.org')).toBe(true);
    expect(same('phone', '+351 912 345 678', '+351912345678')).toBe(true);
    expect(same('phone', '+351 912 345 678', '+351 912 345 679')).toBe(false);
  });
});
