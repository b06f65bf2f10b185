import type { IncomingMessage } from 'node:http';

export class BodyTooLarge extends Error {
  constructor() {
    super('request body too large');
  }
}

/**
 * Reads a request body up to `limit` bytes; stops keeping it (and rejects) as soon as it goes over.
 * The rest of an oversized body is drained and dropped, never kept, and the request stream is left
 * open: destroying it (as leaving a for-await loop early does) resets the connection before the 413
 * can be written, so the client would see a dropped connection instead of an answer.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    const tooLarge = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      // Keep reading, keeping nothing, so the answer reaches the client (the host answers, then closes).
      req.resume();
      reject(new BodyTooLarge());
    };
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return tooLarge();
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    const onError = (err: Error) => reject(err);
    if (declared > limit) return tooLarge();
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
