import type { CaptureSettings } from '../../../shared/settings/index.js';

/** Time for the forced tick's grab, mask, store and OCR preparation before its image reaches OCR. */
const PREPARE_S = 5;

/**
 * How long the OCR workers stay after their last image (issue 34). A screen that goes still gets
 * one forced frame force_after_s into its still run (display-tracker.ts), and that frame is
 * usually read: a cursor that filled in, a clock digit or a hover under the change threshold is a
 * small change, read incrementally in a few ms. But with the defaults (both 60 s) the workers'
 * idle stop raced that frame: lost, the frame paid for a fresh worker (~0.5 s of CPU loading the
 * model, ~1 s on a busy machine), which was most of what a still screen cost (0.15-0.55% of a
 * core over 3 min, depending on who won). So the workers stay until that frame has been read:
 * the run starts at the first skipped tick after the kept frame, the forced frame is taken at the
 * first tick after it is due, and a tick may come twice as late (battery, overloaded machine).
 * Only when that costs at most idle_stop_s more memory time: with a forced frame an hour away the
 * workers go at idle_stop_s as asked, and the one restart per hour costs nothing worth keeping
 * their memory for.
 */
export function ocrIdleStopMs(settings: CaptureSettings): number {
  const idle = settings.ocr.idle_stop_s;
  const slowTick = 2 * settings.interval_s;
  const untilForcedRead = slowTick + settings.force_after_s + slowTick + PREPARE_S;
  return (untilForcedRead <= 2 * idle ? Math.max(idle, untilForcedRead) : idle) * 1000;
}
