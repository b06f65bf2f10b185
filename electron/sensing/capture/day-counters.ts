/** Counter names for capture: a running total and one per local day, so status can say "today". */
export type CaptureCounter = 'frames_kept' | 'frames_skipped' | 'frames_gated' | 'ocr_dropped' | 'audio_chunks' | 'audio_silence_dropped';

export function counterNames(name: CaptureCounter, now: number): [string, string] {
  return [`capture.${name}`, `capture.${name}.${localDay(now)}`];
}

export function localDay(now: number): string {
  const d = new Date(now);
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${mm}-${dd}`;
}
