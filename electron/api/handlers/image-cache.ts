export interface CachedImage {
  mime: string;
  data: string;
  width: number;
  height: number;
}

/** Thumbnails decoded recently, kept in memory (bounded by bytes) so scrolling back costs nothing. */
export class ImageCache {
  private readonly map = new Map<string, CachedImage>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string) {
    const v = this.map.get(key);
    if (v) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: CachedImage) {
    this.map.set(key, v);
    this.bytes += v.data.length;
    while (this.bytes > this.maxBytes && this.map.size > 1) {
      const [k, old] = this.map.entries().next().value as [string, { data: string }];
      this.map.delete(k);
      this.bytes -= old.data.length;
    }
  }
  clear() {
    this.map.clear();
    this.bytes = 0;
  }
}
