/**
 * The values the re-scrub carries into text that quotes them alone (agents/store/rescrub-carry.ts):
 * which values may be masked anywhere (the floor), and where a text holds one as the vault judges
 * two values the same.
 */
import { describe, expect, it } from 'vitest';
import { CarriedSecrets, carriable } from '../../agents/store/rescrub-carry.js';
import { DEFAULT_REDACTION, redactText } from '../../shared/redaction/index.js';

const found = (c: CarriedSecrets, text: string) => c.in(text).map((s) => [s.kind, s.value]);

describe('which values are carried', () => {
  it('keeps out what could be an ordinary word or number', () => {
    for (const [kind, value] of [
      ['password', '1234'],
      ['password', 'summer'],
      ['password', 'sunflowers'],
      ['password', 'Sunflowers'],
      ['password', 'open sesame please'],
      ['password', '12345678'],
      ['password', '••••••••'],
      ['card', '[redacted:card]'],
    ]) {
      expect(carriable(kind!, value!), value).toBe(false);
    }
  });

  it('carries what reads as a value: mixed letters, digits, marks, long account numbers, long phrases', () => {
    for (const [kind, value] of [
      ['password', 'Heron-Quill-4471'],
      ['password', 'tidal7marsh'],
      ['password', 'correct horse battery staple'],
      ['iban', 'DE89 3704 0044 0532 0130 00'],
      ['card', '4111 1111 1111 1111'],
      ['passport', 'C01X00T47'],
    ]) {
      expect(carriable(kind!, value!), value).toBe(true);
    }
  });
});

describe('where a text quotes a carried value', () => {
  it('finds a password exactly as written, never inside a longer word or with another case', () => {
    const c = new CarriedSecrets(DEFAULT_REDACTION);
    c.add('password', 'Heron-Quill-4471');
    expect(found(c, 'joined with Heron-Quill-4471, then left')).toEqual([['password', 'Heron-Quill-4471']]);
    expect(found(c, 'joined with heron-quill-4471')).toEqual([]);
    expect(found(c, 'joined with Heron-Quill-44712')).toEqual([]);
    expect(found(c, 'joined with XHeron-Quill-4471')).toEqual([]);
  });

  it('finds an account number however it is grouped and in any case', () => {
    const c = new CarriedSecrets(DEFAULT_REDACTION);
    c.add('iban', 'GB82 WEST 1234 5698 7654 32');
    expect(found(c, 'rent to GB82WEST12345698765432 monthly')).toEqual([['iban', 'GB82WEST12345698765432']]);
    expect(found(c, 'rent to gb82-west-1234-5698-7654-32.')).toEqual([['iban', 'gb82-west-1234-5698-7654-32']]);
    expect(redactText('rent to GB82 WEST 1234 5698 7654 32 monthly', DEFAULT_REDACTION, c.in('rent to GB82 WEST 1234 5698 7654 32 monthly')).text).toBe('rent to [redacted:iban] monthly');
    expect(found(c, 'order GB82WEST123456987654321')).toEqual([]);
  });

  it('finds a key with the spaces OCR put in it', () => {
    const c = new CarriedSecrets(DEFAULT_REDACTION);
    c.add('openai_key', 'sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12');
    expect(found(c, 'key sk-proj-Ab12Cd34 Ef56Gh78Ij90Kl12 in the log')).toEqual([['openai_key', 'sk-proj-Ab12Cd34 Ef56Gh78Ij90Kl12']]);
  });

  it('follows the switches, and leaves contacts and kinds the detectors do not mask to their own rules', () => {
    const off = new CarriedSecrets({ ...DEFAULT_REDACTION, passwords: false });
    off.add('password', 'Heron-Quill-4471');
    expect(off.size).toBe(0);
    const c = new CarriedSecrets({ ...DEFAULT_REDACTION, emails: true });
    c.add('email', 'ana.kovac@example.org');
    c.add('vault_note', 'Heron-Quill-4471');
    expect(c.size).toBe(0);
  });
});

describe('vault entries of kinds no detector knows (for prompts only)', () => {
  it('are carried only by a cutter that takes every kind, folded as an account number is, masked as a vault entry', () => {
    const kept = new CarriedSecrets(DEFAULT_REDACTION);
    kept.add('network', 'Tern Lagoon 5582');
    expect(kept.size).toBe(0);
    const c = new CarriedSecrets(DEFAULT_REDACTION, true);
    c.add('network', 'Tern Lagoon 5582');
    c.add('address', '14 Kestrel Lane, Flat 3B');
    c.add('note', 'q7m4-zx2p-kl9w');
    expect(found(c, 'key TERN LAGOON 5582 on the card')).toEqual([['password', 'TERN LAGOON 5582']]);
    expect(found(c, 'to 14 Kestrel Lane,\nFlat 3B today')).toEqual([['password', '14 Kestrel Lane,\nFlat 3B']]);
    expect(found(c, 'codes Q7M4 ZX2P KL9W.')).toEqual([['password', 'Q7M4 ZX2P KL9W']]);
    expect(redactText('codes q7m4-zx2p-kl9w done', DEFAULT_REDACTION, c.in('codes q7m4-zx2p-kl9w done')).text).toBe('codes [redacted:password] done');
    // Part of the value, or the value inside a longer one, is not it.
    expect(found(c, 'Kestrel Lane is closed; Tern Lagoon 55821')).toEqual([]);
  });

  it('keeps plain words, short numbers and contacts out', () => {
    const c = new CarriedSecrets(DEFAULT_REDACTION, true);
    for (const [kind, value] of [
      ['address', 'Kestrel Lane'],
      ['address', 'Amsterdam'],
      ['note', '5582'],
      ['note', '12345678'],
      ['network', 'GuestNet'],
      ['email', 'ana.kestrel.7731@example.org'],
      ['phone', '+44 20 7946 0958 77'],
    ]) {
      c.add(kind!, value!);
    }
    expect(c.size).toBe(0);
  });
});
