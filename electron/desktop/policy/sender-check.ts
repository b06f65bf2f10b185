import { APP_ORIGIN } from './constants.js';
import { originOf } from './url-origin.js';

/**
 * The parts of Electron's WebFrameMain the sender check reads. Tests inject plain objects; the
 * app passes real frames (they satisfy this structurally).
 */
export interface FrameRef {
  readonly processId: number;
  readonly routingId: number;
  readonly url: string;
  readonly parent: FrameRef | null;
  isDestroyed?(): boolean;
}

export type SenderDecision = { ok: true } | { ok: false; reason: string };

function sameFrame(a: FrameRef, b: FrameRef): boolean {
  return a === b || (a.processId === b.processId && a.routingId === b.routingId);
}


/**
 * Accepts a message only from the top-level frame of one of our own windows, showing our own
 * app:// content (VS Code's validatedIpcMain does the same). A sub-frame, a frame that has since
 * navigated or died (senderFrame null), another window, or a page on another origin is refused.
 */
export function checkSenderFrame(sender: FrameRef | null | undefined, trusted: ReadonlyArray<FrameRef | null | undefined>): SenderDecision {
  if (!sender) return { ok: false, reason: 'sender frame is gone' };
  if (sender.isDestroyed?.()) return { ok: false, reason: 'sender frame is destroyed' };
  if (sender.parent !== null) return { ok: false, reason: 'sub-frame' };
  if (originOf(sender.url) !== APP_ORIGIN) return { ok: false, reason: `foreign origin ${originOf(sender.url) ?? 'unknown'}` };
  const match = trusted.some((frame) => frame != null && !frame.isDestroyed?.() && sameFrame(sender, frame));
  return match ? { ok: true } : { ok: false, reason: 'not one of our windows' };
}
