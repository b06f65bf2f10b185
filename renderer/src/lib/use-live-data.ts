import { useEffect } from 'react';
import type { ApiClient } from '../../../shared/api/index.js';
import { useAppStore } from '../state/app-store.js';
import { frameImageCache } from './frame-images.js';
import { scrubFrames } from './scrub-frames.js';
import { navigate } from './route.js';

/** Loads what the app frame (renderer/src/app) shows everywhere (app info, capture state, progress) and keeps it live from events. */
export function useLiveData(api: ApiClient): void {
  useEffect(() => {
    const s = useAppStore.getState();
    let live = true;
    const load = () => {
      void api.call('app.info', {}).then((i) => live && s.setInfo(i)).catch(() => undefined);
      void api.call('capture.status', {}).then((c) => live && s.setCapture(c)).catch(() => undefined);
      void api.call('capture.health', {}).then((h) => live && s.setHealth(h)).catch(() => undefined);
      void api.call('progress.get', {}).then((p) => live && s.setProgress(p.tasks)).catch(() => undefined);
    };
    load();
    const offs = [
      api.on('capture.status', (c) => s.setCapture(c)),
      api.on('capture.health', (h) => s.setHealth(h)),
      api.on('progress.changed', (p) => {
        // Say so when long work finishes (the sidebar only shows work in flight).
        const before = new Map(useAppStore.getState().progress.map((t) => [t.id, t.state]));
        for (const t of p.tasks) {
          if (t.state === 'done' && before.get(t.id) === 'running' && t.id !== 'ocr') s.toast(`${t.label}: done${t.detail ? ` — ${t.detail}` : ''}`);
        }
        s.setProgress(p.tasks);
      }),
      api.on('settings.changed', () => {
        void api.call('app.info', {}).then((i) => s.setInfo(i)).catch(() => undefined);
      }),
      // The tray's or a notification's "Open Privacy" / "Open Settings" (desktop app).
      api.on('window.navigate', ({ screen }) => navigate(screen)),
      api.on('data.forgotten', () => {
        frameImageCache(api).clear();
        scrubFrames(api).clear();
        s.bumpData();
      }),
    ];
    // A timed pause ends on the host by itself; a slow poll keeps the sidebar honest even if an event is missed.
    const timer = setInterval(() => {
      void api.call('capture.status', {}).then((c) => live && s.setCapture(c)).catch(() => undefined);
      void api.call('capture.health', {}).then((h) => live && s.setHealth(h)).catch(() => undefined);
    }, 15_000);
    return () => {
      live = false;
      clearInterval(timer);
      for (const off of offs) off();
    };
  }, [api]);
}
