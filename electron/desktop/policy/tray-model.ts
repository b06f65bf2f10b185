import { captureHealthLine, captureHealthOf, type CaptureHealth, type CaptureStatus, type WindowScreen } from '../../../shared/api/index.js';
import { healthActionPlan } from './window-navigation.js';

/**
 * What the tray shows, computed from the capture status: the icon, the tooltip and the menu. The
 * app turns the model into a real Tray and Menu; the model is tested for every state here.
 */
export type TrayIconState = 'recording' | 'paused' | 'error';

/** Why capture is not running when the user did not pause it (from the power policy). */
export type AutoPauseReason = 'locked' | 'suspended' | 'idle' | null;

export type TrayAction =
  | { type: 'pause'; minutes: number | null }
  | { type: 'resume' }
  /** Pause or resume one display (the privacy gate's per-display pause). */
  | { type: 'pauseDisplay'; display: string; paused: boolean }
  | { type: 'open' }
  /** The window, at a screen: the health's "Open Privacy" / "Open Settings". */
  | { type: 'openScreen'; screen: WindowScreen }
  /** macOS without Screen Recording: open that pane of System Settings. */
  | { type: 'openScreenSettings' }
  | { type: 'quit' };

export type TrayMenuItem =
  | { kind: 'status'; label: string }
  | { kind: 'separator' }
  | { kind: 'action'; id: string; label: string; enabled: boolean; action: TrayAction };

export interface TrayModel {
  icon: TrayIconState;
  tooltip: string;
  menu: TrayMenuItem[];
}

export interface TrayInput {
  status: CaptureStatus | null;
  framesToday: number;
  autoPause: AutoPauseReason;
  /** An error to surface even when capture runs (e.g. the key or OCR failed). */
  error?: string | null;
  now: number;
  /** Formats a time of day for "Paused until 14:30"; injected so tests do not depend on the locale. */
  formatTime?: (epochMs: number) => string;
}

export const PAUSE_CHOICES: ReadonlyArray<{ id: string; label: string; minutes: number | null }> = [
  { id: 'pause-15', label: 'Pause for 15 minutes', minutes: 15 },
  { id: 'pause-60', label: 'Pause for 1 hour', minutes: 60 },
  { id: 'pause-indefinite', label: 'Pause until I resume', minutes: null },
];

function defaultFormatTime(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** One status line, used both as the tooltip and as the first (disabled) menu row: the capture health's (shared/api/capture-health.ts). */
export function trayStatusLine(input: TrayInput): { icon: TrayIconState; line: string; health: CaptureHealth } {
  const fmt = input.formatTime ?? defaultFormatTime;
  const health = captureHealthOf(input.status, input.autoPause);
  if (input.error) return { icon: 'error', line: `Engram — problem: ${input.error}`, health };
  const line = captureHealthLine(health, input.framesToday, (iso) => fmt(Date.parse(iso)));
  // Nothing kept is never shown as recording: the icon follows the health, not the scheduler.
  const icon: TrayIconState = health.state === 'capturing' ? 'recording' : health.state === 'not_recording' ? 'error' : 'paused';
  return { icon, line, health };
}

export function trayModel(input: TrayInput): TrayModel {
  const { icon, line, health } = trayStatusLine(input);
  const state = input.status?.state ?? null;
  const canPause = state === 'running' || state === 'paused';
  const menu: TrayMenuItem[] = [{ kind: 'status', label: line }];
  // What to do about it, right under the line that says so.
  const plan = healthActionPlan(health.action);
  if (plan.kind === 'system_settings') menu.push({ kind: 'action', id: 'grant-screen', label: health.action_label ?? 'Open Screen Recording settings', enabled: true, action: { type: 'openScreenSettings' } });
  if (plan.kind === 'window' && plan.screen) menu.push({ kind: 'action', id: `open-${plan.screen}`, label: health.action_label ?? 'Open Engram', enabled: true, action: { type: 'openScreen', screen: plan.screen } });
  menu.push({ kind: 'separator' });
  for (const choice of PAUSE_CHOICES) {
    menu.push({ kind: 'action', id: choice.id, label: choice.label, enabled: canPause, action: { type: 'pause', minutes: choice.minutes } });
  }
  // Resume also restarts capture that stopped on an error: the user's way of saying "try again".
  const canResume = state === 'paused' || state === 'stopped' || state === 'error';
  menu.push({ kind: 'action', id: 'resume', label: 'Resume', enabled: canResume, action: { type: 'resume' } });
  // With several displays, each can be paused on its own (a second screen shown to others).
  const displays = input.status?.privacy?.displays ?? [];
  if (displays.length > 1) {
    menu.push({ kind: 'separator' });
    for (const d of displays) {
      menu.push({
        kind: 'action',
        id: `display-${d.id}`,
        label: d.paused ? `Resume display ${d.name}` : `Pause display ${d.name}`,
        enabled: canPause,
        action: { type: 'pauseDisplay', display: d.id, paused: !d.paused },
      });
    }
  }
  menu.push({ kind: 'separator' });
  menu.push({ kind: 'action', id: 'open', label: 'Open Engram', enabled: true, action: { type: 'open' } });
  menu.push({ kind: 'action', id: 'quit', label: 'Quit Engram', enabled: true, action: { type: 'quit' } });
  // Tooltips are truncated by some shells (Windows: 127 chars).
  const tooltip = line.length > 120 ? `${line.slice(0, 119)}…` : line;
  return { icon, tooltip, menu };
}
