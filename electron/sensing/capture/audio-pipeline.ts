import { EventEmitter } from 'node:events';
import type { AudioRecord, EngramStore, ObservationRecord } from '../../../agents/store/index.js';
import type { RedactionSwitches } from '../../../shared/redaction/index.js';
import { redact } from '../perception/index.js';
import { readCaptureSettings, type AudioSource, encodeWav } from '../sources/index.js';
import { counterNames, type CaptureCounter } from './day-counters.js';
import type { Transcriber } from './transcriber.js';
import { SpeechSegmenter, type SegmenterOptions, type SpeechChunk } from './vad.js';

export interface AudioPipelineDeps {
  store: EngramStore;
  source: AudioSource;
  /** Null: audio is kept (encrypted) but not transcribed. A getter is asked per chunk (Settings may change it). */
  transcriber: Transcriber | null | (() => Transcriber | null);
  language?: string | null | (() => string | null);
  segmenter?: SegmenterOptions;
  /**
   * The capture pause applies to the microphone too: whether speech that ended at `endedAt` falls
   * in a pause (speech recorded before the user paused is kept, even when it arrives after).
   */
  isPaused?: (endedAt: number) => boolean;
  /** What to redact from transcripts; otherwise the switches in the stored capture settings, read per chunk. */
  redaction?: () => RedactionSwitches;
}

export interface AudioRunReport {
  chunks: number;
  audio_ids: string[];
  observation_ids: string[];
  speech_ms: number;
  silence_dropped_ms: number;
  paused_dropped: number;
  failed: number;
}

/**
 * Microphone (or file) audio to observations: voice-activity detection drops silence, speech is cut
 * into ~30 s chunks, each kept encrypted in the store, transcribed, redacted and stored as an
 * observation of kind audio. Chunks are transcribed one at a time, in order.
 */
export class AudioPipeline extends EventEmitter {
  constructor(private readonly deps: AudioPipelineDeps) {
    super();
  }

  /** Errors are reported to listeners; with none, they must not crash the host (EventEmitter would throw). */
  private fail(err: unknown): void {
    if (this.listenerCount('error') > 0) this.emit('error', err);
  }

  async run(signal?: AbortSignal): Promise<AudioRunReport> {
    const report: AudioRunReport = { chunks: 0, audio_ids: [], observation_ids: [], speech_ms: 0, silence_dropped_ms: 0, paused_dropped: 0, failed: 0 };
    let segmenter: SpeechSegmenter | null = null;
    for await (const pcm of this.deps.source.chunks(signal)) {
      segmenter ??= new SpeechSegmenter(pcm.sampleRate, this.deps.segmenter);
      for (const chunk of segmenter.push(pcm)) await this.handle(chunk, report);
      if (signal?.aborted) break;
    }
    const last = segmenter?.end();
    if (last) await this.handle(last, report);
    report.silence_dropped_ms = segmenter?.silenceDroppedMs ?? 0;
    if (report.silence_dropped_ms > 0) this.bump('audio_silence_dropped', Math.round(report.silence_dropped_ms / 1000));
    return report;
  }

  private bump(name: CaptureCounter, n = 1): void {
    for (const key of counterNames(name, Date.now())) this.deps.store.counters.bump(key, n);
  }

  private async handle(chunk: SpeechChunk, report: AudioRunReport): Promise<void> {
    if (this.deps.isPaused?.(chunk.started_at + chunk.duration_ms)) {
      report.paused_dropped++;
      return;
    }
    // Speech started inside a range forgotten while it was being recorded: it stays forgotten.
    if (this.deps.store.wasForgotten(chunk.started_at)) return;
    const wav = encodeWav(chunk.samples, chunk.sampleRate);
    const audio: AudioRecord = this.deps.store.audio.insert({ started_at: chunk.started_at, duration_ms: chunk.duration_ms, mime: 'audio/wav' }, wav);
    report.chunks++;
    report.speech_ms += chunk.duration_ms;
    report.audio_ids.push(audio.id);
    this.bump('audio_chunks');
    this.emit('audio', audio);
    const { transcriber: tr, language: lang } = this.deps;
    const transcriber = typeof tr === 'function' ? tr() : tr;
    if (!transcriber) return;
    try {
      const language = typeof lang === 'function' ? lang() : (lang ?? null);
      const t = await transcriber.transcribe({ data: wav, mime: 'audio/wav', filename: `${audio.id}.wav` }, { language });
      if (!t.text.trim()) return;
      // Forgotten while the transcriber was working: its text must not come back.
      if (this.deps.store.wasForgotten(chunk.started_at)) return;
      const { text, secrets } = redact(t.text, this.deps.redaction?.() ?? readCaptureSettings(this.deps.store).redaction);
      const obs: ObservationRecord = this.deps.store.observations.insert({
        kind: 'audio',
        frame_id: null,
        audio_id: audio.id,
        display: null,
        observed_at: chunk.started_at,
        app: null,
        title: null,
        url: null,
        text,
        caption: null,
      });
      report.observation_ids.push(obs.id);
      this.emit('observation', obs);
      if (secrets.length) this.emit('secrets', { observation_id: obs.id, frame_id: null, app: null, secrets });
    } catch (err) {
      // The audio stays stored; a later run (or the user) can retry the transcription.
      report.failed++;
      this.fail(err);
    }
  }
}
