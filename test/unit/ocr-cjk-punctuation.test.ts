/**
 * Tesseract's CJK models give ':' for the full-width '：' after a Chinese character (the capture
 * bench's '会议记录：…' line came back with an ASCII colon, its only miss). The pool puts the
 * full-width mark back after Han and kana, and touches nothing else.
 */
import { describe, expect, it } from 'vitest';
import { fullWidthAfterCjk, withCjkPunctuation } from '../../electron/sensing/perception/cjk-punctuation.js';
import type { OcrResult } from '../../electron/sensing/perception/index.js';

const box = { x0: 0, y0: 0, x1: 10, y1: 10 };

describe('full-width marks after CJK text', () => {
  it('restores : ; ! ? after Han or kana, with or without a space between', () => {
    expect(fullWidthAfterCjk('地址:北京路')).toBe('地址：北京路');
    expect(fullWidthAfterCjk('注意 : 明日')).toBe('注意 ： 明日');
    expect(fullWidthAfterCjk('本当ですか?')).toBe('本当ですか？');
    expect(fullWidthAfterCjk('好!再见;谢谢')).toBe('好！再见；谢谢');
  });

  it('leaves Latin text, times, commas and brackets alone', () => {
    for (const s of ['Note: meet at 10:30?', '下午3:00开会', '价格,数量', '浏览器(Chrome)', 'Ready!', '']) expect(fullWidthAfterCjk(s)).toBe(s);
  });

  it('keeps the text the same length, so offsets into it stay valid', () => {
    const s = '会议记录:预算审查? OK: yes';
    expect(fullWidthAfterCjk(s)).toHaveLength(s.length);
  });

  it('fixes the page, its lines and a mark read as its own word', () => {
    const r: OcrResult = {
      text: '会议记录:预算\nTotal: 3',
      confidence: 80,
      lines: [
        { text: '会议记录:预算', confidence: 80, bbox: box, words: [{ text: '会议记录', bbox: box }, { text: ':', bbox: box }, { text: '预算', bbox: box }] },
        { text: 'Total: 3', confidence: 90, bbox: box, words: [{ text: 'Total:', bbox: box }, { text: '3', bbox: box }] },
      ],
    };
    const out = withCjkPunctuation(r);
    expect(out.text).toBe('会议记录：预算\nTotal: 3');
    expect(out.lines[0]!.text).toBe('会议记录：预算');
    expect(out.lines[0]!.words!.map((w) => w.text)).toEqual(['会议记录', '：', '预算']);
    expect(out.lines[1]).toEqual(r.lines[1]);
  });

  it('returns a result without CJK marks unchanged', () => {
    const r: OcrResult = { text: 'Total: 3', confidence: 90, lines: [{ text: 'Total: 3', confidence: 90, bbox: box }] };
    expect(withCjkPunctuation(r)).toBe(r);
  });
});
