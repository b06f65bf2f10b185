import { useCallback, useEffect, useState } from 'react';
import type { ApiClient, ThumbValue } from '../../../../shared/api/index.js';
import { errorText, useAppStore } from '../../state/app-store.js';

function ThumbIcon({ down }: { down?: boolean }) {
  return (
    <svg width={15} height={15} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {down ? (
        <>
          <path d="M17 14V2" />
          <path d="M9 18.12 10 14H4.17a2 2 0 0 1-1.92-2.56l2.33-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.76a2 2 0 0 0-1.79 1.11L12 22a3.13 3.13 0 0 1-3-3.88Z" />
        </>
      ) : (
        <>
          <path d="M7 10v12" />
          <path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" />
        </>
      )}
    </svg>
  );
}

/** The thumbs of one thread's answers, loaded with the thread; a click is stored at once. */
export function useThreadThumbs(api: ApiClient, threadId: string | null, dataVersion: number) {
  const toast = useAppStore((s) => s.toast);
  const [thumbs, setThumbs] = useState<Record<string, ThumbValue>>({});
  useEffect(() => {
    setThumbs({});
    if (!threadId) return;
    let live = true;
    api
      .call('feedback.thumbs', { thread_id: threadId })
      .then((r) => live && setThumbs(Object.fromEntries(r.thumbs.map((t) => [t.message_id, t.value]))))
      // A thread deleted meanwhile simply has no thumbs.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, threadId, dataVersion]);
  const set = useCallback(
    async (messageId: string, value: ThumbValue | null) => {
      try {
        await api.call('feedback.thumb', { message_id: messageId, value });
        setThumbs((t) => {
          const next = { ...t };
          if (value) next[messageId] = value;
          else delete next[messageId];
          return next;
        });
        toast(value ? 'Thanks: Engram learns from this' : 'Feedback removed');
      } catch (e) {
        toast(errorText(e), 'error');
      }
    },
    [api, toast],
  );
  return { thumbs, set };
}

/** Thumbs up / down under an answer; pressing the pressed one takes it back. */
export function Thumbs({ value, onChange }: { value: ThumbValue | null; onChange(value: ThumbValue | null): void }) {
  return (
    <div className="thumbs" role="group" aria-label="Was this answer helpful?">
      <button type="button" className="btn btn-ghost btn-icon btn-sm thumb" aria-label="Good answer" aria-pressed={value === 'up'} onClick={() => onChange(value === 'up' ? null : 'up')}>
        <ThumbIcon />
      </button>
      <button type="button" className="btn btn-ghost btn-icon btn-sm thumb" aria-label="Bad answer" aria-pressed={value === 'down'} onClick={() => onChange(value === 'down' ? null : 'down')}>
        <ThumbIcon down />
      </button>
    </div>
  );
}
