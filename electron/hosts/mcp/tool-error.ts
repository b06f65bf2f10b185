/** A tool call the server cannot answer as asked (bad time words, unknown id): shown to the client as one line. */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}

