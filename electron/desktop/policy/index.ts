/**
 * electron/desktop/policy: every decision of the desktop app that can be made without Electron — window
 * options, CSP, app:// resolution, IPC checks, tray model, key wrapping, consent, power policy.
 * electron/desktop/main wires these to Electron; tests run them under Node.
 */
export * from './constants.js';
export * from './csp.js';
export * from './window-options.js';
export * from './app-protocol.js';
export * from './navigation-policy.js';
export * from './permission-policy.js';
export * from './sender-check.js';
export * from './ipc-invoke.js';
export * from './tray-model.js';
export * from './power-policy.js';
export * from './key-wrap.js';
export * from './safe-storage-key-provider.js';
export * from './safe-storage-sync-key.js';
export * from './passphrase-prompt.js';
export * from './consent.js';
export * from './login-item.js';
export * from './notification-policy.js';
export * from './builtin-pages.js';
export * from './recorder-protocol.js';
export * from './url-origin.js';
export * from './electron-binary.js';
export * from './native-binding.js';
export * from './screen-access.js';
export * from './system-settings.js';
export * from './screen-stream.js';
export * from './quit-sequence.js';
export * from './chromium-profile.js';
export * from './legacy-profile.js';
export * from './startup-tray.js';
export * from './tray-host.js';
export * from './sandbox-status.js';
export * from './window-navigation.js';
