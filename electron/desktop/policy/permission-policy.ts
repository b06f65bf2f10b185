import { APP_ORIGIN, SCREEN_STREAM_PAGE } from './constants.js';
import { originOf } from './url-origin.js';

/**
 * Which permission requests a window may have: the microphone, for our own origin, and only while
 * the user has audio capture turned on. Everything else (camera, screen share, geolocation,
 * notifications, clipboard, HID/USB/serial …) is refused. Screen capture does not need a renderer
 * permission (the main process uses desktopCapturer), except on Wayland, where the hidden
 * screen-stream page holds the desktop stream the user picked (see screen-stream.ts): that page,
 * and only it, may have video while the stream is in use.
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
  /** The Wayland screen stream is in use (never true elsewhere). */
  screenStream?: boolean;
}

export type PermissionDecision = { allow: true } | { allow: false; reason: string };


export function decidePermission(query: PermissionQuery, ctx: PermissionContext): PermissionDecision {
  if (query.permission !== 'media') return { allow: false, reason: `permission ${query.permission} is never granted` };
  if (originOf(query.requestingUrl) !== APP_ORIGIN) return { allow: false, reason: 'foreign origin' };
  if (!query.isMainFrame) return { allow: false, reason: 'sub-frame' };
  const types = query.mediaTypes ?? [];
  if (types.length > 0 && types.every((t) => t === 'video')) {
    if (query.requestingUrl.split(/[?#]/)[0] !== `${APP_ORIGIN}${SCREEN_STREAM_PAGE}`) return { allow: false, reason: 'only the screen-stream page may have video' };
    return ctx.screenStream ? { allow: true } : { allow: false, reason: 'the screen stream is not in use' };
  }
  if (types.length === 0 || types.some((t) => t !== 'audio')) return { allow: false, reason: 'only the microphone may be requested' };
  if (!ctx.audioEnabled) return { allow: false, reason: 'audio capture is off' };
  return { allow: true };
}
