import { useEffect, useState } from 'react';
import type { Entity } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { Dialog } from '../../ui/dialog.js';
import { IconTrash } from '../../ui/icons.js';
import { KIND_NAME } from './entity-kinds.js';

interface Props {
  entity: Entity;
  onClose(): void;
}

function useRun() {
  const toast = useAppStore((s) => s.toast);
  const bumpData = useAppStore((s) => s.bumpData);
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async run<T>(fn: () => Promise<T>, then: (r: T) => void) {
      setBusy(true);
      try {
        const r = await fn();
        bumpData();
        then(r);
      } catch (e) {
        toast(errorText(e), 'error');
      } finally {
        setBusy(false);
      }
    },
  };
}

export function RenameEntityDialog({ entity, onClose, onDone }: Props & { onDone(e: Entity): void }) {
  const api = useApi();
  const [name, setName] = useState(entity.name);
  const { busy, run } = useRun();
  const submit = () => void run(() => api.call('entities.rename', { id: entity.id, name }), (r) => onDone(r.entity));
  return (
    <Dialog
      title={`Rename ${entity.name}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-primary" disabled={busy || !name.trim()} onClick={submit} data-testid="confirm-rename">Rename</button>
        </>
      }
    >
      <label className="field">
        <span>New name</span>
        <input className="input" value={name} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && name.trim() && submit()} maxLength={120} />
      </label>
      <p className="faint">The old name stays as an alias, so Engram still recognises it.</p>
    </Dialog>
  );
}

export function SplitAliasDialog({ entity, onClose, onDone }: Props & { onDone(e: Entity): void }) {
  const api = useApi();
  const [alias, setAlias] = useState(entity.aliases[0] ?? '');
  const { busy, run } = useRun();
  return (
    <Dialog
      title={`Split a name off ${entity.name}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-primary" disabled={busy || !alias} onClick={() => void run(() => api.call('entities.split', { id: entity.id, alias }), (r) => onDone(r.entity))}>
            Split off
          </button>
        </>
      }
    >
      <label className="field">
        <span>Name that is someone or something else</span>
        <select className="input" value={alias} onChange={(e) => setAlias(e.target.value)}>
          {entity.aliases.map((a) => (
            <option key={a} value={a}>{a}</option>
          ))}
        </select>
      </label>
    </Dialog>
  );
}

export function MergeEntityDialog({ entity, onClose, onDone }: Props & { onDone(e: Entity): void }) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Entity[]>([]);
  const [pick, setPick] = useState<string>('');
  const { busy, run } = useRun();
  useEffect(() => {
    let live = true;
    api
      .call('entities.list', { query: query.trim() || undefined, limit: 30 })
      .then((r) => live && setFound(r.items.filter((e) => e.id !== entity.id)))
      .catch((e) => live && toast(errorText(e), 'error'));
    return () => {
      live = false;
    };
  }, [api, query, entity.id, toast]);
  const other = found.find((e) => e.id === pick);
  return (
    <Dialog
      title={`Merge another entry into ${entity.name}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !other}
            data-testid="confirm-merge"
            onClick={() => void run(() => api.call('entities.merge', { keep: entity.id, gone: pick }), (r) => onDone(r.entity))}
          >
            {other ? `Merge ${other.name} into ${entity.name}` : 'Merge'}
          </button>
        </>
      }
    >
      <label className="field">
        <span>Find the duplicate</span>
        <input className="input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Name or alias" />
      </label>
      <fieldset className="entity-pick">
        <legend className="faint">Same {KIND_NAME[entity.kind].toLowerCase()} as {entity.name}:</legend>
        {found.length === 0 && <p className="faint">No other entries match.</p>}
        {found.map((e) => (
          <label key={e.id} className="row">
            <input type="radio" name="merge-pick" value={e.id} checked={pick === e.id} onChange={() => setPick(e.id)} />
            {e.name} <span className="faint">({KIND_NAME[e.kind]}, {e.mentions} moments)</span>
          </label>
        ))}
      </fieldset>
      <p className="faint">Its names, moments and facts move to {entity.name}; the merge is kept in history.</p>
    </Dialog>
  );
}

export function DeleteEntityDialog({ entity, onClose, onDone }: Props & { onDone(): void }) {
  const api = useApi();
  const { busy, run } = useRun();
  return (
    <Dialog
      title={`Delete ${entity.name}?`}
      tone="danger"
      icon={<IconTrash size={18} />}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-danger" disabled={busy} data-testid="confirm-delete-entity" onClick={() => void run(() => api.call('entities.delete', { id: entity.id }), () => onDone())}>
            Delete entry
          </button>
        </>
      }
    >
      <p>
        {entity.name}, its names and the {entity.facts} {entity.facts === 1 ? 'fact' : 'facts'} about it are removed. The memories that mention it stay, and
        Engram may add it again when it sees the name in new memories.
      </p>
    </Dialog>
  );
}
