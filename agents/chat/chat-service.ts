import { requestCutter, type LlmProvider } from '../llm/index.js';
import { VaultCut, type ThreadRecord, type ThreadSummaryRecord } from '../store/index.js';
import { ChatError } from './chat-error.js';
import { CHAT_TOOL_SPEC_TOKENS, chatTools, type ActionRecommender } from './chat-tools.js';
import type { AnswerDraft, ChatMessageView, ChatMode, ChatSink, ChatStore, ChatTurn, StoredTurn, TurnRetrieval } from './chat-types.js';
import { threadTitle, titleFor } from '../../shared/redaction/index.js';
import { DEFAULT_QUOTAS, retrieveMemories, type RetrievalQuotas } from './question-context.js';
import { answerOffline, type OfflineAnswerInput } from './offline-answer.js';
import { meaningPairs, type FrameLayout } from './fact-sentence.js';
import { screenReader, type ScreenOf } from './unmatched-screen.js';
import { measureMeaningWithin, type Meaning } from './label-meaning.js';
import { lineMeaningPairs } from './line-features.js';
import { citeRelevant } from './cited-memories.js';
import { withMoments } from './citations.js';
import { entityAskedAbout, entityLeadLines } from './entity-answer.js';
import { offlineStyle, styleOfflineText, type OfflineStyle } from './offline-style.js';
import { isPhraseLanguage, phraseLocale } from './offline-phrases.js';
import { answerOnline } from './online-answer.js';
import { buildPrompt, DEFAULT_BUDGET, fullHistoryTokens, type BuiltPrompt, type HistoryTurn, type PromptBudget } from './prompt-builder.js';
import type { NumberedMemory, Retrieval } from './retrieval-types.js';
import { searchQueryOf } from './search-query.js';
import { extractTopics } from './topic-extractor.js';
import { ToolFindings } from './tool-findings.js';
import { TopicCache } from './topic-cache.js';
import { summarizeTurns, VERBATIM_MESSAGES } from './thread-summarizer.js';
import { fitWindow, summaryBudget } from './summary-budget.js';
import { extractiveSummary } from './extractive-summary.js';
import { historyOf, messageViews, storeAnswer } from './turn-store.js';
import { TimeFormatter, parseQuestionTime, isValidTimeZone, localTimeZone } from '../../shared/time/index.js';
import { CHAT_LIMITS, questionTooLongLine } from '../../shared/api/index.js';

export { threadTitle, titleFor } from '../../shared/redaction/index.js';
export type { AnswerDraft, ChatMessageView, ChatMode, ChatSink, ChatStore, ChatTurn, StoredTurn, TurnRetrieval, TurnStatus } from './chat-types.js';

export interface ChatServiceOptions {
  store: ChatStore;
  /** A function so a key set in settings takes effect on the next question. */
  llm: LlmProvider | (() => LlmProvider);
  /** Called after each stored turn (the meta-agent's chat intake). Not awaited by the turn. */
  onTurnStored?: (turn: StoredTurn) => unknown;
  /** Where failures of that hook go (they never fail the turn). */
  onHookError?: (err: unknown) => void;
  now?: () => number;
  /** IANA zone for "yesterday" and for times shown; default the process's zone. */
  timeZone?: string;
  quotas?: Partial<RetrievalQuotas>;
  budget?: Partial<PromptBudget>;
  /**
   * Active retrieval: ask the model for the question's topics before searching (one small call per
   * question, cached). On by default whenever a model is configured.
   */
  topicExtraction?: boolean;
  /** Memory tools for the model (a bounded loop). On by default whenever a model is configured. */
  tools?: boolean;
  /** Model calls per question with tools, the answer included (default 4: up to 3 tool steps). */
  maxToolSteps?: number;
  /**
   * Experience memory for recommend_action: the engine passes its one experience service (the
   * handler map's experiences.recommend, which honours the half-life setting). No default, so no
   * host can rank experiences some other way.
   */
  recommender: ActionRecommender;
  maxAnswerTokens?: number;
  /** Longest question accepted; longer ones are refused, never silently cut. */
  maxQuestionChars?: number;
}

export interface AskInput {
  threadId?: string;
  text: string;
  /** The asker's zone (a UI in another zone than the host). */
  timeZone?: string;
  signal?: AbortSignal;
  /** Offline: also return why the answer leads with its line (`engram ask --explain`). */
  explain?: boolean;
}

/** The contract's limit: one number for every host. */
export const DEFAULT_MAX_QUESTION_CHARS = CHAT_LIMITS.maxQuestionChars;

/** The offline answer in the user's asked shape, citing only what it still shows. */
function styled(style: OfflineStyle, o: Pick<AnswerDraft, 'answer' | 'citations' | 'explain'>): Pick<AnswerDraft, 'answer' | 'citations' | 'explain'> {
  const { text, cited } = styleOfflineText(o.answer, style);
  if (text === o.answer) return o;
  const kept = new Set(cited);
  return { ...o, answer: text, citations: o.citations.filter((c) => kept.has(c.n)) };
}

/** The [n] of a numbered line ("[3] …"), or null for the withheld stub. */
function numberOf(line: string): number | null {
  const m = /^\[(\d+)\]/.exec(line);
  return m ? Number(m[1]) : null;
}
export const DEFAULT_MAX_TOOL_STEPS = 4;
const DEFAULT_ANSWER_TOKENS = 1024;
/** The first call's whole prompt with tools, their specs included (the bench's target is 3,000). */
const TOOL_MODE_PROMPT_TOKENS = 2700;
/**
 * The memories a tool-mode prompt keeps even when instructions, core blocks and tool specs leave
 * less room (the model can search again); the full 1,000 would push the whole past 3,000.
 */
const TOOL_MODE_MIN_MEMORY_TOKENS = 500;

/**
 * Retrieval-augmented chat over the user's memories: the question's time expression becomes a
 * window, its words a search across every kind, the core blocks are always included, and the
 * answer (streamed from the model, or extractive offline) cites memories as [n]. Every turn is
 * stored; cited memories get a usage bump.
 */
export class ChatService {
  private readonly quotas: RetrievalQuotas;
  private readonly budget: PromptBudget;
  private readonly topics = new TopicCache();
  private readonly recommender: ActionRecommender;
  private readonly now: () => number;
  private readonly timeZone: string;
  private readonly maxQuestionChars: number;

  constructor(private readonly opts: ChatServiceOptions) {
    this.quotas = { ...DEFAULT_QUOTAS, ...opts.quotas };
    this.budget = { ...DEFAULT_BUDGET, ...opts.budget };
    this.recommender = opts.recommender;
    this.now = opts.now ?? Date.now;
    this.timeZone = opts.timeZone && isValidTimeZone(opts.timeZone) ? opts.timeZone : localTimeZone();
    this.maxQuestionChars = opts.maxQuestionChars ?? DEFAULT_MAX_QUESTION_CHARS;
    const vault = new VaultCut(opts.store.memories);
    this.vaultText = vault.text;
    this.safe = requestCutter(vault.text);
  }

  /**
   * The vault's cut, as every prompt gets it: a thread's title quotes its first question, and a
   * question may hold a value the vault keeps ("is 4471 still my gym locker code?"), or the vault may
   * get it later. Titles are cut where they are made and where they are shown.
   */
  private readonly vaultText: (text: string) => string;

  /** A thread as shown: its title without the vault values it quotes (kept as stored). */
  private shown(t: ThreadRecord): ThreadRecord {
    const title = this.vaultText(t.title);
    return title === t.title ? t : { ...t, title };
  }
  /** How close the screens' labels are to what the question leaves unsaid; undefined without an embedder or when it fails (the answer reads words alone). */
  private async labelMeaning(question: string, numbered: readonly NumberedMemory[], layout: FrameLayout, screens: ScreenOf): Promise<Meaning | undefined> {
    const embedder = this.opts.store.embedder;
    const pairs = embedder ? meaningPairs(question, numbered, layout, screens) : [];
    if (!embedder || !pairs.length) return undefined;
    return measureMeaningWithin(embedder, pairs, this.opts.store.retriever?.meaningWaitMs ?? null);
  }
  /**
   * The offline answer; where its hand-written lead is open to the learned chooser (line-ranker), or
   * the caller asks why, put together again with the question's closeness to each candidate line and
   * its label measured (one batch, under the labels' wait): a sure lead never pays for the embedding.
   */
  private async withLineMeaning(args: OfflineAnswerInput): Promise<Pick<AnswerDraft, 'answer' | 'citations' | 'explain'>> {
    const { leadOpen, ...first } = answerOffline(args);
    const embedder = this.opts.store.embedder;
    if (!embedder || !args.question || (!leadOpen && !args.explain)) return first;
    const pairs = lineMeaningPairs(args.question, args.numbered);
    const lineMeaning = pairs.length ? await measureMeaningWithin(embedder, pairs, this.opts.store.retriever?.meaningWaitMs ?? null) : undefined;
    if (!lineMeaning) return first;
    const { leadOpen: _open, ...again } = answerOffline({ ...args, lineMeaning });
    return again;
  }


  /**
   * The provider as every chat call sees it: no vault value reaches the model, in the prompt, the
   * question, a tool's result, a topic or summary call.
   */
  private readonly safe: (llm: LlmProvider) => LlmProvider;

  private get llm(): LlmProvider {
    return this.safe(typeof this.opts.llm === 'function' ? this.opts.llm() : this.opts.llm);
  }

  // ---- threads -------------------------------------------------------------------------------

  startThread(title?: string): ThreadRecord {
    return this.shown(this.opts.store.threads.create(threadTitle(title?.trim() ?? '') || 'New conversation', this.now()));
  }

  listThreads(): ThreadRecord[] {
    return this.opts.store.threads.list().map((t) => this.shown(t));
  }

  renameThread(id: string, title: string): ThreadRecord {
    if (!this.opts.store.threads.get(id)) throw new ChatError('NOT_FOUND', 'that conversation no longer exists');
    return this.shown(this.opts.store.threads.rename(id, threadTitle(title)));
  }

  /** Deletes the thread, its messages, and the memories citing them. */
  deleteThread(id: string): boolean {
    return this.opts.store.threads.delete(id);
  }

  getThread(id: string): ThreadRecord {
    const t = this.opts.store.threads.get(id);
    if (!t) throw new ChatError('NOT_FOUND', 'that conversation no longer exists');
    return this.shown(t);
  }

  threadMessages(id: string): ChatMessageView[] {
    this.getThread(id);
    return messageViews(this.opts.store, id);
  }

  // ---- asking --------------------------------------------------------------------------------

  /** Rejects what cannot be asked before anything is stored. */
  validateQuestion(text: unknown): string {
    if (typeof text !== 'string' || text.trim() === '') {
      throw new ChatError('EMPTY_QUESTION', 'the question is empty: type something to ask');
    }
    if (text.length > this.maxQuestionChars) {
      throw new ChatError('TOO_LARGE', questionTooLongLine(text.length, this.maxQuestionChars));
    }
    return text.trim();
  }

  /**
   * Question → retrieval, nothing stored and no model called: what `ask` does before answering.
   * Also the benchmark's unit of work.
   */
  async retrieve(question: string, opts: { now?: number; timeZone?: string; signal?: AbortSignal; llm?: LlmProvider } = {}): Promise<Retrieval> {
    const now = opts.now ?? this.now();
    const tz = opts.timeZone && isValidTimeZone(opts.timeZone) ? opts.timeZone : this.timeZone;
    const { rest, range, ahead } = parseQuestionTime(question, new Date(now), tz);
    let query = searchQueryOf(rest);
    const llm = opts.llm ? this.safe(opts.llm) : this.llm;
    if ((this.opts.topicExtraction ?? true) && llm.online && query !== '') {
      const topics = await this.topics.get(llm, rest, (q) => extractTopics(llm, q, opts.signal));
      if (topics) query = searchQueryOf(topics.join(' '));
    }
    return retrieveMemories(this.opts.store, { rest, query, timeRange: range, now, asked: question, ahead, timeZone: tz }, this.quotas);
  }

  /** Retrieval plus the prompt that would be sent: for `ask --json`, tests and the token benchmark. */
  async prepare(
    question: string,
    history: HistoryTurn[] = [],
    opts: { now?: number; timeZone?: string; llm?: LlmProvider; signal?: AbortSignal; summary?: string | null } = {},
  ): Promise<{ retrieval: Retrieval; prompt: BuiltPrompt; tools: boolean }> {
    const now = opts.now ?? this.now();
    const tz = opts.timeZone && isValidTimeZone(opts.timeZone) ? opts.timeZone : this.timeZone;
    const llm = opts.llm ? this.safe(opts.llm) : this.llm;
    const tools = this.toolsOn(llm);
    const retrieval = await this.retrieve(question, { now, timeZone: tz, llm, signal: opts.signal });
    const window = await this.contextWindow(llm, opts.signal);
    const prompt = this.promptFor(question, history, retrieval, { now, tz, tools, summary: opts.summary ?? null, window });
    return { retrieval, prompt, tools };
  }

  /** The prompt budget in force: with tools the first retrieval is leaner (the model can search again). */
  private budgetFor(tools: boolean, window: number | null = null): PromptBudget {
    const base = !tools
      ? this.budget
      : {
          ...this.budget,
          maxPromptTokens: Math.min(this.budget.maxPromptTokens, TOOL_MODE_PROMPT_TOKENS),
          minMemoryTokens: Math.min(this.budget.minMemoryTokens, TOOL_MODE_MIN_MEMORY_TOKENS),
        };
    return fitWindow(base, window, this.opts.maxAnswerTokens ?? DEFAULT_ANSWER_TOKENS);
  }

  private promptFor(question: string, history: HistoryTurn[], retrieval: Retrieval, o: { now: number; tz: string; tools: boolean; summary: string | null; window: number | null }): BuiltPrompt {
    return buildPrompt({
      question,
      history,
      core: retrieval.core,
      candidates: retrieval.candidates,
      withheldCount: retrieval.withheld.length,
      timeRange: retrieval.timeRange,
      now: o.now,
      fmt: TimeFormatter.for(o.tz),
      budget: this.budgetFor(o.tools, o.window),
      tools: o.tools ? { specTokens: CHAT_TOOL_SPEC_TOKENS } : undefined,
      summary: o.summary,
      directives: this.opts.store.directives?.list('active').map((d) => d.text) ?? [],
    });
  }

  /**
   * A long conversation (MIRIX): when the prompt with every turn since the last summary would pass
   * 75% of the budget, the older turns (all but the last 5 messages) are folded into the thread's
   * running summary, stored with the thread; the prompt then carries the summary and those 5.
   */
  private async condense(
    threadId: string,
    history: (HistoryTurn & { id: string })[],
    prompt: BuiltPrompt,
    o: { llm: LlmProvider; tools: boolean; summary: ThreadSummaryRecord | null; signal?: AbortSignal },
  ): Promise<{ history: (HistoryTurn & { id: string })[]; summary: ThreadSummaryRecord | null } | null> {
    if (history.length <= VERBATIM_MESSAGES) return null;
    const need = prompt.promptTokens - prompt.historyTokens + fullHistoryTokens(history);
    const window = await this.contextWindow(o.llm, o.signal);
    const limits = summaryBudget(this.budgetFor(o.tools).maxPromptTokens, window, this.opts.maxAnswerTokens ?? DEFAULT_ANSWER_TOKENS);
    if (need <= limits.triggerTokens) return null;
    const older = history.slice(0, -VERBATIM_MESSAGES);
    const previous = o.summary?.summary ?? null;
    // Without a model, or when the model's summary fails, the older turns are not cut: the sentences
    // that carry names, numbers and decisions are kept (extractive).
    const text = (o.llm.online ? await summarizeTurns(o.llm, previous, older, o.signal, limits) : null) ?? extractiveSummary(previous, older, limits.summaryChars);
    if (!text) return null;
    const summary: ThreadSummaryRecord = {
      thread_id: threadId,
      summary: text,
      through_message_id: older[older.length - 1]!.id,
      covered_messages: (o.summary?.covered_messages ?? 0) + older.length,
      updated_at: this.now(),
    };
    this.opts.store.threadSummaries.put(summary);
    return { history: history.slice(-VERBATIM_MESSAGES), summary };
  }

  /** The thread's running summary, if its conversation grew long enough to need one. */
  threadSummary(id: string): ThreadSummaryRecord | null {
    this.getThread(id);
    return this.opts.store.threadSummaries.get(id);
  }

  private readonly windows = new WeakMap<LlmProvider, Promise<number | null>>();

  /** The chat model's context window (asked of the provider once per provider; null offline or unknown). */
  private contextWindow(llm: LlmProvider, signal?: AbortSignal): Promise<number | null> {
    if (!llm.online || !llm.contextWindow) return Promise.resolve(null);
    let w = this.windows.get(llm);
    if (!w) {
      w = llm.contextWindow(signal).catch(() => null);
      this.windows.set(llm, w);
    }
    return w;
  }

  private toolsOn(llm: LlmProvider): boolean {
    return llm.online && (this.opts.tools ?? true);
  }

  /**
   * Answers one question in a thread (a new one when threadId is absent). Resolves once the turn
   * is stored; a model failure does not reject: the turn comes back 'partial' (text so far kept)
   * or 'error' (an extractive answer instead), with the reason in `error`.
   */
  async ask(input: AskInput, sink: ChatSink = {}): Promise<ChatTurn> {
    const question = this.validateQuestion(input.text);
    const store = this.opts.store;
    const tz = input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : this.timeZone;
    const fmt = TimeFormatter.for(tz);
    const llm = this.llm;
    const mode: ChatMode = llm.online ? 'llm' : 'offline';

    const askedAt = this.now();
    // The thread and the question in one commit: each commit waits for the disk (synchronous=FULL),
    // and these are the only writes before the first model call (time to first token).
    const inOneCommit = <T,>(fn: () => T): T => (store.transaction ? store.transaction(fn) : fn());
    const { thread, userMsg } = inOneCommit(() => {
      let t: ThreadRecord;
      if (input.threadId) {
        const found = store.threads.get(input.threadId);
        if (!found) throw new ChatError('NOT_FOUND', 'that conversation no longer exists');
        t = found;
      } else {
        t = store.threads.create(titleFor(this.vaultText(question)), askedAt);
      }
      const m = store.messages.insert({
        thread_id: t.id,
        role: 'user',
        text: question,
        raw: { role: 'user', content: question },
        created_at: askedAt,
      });
      return { thread: t, userMsg: m };
    });

    const started = performance.now();
    const everything = historyOf(store, thread.id, userMsg.id);
    let summary = store.threadSummaries.get(thread.id);
    const after = summary ? everything.findIndex((m) => m.id === summary!.through_message_id) : -1;
    // A summary whose last message is gone was deleted with it (migration 007's trigger); -1 = no summary.
    let history = after >= 0 ? everything.slice(after + 1) : everything;
    if (after < 0) summary = null;
    const prepared = await this.prepare(question, history, { now: askedAt, timeZone: tz, llm, signal: input.signal, summary: summary?.summary });
    const { retrieval, tools } = prepared;
    let prompt = prepared.prompt;
    const condensed = await this.condense(thread.id, history, prompt, { llm, tools, summary, signal: input.signal });
    if (condensed) {
      ({ history, summary } = condensed);
      prompt = this.promptFor(question, history, retrieval, { now: askedAt, tz, tools, summary: summary?.summary ?? null, window: await this.contextWindow(llm, input.signal) });
    }
    const findings = new ToolFindings(prompt.numbered, retrieval.withheld, fmt, this.budget.memoryLineChars);
    const turnRetrieval: TurnRetrieval = {
      threadId: thread.id,
      userMessageId: userMsg.id,
      query: retrieval.query,
      timeRange: retrieval.timeRange,
      numbered: prompt.numbered,
      withheld: retrieval.withheld,
      mode,
      promptTokens: prompt.promptTokens,
      elapsedMs: performance.now() - started,
    };
    sink.retrieval?.(turnRetrieval);

    // "Who is X" about a person, project or organisation Engram knows: the graph answers first.
    const entityLead = (): { lines: string[]; cited: number[] } | null => {
      const profile = store.graph ? entityAskedAbout({ graph: store.graph, memories: store.memories }, question) : null;
      return profile ? entityLeadLines(profile, (m) => numberOf(findings.lineFor(m)), fmt) : null;
    };
    // The user's directives shape the offline answer as far as it can follow them (length, format).
    const style = offlineStyle(store.directives?.list('active').map((d) => d.text) ?? []);
    const layout = (id: string) => store.frameWords?.get(id) ?? null;
    // The offline answer's lead may match a screen's labels to the question by meaning (the store's
    // embedder): measured before the answer is put together, for the labels the question leaves
    // unsaid; the same for a model's failure, so its fallback is the answer offline would give.
    // Screens the search ranked by meaning or title, none of whose passages held the question's words, are read too.
    const screens = screenReader(store);
    const offline = async (lead?: string) => {
      const meaning = await this.labelMeaning(retrieval.rest, findings.numbered, layout, screens);
      return styled(style, await this.withLineMeaning({
          before: entityLead(),
          numbered: findings.numbered,
          timeRange: retrieval.timeRange,
          widenedFrom: retrieval.widenedFrom,
          timeline: retrieval.timeline,
          query: retrieval.query,
          question: retrieval.rest,
          layout,
          meaning,
          screens,
          withheldCount: findings.withheld.length,
          // The days and months it writes follow the asked language too, where the phrasebook has it.
          fmt: isPhraseLanguage(style.language) ? TimeFormatter.for(tz, phraseLocale(style.language)) : fmt,
          lead, explain: !!input.explain,
        }));
    };

    let draft: AnswerDraft;
    if (!llm.online) {
      const o = await offline();
      draft = { ...o, status: 'complete', error: null, usage: null, model: null };
      sink.token?.(o.answer);
    } else {
      draft = await answerOnline({
        llm,
        prompt,
        maxTokens: this.opts.maxAnswerTokens ?? DEFAULT_ANSWER_TOKENS,
        signal: input.signal,
        onToken: (t) => sink.token?.(t),
        fallback: offline,
        tools: tools
          ? {
              tools: chatTools({ store, findings, fmt, now: askedAt, timeZone: tz, recommender: this.recommender }),
              numbered: () => findings.numbered,
              maxSteps: this.opts.maxToolSteps ?? DEFAULT_MAX_TOOL_STEPS,
            }
          : undefined,
      });
    }

    // Only the memories that help are cited, offline and from a model's marks alike (issue 35).
    draft = {
      ...draft,
      citations: withMoments(
        citeRelevant(draft.citations, {
          numbered: findings.numbered,
          question: retrieval.rest || question,
          answer: draft.answer,
          entities: store.graph?.entitiesIn(question, 6).map((e) => e.name) ?? [],
          window: retrieval.timeRange !== null,
        }),
        findings.numbered,
      ),
    };

    // Memories a tool found join the turn's list (the window shows them as sources).
    let finalRetrieval = turnRetrieval;
    if (findings.numbered.length > prompt.numbered.length || findings.withheld.length > retrieval.withheld.length) {
      finalRetrieval = { ...turnRetrieval, numbered: [...findings.numbered], withheld: [...findings.withheld] };
      sink.retrieval?.(finalRetrieval);
    }

    const assistant = storeAnswer(
      store,
      {
        threadId: thread.id,
        createdAt: Math.max(this.now(), askedAt + 1),
        mode,
        draft,
        query: retrieval.query,
        timeRange: retrieval.timeRange,
        numbered: findings.numbered,
        withheld: findings.withheld,
        toolCalls: draft.toolCalls,
      },
      this.now(),
    );
    this.handOff({ threadId: thread.id, userMessageId: userMsg.id, assistantMessageId: assistant.id });

    return {
      threadId: thread.id,
      userMessageId: userMsg.id,
      assistantMessageId: assistant.id,
      answer: draft.answer,
      citations: draft.citations,
      status: draft.status,
      mode,
      error: draft.error,
      retrieval: finalRetrieval,
      usage: draft.usage,
      toolSteps: draft.toolSteps ?? 0,
      ...(draft.explain ? { explain: draft.explain } : {}),
    };
  }

  private handOff(turn: StoredTurn): void {
    const hook = this.opts.onTurnStored;
    if (!hook) return;
    const fail = (err: unknown) => this.opts.onHookError?.(err);
    // Called now (so a host can track it) but not awaited: the meta-agent may call a model, and
    // the user's answer must not wait for it; its failure never fails the turn.
    try {
      const r = hook(turn);
      if (r instanceof Promise) r.catch(fail);
    } catch (err) {
      fail(err);
    }
  }
}
