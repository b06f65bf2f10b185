/** Counter names for capture: a running total and one per local day, so status can say "today". */
export type CaptureCounter =
  | 'frames_kept'
  | 'frames_skipped'
  | 'frames_gated'
  | 'ocr_dropped'
  | 'audio_chunks'
  | 'audio_silence_dropped'
  /** Kept with at least one window masked. */
  | 'frames_masked'
  /** Dropped: an excluded window appeared, moved or changed title between the two window reads. */
  | 'frames_dropped_race'
  /** Dropped: the windows could not be listed (fail closed). */
  | 'frames_failed_closed'
  /** Dropped: less than a fifth of the display was left once excluded windows were masked. */
  | 'frames_mostly_hidden'
  /** A caption the model did not give (timed out, refused, failed): the frame kept its OCR text. */
  | 'captions_failed'
  /** Excluded windows hidden, each counted once a day, by the rule that hid it. */
  | `windows_hidden.${'excluded_app' | 'excluded_title' | 'excluded_url' | 'engram_window'}`;

export function counterNames(name: CaptureCounter, now: number): [string, string] {
  return [`capture.${name}`, `capture.${name}.${localDay(now)}`];
}

export function localDay(now: number): string {
  const d = new Date(now);
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${mm}-${dd}`;
}
