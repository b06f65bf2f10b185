import { describe, expect, it } from 'vitest';
import { cutValuesDeep, isWithheldFromModel, maskedVaultFields, maskSecret, outsideVaultFields, valuesToCut, WITHHELD } from '../../shared/vault/index.js';

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

describe('the vault policy per audience', () => {
  it('window: the secret masked and marked; a row without a secret untouched', () => {
    expect(maskedVaultFields({ secret: 'sk-live-abcdefghijkl', sensitivity: 'low' }, 'low')).toEqual({ secret: '••••ijkl', sensitivity: 'low', masked: true });
    const none = { caption: 'x' };
    expect(maskedVaultFields(none, 'high')).toBe(none);
  });

  it('model: only low and medium vault items reach a prompt; other kinds always do', () => {
    expect(isWithheldFromModel({ kind: 'knowledge_vault', fields: { sensitivity: 'medium' } })).toBe(false);
    expect(isWithheldFromModel({ kind: 'knowledge_vault', fields: { sensitivity: 'high' } })).toBe(true);
    expect(isWithheldFromModel({ kind: 'knowledge_vault', fields: {} })).toBe(true);
    expect(isWithheldFromModel({ kind: 'semantic', fields: { sensitivity: 'high' } })).toBe(false);
  });

  it('outside agents: no value, no mask; copies cut longest first, short values left in prose', () => {
    expect(outsideVaultFields({ secret: '••••ijkl', masked: true, caption: 'API key' })).toEqual({ caption: 'API key', secret: WITHHELD });
    const cut = valuesToCut(['abc', 'secret-1', 'secret-12', 'secret-1']);
    expect(cut).toEqual(['secret-12', 'secret-1']);
    expect(cutValuesDeep({ a: ['x secret-12 y'], n: 1, b: 'abc' }, cut)).toEqual({ a: [`x ${WITHHELD} y`], n: 1, b: 'abc' });
  });
});
