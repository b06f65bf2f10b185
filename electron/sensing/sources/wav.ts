import { CaptureError } from './errors.js';

/** 16-bit PCM mono WAV, the format every transcription server accepts. */
export function encodeWav(samples: Int16Array, sampleRate: number): Buffer {
  const dataBytes = samples.length * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  Buffer.from(samples.buffer, samples.byteOffset, dataBytes).copy(buf, 44);
  return buf;
}

export interface WavFormat {
  /** 1 = PCM integer, 3 = IEEE float. */
  audioFormat: 1 | 3;
  channels: number;
  sampleRate: number;
  bitsPerSample: 8 | 16 | 24 | 32;
}

/**
 * Incremental WAV reader: feed it bytes as they arrive (a file, stdin, a socket) and it yields mono
 * 16-bit samples. Streams of unknown length (data size 0 or 0xFFFFFFFF, as ffmpeg/arecord write to
 * a pipe) are read to their end.
 */
export class WavStreamDecoder {
  private header = Buffer.alloc(0);
  private format: WavFormat | null = null;
  private dataLeft = Infinity;
  private carry = Buffer.alloc(0);

  get wavFormat(): WavFormat | null {
    return this.format;
  }

  /** Returns the mono samples completed by this piece of input (possibly none). */
  push(bytes: Buffer): Int16Array {
    if (!this.format) {
      this.header = Buffer.concat([this.header, bytes]);
      const parsed = parseHeader(this.header);
      if (!parsed) {
        if (this.header.length > 1024 * 1024) throw new CaptureError('BAD_AUDIO', 'no WAV data chunk in the first MiB');
        return new Int16Array(0);
      }
      this.format = parsed.format;
      this.dataLeft = parsed.dataSize === 0 || parsed.dataSize === 0xffffffff ? Infinity : parsed.dataSize;
      bytes = this.header.subarray(parsed.dataOffset);
      this.header = Buffer.alloc(0);
    }
    if (this.dataLeft !== Infinity) {
      if (this.dataLeft <= 0) return new Int16Array(0);
      if (bytes.length > this.dataLeft) bytes = bytes.subarray(0, this.dataLeft);
      this.dataLeft -= bytes.length;
    }
    const f = this.format;
    const frameBytes = (f.bitsPerSample / 8) * f.channels;
    const all = this.carry.length ? Buffer.concat([this.carry, bytes]) : bytes;
    const frames = Math.floor(all.length / frameBytes);
    this.carry = Buffer.from(all.subarray(frames * frameBytes));
    const out = new Int16Array(frames);
    const bps = f.bitsPerSample / 8;
    for (let i = 0; i < frames; i++) {
      let sum = 0;
      for (let c = 0; c < f.channels; c++) sum += readSample(all, i * frameBytes + c * bps, f);
      out[i] = Math.max(-32768, Math.min(32767, Math.round(sum / f.channels)));
    }
    return out;
  }
}

function readSample(b: Buffer, off: number, f: WavFormat): number {
  if (f.audioFormat === 3) return (f.bitsPerSample === 32 ? b.readFloatLE(off) : 0) * 32767;
  switch (f.bitsPerSample) {
    case 8:
      return (b[off]! - 128) << 8;
    case 16:
      return b.readInt16LE(off);
    case 24:
      return b.readIntLE(off, 3) >> 8;
    default:
      return b.readInt32LE(off) >> 16;
  }
}

function parseHeader(b: Buffer): { format: WavFormat; dataOffset: number; dataSize: number } | null {
  if (b.length < 12) return null;
  if (b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WAVE') {
    throw new CaptureError('BAD_AUDIO', 'not a WAV file (expected RIFF/WAVE)');
  }
  let off = 12;
  let format: WavFormat | null = null;
  while (off + 8 <= b.length) {
    const id = b.toString('ascii', off, off + 4);
    const size = b.readUInt32LE(off + 4);
    if (id === 'data') {
      if (!format) throw new CaptureError('BAD_AUDIO', 'WAV data chunk before its fmt chunk');
      return { format, dataOffset: off + 8, dataSize: size };
    }
    if (off + 8 + size > b.length) return null;
    if (id === 'fmt ') {
      let audioFormat = b.readUInt16LE(off + 8);
      const channels = b.readUInt16LE(off + 10);
      const sampleRate = b.readUInt32LE(off + 12);
      const bits = b.readUInt16LE(off + 22);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
      if (audioFormat === 0xfffe && size >= 40) audioFormat = b.readUInt16LE(off + 8 + 24);
      if ((audioFormat !== 1 && audioFormat !== 3) || ![8, 16, 24, 32].includes(bits) || channels < 1 || sampleRate < 1000) {
        throw new CaptureError('BAD_AUDIO', `unsupported WAV encoding (format ${audioFormat}, ${bits} bits, ${channels} channels)`);
      }
      format = { audioFormat: audioFormat as 1 | 3, channels, sampleRate, bitsPerSample: bits as WavFormat['bitsPerSample'] };
    }
    off += 8 + size + (size % 2);
  }
  return null;
}

/** Linear-interpolation resampler with a box pre-filter when shrinking; plenty for speech to 16 kHz. */
export function resample(samples: Int16Array, from: number, to: number): Int16Array {
  if (from === to || samples.length === 0) return samples;
  const ratio = from / to;
  const out = new Int16Array(Math.floor(samples.length / ratio));
  const span = Math.max(1, Math.floor(ratio));
  for (let i = 0; i < out.length; i++) {
    const pos = i * ratio;
    const i0 = Math.floor(pos);
    if (span > 1) {
      let sum = 0;
      let n = 0;
      for (let k = i0; k < Math.min(samples.length, i0 + span); k++, n++) sum += samples[k]!;
      out[i] = Math.round(sum / Math.max(1, n));
    } else {
      const frac = pos - i0;
      const a = samples[i0]!;
      const b = samples[Math.min(samples.length - 1, i0 + 1)]!;
      out[i] = Math.round(a + (b - a) * frac);
    }
  }
  return out;
}
