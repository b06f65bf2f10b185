import type { PrivacySettings } from '../../../shared/settings/index.js';
import { localDay } from './day-counters.js';
import type { ExclusionReason, PrivacyGate } from './privacy-gate.js';
import type { DisplayInfo, ScreenImage } from '../sources/index.js';
import { applyMasks, exclusionSignature, planMasks, unionArea, type MaskPlan } from './window-mask.js';
import { WindowListError, type ListedWindow, type WindowList, type WindowSnapshot } from './window-list.js';

/** A frame whose unmasked part is below this share of the display is not kept at all. */
export const MIN_UNMASKED = 0.2;

export type WindowRead =
  | { ok: true; snapshot: WindowSnapshot; degraded: boolean }
  | { ok: false; reason: string };

export interface WindowListHealth {
  /** ok: every window is checked; degraded: the user chose "active window only" after a failure. */
  state: 'ok' | 'unavailable' | 'degraded' | 'unknown';
  /** Why the windows cannot be listed, in words for the Privacy screen. */
  problem: string | null;
  source: string;
}

/**
 * The window side of the privacy gate, around one grab: reads the window list before and after
 * it (fail closed when it cannot be read, unless the user chose the active-window-only fallback),
 * tells whether an excluded window changed in between, and masks every excluded window's visible
 * part in the grabbed pixels. Remembers which excluded windows it has hidden today (ids only, in
 * memory) so the counters say "3 windows hidden", not "3 000 frames".
 */
export class WindowGuard {
  private health: WindowListHealth;
  private hiddenToday = { day: '', ids: new Set<string>() };

  constructor(
    private readonly list: WindowList,
    private readonly fallback: WindowList,
  ) {
    this.health = { state: 'unknown', problem: null, source: list.name };
  }

  status(): WindowListHealth {
    return { ...this.health };
  }

  async read(privacy: PrivacySettings): Promise<WindowRead> {
    try {
      const snapshot = await this.list.list();
      this.health = { state: 'ok', problem: null, source: this.list.name };
      return { ok: true, snapshot, degraded: false };
    } catch (err) {
      const reason = err instanceof WindowListError ? err.message : `the windows cannot be listed: ${err instanceof Error ? err.message : String(err)}`;
      if (privacy.window_list_failure === 'active_window_only') {
        try {
          const snapshot = await this.fallback.list();
          // The fallback checks the window in front only; when that cannot be told (get-windows
          // failed, which its source reads as "no window"), the front may be a password manager.
          if (snapshot.active) {
            this.health = { state: 'degraded', problem: reason, source: this.fallback.name };
            return { ok: true, snapshot: { ...snapshot, complete: false }, degraded: true };
          }
        } catch {
          // Not even the window in front: nothing is kept.
        }
      }
      this.health = { state: 'unavailable', problem: reason, source: this.list.name };
      return { ok: false, reason };
    }
  }

  /** The rule that excludes the window in front, if any. */
  activeExclusion(snapshot: WindowSnapshot, gate: PrivacyGate): ExclusionReason | null {
    return snapshot.active ? gate.exclusion(snapshot.active) : null;
  }

  /** True when an excluded window appeared, went, moved or changed title between the two reads. */
  changed(before: WindowSnapshot, after: WindowSnapshot, gate: PrivacyGate): boolean {
    const ex = (w: ListedWindow) => gate.exclusion(w);
    return exclusionSignature(before, ex) !== exclusionSignature(after, ex);
  }

  /** What to hide on one display: the union of both reads' plans (a window moving mid-grab stays hidden). */
  plan(reads: WindowSnapshot[], gate: PrivacyGate, display: DisplayInfo, image: { width: number; height: number }): MaskPlan {
    const ex = (w: ListedWindow) => gate.exclusion(w);
    const plans = reads.map((s) => planMasks(s, ex, display, image));
    const rects = plans.flatMap((p) => p.rects);
    const hidden = plans.reduce<ExclusionReason[]>((a, p) => (p.hidden.length > a.length ? p.hidden : a), []);
    const total = image.width * image.height;
    return { rects, hidden, unmasked: total > 0 ? 1 - unionArea(rects) / total : 0 };
  }

  mask(image: ScreenImage, plan: MaskPlan): Promise<ScreenImage> {
    return applyMasks(image, plan.rects);
  }

  /**
   * Excluded windows seen on screen for the first time today, with their reasons: each is counted
   * once a day. Ids stay in memory only.
   */
  newlyHidden(snapshot: WindowSnapshot, gate: PrivacyGate, now: number): ExclusionReason[] {
    const day = localDay(now);
    if (this.hiddenToday.day !== day) this.hiddenToday = { day, ids: new Set() };
    const out: ExclusionReason[] = [];
    for (const w of snapshot.windows) {
      const reason = gate.exclusion(w);
      if (!reason || this.hiddenToday.ids.has(w.id)) continue;
      this.hiddenToday.ids.add(w.id);
      out.push(reason);
    }
    return out;
  }
}
