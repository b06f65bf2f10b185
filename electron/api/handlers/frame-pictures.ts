import { StoreError, type EngramStore } from '../../../agents/store/index.js';
import { fail } from '../errors.js';
import type { FrameImageCodec } from '../deps.js';
import { sniffMime } from '../sharp-image-codec.js';
import { ImageCache, type CachedImage } from './image-cache.js';

const THUMB = { maxWidth: 320, quality: 62 };
const FULL = { maxWidth: 1600, quality: 85 };
/** Decoded pictures kept for scrolling back, in bytes of base64. */
const CACHE_BYTES = 48 * 1024 * 1024;

/** An image decoder's complaint about its input (as opposed to the decoder itself failing to load). */
function decodeFailure(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return !/Could not load|Cannot find module|ERR_DLOPEN|dlopen/i.test(message);
}

/** "frames file frm_… is damaged (authentication failed)" as a line for the detail pane. */
function damageLine(message: string): string {
  if (/\bmissing\b/.test(message)) return 'The screenshot file is missing from the data folder.';
  const why = /damaged \(([^)]+)\)/.exec(message)?.[1];
  return why ? `The screenshot file is damaged (${why}).` : 'The screenshot file is damaged.';
}

/**
 * A moment's picture for the window: decrypted, checked, scaled (thumb or full) and cached; a file
 * that cannot be read or decoded marks its frame damaged and says why. The decrypted bytes are
 * wiped once used.
 */
export class FramePictures {
  private readonly cache = new ImageCache(CACHE_BYTES);
  constructor(
    private readonly store: EngramStore,
    private readonly codec: FrameImageCodec,
  ) {}

  /** Forgets decoded pictures (after deletes: a deleted moment's picture must not be served). */
  clearCache(): void {
    this.cache.clear();
  }

  /** The file decrypts but holds nothing an image decoder can read: damaged all the same. */
  private undecodable(id: string): never {
    this.store.frames.markDamaged(id);
    fail('IO', `frames file ${id} is damaged (its image cannot be decoded)`);
  }

  /** Why a frame's picture cannot be shown, or null when it can (reads and wipes the file once). */
  async damage(id: string): Promise<string | null> {
    let raw: Buffer;
    try {
      raw = await this.store.frames.readImage(id);
    } catch (err) {
      if (err instanceof StoreError && err.code === 'IO') return damageLine(err.message);
      if (err instanceof StoreError && err.code === 'NOT_FOUND') return null;
      throw err;
    }
    const image = sniffMime(raw) !== 'application/octet-stream';
    raw.fill(0);
    if (!image) {
      this.store.frames.markDamaged(id);
      return 'The screenshot file is damaged (its image cannot be decoded).';
    }
    // Marked before (an image the decoder refused): the file reads, the picture still cannot be made.
    return this.store.frames.get(id)?.damaged ? 'The screenshot file is damaged.' : null;
  }

  /** The picture of a frame, or of an observation's frame. */
  async image(input: { id: string; size: 'thumb' | 'full' }): Promise<CachedImage> {
    const key = `${input.size}:${input.id}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    // A frame's id, or an observation's: the frame it was read from (the timeline's rows carry only the latter).
    let frame = this.store.frames.get(input.id);
    if (!frame) {
      const frameId = this.store.observations.get(input.id)?.frame_id;
      frame = frameId ? this.store.frames.get(frameId) : null;
    }
    if (!frame) fail('NOT_FOUND', 'That screenshot no longer exists.');
    // A file that fails to decrypt marks the frame damaged and throws IO with the reason (StoreError).
    const raw = await this.store.frames.readImage(frame.id);
    try {
      const mime = sniffMime(raw);
      if (mime === 'application/octet-stream') this.undecodable(frame.id);
      let out: CachedImage;
      if (input.size === 'full' && frame.width <= FULL.maxWidth) {
        out = { mime, data: raw.toString('base64'), width: frame.width, height: frame.height };
      } else {
        let r;
        try {
          r = await this.codec.render(raw, input.size === 'thumb' ? THUMB : FULL);
        } catch (err) {
          if (decodeFailure(err)) this.undecodable(frame.id);
          fail('UNAVAILABLE', 'Screenshots cannot be shown right now: the image library failed.');
        }
        out = { mime: r.mime, data: r.data.toString('base64'), width: r.width, height: r.height };
      }
      this.cache.set(key, out);
      return out;
    } finally {
      raw.fill(0);
    }
  }
}
