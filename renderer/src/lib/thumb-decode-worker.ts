/**
 * The scrubber's thumbnail decoder, in a worker: a thumbnail arrives as base64 text (about 20 KB);
 * unpacking it into bytes and decoding the picture both happen here, off the window's main thread,
 * and the ImageBitmap is handed back without a copy (transferred).
 */
import { decodeThumb, type ThumbJob, type ThumbReply } from './thumb-bytes.js';

// Typed by hand: the renderer's TypeScript lib is the DOM's, not the worker's.
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ThumbJob>) => void) | null;
  postMessage(message: ThumbReply, transfer?: Transferable[]): void;
};

scope.onmessage = (e) => {
  const { id, data, mime } = e.data;
  decodeThumb(data, mime).then(
    (bitmap) => scope.postMessage({ id, bitmap }, [bitmap]),
    (err: unknown) => scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
  );
};
