import type { IncomingMessage } from 'node:http';

export class BodyTooLarge extends Error {
  constructor() {
    super('request body too large');
  }
}

/** Reads a request body up to `limit` bytes; stops reading (and throws) as soon as it goes over. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
