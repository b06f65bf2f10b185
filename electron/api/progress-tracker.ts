import type { ProgressTask } from '../../shared/api/index.js';
import type { ApiEventBus } from './event-bus.js';

export interface ProgressTracker {
  set(id: string, patch: Partial<Omit<ProgressTask, 'id' | 'updated_at'>> & { label?: string }): void;
  snapshot(): ProgressTask[];
  isRunning(id: string): boolean;
}

/**
 * Long work (OCR backlog, consolidation, export) reports here; the UI gets progress.changed events,
 * at most about five per second so a tight loop reporting every item cannot flood the socket.
 */
export function createProgressTracker(bus: ApiEventBus, clock: () => number = Date.now, minIntervalMs = 200): ProgressTracker {
  const tasks = new Map<string, ProgressTask>();
  let lastEmit = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const emit = () => {
    timer = null;
    lastEmit = clock();
    bus.emit('progress.changed', { tasks: [...tasks.values()] });
  };

  return {
    set(id, patch) {
      const prev = tasks.get(id);
      const next: ProgressTask = {
        id,
        label: patch.label ?? prev?.label ?? id,
        state: patch.state ?? prev?.state ?? 'idle',
        done: patch.done !== undefined ? patch.done : (prev?.done ?? null),
        total: patch.total !== undefined ? patch.total : (prev?.total ?? null),
        detail: patch.detail !== undefined ? patch.detail : (prev?.detail ?? null),
        updated_at: new Date(clock()).toISOString(),
      };
      const changedState = prev?.state !== next.state;
      tasks.set(id, next);
      if (changedState || clock() - lastEmit >= minIntervalMs) {
        if (timer) clearTimeout(timer);
        emit();
      } else if (!timer) {
        timer = setTimeout(emit, minIntervalMs);
        timer.unref?.();
      }
    },
    snapshot: () => [...tasks.values()],
    isRunning: (id) => tasks.get(id)?.state === 'running',
  };
}
