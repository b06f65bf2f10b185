/**
 * A meeting's kind as calendars write it in figures and people say it in words: "1:1", "1-on-1",
 * "1on1" for a one-on-one. The stem a question's "one-on-one" has ("oneonone") is given to a screen
 * text that writes it in figures, so "when's my one-on-one with Ruth" meets "1:1 Ines / Ruth".
 */

/** "1:1", "1-on-1", "1 on 1", "1on1" (not a time "1:15", not "11:1"), or the words. */
const ONE_ON_ONE = /(?<![\d:.])1\s?(?::|-on-|\s?on\s?)\s?1(?![\d:.])|\bone[\s-]on[\s-]one\b/i;

/** The stems a text's meeting kinds written in figures stand for. */
export function meetingStems(text: string): string[] {
  return ONE_ON_ONE.test(text) ? ['oneonone'] : [];
}
