/** Below this many characters of text (markers and spacing left out) a frame counts as having little text. */
export const LITTLE_TEXT_CHARS = 200;

/** The characters of a frame's text that say something: redaction markers and runs of spacing left out. */
export function meaningfulChars(text: string): number {
  return text.replace(/\[redacted:[a-z_]+\]/g, '').replace(/\s+/g, ' ').trim().length;
}

/**
 * The per-hour cap on caption calls (a sliding hour), with frames that have little text first:
 * a frame whose text already says what it shows may use only half of the hour's calls, so a
 * text-heavy morning does not leave the charts, photos and calls of the afternoon uncaptioned.
 */
export class CaptionBudget {
  private readonly taken: number[] = [];

  /** Takes one call if the hour has room for a frame of this kind; false leaves the budget as it was. */
  take(now: number, maxPerHour: number, littleText: boolean): boolean {
    while (this.taken.length && this.taken[0]! <= now - 3_600_000) this.taken.shift();
    const limit = littleText ? maxPerHour : Math.floor(maxPerHour / 2);
    if (this.taken.length >= limit) return false;
    this.taken.push(now);
    return true;
  }

  /** Calls taken in the last hour. */
  used(now: number): number {
    return this.taken.filter((t) => t > now - 3_600_000).length;
  }
}
