import { decodeThumb, type ThumbJob, type ThumbReply } from './thumb-bytes.js';

/**
 * Decodes the scrubber's thumbnails in a worker (thumb-decode-worker), so neither unpacking the
 * base64 text nor decoding the picture runs on the window's main thread while scrubbing. Where a
 * worker cannot start, the same decoding runs here instead.
 */
export class ThumbDecoder {
  private worker: Worker | null | undefined;
  private next = 1;
  private readonly pending = new Map<number, { resolve(b: ImageBitmap): void; reject(e: Error): void }>();
  /** How many pictures the worker decoded (the UI bench and tests read it: proof the work left the main thread). */
  decodedOffThread = 0;

  decode(data: string, mime: string): Promise<ImageBitmap> {
    const worker = this.start();
    if (!worker) return decodeThumb(data, mime);
    const id = this.next++;
    return new Promise<ImageBitmap>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const job: ThumbJob = { id, data, mime };
      worker.postMessage(job);
    });
  }

  private start(): Worker | null {
    if (this.worker !== undefined) return this.worker;
    try {
      const w = new Worker(new URL('./thumb-decode-worker.ts', import.meta.url), { type: 'module', name: 'thumb-decoder' });
      w.onmessage = (e: MessageEvent<ThumbReply>) => {
        const job = this.pending.get(e.data.id);
        if (!job) return;
        this.pending.delete(e.data.id);
        if (e.data.bitmap) {
          this.decodedOffThread++;
          job.resolve(e.data.bitmap);
        } else job.reject(new Error(e.data.error));
      };
      // A worker that dies (or never loads) fails what it held; later pictures decode here.
      w.onerror = () => {
        this.worker = null;
        for (const job of this.pending.values()) job.reject(new Error('the thumbnail decoder stopped'));
        this.pending.clear();
      };
      this.worker = w;
    } catch {
      this.worker = null;
    }
    return this.worker;
  }
}
