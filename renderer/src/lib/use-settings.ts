import { useCallback, useEffect, useState } from 'react';
import type { SettingsPatch, SettingsView } from '../../../shared/api/index.js';
import { errorText, useAppStore } from '../state/app-store.js';
import { useApi } from './api-context.js';

/** Settings as the host holds them; each change is sent at once and the host's answer replaces the view. */
export function useSettings(): { settings: SettingsView | null; update(patch: SettingsPatch): Promise<boolean>; saving: boolean } {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .call('settings.get', {})
      .then((s) => live && setSettings(s))
      .catch((e) => live && toast(errorText(e), 'error'));
    const off = api.on('settings.changed', () => {
      void api.call('settings.get', {}).then((s) => live && setSettings(s), () => undefined);
    });
    return () => {
      live = false;
      off();
    };
  }, [api, toast]);

  const update = useCallback(
    async (patch: SettingsPatch) => {
      setSaving(true);
      try {
        setSettings(await api.call('settings.update', { patch }));
        return true;
      } catch (e) {
        toast(errorText(e), 'error');
        return false;
      } finally {
        setSaving(false);
      }
    },
    [api, toast],
  );

  return { settings, update, saving };
}
