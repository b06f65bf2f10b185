/**
 * electron/syncthing: Engram's own Syncthing instance for the sync folder (find the binary, a
 * generated private config, start/stop as its own process group, REST with the API key). It runs a
 * process, so it lives on the main-process side, not in agents/; the engine hands it to the
 * handler map as its SyncthingControl.
 */
export { SyncthingManager, DEFAULT_FOLDER_ID, type SyncthingManagerOptions } from './syncthing-manager.js';
export { SyncthingRest, DEVICE_ID, type SyncthingDbStatus, type SyncthingFolder, type SyncthingOptions } from './syncthing-rest.js';
export { findSyncthing } from './find-syncthing.js';
export { engramOptions, privateConfigXml, PRIVATE_REACH, type SyncthingReach } from './syncthing-config.js';
export { SyncthingError, type SyncthingErrorCode } from './syncthing-error.js';
