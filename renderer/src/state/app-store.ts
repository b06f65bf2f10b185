import { create } from 'zustand';
import type { AppInfo, CaptureHealth, CaptureStatus, ProgressTask } from '../../../shared/api/index.js';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'unauthorized';
export type ThemeChoice = 'system' | 'light' | 'dark';

export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'error';
}

interface AppState {
  info: AppInfo | null;
  capture: CaptureStatus | null;
  /** The host's one capture-health answer: what the banner and status line say (never the raw state). */
  health: CaptureHealth | null;
  progress: ProgressTask[];
  connection: ConnectionState;
  theme: ThemeChoice;
  toasts: Toast[];
  /** Bumped whenever data may have gone (forget, wipe, deletes) so views reload. */
  dataVersion: number;
  setInfo(info: AppInfo): void;
  setCapture(status: CaptureStatus): void;
  setHealth(health: CaptureHealth): void;
  setProgress(tasks: ProgressTask[]): void;
  setConnection(state: ConnectionState): void;
  setTheme(theme: ThemeChoice): void;
  toast(text: string, tone?: Toast['tone']): void;
  dismissToast(id: number): void;
  bumpData(): void;
}

let toastId = 0;
const THEME_KEY = 'engram.theme';

function storedTheme(): ThemeChoice {
  try {
    const t = localStorage.getItem(THEME_KEY);
    return t === 'light' || t === 'dark' ? t : 'system';
  } catch {
    return 'system';
  }
}

export const useAppStore = create<AppState>((set, get) => ({
  info: null,
  capture: null,
  health: null,
  progress: [],
  connection: 'connecting',
  theme: storedTheme(),
  toasts: [],
  dataVersion: 0,
  setInfo: (info) => set({ info }),
  setCapture: (capture) => set({ capture }),
  setHealth: (health) => set({ health }),
  setProgress: (progress) => set({ progress }),
  setConnection: (connection) => set({ connection }),
  setTheme: (theme) => {
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Private windows may refuse storage; the choice then lasts for this session only.
    }
    set({ theme });
  },
  toast: (text, tone = 'info') => {
    const id = ++toastId;
    set({ toasts: [...get().toasts, { id, text, tone }].slice(-4) });
    setTimeout(() => get().dismissToast(id), tone === 'error' ? 7000 : 4000);
  },
  dismissToast: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
  bumpData: () => set({ dataVersion: get().dataVersion + 1 }),
}));

/** One line for any thrown value: API errors carry a readable message already. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
