import { describe, expect, it } from 'vitest';
import { NotificationThrottle, notificationFor } from '../../electron/desktop/policy/index.js';

describe('error notifications', () => {
  it('titles say what broke; bodies are one short line', () => {
    expect(notificationFor({ source: 'ocr', message: 'Tesseract worker crashed\n at Worker.x (file.js:1)' })).toEqual({ title: 'Engram cannot read the screen', body: 'Tesseract worker crashed' });
    expect(notificationFor({ source: 'key', message: 'x'.repeat(500) }).body.length).toBe(240);
  });

  it('tells the same problem once per quiet period, a new problem at once, a relapse after recovery', () => {
    let t = 0;
    const throttle = new NotificationThrottle(60_000, () => t);
    const p = { source: 'capture' as const, message: 'Screen recording permission denied' };
    expect(throttle.shouldShow(p)).toBe(true);
    t = 30_000;
    expect(throttle.shouldShow(p)).toBe(false);
    expect(throttle.shouldShow({ source: 'ocr', message: 'OCR failed' })).toBe(true);
    t = 61_000;
    expect(throttle.shouldShow(p)).toBe(true);
    throttle.clear('capture');
    expect(throttle.shouldShow(p)).toBe(true);
  });
});
