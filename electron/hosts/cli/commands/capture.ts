import { ApiCallError, type ApiClient, type CaptureTick } from '../../../../shared/api/index.js';
import { CaptureError, WavStreamSource, captureRoom, startEngram, type CaptureSources, type Engram } from '../../../engine/index.js';
import { bool, str } from '../args.js';
import { CliError, type CliContext, type Command } from '../command.js';
import { packageVersion } from '../version.js';
import { captionOption } from '../caption-option.js';

const REASONS: Record<string, string> = {
  kept: 'kept',
  unchanged: 'screen unchanged since the last kept frame',
  idle: 'user idle',
  locked: 'screen locked',
  disabled: 'capture is turned off',
  error: 'capture failed',
  paused: 'capture is paused',
  excluded_app: 'excluded app in front',
  excluded_title: 'excluded window title',
  excluded_url: 'excluded URL',
  engram_window: "Engram's own window in front",
};

function parseInterval(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0.5 || n > 3600) throw new CliError('--interval must be a number of seconds from 0.5 to 3600');
  return n;
}

/** The sources this terminal captures from: X11 (or ImageMagick's grab), the window in front. */
export async function captureSources(ctx: CliContext, source: string | undefined, interval: number | undefined, noOcr: boolean, audio: string | undefined, watch: boolean): Promise<CaptureSources> {
  if (source !== undefined && source !== 'x11' && source !== 'import') throw new CliError('--source must be x11 or import');
  const { defaultScreenSource, defaultActiveWindowSource, defaultLoadSource } = await captureRoom.get();
  // --watch backs off on a busy machine (OCR waits first, then capture slows); one --once tick does not.
  const load = watch ? defaultLoadSource(ctx.env) : undefined;
  let screen;
  try {
    screen = defaultScreenSource({ prefer: source === 'import' ? 'screenshot-desktop' : 'x11', env: ctx.env });
  } catch (err) {
    if (err instanceof CaptureError) throw new CliError(`capture: ${err.message}`, 1);
    throw err;
  }
  return {
    screen,
    windows: defaultActiveWindowSource(screen),
    ...(interval !== undefined ? { intervalS: interval } : {}),
    ...(noOcr ? { ocr: null } : {}),
    ...(load ? { load } : {}),
    ...(audio !== undefined ? { audioStream: audioStream(audio, ctx) } : {}),
    start: false,
  };
}

/** --audio: a WAV file, or - for stdin, recorded when capture.audio asks, until it ends or Ctrl-C. */
function audioStream(src: string, ctx: CliContext): NonNullable<CaptureSources['audioStream']> {
  return {
    source: new WavStreamSource(src === '-' ? ctx.io.stdin : src),
    signal: ctx.signal,
    onError: (err) => ctx.io.stderr(`audio: ${err instanceof Error ? err.message : String(err)}\n`),
    onNoTranscriber: () => ctx.io.stderr('audio: no transcriber_url in settings: speech is kept (encrypted) but not transcribed\n'),
  };
}

function describe(r: CaptureTick): string {
  const why = REASONS[r.reason] ?? r.reason;
  if (r.kept) return `kept ${r.frame_ids.length} frame(s)${r.forced ? ' (forced after a still period)' : ''}: ${r.frame_ids.join(', ')}`;
  return `skipped: ${why}${r.detail && r.detail !== why ? ` (${r.detail})` : ''}`;
}

export const captureCommand: Command = {
  name: 'capture',
  summary: 'capture the screen: one tick (--once) or continuously (--watch)',
  help: `usage: engram capture --once [--json]
       engram capture --watch [--interval S]

Captures every display, keeps the frame only if the screen changed and no privacy rule blocks it
(paused, password manager or private window in front), reads its text (OCR), removes secrets, and
stores an observation. Frames are encrypted in the data dir; nothing plaintext touches the disk.
  --once          one tick; prints what was kept or why it was skipped
  --json          with --once: {"kept", "reason", "frame_ids", "observation_ids"}
  --watch         capture until Ctrl-C, with a live line: frames kept / skipped / gated, OCR backlog
  --interval S    seconds between ticks for --watch (default: settings, 3)
  --source SRC    x11 (default: one X connection, skips unchanged screens cheaply) or import
                  (screenshot-desktop's ImageMagick grab)
  --no-ocr        keep frames but do not read their text
  --captions      let the model see screenshots (the Privacy switch; ENGRAM_CAPTIONS=on|off too):
                  frames are captioned by the configured model (a vision model on Ollama or
                  llama.cpp keeps them on this machine), secrets OCR found blacked out first,
                  no more than capture.captioning.max_per_hour (60) an hour, frames with little text first
  --audio SRC     also take audio from a WAV file, or - for stdin (16-bit PCM, any rate): silence is
                  dropped, speech kept encrypted in ~30 s chunks and transcribed by the server in
                  settings (capture.audio.transcriber_url; key from ENGRAM_TRANSCRIBER_KEY)
What it stores is found by its words at once; by meaning once it has its vectors, which the Engram
app and engram serve make in the background, and engram index makes at once.
Needs an X display (DISPLAY); on macOS and Windows use the Engram app.`,
  options: {
    once: { type: 'boolean' },
    watch: { type: 'boolean' },
    interval: { type: 'string' },
    json: { type: 'boolean' },
    source: { type: 'string' },
    'no-ocr': { type: 'boolean' },
    audio: { type: 'string' },
    captions: { type: 'boolean' },
  },
  async run(args, ctx) {
    const once = bool(args, 'once');
    const watch = bool(args, 'watch');
    if (once === watch) throw new CliError('capture: give exactly one of --once or --watch (see engram capture --help)');
    const interval = parseInterval(str(args, 'interval'));
    if (interval !== undefined && once) throw new CliError('capture: --interval goes with --watch');
    const json = ctx.json || bool(args, 'json');
    const captions = captionOption(bool(args, 'captions'), ctx.env);
    let engram: Engram | null = null;
    try {
      // What is seen becomes memories (offline rules without a model key), so `engram search`
      // finds it; the engine hands redacted secrets to the vault, masked. Vectors are added by the
      // next process that opens the store with an embedder; keyword search works at once.
      engram = await startEngram({
        store: ctx.storeSource({ embedder: 'none' }),
        // Recorded before capture starts, where the Privacy switch keeps it (undone if the start fails).
        captions,
        host: 'headless',
        version: packageVersion(),
        env: ctx.env,
        chat: false,
        brain: { start: 'manual', subscribe: watch },
        // Watching runs as long as serve does: what it records reaches the other devices as it goes.
        sync: watch,
        capture: await captureSources(ctx, str(args, 'source'), interval, bool(args, 'no-ocr'), str(args, 'audio'), watch),
        log: (l) => ctx.io.stderr(`${l}\n`),
        // A failed tick is told by the tick itself (--once) or the live line (--watch).
        onProblem: () => undefined,
      });
      if (engram.captions) ctx.io.stderr(`engram: ${engram.captions.notice()}\n`);
      const running = engram;
      if (watch) await engram.client.call('brain.start', {});
      // An audio failure is kept and reported after the screen work, never left as an unhandled rejection.
      let audioError: unknown = null;
      const audio = str(args, 'audio') !== undefined
        ? runAudio(engram.client, ctx).catch((err: unknown) => {
            audioError = err;
            return [] as string[];
          })
        : null;
      const code = once ? await runOnce(engram.client, ctx, json, audio) : await runWatch(engram.client, ctx, () => running.framesUnread());
      if (audio) await audio;
      if (audioError) throw audioError;
      // --once: take up what this tick (and any earlier run) stored; --watch: flush the buffer.
      if (once) await engram.client.call('brain.start', {});
      const e = engram;
      engram = null;
      await e.close({ flush: true });
      return code;
    } finally {
      await engram?.close();
    }
  },
};

/** Audio from a file or stdin, alongside the screen; resolves with the observation ids it stored. */
async function runAudio(client: ApiClient, ctx: CliContext): Promise<string[]> {
  try {
    const report = await client.call('capture.audio', {});
    if (!ctx.json) ctx.io.stderr(`audio: ${report.chunks} speech chunk(s), ${Math.round(report.speech_ms / 1000)} s of speech, ${report.observation_ids.length} transcript(s)\n`);
    return report.observation_ids;
  } catch (err) {
    if (err instanceof ApiCallError && err.code === 'UNAVAILABLE') throw new CliError(`capture: ${err.message}`, 1);
    throw err;
  }
}

async function runOnce(client: ApiClient, ctx: CliContext, json: boolean, audio: Promise<string[]> | null): Promise<number> {
  const r = await client.call('capture.tick', {});
  const observationIds = [...r.observation_ids, ...((await audio) ?? [])];
  await client.call('capture.drain', {});
  if (r.reason === 'error' && !json) throw new CliError(`capture: ${r.detail ?? 'failed'}`, 1);
  if (json) {
    ctx.io.stdout(JSON.stringify({ kept: r.kept, reason: r.reason, detail: r.detail, frame_ids: r.frame_ids, observation_ids: observationIds }) + '\n');
    return r.reason === 'error' ? 1 : 0;
  }
  ctx.io.stdout(describe(r) + '\n');
  for (const id of observationIds) ctx.io.stdout(`  observation ${id}\n`);
  return 0;
}

async function runWatch(client: ApiClient, ctx: CliContext, unread: () => number): Promise<number> {
  const started = { kept: 0, skipped: 0, gated: 0 };
  const line = async () => {
    const st = await client.call('capture.counts', {});
    const status = await client.call('capture.status', {});
    const paused = status.paused_until ? ` · paused until ${status.paused_until}` : status.state === 'paused' ? ' · paused' : '';
    return `frames kept ${st.kept - started.kept} · skipped ${st.skipped - started.skipped} · gated ${st.gated - started.gated} · OCR backlog ${status.ocr_backlog}${paused}${status.message ? ` · ${status.message}` : ''}`;
  };
  let last = '';
  // One line at a time, in the order asked: each asks the engine twice.
  let shown: Promise<void> = Promise.resolve();
  const show = (): Promise<void> =>
    (shown = shown.then(async () => {
      const l = await line();
      if (l === last) return;
      last = l;
      if (ctx.io.isTty) ctx.io.stdout(`\r\x1b[2K${l}`);
      else ctx.io.stdout(l + '\n');
    }));
  const offTick = client.on('capture.ticked', () => void show());
  const timer = setInterval(() => void show(), 1000);
  await client.call('capture.start', {});
  ctx.io.stderr('capturing; Ctrl-C to stop\n');
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) return resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  clearInterval(timer);
  // A second Ctrl-C exits at once: the frames still unread stay stored and are read at the next start.
  const withdraw = ctx.onHardStop?.(() => {
    const n = unread();
    ctx.io.stderr(`${ctx.io.isTty ? '\n' : ''}engram: stopped at once; ${n} frame${n === 1 ? '' : 's'} without text yet ${n === 1 ? 'is' : 'are'} queued for the next start\n`);
  });
  try {
    await client.call('capture.stop', {});
    await client.call('capture.drain', {});
  } finally {
    withdraw?.();
  }
  await show();
  offTick();
  if (ctx.io.isTty) ctx.io.stdout('\n');
  return 0;
}
