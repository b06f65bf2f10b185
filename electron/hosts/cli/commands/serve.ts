import { existsSync } from 'node:fs';
import { createInterface, type Interface } from 'node:readline';
import { captureRoom, createBrowserSession, runOwnSyncthing, type CaptureSources } from '../../../engine/index.js';
import { defaultRendererDir, startEngramServer } from '../../http/index.js';
import { bool, str } from '../args.js';
import { CliError, type Command } from '../command.js';
import { packageVersion } from '../version.js';
import { captionOption } from '../caption-option.js';

function parsePort(v: string | undefined): number {
  if (v === undefined) return 0;
  if (!/^\d{1,5}$/.test(v) || Number(v) > 65535) throw new CliError('--port must be a number from 0 to 65535 (0 picks a free one)');
  return Number(v);
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'open the Engram window in a browser: a local, token-protected host on 127.0.0.1',
  help: `usage: engram serve [--port P] [--data-dir D] [--capture] [--captions]

Serves the Engram window (chat, timeline, memories, privacy, settings) on 127.0.0.1 only and prints
a link to open. The link works once, within two minutes (it carries a one-time code that the page
swaps for a session cookie, so the run's token is never on a command line); press Enter in this
terminal for a new link:
  http://127.0.0.1:PORT/?code=…
Requests without the session, or from another site's page, are refused.
  --port P      port to listen on (default: a free one)
  --capture     also capture the screen while serving (needs a display; see engram capture),
                once the first-run consent is on record or accepted in the window
  --captions    let the model see screenshots (the Privacy switch; ENGRAM_CAPTIONS=on|off too):
                captured frames get a caption from the configured model, secrets blacked out first
  --no-brain    do not turn new observations and chat turns into memories while serving
The window is built by \`npm run build\` (npm run serve builds it first).`,
  options: {
    port: { type: 'string' },
    capture: { type: 'boolean' },
    captions: { type: 'boolean' },
    'no-brain': { type: 'boolean' },
  },
  async run(args, ctx) {
    const port = parsePort(str(args, 'port'));
    const rendererDir = defaultRendererDir(ctx.env);
    if (!existsSync(`${rendererDir}/index.html`)) throw new CliError(`the window is not built yet (${rendererDir}); run npm run build first`, 1);
    const captions = captionOption(bool(args, 'captions'), ctx.env);
    let lines: Interface | null = null;
    try {
      const wantsCapture = bool(args, 'capture');
      // Made once the host listens (the capture room loads after the link is out).
      const captureSources = async (): Promise<CaptureSources | null> => {
        if (!wantsCapture) return null;
        const { defaultScreenSource, defaultLoadSource } = await captureRoom.get();
        try {
          // Started only once the first-run consent is on record or accepted in the window; backs
          // off on a busy machine as the desktop app does.
          const load = defaultLoadSource(ctx.env);
          return { screen: defaultScreenSource({ env: ctx.env }), start: false, ...(load ? { load } : {}) };
        } catch (err) {
          throw new CliError(`capture: ${err instanceof Error ? err.message : String(err)}`, 1);
        }
      };
      let quit: () => void = () => undefined;
      const quitRequested = new Promise<void>((resolve) => (quit = resolve));
      const browser = createBrowserSession({ dataDir: ctx.dataDir, captures: wantsCapture, onQuit: () => quit() });
      const server = await startEngramServer({
        store: ctx.storeSource(),
        // Recorded before capture starts, where the Privacy switch keeps it (undone if the start fails).
        captions,
        version: packageVersion(),
        port,
        rendererDir,
        captureSources,
        session: browser.session,
        gateCapture: browser.gate,
        env: ctx.env,
        brain: !bool(args, 'no-brain'),
        log: (line) => ctx.io.stderr(`${line}\n`),
        onProblem: (p) => ctx.io.stderr(`engram: ${p.source}: ${p.error instanceof Error ? p.error.message : String(p.error)}\n`),
        // The address on a line of its own, as soon as the page is served (calls wait for the
        // engine, which starts next), so scripts and tests can pick it up.
        onListening: (host) => ctx.io.stdout(`${host.url}\n`),
      });
      const client = server.engram.client;
      // The engine composed capture from these sources; this host starts and stops it through the handler map.
      const capture = wantsCapture
        ? { start: () => client.call('capture.start', {}), stop: () => client.call('capture.stop', {}), drain: () => client.call('capture.drain', {}), status: () => client.call('capture.status', {}) }
        : null;
      if (server.engram.captions) ctx.io.stderr(`engram: ${server.engram.captions.notice()}\n`);
      await browser.attach(capture);
      ctx.io.stderr(`engram: serving ${ctx.dataDir} on 127.0.0.1:${server.host.port}${capture ? (browser.capturing() ? ' with capture' : ' (capture starts once you accept the welcome page)') : ''}; Ctrl-C to stop\n`);
      ctx.io.stderr('engram: the link works once, within 2 minutes; press Enter here for a new one\n');
      // Engram's own Syncthing, when the user chose it and sync is on; stopped again when serve ends.
      const syncthing = runOwnSyncthing(client, (line) => ctx.io.stderr(`engram: ${line}\n`));
      lines = createInterface({ input: ctx.io.stdin, terminal: false });
      lines.on('line', () => ctx.io.stdout(`${server.host.newLink()}\n`));
      await Promise.race([
        quitRequested,
        new Promise<void>((resolve) => {
          if (ctx.signal.aborted) return resolve();
          ctx.signal.addEventListener('abort', () => resolve(), { once: true });
        }),
      ]);
      await syncthing.stop();
      if (capture && (browser.capturing() || (await capture.status()).ocr_backlog > 0)) {
        // A second Ctrl-C exits at once: the frames still unread stay stored and are read at the next start.
        const withdraw = ctx.onHardStop?.(() => {
          const n = server.engram.framesUnread();
          ctx.io.stderr(`engram: stopped at once; ${n} frame${n === 1 ? '' : 's'} without text yet ${n === 1 ? 'is' : 'are'} queued for the next start\n`);
        });
        try {
          await stopCleanly(capture, (line) => ctx.io.stderr(line));
        } finally {
          withdraw?.();
        }
      }
      await server.close();
      return 0;
    } finally {
      lines?.close();
    }
  },
};

/**
 * Stops capture without losing what it already took: no new frames, then the frames still waiting
 * for text recognition are read and stored (a second Ctrl-C quits at once; those are read at the next start).
 */
async function stopCleanly(service: { stop(): Promise<unknown>; drain(): Promise<unknown>; status(): Promise<{ ocr_backlog: number }> }, say: (line: string) => void): Promise<void> {
  await service.stop();
  const backlog = (await service.status()).ocr_backlog;
  if (backlog > 0) say(`engram: reading the text of ${backlog} frame${backlog === 1 ? '' : 's'} before stopping (Ctrl-C again to stop now: they are read at the next start)\n`);
  await service.drain();
  say('engram: capture stopped; everything taken is stored\n');
}
