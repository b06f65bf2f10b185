import { useEffect, useRef, useState } from 'react';
import type { Memory } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { IconEye, IconEyeOff, IconLock } from '../../ui/icons.js';

/** A revealed secret hides itself again after this long. */
const REVEAL_MS = 30_000;

/** A vault entry's secret: masked, revealed on request for a short while. */
export function VaultSecret({ memory }: { memory: Memory }) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const [secret, setSecret] = useState<string | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  async function reveal() {
    try {
      const r = await api.call('memories.reveal', { id: memory.id });
      setSecret(r.secret);
      if (hideTimer.current) clearTimeout(hideTimer.current);
      hideTimer.current = setTimeout(() => setSecret(null), REVEAL_MS);
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  return (
    <div className="vault-secret">
      <IconLock size={15} />
      <span className={`mono grow${secret ? '' : ' masked'}`} data-testid="vault-secret" aria-live="polite">
        {secret ?? (typeof memory.fields['secret'] === 'string' ? (memory.fields['secret'] as string) : '••••••••')}
      </span>
      {secret ? (
        <button type="button" className="btn btn-sm" onClick={() => setSecret(null)}>
          <IconEyeOff size={14} />
          Hide
        </button>
      ) : (
        <button type="button" className="btn btn-sm" onClick={() => void reveal()}>
          <IconEye size={14} />
          Reveal
        </button>
      )}
    </div>
  );
}
