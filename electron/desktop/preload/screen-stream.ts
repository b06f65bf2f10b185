import { ipcRenderer } from 'electron';
import type {
  SCREEN_STREAM_COMMAND_CHANNEL as CommandChannel,
  SCREEN_STREAM_FRAME_CHANNEL as FrameChannel,
  SCREEN_STREAM_STATE_CHANNEL as StateChannel,
} from '../policy/index.js';
import { StreamGrabber, type RgbaFrame, type VideoTrackLike } from './stream-grabber.js';

/**
 * The hidden screen-stream window's preload (Wayland). It exposes nothing to the page: it holds
 * the stream in the preload's own isolated world and talks only to the main process.
 */
const COMMAND_CHANNEL: typeof CommandChannel = 'engram-screen:command';
const FRAME_CHANNEL: typeof FrameChannel = 'engram-screen:frame';
const STATE_CHANNEL: typeof StateChannel = 'engram-screen:state';

// Browser globals of the renderer; the node project has no DOM lib, so just what is used here.
declare const navigator: { mediaDevices: { getUserMedia(constraints: unknown): Promise<{ getVideoTracks(): VideoTrackLike[] }> } };
interface BitmapLike {
  readonly width: number;
  readonly height: number;
  close(): void;
}
declare const ImageCapture: new (track: VideoTrackLike) => { grabFrame(): Promise<BitmapLike> };
declare const OffscreenCanvas: new (
  width: number,
  height: number,
) => {
  getContext(type: '2d', options: { willReadFrequently: boolean }): {
    drawImage(image: BitmapLike, x: number, y: number): void;
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  } | null;
};

async function grabFrame(track: VideoTrackLike): Promise<RgbaFrame> {
  const bitmap = await new ImageCapture(track).grabFrame();
  try {
    const { width, height } = bitmap;
    const ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d canvas');
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, width, height).data;
    return { width, height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } finally {
    bitmap.close();
  }
}

const grabber = new StreamGrabber({
  getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
  grabFrame,
  sendFrame: (frame) => ipcRenderer.send(FRAME_CHANNEL, frame),
  sendState: (state) => ipcRenderer.send(STATE_CHANNEL, state),
});

ipcRenderer.on(COMMAND_CHANNEL, (_event, command: unknown) => {
  if (typeof command !== 'object' || command === null) return;
  const c = command as { type?: unknown; source_id?: unknown; id?: unknown };
  if (c.type === 'open' && typeof c.source_id === 'string') void grabber.open(c.source_id);
  else if (c.type === 'grab' && typeof c.id === 'number') void grabber.grab(c.id);
  else if (c.type === 'close') grabber.close();
});
