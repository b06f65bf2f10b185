import { describe, expect, it } from 'vitest';
import {
  insecureWebPreferences,
  mainWindowOptions,
  recorderWindowOptions,
  REQUIRED_WEB_PREFERENCES,
  builtinPageWindowOptions,
  screenStreamWindowOptions,
} from '../../electron/desktop/policy/index.js';

const input = { preloadPath: '/app/dist/electron/preload/engram.cjs', isDev: false };

describe('window options', () => {
  const windows = {
    main: mainWindowOptions(input),
    page: builtinPageWindowOptions({ ...input, title: 'Welcome' }),
    recorder: recorderWindowOptions(input),
    screenStream: screenStreamWindowOptions(input),
  };

  for (const [name, options] of Object.entries(windows)) {
    it(`${name} window sets every security flag`, () => {
      const prefs = options.webPreferences;
      expect(prefs.contextIsolation).toBe(true);
      expect(prefs.sandbox).toBe(true);
      expect(prefs.nodeIntegration).toBe(false);
      expect(prefs.nodeIntegrationInWorker).toBe(false);
      expect(prefs.nodeIntegrationInSubFrames).toBe(false);
      expect(prefs.webSecurity).toBe(true);
      expect(prefs.allowRunningInsecureContent).toBe(false);
      expect(prefs.webviewTag).toBe(false);
      expect(prefs.experimentalFeatures).toBe(false);
      expect(prefs.navigateOnDragDrop).toBe(false);
      // Chromium's spellchecker would fetch dictionaries from the network (Linux, Windows).
      expect(prefs.spellcheck).toBe(false);
      expect(prefs.preload).toBe(input.preloadPath);
      expect(insecureWebPreferences({ ...prefs })).toEqual([]);
      // No option that would weaken the page is present at all.
      expect(Object.keys(prefs)).not.toContain('enableBlinkFeatures');
      expect(Object.keys(prefs)).not.toContain('additionalArguments');
    });
  }

  it('devtools only in development', () => {
    expect(mainWindowOptions(input).webPreferences.devTools).toBe(false);
    expect(mainWindowOptions({ ...input, isDev: true }).webPreferences.devTools).toBe(true);
    expect(recorderWindowOptions({ ...input, isDev: true }).webPreferences.devTools).toBe(false);
  });

  it('main window waits for its first paint before showing', () => {
    expect(windows.main.show).toBe(false);
  });

  it('the recorder never shows and is not throttled in the background', () => {
    expect(windows.recorder.show).toBe(false);
    expect(windows.recorder.skipTaskbar).toBe(true);
    expect(windows.recorder.webPreferences.backgroundThrottling).toBe(false);
  });

  it('a window with the spellchecker on is refused like one without the sandbox', () => {
    expect(insecureWebPreferences({ ...REQUIRED_WEB_PREFERENCES, spellcheck: true })).toEqual(['spellcheck']);
    // Left out means Electron's default, which is on.
    const { spellcheck: _omit, ...unset } = REQUIRED_WEB_PREFERENCES;
    expect(insecureWebPreferences(unset)).toEqual(['spellcheck']);
  });

  it('insecureWebPreferences names each weakened flag', () => {
    const weak = { ...REQUIRED_WEB_PREFERENCES, sandbox: false, nodeIntegration: true };
    expect(insecureWebPreferences(weak).sort()).toEqual(['nodeIntegration', 'sandbox']);
    // A flag left out falls back to Electron's default, which we do not trust.
    const { contextIsolation: _omit, ...missing } = REQUIRED_WEB_PREFERENCES;
    expect(insecureWebPreferences(missing)).toEqual(['contextIsolation']);
  });
});
