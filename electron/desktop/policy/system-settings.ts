/**
 * The System Settings panes Engram may open for the user (the "Grant Screen Recording" button in
 * the window, the tray and the notification). A fixed list: nothing from a page or the network
 * ever chooses what the OS opener is handed.
 */
export type SettingsPane = 'screen_recording' | 'login_items';

const PANES: Partial<Record<NodeJS.Platform, Partial<Record<SettingsPane, string>>>> = {
  darwin: {
    screen_recording: 'x-apple.systempreferences:com.apple.preference.security?Privacy_ScreenCapture',
    login_items: 'x-apple.systempreferences:com.apple.LoginItems-Settings.extension',
  },
  win32: { login_items: 'ms-settings:startupapps' },
};

/** The pane's address on this platform, or null where there is no such pane. */
export function systemSettingsUrl(pane: SettingsPane, platform: NodeJS.Platform): string | null {
  return PANES[platform]?.[pane] ?? null;
}
