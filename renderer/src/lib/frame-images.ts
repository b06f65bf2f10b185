import type { ApiClient, FrameImageSize } from '../../../shared/api/index.js';
import { base64Bytes } from './thumb-bytes.js';

/**
 * Frame images arrive decrypted from the host as base64 and live here only as in-memory blob URLs,
 * in a bounded LRU: old ones are revoked, nothing is cached on disk.
 */
export class FrameImageCache {
  private readonly entries = new Map<string, Promise<string | null>>();
  private readonly urls = new Map<string, string>();

  constructor(
    private readonly api: ApiClient,
    private readonly max = 400,
  ) {}

  get(id: string, size: FrameImageSize): Promise<string | null> {
    const key = `${size}:${id}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const p = this.api
      .call('frames.image', { id, size })
      .then((img) => {
        const url = URL.createObjectURL(new Blob([base64Bytes(img.data)], { type: img.mime }));
        this.urls.set(key, url);
        return url;
      })
      .catch(() => null);
    this.entries.set(key, p);
    this.evict();
    return p;
  }

  /** Drops everything (after a forget or wipe, the images must not linger even in memory). */
  clear(): void {
    for (const url of this.urls.values()) URL.revokeObjectURL(url);
    this.urls.clear();
    this.entries.clear();
  }

  private evict(): void {
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
      const url = this.urls.get(oldest);
      if (url) {
        URL.revokeObjectURL(url);
        this.urls.delete(oldest);
      }
    }
  }
}

const caches = new WeakMap<ApiClient, FrameImageCache>();
export function frameImageCache(api: ApiClient): FrameImageCache {
  let c = caches.get(api);
  if (!c) caches.set(api, (c = new FrameImageCache(api)));
  return c;
}
