import { create } from 'zustand';
import type { ApiClient, ChatMessage, ChatRetrieved, ChatThread, ChatThreadSummary, ChatWithheld } from '../../../../shared/api/index.js';
import { localTimeZone } from '../../lib/format.js';

/** The answer being written right now, fed by chat.* events of its turn. */
export interface LiveTurn {
  turn_id: string;
  thread_id: string | null;
  question: string;
  phase: 'retrieving' | 'streaming';
  text: string;
  retrieved: ChatRetrieved[];
  withheld: ChatWithheld[];
  mode: 'llm' | 'offline' | null;
}

interface ChatState {
  threads: ChatThread[] | null;
  messages: Record<string, ChatMessage[]>;
  /** A long thread's running summary of its older turns, by thread id. */
  summaries: Record<string, ChatThreadSummary | null>;
  /** Retrieved memories of finished turns in this session, by assistant message id (titles for the sources list). */
  sources: Record<string, ChatRetrieved[]>;
  withheld: Record<string, ChatWithheld[]>;
  live: LiveTurn | null;
  error: string | null;
  loadThreads(api: ApiClient): Promise<void>;
  loadMessages(api: ApiClient, threadId: string): Promise<void>;
  send(api: ApiClient, threadId: string | null, text: string): Promise<string | null>;
  cancel(api: ApiClient): Promise<void>;
  deleteThread(api: ApiClient, threadId: string): Promise<void>;
  bind(api: ApiClient): () => void;
}

function newTurnId(): string {
  return `turn-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export const useChatStore = create<ChatState>((set, get) => ({
  threads: null,
  messages: {},
  summaries: {},
  sources: {},
  withheld: {},
  live: null,
  error: null,

  async loadThreads(api) {
    const { threads } = await api.call('chat.listThreads', {});
    set({ threads });
  },

  async loadMessages(api, threadId) {
    const { messages, summary } = await api.call('chat.messages', { thread_id: threadId });
    set({ messages: { ...get().messages, [threadId]: messages }, summaries: { ...get().summaries, [threadId]: summary ?? null } });
  },

  async send(api, threadId, text) {
    const turn_id = newTurnId();
    set({
      error: null,
      live: { turn_id, thread_id: threadId, question: text, phase: 'retrieving', text: '', retrieved: [], withheld: [], mode: null },
    });
    try {
      const result = await api.call('chat.send', {
        thread_id: threadId ?? undefined,
        text,
        turn_id,
        time_zone: localTimeZone(),
      });
      const [{ messages, summary }] = await Promise.all([
        api.call('chat.messages', { thread_id: result.thread_id }),
        get().loadThreads(api),
      ]);
      const live = get().live;
      // One update: the stored turn replaces the live one without a frame showing both.
      set({
        messages: { ...get().messages, [result.thread_id]: messages },
        summaries: { ...get().summaries, [result.thread_id]: summary ?? null },
        ...(live?.turn_id === turn_id
          ? {
              live: null,
              sources: { ...get().sources, [result.assistant_message_id]: live.retrieved },
              withheld: { ...get().withheld, [result.assistant_message_id]: live.withheld },
            }
          : {}),
      });
      return result.thread_id;
    } catch (err) {
      if (get().live?.turn_id === turn_id) set({ live: null });
      set({ error: err instanceof Error ? err.message : String(err) });
      if (threadId) await get().loadMessages(api, threadId).catch(() => undefined);
      return threadId;
    }
  },

  async cancel(api) {
    const live = get().live;
    if (live) await api.call('chat.cancel', { turn_id: live.turn_id }).catch(() => undefined);
  },

  async deleteThread(api, threadId) {
    await api.call('chat.deleteThread', { thread_id: threadId });
    const messages = { ...get().messages };
    delete messages[threadId];
    set({ messages });
    await get().loadThreads(api);
  },

  bind(api) {
    const mine = (turnId: string) => get().live?.turn_id === turnId;
    const offs = [
      api.on('chat.retrieval', (e) => {
        if (!mine(e.turn_id)) return;
        set({ live: { ...get().live!, thread_id: e.thread_id, phase: 'streaming', retrieved: e.memories, withheld: e.withheld, mode: e.mode } });
      }),
      api.on('chat.token', (e) => {
        if (!mine(e.turn_id)) return;
        const live = get().live!;
        set({ live: { ...live, thread_id: e.thread_id, phase: 'streaming', text: live.text + e.text } });
      }),
      api.on('chat.error', (e) => {
        if (!mine(e.turn_id)) return;
        if (e.code !== 'CANCELLED') set({ error: e.message });
      }),
    ];
    return () => offs.forEach((off) => off());
  },
}));
