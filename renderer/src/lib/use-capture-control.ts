import type { CaptureStatus } from '../../../shared/api/index.js';
import { errorText, useAppStore } from '../state/app-store.js';
import { useApi } from './api-context.js';

/**
 * What the sidebar's capture card and the Privacy screen do the same way: apply a pause or resume
 * (then re-read the capture health, which the banner, tray and notification follow) and open the
 * system's Screen Recording settings; a failure is a toast.
 */
export function useCaptureControl(): { apply(p: Promise<CaptureStatus>): Promise<void>; openScreenSettings(): Promise<void> } {
  const api = useApi();
  const setCapture = useAppStore((s) => s.setCapture);
  const setHealth = useAppStore((s) => s.setHealth);
  const toast = useAppStore((s) => s.toast);
  return {
    async apply(p) {
      try {
        setCapture(await p);
        setHealth(await api.call('capture.health', {}));
      } catch (err) {
        toast(errorText(err), 'error');
      }
    },
    async openScreenSettings() {
      try {
        const { opened } = await api.call('capture.openScreenSettings', {});
        if (!opened) toast('Open System Settings → Privacy & Security → Screen Recording yourself.', 'error');
      } catch (err) {
        toast(errorText(err), 'error');
      }
    },
  };
}
