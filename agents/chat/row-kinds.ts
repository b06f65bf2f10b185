/**
 * "Annual leave", "Sick leave", "Parental leave" for "how many days of leave": rows that each name a
 * kind of the asked thing (the asked word is their head, said last) are different things, each with
 * its own figure, not entries of one to add up as a person's shifts are ("Sam · Mon", "Sam · Tue").
 */
import { stem } from './asked-value.js';

/** Whether the rows are kinds of the asked thing: distinct labels, each ending in one of the asked words. */
export function rowsAreKinds(rows: readonly string[], asked: readonly string[]): boolean {
  if (rows.length < 2 || new Set(rows.map((r) => r.toLowerCase().trim())).size !== rows.length) return false;
  return rows.every((r) => {
    const words = r.split(/[^\p{L}]+/u).filter(Boolean);
    const last = words[words.length - 1];
    return words.length >= 2 && !!last && asked.includes(stem(last));
  });
}
