import { describe, expect, it } from 'vitest';
import { hiddenLabel } from '../../renderer/src/screens/timeline/hidden-label.js';

describe('timeline: the label of windows the privacy gate filled', () => {
  it('says how many windows and why, in the Privacy screen words', () => {
    expect(hiddenLabel({ excluded_title: 1 })).toBe('1 window hidden (private browsing and excluded titles)');
    expect(hiddenLabel({ excluded_title: 1, excluded_app: 1 })).toBe('2 windows hidden (password managers and excluded apps, private browsing and excluded titles)');
    expect(hiddenLabel({ engram_window: 3 })).toBe("3 windows hidden (Engram's own windows)");
  });

  it('says nothing when nothing was hidden', () => {
    expect(hiddenLabel(null)).toBeNull();
    expect(hiddenLabel(undefined)).toBeNull();
    expect(hiddenLabel({})).toBeNull();
  });
});
