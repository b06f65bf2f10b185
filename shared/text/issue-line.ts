import { oneLine } from './one-line.js';

/** What a validation issue needs to be told (zod's issues have this shape). */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * A validation error as one line, "patch.text: Too small": the first `max` issues (default 1),
 * joined by "; ". Keys and values of hostile input end up in zod's messages, so paths and messages
 * are folded to one line and bounded.
 */
export function issueLine(err: { readonly issues: readonly IssueLike[] }, max = 1): string {
  const parts = err.issues.slice(0, Math.max(1, max)).map((issue) => {
    const path = oneLine(issue.path.map(String).join('.'), 200);
    const message = oneLine(issue.message, 300);
    return path ? `${path}: ${message}` : message;
  });
  return parts.length ? parts.join('; ') : 'invalid input';
}

/** Anything carrying zod-like issues (a ZodError, or one passed through a structured clone). */
export function hasIssues(err: unknown): err is { issues: IssueLike[] } {
  return !!err && typeof err === 'object' && Array.isArray((err as { issues?: unknown }).issues);
}
