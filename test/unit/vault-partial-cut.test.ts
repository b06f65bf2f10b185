import { describe, expect, it } from 'vitest';
import { cutValues, maskSecret, valuesToCut, WITHHELD } from '../../shared/vault/index.js';

/**
 * The vault cut takes parts of a value too (issue 28): a clipped beginning, a masked end, both
 * around a mark; ordinary text that merely shares a few characters with a value stays.
 */
const KEY = 'sk-ant-api03-Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ';
const CARD = '4111111111111111';
const PW = 'correct-horse-battery';
const values = valuesToCut([KEY, CARD, PW, 'password123']);

describe('vault cut: clipped and masked parts of a value', () => {
  const cut: [string, string][] = [
    [`the key sk-ant-api03-Xy7Kq2… was used`, `the key ${WITHHELD} was used`],
    [`the key sk-ant-api03-Xy7Kq2LmNpR4... was used`, `the key ${WITHHELD} was used`],
    [`key: "sk-ant-api03-Xy7Kq2LmNpR4sT8vW1"`, `key: "${WITHHELD}"`],
    [`shown as ${maskSecret(KEY, 'low')} in the vault`, `shown as ${WITHHELD} in the vault`],
    [`shown as ••••0hJ in the vault, or sk-ant-…G0hJ`, `shown as ••••0hJ in the vault, or ${WITHHELD}`],
    [`card ****1111 on file`, `card ${WITHHELD} on file`],
    [`card 411111…`, `card ${WITHHELD}`],
    [`pass correct-horse-b…`, `pass ${WITHHELD}`],
    [`a clipped line ending in sk-ant-api03-Xy7Kq2LmNp`, `a clipped line ending in ${WITHHELD}`],
    [`exact ${KEY} copy`, `exact ${WITHHELD} copy`],
  ];
  for (const [text, want] of cut) it(JSON.stringify(text), () => expect(cutValues(text, values)).toBe(want));

  const kept = [
    'my password is long; passwords rotate yearly',
    'the horse ran, correct and calm',
    'sk-ant- is how Anthropic keys begin',
    'an ellipsis… and three dots... and ******** stars',
    'card ending 4242 ****4242',
    'sk-ant-api03-Zz9… is another key',
    'version 4.1.1 of the app',
  ];
  for (const text of kept) it(`keeps ${JSON.stringify(text)}`, () => expect(cutValues(text, values)).toBe(text));
});
