import { describe, expect, it } from 'vitest';
import { decideNavigation, decidePermission, decideWindowOpen, isAppUrl } from '../../electron/desktop/policy/index.js';

describe('navigation and window.open', () => {
  it('denies every navigation, sending web links to the browser', () => {
    expect(decideNavigation('https://example.com/a?b=c')).toEqual({ action: 'deny', openExternal: 'https://example.com/a?b=c' });
    expect(decideWindowOpen('mailto:ana@example.com')).toEqual({ action: 'deny', openExternal: 'mailto:ana@example.com' });
    expect(decideNavigation('app://engram/other.html')).toEqual({ action: 'deny' });
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'vscode://x', 'https://user:pw@example.com/', 'data:text/html,hi', 'garbage'])(
    'never opens %s anywhere',
    (url) => {
      expect(decideWindowOpen(url)).toEqual({ action: 'deny' });
    },
  );

  it('knows our origin', () => {
    expect(isAppUrl('app://engram/index.html')).toBe(true);
    expect(isAppUrl('app://other/index.html')).toBe(false);
  });
});

describe('permission requests', () => {
  const mic = { permission: 'media', mediaTypes: ['audio'], requestingUrl: 'app://engram/__pages/recorder.html', isMainFrame: true };

  it('allows the microphone for our origin only while audio is on', () => {
    expect(decidePermission(mic, { audioEnabled: true })).toEqual({ allow: true });
    expect(decidePermission(mic, { audioEnabled: false })).toMatchObject({ allow: false, reason: 'audio capture is off' });
  });

  it('refuses the camera, mixed and unknown media requests', () => {
    for (const mediaTypes of [['video'], ['audio', 'video'], [], undefined]) {
      expect(decidePermission({ ...mic, mediaTypes }, { audioEnabled: true }).allow).toBe(false);
    }
  });

  it('video only for the Wayland screen-stream page, only while that stream is in use', () => {
    const stream = { permission: 'media', mediaTypes: ['video'], requestingUrl: 'app://engram/__pages/screen-stream.html', isMainFrame: true };
    expect(decidePermission(stream, { audioEnabled: false, screenStream: true })).toEqual({ allow: true });
    expect(decidePermission(stream, { audioEnabled: true, screenStream: false }).allow).toBe(false);
    expect(decidePermission(stream, { audioEnabled: true }).allow).toBe(false);
    // Not the main window, not the recorder, not a look-alike path, not with audio, not in a sub-frame.
    for (const requestingUrl of ['app://engram/index.html', 'app://engram/__pages/recorder.html', 'app://engram/__pages/screen-stream.html.evil', 'https://engram/__shell/screen-stream.html']) {
      expect(decidePermission({ ...stream, requestingUrl }, { audioEnabled: true, screenStream: true }).allow).toBe(false);
    }
    expect(decidePermission({ ...stream, mediaTypes: ['video', 'audio'] }, { audioEnabled: true, screenStream: true }).allow).toBe(false);
    expect(decidePermission({ ...stream, isMainFrame: false }, { audioEnabled: true, screenStream: true }).allow).toBe(false);
  });

  it('refuses other origins and sub-frames', () => {
    expect(decidePermission({ ...mic, requestingUrl: 'https://evil.example/' }, { audioEnabled: true }).allow).toBe(false);
    expect(decidePermission({ ...mic, isMainFrame: false }, { audioEnabled: true }).allow).toBe(false);
  });

  it.each(['notifications', 'geolocation', 'display-capture', 'clipboard-read', 'openExternal', 'hid', 'fullscreen'])('refuses %s', (permission) => {
    expect(decidePermission({ ...mic, permission }, { audioEnabled: true }).allow).toBe(false);
  });
});
