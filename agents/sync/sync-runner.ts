import { watch, type FSWatcher } from 'node:fs';
import type { EngramStore } from '../store/index.js';
import { SyncControl, type SyncKeyStore } from './sync-control.js';

export interface SyncRunnerOptions {
  /** A full pass at least this often, whatever the watcher saw (default 30 s: a watcher can miss a network share's changes). */
  periodMs?: number;
  /** Writes and folder changes within this long become one pass (default 1.5 s). */
  debounceMs?: number;
  /** After each pass, with or without an error: the window's Settings → Sync follows it. */
  onPass?: () => void;
  log?: (line: string) => void;
}

/**
 * Continuous sync for a running engine (serve, the app, capture): a pass shortly after local
 * memory writes and forgets, and after the sync folder changes (fs.watch), and a periodic pass in
 * any case. Passes never overlap; a request during one runs one more after it. Sync turned on or
 * off meanwhile (by the window or the CLI) is read at every pass.
 */
export class SyncRunner {
  private timer: NodeJS.Timeout | null = null;
  private periodic: NodeJS.Timeout | null = null;
  private watcher: FSWatcher | null = null;
  private watched: string | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly control: SyncControl;
  private readonly onStore = () => this.kick();

  constructor(
    private readonly store: EngramStore,
    keys: SyncKeyStore,
    private readonly opts: SyncRunnerOptions = {},
  ) {
    this.control = new SyncControl(store, keys);
  }

  start(): void {
    this.store.events.on('memory', this.onStore);
    this.store.events.on('forget', this.onStore);
    this.periodic = setInterval(() => this.kick(0), this.opts.periodMs ?? 30_000);
    this.periodic.unref();
    this.kick(0);
  }

  /** Asks for a pass soon (after the debounce). */
  kick(delay = this.opts.debounceMs ?? 1500): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pass();
    }, delay);
    this.timer.unref();
  }

  /** Runs a pass now (or after the one running). Resolves when it is done. */
  async pass(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.kick(0);
      }
    });
    return this.running;
  }

  private async run(): Promise<void> {
    const state = this.control.status();
    this.follow(state.on ? state.folder : null);
    if (!state.on) return;
    try {
      await this.control.now();
    } catch (err) {
      // Kept for status by SyncControl; one line here.
      this.opts.log?.(`sync: ${String((err as Error)?.message ?? err).split('\n')[0]}`);
    }
    this.opts.onPass?.();
  }

  /** Watches the sync folder while sync is on; moves with it. */
  private follow(folder: string | null): void {
    if (folder === this.watched) return;
    this.watcher?.close();
    this.watcher = null;
    this.watched = folder;
    if (!folder) return;
    try {
      this.watcher = watch(folder, { persistent: false }, (_event, name) => {
        // Only segment files: Syncthing's temporary files come and go on their own.
        if (typeof name === 'string' && name.endsWith('.egs')) this.kick();
      });
      this.watcher.on('error', () => {
        this.watcher?.close();
        this.watcher = null;
        this.watched = null; // the periodic pass tries again
      });
    } catch {
      this.watched = null;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.store.events.off('memory', this.onStore);
    this.store.events.off('forget', this.onStore);
    if (this.timer) clearTimeout(this.timer);
    if (this.periodic) clearInterval(this.periodic);
    this.watcher?.close();
    await this.running;
  }
}
