import { useCallback, useEffect, useState } from 'react';
import type { Directive, RequestOutput } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { fmtRelative } from '../../lib/format.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { Dialog } from '../../ui/dialog.js';
import { IconChat, IconEdit, IconRefresh, IconTrash } from '../../ui/icons.js';
import { DirectiveProposal } from './directive-proposal.js';
import { DirectiveWhy } from './directive-why.js';
import { Card } from '../../ui/card.js';

type State = RequestOutput<'directives.list'>;

function DirectiveRow({ d, onSave, onDelete }: { d: Directive; onSave(text: string): Promise<boolean>; onDelete(): void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(d.text);
  const invalid = text.trim() === '' || text.length > 300;
  async function save() {
    if (invalid) return;
    if (await onSave(text.trim())) setEditing(false);
  }
  return (
    <li className="directive" data-testid="directive">
      {editing ? (
        <form
          className="field"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label className="field-label" htmlFor={`dir-${d.id}`}>
            Directive text
          </label>
          <input
            id={`dir-${d.id}`}
            className="input"
            value={text}
            maxLength={300}
            aria-invalid={invalid}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setText(d.text);
                setEditing(false);
              }
            }}
            autoFocus
          />
          <div className="row">
            <button type="submit" className="btn btn-primary btn-sm" disabled={invalid}>
              Save
            </button>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => {
                setText(d.text);
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="directive-head">
          <span className="directive-text">{d.text}</span>
          {d.edited && <span className="badge faint">your words</span>}
          <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label={`Edit “${d.text}”`} onClick={() => setEditing(true)}>
            <IconEdit size={14} />
          </button>
          <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label={`Delete “${d.text}”`} onClick={onDelete}>
            <IconTrash size={14} />
          </button>
        </div>
      )}
      <DirectiveWhy evidence={d.evidence} />
    </li>
  );
}

/** Settings → How Engram answers you: the directives learned from feedback, why each exists, edit and delete; proposals to accept or reject. */
export function DirectivesCard() {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const dataVersion = useAppStore((s) => s.dataVersion);
  const [state, setState] = useState<State | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<Directive | null>(null);

  const load = useCallback(() => {
    api
      .call('directives.list', { include_retired: false })
      .then(setState)
      .catch((e: unknown) => toast(errorText(e), 'error'));
  }, [api, toast]);
  useEffect(load, [load, dataVersion]);

  async function review() {
    setBusy(true);
    try {
      const r = await api.call('directives.synthesize', {});
      setState(r);
      const { created, retired, strengthened } = r.report;
      toast(created.length || retired.length || strengthened.length ? `Reviewed: ${created.length} new, ${retired.length} retired, ${strengthened.length} updated` : 'Reviewed: nothing new to learn');
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      setBusy(false);
    }
  }

  async function save(id: string, text: string): Promise<boolean> {
    try {
      const { directive } = await api.call('directives.edit', { id, text });
      setState((s) => (s ? { ...s, directives: s.directives.map((d) => (d.id === id ? directive : d)) } : s));
      toast('Directive saved');
      return true;
    } catch (e) {
      toast(errorText(e), 'error');
      return false;
    }
  }

  async function accept(d: Directive) {
    try {
      const { directive } = await api.call('directives.accept', { id: d.id });
      setState((s) => (s ? { ...s, proposals: s.proposals.filter((x) => x.id !== d.id), directives: [...s.directives.filter((x) => x.status === 'active' && !(x.topic === d.topic && x.stance !== d.stance)), directive] } : s));
      toast('Directive accepted: it shapes answers from now on');
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  async function reject(d: Directive) {
    try {
      await api.call('directives.reject', { id: d.id });
      setState((s) => (s ? { ...s, proposals: s.proposals.filter((x) => x.id !== d.id) } : s));
      toast('Proposal rejected');
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  async function remove(d: Directive) {
    setConfirm(null);
    try {
      await api.call('directives.delete', { id: d.id });
      setState((s) => (s ? { ...s, directives: s.directives.filter((x) => x.id !== d.id) } : s));
      toast('Directive deleted');
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  return (
    <Card
      id="directives-h"
      icon={<IconChat size={17} />}
      title="How Engram answers you"
      desc={
        state
          ? `Learned from your feedback in chat (what you say about answers, and thumbs up or down). Reviewed every ${state.review_every_days} days you use Engram${
              state.last_synthesis ? `; last ${fmtRelative(state.last_synthesis)}` : ''
            }.`
          : 'Learned from your feedback in chat.'
      }
      aside={
        <button type="button" className="btn btn-sm" onClick={() => void review()} disabled={busy}>
          <IconRefresh size={14} />
          {busy ? 'Reviewing…' : 'Review now'}
        </button>
      }
    >
      {state && state.proposals.length > 0 && (
        <section aria-label="Proposed directives">
          <p className="faint">Proposed from what you said; none of them shapes answers until you accept it.</p>
          <ul className="directive-list">
            {state.proposals.map((d) => (
              <DirectiveProposal key={d.id} d={d} onAccept={() => void accept(d)} onReject={() => void reject(d)} />
            ))}
          </ul>
        </section>
      )}
      {state && state.directives.length === 0 && state.proposals.length === 0 && (
        <p className="faint" data-testid="directives-empty">
          No directives yet. Tell Engram in chat how you like answers (“shorter, please”, “give me the command first”) or use the thumbs under an answer.
        </p>
      )}
      {state && state.directives.length > 0 && (
        <ul className="directive-list" aria-label="Directives">
          {state.directives.map((d) => (
            <DirectiveRow key={`${d.id}:${d.text}`} d={d} onSave={(t) => save(d.id, t)} onDelete={() => setConfirm(d)} />
          ))}
        </ul>
      )}
      {confirm && (
        <Dialog
          title="Delete this directive?"
          tone="danger"
          icon={<IconTrash size={18} />}
          onClose={() => setConfirm(null)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setConfirm(null)}>
                Cancel
              </button>
              <button type="button" className="btn btn-danger" onClick={() => void remove(confirm)}>
                Delete directive
              </button>
            </>
          }
        >
          <p>
            “{confirm.text}” leaves the prompt for good: the feedback behind it will not bring it back. New feedback may.
          </p>
        </Dialog>
      )}
    </Card>
  );
}
