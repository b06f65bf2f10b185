import { app, session, shell, type WebContents } from 'electron';
import { decideNavigation, decidePermission, decideWindowOpen, systemSettingsUrl, type PermissionContext, type SettingsPane } from '../policy/index.js';

/** Opens a vetted http(s)/mailto link in the user's browser; never anything else. */
function openExternal(url: string): void {
  void shell.openExternal(url).catch(() => undefined);
}

/**
 * Opens a local file or folder with the system's default app. Only for a path the handler map has
 * checked (absolute, existing, not a program or script): the answer is '' or why it failed.
 */
export async function openLocalPath(checked: string): Promise<string> {
  try {
    return await shell.openPath(checked);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Opens one of the System Settings panes the policy lists (never an address from elsewhere); false where there is none. */
export async function openSystemSettings(pane: SettingsPane): Promise<boolean> {
  const url = systemSettingsUrl(pane, process.platform);
  if (!url) return false;
  try {
    await shell.openExternal(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * Navigation, new windows and webviews are refused for every WebContents the app ever creates
 * (set on `web-contents-created`, so no window can be forgotten).
 */
export function hardenWebContents(contents: WebContents): void {
  const onNavigate = (event: { preventDefault(): void }, url: string) => {
    const decision = decideNavigation(url);
    if (decision.action === 'deny') {
      event.preventDefault();
      if (decision.openExternal) openExternal(decision.openExternal);
    }
  };
  contents.on('will-navigate', onNavigate);
  contents.on('will-redirect', onNavigate);
  contents.on('will-frame-navigate', (event) => {
    // Sub-frames are never expected (CSP frame-src 'none'); refuse them here as well.
    if (!event.isMainFrame) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.action === 'deny' && decision.openExternal) openExternal(decision.openExternal);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * Permissions for the default session: the microphone for our own origin while audio capture is
 * on, nothing else. Screen capture happens in the main process, so display-capture is refused.
 */
export function installPermissionPolicy(context: () => PermissionContext): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    const decision = decidePermission({ permission, mediaTypes, requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame }, context());
    callback(decision.allow);
  });
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) => {
    const decision = decidePermission(
      {
        permission,
        mediaTypes: details.mediaType ? [details.mediaType] : undefined,
        requestingUrl: details.requestingUrl ?? details.securityOrigin ?? requestingOrigin,
        isMainFrame: details.isMainFrame,
      },
      context(),
    );
    return decision.allow;
  });
  // getDisplayMedia is never granted. Electron denies on a non-object; `{}` would throw instead
  // ("Video was requested, but no video stream was provided"). The typings omit null.
  ses.setDisplayMediaRequestHandler((_request, callback) => (callback as (streams: Electron.Streams | null) => void)(null));
  // Device enumeration/selection (HID, USB, serial, Bluetooth) is never granted.
  ses.setDevicePermissionHandler(() => false);
  // Chromium's spellchecker downloads dictionaries from Google's servers on Linux and Windows:
  // off for the session as well as in every window's webPreferences (nothing leaves the machine).
  ses.setSpellCheckerEnabled(false);
}

export function installGlobalHardening(): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
}
