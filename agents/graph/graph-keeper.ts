import type { EngramStore } from '../store/index.js';
import { buildGraph } from './graph-builder.js';

export type GraphStore = Pick<EngramStore, 'graph' | 'events' | 'transaction'>;

const BATCH = 200;

/**
 * Keeps the graph up with the memories: reads what was written since it last looked (a seq
 * watermark in the store, so a crash between a memory and its graph is caught up at the next
 * start), a moment after each write, off the writer's transaction.
 */
export class GraphKeeper {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private readonly dirty = new Set<string>();
  private readonly onMemory = (ev: { op?: string; ids?: string[] }) => {
    if (ev?.op !== 'insert' && ev?.op !== 'update') return;
    for (const id of ev.ids ?? []) this.dirty.add(id);
    this.schedule();
  };
  private caughtUp = false;

  constructor(
    private readonly store: GraphStore,
    private readonly log: (line: string) => void = () => undefined,
    private readonly delayMs = 250,
  ) {}

  start(): void {
    this.store.events.on('memory', this.onMemory);
    this.schedule(0);
  }

  stop(): void {
    this.store.events.off('memory', this.onMemory);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delay = this.delayMs): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      try {
        this.catchUp();
      } catch (err) {
        this.log(`graph: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      }
    }, delay);
    this.timer.unref?.();
  }

  /** Reads the memories written since the last run (and, the first time, any the graph never read); returns how many. */
  catchUp(): number {
    if (this.running) return 0;
    this.running = true;
    let n = 0;
    try {
      // The whole-table look for unread memories runs once per start; after that, the written ids.
      if (!this.caughtUp) {
        for (let rows = this.store.graph.pendingMemories(BATCH); rows.length; rows = this.store.graph.pendingMemories(BATCH)) n += this.read(rows);
        this.caughtUp = true;
      }
      while (this.dirty.size) {
        const ids = [...this.dirty].slice(0, BATCH);
        for (const id of ids) this.dirty.delete(id);
        n += this.read(this.store.graph.pendingMemories(BATCH, ids));
      }
    } finally {
      this.running = false;
    }
    return n;
  }

  private read(rows: ReturnType<GraphStore['graph']['pendingMemories']>): number {
    if (!rows.length) return 0;
    this.store.transaction(() => {
      buildGraph(
        this.store,
        rows.map((r) => ({ id: r.id, kind: r.kind, title: r.title, text: r.text, fields: parseFields(r.fields), at: r.at, app: r.app })),
      );
      this.store.graph.markRead(rows.map((r) => r.id));
    });
    return rows.length;
  }
}

function parseFields(json: string): Record<string, unknown> {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
