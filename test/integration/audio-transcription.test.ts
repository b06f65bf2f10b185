import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { AudioPipeline, encodeWav, OpenAiTranscriber, WavStreamDecoder, WavStreamSource } from '../../electron/sensing/capture/index.js';
import { startFakeTranscriber, type FakeTranscriber } from '../fakes/fake-transcriber.js';

const SPOKEN = 'the quarterly budget meeting moved to thursday';

describe('audio: VAD, encrypted chunks, OpenAI-compatible transcription', () => {
  let dir: string;
  let store: EngramStore;
  let fake: FakeTranscriber;
  let speech: { samples: Int16Array; rate: number };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-audio-'));
    const wavPath = join(dir, 'speech.wav');
    execFileSync('espeak-ng', ['-w', wavPath, SPOKEN]);
    const dec = new WavStreamDecoder();
    const samples = dec.push(readFileSync(wavPath));
    rmSync(wavPath);
    speech = { samples, rate: dec.wavFormat!.sampleRate };
    store = await openStore({ dataDir: join(dir, 'data'), keyProvider: new StaticKeyProvider(Buffer.alloc(32, 7)), embedder: null });
    fake = await startFakeTranscriber({ apiKey: 'test-key', transcript: () => `${SPOKEN}. my card is 4111 1111 1111 1111` });
  });
  afterAll(async () => {
    await fake.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('drops silence, stores speech encrypted, transcribes it and stores a redacted audio observation', async () => {
    // 4 s of silence, the sentence, 6 s of silence: only the speech may be stored and sent.
    const pad = (s: number) => new Int16Array(Math.round(s * speech.rate));
    const all = new Int16Array(pad(4).length + speech.samples.length + pad(6).length);
    all.set(speech.samples, pad(4).length);
    const wav = encodeWav(all, speech.rate);
    const t0 = Date.parse('2026-03-02T10:00:00Z');
    const source = new WavStreamSource(Readable.from([wav.subarray(0, 1000), wav.subarray(1000)]), { startAt: t0 });
    const pipeline = new AudioPipeline({
      store,
      source,
      transcriber: new OpenAiTranscriber({ url: fake.url, apiKey: 'test-key', model: 'whisper-1' }),
      language: 'en',
    });
    const before = fake.requests.length;
    const report = await pipeline.run();

    expect(report.chunks).toBe(1);
    expect(report.failed).toBe(0);
    const speechMs = (speech.samples.length / speech.rate) * 1000;
    expect(report.speech_ms).toBeLessThan(speechMs + 1500);
    expect(report.silence_dropped_ms).toBeGreaterThan(7000);

    // What the server received: a WAV of about the speech, model and language fields, the key.
    // (Counted from before this run: the other tests use the same server, in any order.)
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    const req = sent[0]!;
    expect(req.authorization).toBe('Bearer test-key');
    expect(req.model).toBe('whisper-1');
    expect(req.language).toBe('en');
    expect(req.fileMime).toBe('audio/wav');
    expect(req.file.length).toBeLessThan(44 + 2 * 16_000 * ((speechMs + 1500) / 1000));

    // Stored encrypted: readable through the store, and the chunk starts where the speech starts.
    const audio = store.audio.read(report.audio_ids[0]!);
    expect(audio.toString('ascii', 0, 4)).toBe('RIFF');
    const obs = store.observations.get(report.observation_ids[0]!)!;
    expect(obs.kind).toBe('audio');
    expect(obs.audio_id).toBe(report.audio_ids[0]);
    expect(obs.observed_at).toBeGreaterThanOrEqual(t0 + 3500);
    expect(obs.observed_at).toBeLessThan(t0 + 4500);
    expect(obs.text).toContain('quarterly budget');
    expect(obs.text).toContain('[redacted:card]');
    expect(obs.text).not.toContain('4111');
  });

  it('a file of silence stores nothing and calls no server', async () => {
    const before = fake.requests.length;
    const wav = encodeWav(new Int16Array(16_000 * 5), 16_000);
    const report = await new AudioPipeline({ store, source: new WavStreamSource(Readable.from([wav])), transcriber: new OpenAiTranscriber({ url: fake.url, apiKey: 'test-key' }) }).run();
    expect(report.chunks).toBe(0);
    expect(fake.requests.length).toBe(before);
  });

  it('retries once on a 5xx and reports a 4xx as a one-line typed error', async () => {
    const t = new OpenAiTranscriber({ url: `${fake.url}/v1`, apiKey: 'test-key' });
    const wav = encodeWav(speech.samples.slice(0, 16_000), speech.rate);
    fake.failWith.push(503);
    await expect(t.transcribe({ data: wav, mime: 'audio/wav', filename: 'a.wav' })).resolves.toMatchObject({ text: expect.stringContaining('quarterly') });
    const bad = new OpenAiTranscriber({ url: fake.url, apiKey: 'wrong' });
    await expect(bad.transcribe({ data: wav, mime: 'audio/wav', filename: 'a.wav' })).rejects.toThrow(/^transcription failed: server answered 401/);
  });
});
