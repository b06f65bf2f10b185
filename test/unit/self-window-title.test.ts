import { describe, expect, it } from 'vitest';
import { engramTitle, isEngramTitle } from '../../shared/api/index.js';
import { PrivacyGate, type WindowInfo } from '../../electron/sensing/capture/index.js';
import { defaultCaptureSettings } from '../../shared/settings/index.js';

const win = (app: string, title: string): WindowInfo => ({ app, title, url: null, pid: 777, path: null, bounds: null });

describe('Engram’s own browser tab (browser mode)', () => {
  const gate = new PrivacyGate(defaultCaptureSettings().privacy, { pids: [1], apps: ['Engram'] });
  const now = Date.parse('2026-03-02T10:00:00Z');

  it('is Engram’s window by the title the renderer gives it, in whatever browser shows it', () => {
    for (const [app, title] of [
      ['Chromium', `${engramTitle('Chat')} - Chromium`],
      ['firefox', `${engramTitle('Welcome')} — Mozilla Firefox`],
      ['Google-chrome', `${engramTitle('Timeline')} - Google Chrome`],
    ] as const) {
      expect(isEngramTitle(title)).toBe(true);
      expect(gate.check(win(app, title), now)).toMatchObject({ allowed: false, reason: 'engram_window' });
    }
  });

  it('other pages that merely mention Engram are captured as usual', () => {
    expect(isEngramTitle('Engram — notes.md - VS Code')).toBe(false);
    expect(gate.check(win('Chromium', 'engram on GitHub - Chromium'), now)).toEqual({ allowed: true });
  });
});
