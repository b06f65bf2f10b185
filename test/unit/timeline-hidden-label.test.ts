import { describe, expect, it } from 'vitest';
import { hiddenLabel, hiddenShort } from '../../renderer/src/screens/timeline/hidden-label.js';

describe('timeline: the label of windows the privacy gate filled', () => {
  it('says how many windows and why, in the Privacy screen words', () => {
    expect(hiddenLabel({ excluded_title: 1 })).toBe('1 window hidden (private browsing and excluded titles)');
    expect(hiddenLabel({ excluded_title: 1, excluded_app: 1 })).toBe('2 windows hidden (password managers and excluded apps, private browsing and excluded titles)');
    expect(hiddenLabel({ engram_window: 3 })).toBe("3 windows hidden (Engram's own windows)");
  });

  it("a row's short form counts every reason; the whole label is its tooltip", () => {
    expect(hiddenShort({ excluded_title: 1 })).toBe('1 window hidden');
    expect(hiddenShort({ excluded_app: 1, engram_window: 2 })).toBe('3 windows hidden');
    expect(hiddenShort({})).toBeNull();
    expect(hiddenShort(null)).toBeNull();
  });

  it('says nothing when nothing was hidden', () => {
    expect(hiddenLabel(null)).toBeNull();
    expect(hiddenLabel(undefined)).toBeNull();
    expect(hiddenLabel({})).toBeNull();
  });
});
