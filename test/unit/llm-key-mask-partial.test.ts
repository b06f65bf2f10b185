import { describe, expect, it } from 'vitest';
import { maskKeys } from '../../agents/llm/key-mask.js';

/** A key in no vendor's shape, so only the configured-key mask can know it. */
const KEY = 'engr-local-7Qm2Xv9Lp4Rt8Wz1Kc6Hb3Nd5Fs0Gy';

describe('a model server echoing part of the API key', () => {
  it('masks a beginning and end around a mask or an ellipsis, and a long beginning alone', () => {
    for (const echoed of [
      `Incorrect API key provided: ${KEY.slice(0, 8)}${'*'.repeat(24)}${KEY.slice(-4)}. You can find your key in settings.`,
      `invalid key ${KEY.slice(0, 12)}… (truncated)`,
      `key "${KEY.slice(0, 10)}...${KEY.slice(-6)}" rejected`,
      `auth failed for ${KEY.slice(0, 20)}`,
      `bad token ••••${KEY.slice(-4)} for this project`,
    ]) {
      const out = maskKeys(echoed, KEY);
      expect(out, echoed).toContain('[redacted:api_key]');
      expect(out, echoed).not.toContain(KEY.slice(0, 8));
      expect(out, echoed).not.toContain(KEY.slice(-4));
    }
  });

  it('leaves the rest of the message, and words that merely start alike', () => {
    expect(maskKeys('model "engr-7b" not found on this server', KEY)).toBe('model "engr-7b" not found on this server');
    expect(maskKeys('rate limited: 429, retry in 20 s', KEY)).toBe('rate limited: 429, retry in 20 s');
    expect(maskKeys(`Incorrect API key provided: ${KEY.slice(0, 8)}****${KEY.slice(-4)}.`, KEY)).toBe('Incorrect API key provided: [redacted:api_key].');
  });
});
