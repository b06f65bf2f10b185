import { APP_ORIGIN } from './constants.js';
import { originOf } from './url-origin.js';

/**
 * Which permission requests a window may have: the microphone, for our own origin, and only while
 * the user has audio capture turned on. Everything else (camera, screen share, geolocation,
 * notifications, clipboard, HID/USB/serial …) is refused. Screen capture does not need a renderer
 * permission: it runs in the main process through desktopCapturer.
 */
export interface PermissionQuery {
  permission: string;
  /** For media requests: which devices ('audio', 'video'); missing means unknown. */
  mediaTypes?: readonly string[];
  /** The URL of the requesting frame (requestingUrl / requestingOrigin / securityOrigin). */
  requestingUrl: string;
  isMainFrame: boolean;
}

export interface PermissionContext {
  audioEnabled: boolean;
}

export type PermissionDecision = { allow: true } | { allow: false; reason: string };


export function decidePermission(query: PermissionQuery, ctx: PermissionContext): PermissionDecision {
  if (query.permission !== 'media') return { allow: false, reason: `permission ${query.permission} is never granted` };
  if (originOf(query.requestingUrl) !== APP_ORIGIN) return { allow: false, reason: 'foreign origin' };
  if (!query.isMainFrame) return { allow: false, reason: 'sub-frame' };
  const types = query.mediaTypes ?? [];
  if (types.length === 0 || types.some((t) => t !== 'audio')) return { allow: false, reason: 'only the microphone may be requested' };
  if (!ctx.audioEnabled) return { allow: false, reason: 'audio capture is off' };
  return { allow: true };
}
