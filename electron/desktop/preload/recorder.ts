import { ipcRenderer } from 'electron';
import type {
  RECORDER_CHUNK_CHANNEL as ChunkChannel,
  RECORDER_COMMAND_CHANNEL as CommandChannel,
  RECORDER_STATE_CHANNEL as StateChannel,
} from '../policy/index.js';
import { SegmentRecorder, type MediaRecorderLike, type MediaStreamLike } from './segment-recorder.js';

/**
 * The hidden recorder window's preload. It exposes nothing to the page: it records in the
 * preload's own isolated world and talks only to the main process.
 */
const RECORDER_COMMAND_CHANNEL: typeof CommandChannel = 'engram-recorder:command';
const RECORDER_CHUNK_CHANNEL: typeof ChunkChannel = 'engram-recorder:chunk';
const RECORDER_STATE_CHANNEL: typeof StateChannel = 'engram-recorder:state';

// Browser globals of the renderer; the node project has no DOM lib, so just what is used here.
declare const navigator: { mediaDevices: { getUserMedia(constraints: unknown): Promise<MediaStreamLike> } };
declare const MediaRecorder: {
  new (stream: MediaStreamLike, options?: { mimeType?: string; audioBitsPerSecond?: number }): MediaRecorderLike;
  isTypeSupported(mimeType: string): boolean;
};
interface AudioBufferLike {
  readonly sampleRate: number;
  readonly numberOfChannels: number;
  getChannelData(channel: number): Float32Array;
}
declare const AudioContext: new (options?: { sampleRate?: number }) => {
  decodeAudioData(data: ArrayBuffer): Promise<AudioBufferLike>;
};

/** The audio pipeline's rate: decodeAudioData resamples to the context's rate, so no second pass. */
const PCM_RATE = 16_000;
let audioContext: InstanceType<typeof AudioContext> | null = null;

const recorder = new SegmentRecorder({
  getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
  createRecorder: (stream, mimeType) => new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: 32_000 }),
  isTypeSupported: (mime) => MediaRecorder.isTypeSupported(mime),
  decode: async (file) => {
    audioContext ??= new AudioContext({ sampleRate: PCM_RATE });
    const buffer = await audioContext.decodeAudioData(file);
    const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
    return { sampleRate: buffer.sampleRate, channels };
  },
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  sendChunk: (chunk) => ipcRenderer.send(RECORDER_CHUNK_CHANNEL, chunk),
  sendState: (state) => ipcRenderer.send(RECORDER_STATE_CHANNEL, state),
});

ipcRenderer.on(RECORDER_COMMAND_CHANNEL, (_event, command: unknown) => {
  if (typeof command !== 'object' || command === null) return;
  const c = command as { type?: unknown; timeslice_ms?: unknown; device_id?: unknown };
  if (c.type === 'start' && typeof c.timeslice_ms === 'number') {
    void recorder.start({ timeslice_ms: c.timeslice_ms, device_id: typeof c.device_id === 'string' ? c.device_id : null });
  } else if (c.type === 'stop') {
    recorder.stop();
  }
});
