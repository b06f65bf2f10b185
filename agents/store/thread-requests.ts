import type { Worker } from 'node:worker_threads';

/** Requests in flight at once (a ring of claim slots after the ready flag). */
export const SLOTS = 256;
/** A request's claim: not started, started by the thread, taken back by the caller. */
export const OPEN = 0;
export const THREAD = 1;
export const CALLER = 2;

/**
 * A request sent to a store thread. take(): its result to await when the thread has started it, or
 * null when it had not (a busy machine had not given it a core): the caller then does the work
 * itself, and the thread skips it. Waiting for a thread not yet running would add a scheduling
 * delay instead of saving time.
 */
export interface PendingRequest<T> {
  take(): Promise<T> | null;
}

/**
 * The requests of one store thread (the vector search's, the keyword split's) and their claims:
 * Int32s shared with the thread, the first it sets to 1 once it can work (read without waiting for
 * a message: back-to-back requests never let one in), then one per request in flight, which
 * whoever starts it claims (OPEN → THREAD in the thread, OPEN → CALLER in take()). A thread that
 * fails or exits fails every request in flight, and is not restarted: its owner works on the main
 * thread again. Idle, the thread does not keep the process alive; a request in flight refs it (a
 * one-shot command awaiting it would otherwise exit).
 */
export class ThreadRequests<T> {
  /** Goes to the thread in its worker data. */
  readonly buffer = new SharedArrayBuffer(4 * (1 + SLOTS));
  private readonly shared = new Int32Array(this.buffer);
  /** Requests the thread answered, and those taken back because it had not started them (the store bench reports both). */
  answered = 0;
  takenBack = 0;
  private broken = false;
  private nextId = 1;
  private worker: Worker | null = null;
  private readonly inFlight = new Map<number, { resolve: (result: T) => void; reject: (err: Error) => void }>();

  /** `name` begins the errors' messages ("vector thread stopped"). */
  constructor(private readonly name: string) {}

  /** The thread the requests go to (started with `buffer`). */
  attach(worker: Worker): void {
    this.worker = worker;
    const fail = (err: Error): void => {
      this.broken = true;
      for (const r of this.inFlight.values()) r.reject(err);
      this.inFlight.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error(`${this.name} stopped`)));
    worker.unref();
  }

  /** The thread's answer to request `id`: its result, or the error it reports. */
  settle(id: number, answer: { result: T } | { error: string }): void {
    const r = this.inFlight.get(id);
    if (!r) return;
    this.inFlight.delete(id);
    if (!this.inFlight.size) this.worker?.unref();
    if ('error' in answer) r.reject(new Error(`${this.name}: ${answer.error}`));
    else r.resolve(answer.result);
  }

  /** Failed, exited or closed: nothing more goes to it. */
  get stopped(): boolean {
    return this.broken;
  }

  /** Started and not failed: requests may go to it. */
  get usable(): boolean {
    return !this.broken && Atomics.load(this.shared, 0) === 1;
  }

  get state(): 'starting' | 'ready' | 'stopped' {
    return this.broken ? 'stopped' : this.usable ? 'ready' : 'starting';
  }

  /** A new request: `post` sends it to the thread with its id and claim slot (rejected when the thread fails). */
  send(post: (id: number, slot: number) => void): PendingRequest<T> {
    const id = this.nextId++;
    const slot = 1 + (id % SLOTS);
    Atomics.store(this.shared, slot, OPEN);
    const result = new Promise<T>((resolve, reject) => {
      if (this.broken) return reject(new Error(`${this.name} stopped`));
      this.inFlight.set(id, { resolve, reject });
      this.worker?.ref();
      post(id, slot);
    });
    // A request its caller never came back for (it failed before) must not fail the process when the thread stops.
    result.catch(() => undefined);
    return {
      take: () => {
        if (Atomics.compareExchange(this.shared, slot, OPEN, CALLER) !== OPEN) {
          this.answered++;
          return result;
        }
        // Taken back: the thread will skip it and send nothing.
        this.takenBack++;
        this.inFlight.delete(id);
        if (!this.inFlight.size) this.worker?.unref();
        return null;
      },
    };
  }

  async close(): Promise<void> {
    this.broken = true;
    await this.worker?.terminate();
  }
}

/**
 * A store thread as its owner sees it (vector-thread.ts, keyword-thread.ts): its requests, whether
 * it takes them, and what it answered and gave back (the store bench reports both).
 */
export abstract class RequestThread<T> {
  protected readonly requests: ThreadRequests<T>;

  /** `name` begins the errors' messages ("vector thread stopped"). */
  constructor(name: string) {
    this.requests = new ThreadRequests<T>(name);
  }

  /** Requests the thread answered, and those taken back because it had not started them. */
  get answered(): number {
    return this.requests.answered;
  }

  get takenBack(): number {
    return this.requests.takenBack;
  }

  /** Started and not failed: requests may go to it. */
  get usable(): boolean {
    return this.requests.usable;
  }

  get state(): 'starting' | 'ready' | 'stopped' {
    return this.requests.state;
  }

  close(): Promise<void> {
    return this.requests.close();
  }
}
