/**
 * Text as one line: whitespace runs (newlines included) fold to one space, ends trimmed; with `max`,
 * cut to at most `max` characters, the last one an ellipsis.
 */
export function oneLine(text: string, max?: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (max === undefined || line.length <= max) return line;
  return `${line.slice(0, Math.max(0, max - 1))}…`;
}

/** The first line of an error's message (or of whatever was thrown), for logs and one-line replies. */
export function errorLine(err: unknown): string {
  const message = err instanceof Error ? err.message : typeof (err as { message?: unknown })?.message === 'string' ? (err as { message: string }).message : String(err);
  return message.split('\n')[0] || 'error';
}
