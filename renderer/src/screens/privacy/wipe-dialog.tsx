import { useRef, useState } from 'react';
import { WIPE_CONFIRMATION } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { Dialog } from '../../ui/dialog.js';
import { IconTrash } from '../../ui/icons.js';

/** "Delete everything", confirmed by typing the phrase. */
export function WipeDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const bumpData = useAppStore((s) => s.bumpData);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ok = typed.trim().toLowerCase() === WIPE_CONFIRMATION;

  async function run() {
    setBusy(true);
    try {
      const r = await api.call('privacy.wipe', { confirm: WIPE_CONFIRMATION });
      toast(r.exports_removed > 0 ? `Everything was deleted, with the ${r.exports_removed} export${r.exports_removed === 1 ? '' : 's'} saved in Engram's folder.` : 'Everything was deleted.');
      bumpData();
      onClose();
    } catch (e) {
      toast(errorText(e), 'error');
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Delete everything?"
      tone="danger"
      icon={<IconTrash size={18} />}
      onClose={onClose}
      initialFocus={input}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" disabled={!ok || busy} onClick={() => void run()}>
            {busy ? 'Deleting…' : 'Delete everything'}
          </button>
        </>
      }
    >
      <p>
        All memories, screenshots, recordings and conversations will be erased from this computer, and so will the exports saved in Engram's folder. There is no undo and no copy
        elsewhere; exports you saved elsewhere yourself (with <span className="mono">engram export --out</span>) are not touched.
      </p>
      <div className="field">
        <label className="field-label" htmlFor="wipe-confirm">
          Type <span className="mono confirm-phrase">{WIPE_CONFIRMATION}</span> to confirm
        </label>
        <input
          id="wipe-confirm"
          ref={input}
          className="input"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && ok && void run()}
        />
      </div>
    </Dialog>
  );
}
