/** A tool call the server cannot answer as asked (bad time words, unknown id): shown to the client as one line. */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}

export function oneLine(err: unknown): string {
  const e = err as { message?: unknown };
  return String(e?.message ?? err).split('\n')[0] ?? 'error';
}
