import type { ApiClient } from '../../../shared/api/index.js';
import { ThumbDecoder } from './thumb-decoder.js';

/**
 * The scrubber's pictures: the host's thumbnails (frames.image, made and cached by the engine from
 * the encrypted frame) unpacked and decoded into ImageBitmaps in a worker (ThumbDecoder), off the
 * main thread, so flipping through frames already seen is one drawImage each. A bounded LRU (a 320 px
 * bitmap is about 250 KB): old bitmaps are closed, nothing is kept on disk. Prefetching fills it in
 * the order asked (nearest the cursor first), a few requests at a time.
 */
export class ScrubFrames {
  private readonly bitmaps = new Map<string, ImageBitmap>();
  private readonly loading = new Map<string, Promise<ImageBitmap | null>>();
  private readonly failed = new Set<string>();
  private queue: string[] = [];
  private active = 0;
  /** Bumped by clear(): a load begun before it must not put its bitmap back. */
  private generation = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly max = 300,
    private readonly concurrency = 4,
    readonly decoder = new ThumbDecoder(),
  ) {}

  /** The decoded picture if it is here (and marks it recently used), else null. */
  peek(id: string): ImageBitmap | null {
    const bm = this.bitmaps.get(id);
    if (!bm) return null;
    this.bitmaps.delete(id);
    this.bitmaps.set(id, bm);
    return bm;
  }

  /** A picture that cannot be had (gone, damaged): the scrubber shows a placeholder and moves on. */
  hasFailed(id: string): boolean {
    return this.failed.has(id);
  }

  load(id: string): Promise<ImageBitmap | null> {
    const hit = this.peek(id);
    if (hit) return Promise.resolve(hit);
    if (this.failed.has(id)) return Promise.resolve(null);
    const pending = this.loading.get(id);
    if (pending) return pending;
    const gen = this.generation;
    const p = this.api
      .call('frames.image', { id, size: 'thumb' })
      .then(async (img) => {
        const bm = await this.decoder.decode(img.data, img.mime);
        if (gen !== this.generation) {
          bm.close();
          return null;
        }
        this.bitmaps.set(id, bm);
        this.evict();
        return bm;
      })
      .catch(() => {
        if (gen === this.generation) this.failed.add(id);
        return null;
      })
      .finally(() => this.loading.delete(id));
    this.loading.set(id, p);
    return p;
  }

  /** Loads these (most wanted first) in the background, replacing what an earlier prefetch still had queued. */
  prefetch(ids: string[]): void {
    this.queue = ids.filter((id) => !this.bitmaps.has(id) && !this.failed.has(id) && !this.loading.has(id));
    this.pump();
  }

  /** Drops every picture (after a forget or delete, none may linger even in memory). */
  clear(): void {
    this.generation++;
    for (const bm of this.bitmaps.values()) bm.close();
    this.bitmaps.clear();
    this.failed.clear();
    this.queue = [];
  }

  private pump(): void {
    while (this.active < this.concurrency && this.queue.length) {
      const id = this.queue.shift()!;
      if (this.bitmaps.has(id) || this.loading.has(id)) continue;
      this.active++;
      void this.load(id).finally(() => {
        this.active--;
        this.pump();
      });
    }
  }

  private evict(): void {
    while (this.bitmaps.size > this.max) {
      const [oldest, bm] = this.bitmaps.entries().next().value as [string, ImageBitmap];
      this.bitmaps.delete(oldest);
      bm.close();
    }
  }
}

const instances = new WeakMap<ApiClient, ScrubFrames>();
export function scrubFrames(api: ApiClient): ScrubFrames {
  let s = instances.get(api);
  if (!s) instances.set(api, (s = new ScrubFrames(api)));
  return s;
}
