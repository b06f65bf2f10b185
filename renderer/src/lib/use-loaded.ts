import { useEffect, useState } from 'react';
import { useApi } from './api-context.js';
import { errorText, useAppStore } from '../state/app-store.js';
import type { ApiClient } from '../../../shared/api/index.js';

export interface Loaded<T> {
  data: T | null;
  /** True once the host says the thing is gone (NOT_FOUND: deleted, merged, forgotten). */
  missing: boolean;
  setData(d: T): void;
  /** Asks again (after an edit). */
  reload(): void;
}

/**
 * One thing a detail page shows, loaded from the host when `key` changes: NOT_FOUND turns into
 * `missing`, any other failure into a toast; an answer arriving after the page moved on is dropped.
 */
export function useLoaded<T>(key: string, load: (api: ApiClient) => Promise<T>): Loaded<T> {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const [data, setData] = useState<T | null>(null);
  const [missing, setMissing] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    load(api)
      .then((r) => live && setData(r))
      .catch((e) => {
        if (!live) return;
        if ((e as { code?: string }).code === 'NOT_FOUND') setMissing(true);
        else toast(errorText(e), 'error');
      });
    return () => {
      live = false;
    };
    // `load` is a new closure on every render; `key` says when it asks for something else.
  }, [api, key, toast, version]);
  return { data, missing, setData, reload: () => setVersion((v) => v + 1) };
}
