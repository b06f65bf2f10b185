import { describe, expect, it } from 'vitest';
import { maskSecret } from '../../shared/redaction/index.js';

// The one mask for vault secrets (store reads, exports, MCP, the window): at most the last four
// characters of a long, not highly sensitive secret; never its length; nothing of a high one.
describe('maskSecret', () => {
  const card = '4111111111111111';

  it('shows nothing of a highly sensitive secret, nor of one without a sensitivity', () => {
    expect(maskSecret(card, 'high')).toBe('••••••••');
    expect(maskSecret(card, null)).toBe('••••••••');
    expect(maskSecret(card)).toBe('••••••••');
  });

  it('keeps the last four characters of a long low or medium secret, and nothing of its start', () => {
    expect(maskSecret(card, 'medium')).toBe('••••1111');
    expect(maskSecret('sk-live-abcdefghijkl', 'low')).toBe('••••ijkl');
    expect(maskSecret(card, 'low')).not.toContain('4111');
  });

  it('does not tell a short secret’s length or any of its characters', () => {
    for (const s of ['a', 'pin1', 'hunter2', 'elevenchars']) {
      const masked = maskSecret(s, 'low');
      expect(masked).toBe('••••••••');
      for (const ch of new Set(s)) expect(masked).not.toContain(ch);
    }
  });
});
