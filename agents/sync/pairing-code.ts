import { hkdfSync } from 'node:crypto';
import { entropyToMnemonic, mnemonicToEntropy, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { SyncError } from './sync-error.js';

/** 32 bytes of key: 24 words of the BIP-39 English list (11 bits each, the last carrying an 8-bit checksum). */
export const PAIRING_WORDS = 24;
const KNOWN = new Set(wordlist);

/**
 * The folder's id, derived from the sync key: the pairing code then carries both, and two devices
 * with the same key can never disagree on the folder id.
 */
export function folderIdOf(key: Buffer): string {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'engram-sync-folder-id-v1', 16)).toString('hex');
}

/** The pairing code of a sync key: words a person can read out or type on the next device. */
export function pairingCode(key: Buffer): string {
  if (key.length !== 32) throw new SyncError('PAIRING', 'a sync key is 32 bytes');
  return entropyToMnemonic(key, wordlist);
}

/**
 * The sync key in a pairing code as typed: case, extra spaces, commas, hyphens and the numbers a
 * printed list puts before words are forgiven; a word not in the list, a missing word or a wrong
 * checksum (a mistyped or swapped word) is refused with one line.
 */
export function parsePairingCode(text: string): Buffer {
  const words = text
    .toLowerCase()
    .replace(/\b\d+[.)]/g, ' ')
    .split(/[\s,;-]+/)
    .filter(Boolean);
  if (words.length !== PAIRING_WORDS) throw new SyncError('PAIRING', `a pairing code has ${PAIRING_WORDS} words; this one has ${words.length}`);
  const unknown = words.findIndex((w) => !KNOWN.has(w));
  if (unknown >= 0) throw new SyncError('PAIRING', `word ${unknown + 1} of the pairing code, "${words[unknown]!.slice(0, 20)}", is not a pairing word; check it against the other device`);
  const phrase = words.join(' ');
  if (!validateMnemonic(phrase, wordlist)) throw new SyncError('PAIRING', 'the pairing code does not check out: a word is wrong or two are swapped; check it against the other device');
  return Buffer.from(mnemonicToEntropy(phrase, wordlist));
}
