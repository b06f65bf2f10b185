import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChatCitation, ChatMessage, ThumbValue } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { fmtTime } from '../../lib/format.js';
import { navigate } from '../../lib/route.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { Dialog } from '../../ui/dialog.js';
import { IconAlert, IconLogo, IconSparkles, IconTrash } from '../../ui/icons.js';
import { AnswerText } from './answer-text.js';
import { useChatStore } from './chat-store.js';
import { Composer } from './composer.js';
import { OfflineNotice } from './offline-notice.js';
import { followCitation } from './citation-link.js';
import { Sources } from './sources.js';
import { EntityCards, useTurnEntities } from './entity-cards.js';
import { LiveAnswer } from './live-answer.js';
import { ThreadList } from './thread-list.js';
import { ThreadSummary } from './thread-summary.js';
import { Thumbs, useThreadThumbs } from './thumbs.js';

const SUGGESTIONS = [
  'What was I working on yesterday afternoon?',
  'Where did I see the flight confirmation?',
  'What did we decide about the launch date?',
  'Summarise my week',
];

export function ChatScreen({ threadId }: { threadId: string | null }) {
  const api = useApi();
  const info = useAppStore((s) => s.info);
  const toast = useAppStore((s) => s.toast);
  const dataVersion = useAppStore((s) => s.dataVersion);
  const { threads, messages, summaries, live, error, sources, withheld } = useChatStore();
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const thumbs = useThreadThumbs(api, threadId, dataVersion);
  const scroller = useRef<HTMLDivElement>(null);
  const thread = threads?.find((t) => t.id === threadId) ?? null;
  const list: ChatMessage[] = threadId ? (messages[threadId] ?? []) : [];
  const liveHere = live && (live.thread_id === null || live.thread_id === threadId) ? live : null;

  useEffect(() => useChatStore.getState().bind(api), [api]);
  useEffect(() => {
    useChatStore.getState().loadThreads(api).catch((e) => toast(errorText(e), 'error'));
  }, [api, toast, dataVersion]);
  useEffect(() => {
    if (threadId) useChatStore.getState().loadMessages(api, threadId).catch((e) => toast(errorText(e), 'error'));
  }, [api, threadId, toast, dataVersion]);
  // Once a new thread gets its id, show it in the address so it can be reopened.
  useEffect(() => {
    if (live?.thread_id && threadId === null) navigate('chat', live.thread_id);
  }, [live?.thread_id, threadId]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [list.length, liveHere?.text, liveHere?.phase]);

  async function send(text: string) {
    const id = await useChatStore.getState().send(api, threadId, text);
    if (id && id !== threadId) navigate('chat', id);
  }


  async function doDelete(id: string) {
    setConfirmDelete(null);
    try {
      await useChatStore.getState().deleteThread(api, id);
      toast('Conversation deleted');
      if (id === threadId) navigate('chat');
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  const empty = !threadId && !liveHere;

  return (
    <div className="chat">
      <ThreadList threads={threads} current={threadId} onDelete={setConfirmDelete} />

      <section className="conversation" aria-label={thread?.title ?? 'New conversation'}>
        <div className="conversation-scroll" ref={scroller}>
          {empty ? (
            <div className="chat-welcome">
              <span className="brand-mark welcome-mark" aria-hidden="true">
                <IconLogo size={24} />
              </span>
              <h1>What would you like to recall?</h1>
              <p className="muted">Ask about anything you have seen on screen or said here. Answers cite the memories they come from.</p>
              <div className="suggestions">
                {SUGGESTIONS.map((s) => (
                  <button key={s} type="button" className="suggestion" onClick={() => void send(s)} disabled={!!live}>
                    <IconSparkles size={14} />
                    {s}
                  </button>
                ))}
              </div>
            </div>
          ) : (
            <div className="messages" aria-live="polite" aria-busy={!!liveHere}>
              {threadId && summaries[threadId] && <ThreadSummary summary={summaries[threadId]} />}
              {list.map((m, i) => (
                <Message
                  key={m.id}
                  message={m}
                  question={i > 0 && list[i - 1]!.role === 'user' ? list[i - 1]!.text : ''}
                  onCite={(c) => followCitation(c, sources[m.id] ?? [], i > 0 && list[i - 1]!.role === 'user' ? list[i - 1]!.text : '')}
                  sources={sources[m.id] ?? []}
                  withheld={withheld[m.id] ?? []}
                  thumb={thumbs.thumbs[m.id] ?? null}
                  onThumb={(v) => void thumbs.set(m.id, v)}
                />
              ))}
              {liveHere && <LiveAnswer live={liveHere} />}
            </div>
          )}
        </div>

        <div className="composer-dock">
          {error && (
            <div className="banner warn" role="alert">
              <IconAlert size={16} />
              {error}
            </div>
          )}
          {info?.offline && <OfflineNotice />}
          <Composer busy={!!live} onSend={(t) => void send(t)} onStop={() => void useChatStore.getState().cancel(api)} autoFocus />
          <div className="composer-hint faint">Engram answers from your encrypted memories on this computer.</div>
        </div>
      </section>

      {confirmDelete && (
        <Dialog
          title="Delete this conversation?"
          tone="danger"
          icon={<IconTrash size={18} />}
          onClose={() => setConfirmDelete(null)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setConfirmDelete(null)}>
                Cancel
              </button>
              <button type="button" className="btn btn-danger" onClick={() => void doDelete(confirmDelete)}>
                Delete conversation
              </button>
            </>
          }
        >
          <p>Its messages go, and so do memories that were learned only from it. This cannot be undone.</p>
        </Dialog>
      )}
    </div>
  );
}

function Message({
  message,
  question,
  onCite,
  sources,
  withheld,
  thumb,
  onThumb,
}: {
  message: ChatMessage;
  /** The question this message answers (entity cards). */
  question: string;
  onCite(c: ChatCitation): void;
  thumb: ThumbValue | null;
  onThumb(value: ThumbValue | null): void;
  sources: import('../../../../shared/api/index.js').ChatRetrieved[];
  withheld: import('../../../../shared/api/index.js').ChatWithheld[];
}) {
  const about = useTurnEntities(message.role === 'assistant' ? question : '', message.role === 'assistant' ? message.citations : []);
  if (message.role === 'user') {
    return (
      <div className="msg msg-user">
        <div className="bubble">{message.text}</div>
        <div className="msg-time faint">{fmtTime(message.created_at)}</div>
      </div>
    );
  }
  return (
    <div className="msg msg-assistant" data-testid="assistant-message">
      <div className="avatar" aria-hidden="true">
        <IconLogo size={15} />
      </div>
      <div className="msg-body">
        {message.mode === 'offline' && <div className="mode-tag faint">Assembled from your memories · offline</div>}
        <AnswerText text={message.text} citations={message.citations} onCite={onCite} />
        {message.status !== 'complete' && (
          <div className="msg-warning" role="note">
            <IconAlert size={14} />
            {message.status === 'partial' ? 'This answer was cut short' : 'No answer'}
            {message.error ? `: ${message.error}` : '.'}
          </div>
        )}
        <EntityCards named={about.named} />
        <Sources citations={message.citations} retrieved={sources} withheld={withheld} entities={about.byMemory} question={question} />
        <div className="msg-foot">
          <div className="msg-time faint">{fmtTime(message.created_at)}</div>
          {message.status !== 'error' && <Thumbs value={thumb} onChange={onThumb} />}
        </div>
      </div>
    </div>
  );
}
