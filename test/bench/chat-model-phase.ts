/**
 * The chat bench in model mode (issue 16): questions asked through ChatService.ask with memory
 * tools and active retrieval on, as with any configured model, against the fake OpenAI-compatible
 * server over 127.0.0.1 (the real `openai` client), over the bench's big store.
 *
 * - prompt tokens per question with tools: the first chat call's whole prompt, as the server counts
 *   it (messages + tool specs, ~4 characters a token) and by Engram's own estimate (which the chat
 *   budget holds to 2,700; the larger of the two is checked); the largest call of each question
 *   (after tool results) and the question's total are printed too.
 * - tool steps per question on a scripted set: the fake model answers some questions at once,
 *   searches once or twice for others, reads the timeline or experience memory, and for one shape
 *   keeps searching forever, which the loop must cut at its step limit. This measures the loop's
 *   bookkeeping and limit, not a model's judgement.
 * - time to first token excluding model time: from ask() to the first answer token, minus the time
 *   spent inside model calls before it (each call from its start to its end, or to the first token
 *   for the call that streams it). What is left is Engram's own work: thread and turn writes,
 *   retrieval over the store, the prompt, the tools' searches, and parsing the replies.
 *
 * Turns are deleted after each question; citing a memory bumps its use count, so a reused bench
 * store drifts a little with every run (--rebuild starts over).
 */
import { ChatService } from '../../agents/chat/index.js';
import { OpenAiProvider, type LlmCallRecord, type LlmProvider, type LlmRequest, type LlmResponse, type LlmStreamEvent } from '../../agents/llm/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { startFakeOpenAi, type FakeOpenAiReply, type FakeOpenAiRequest } from '../fakes/fake-openai-server.js';
import { storeRecommender } from '../helpers/experience-recommender.js';

export interface ModelPhaseResult {
  questions: number;
  prompt_tokens_first_call: { p50: number; p95: number; max: number };
  /** The same prompt by Engram's own estimate, tool specs included: what the chat budget holds to 2,700. */
  prompt_tokens_first_call_estimate: { p50: number; p95: number; max: number };
  prompt_tokens_largest_call: { p95: number; max: number };
  prompt_tokens_per_question_total: { p50: number; p95: number };
  tool_steps: { p50: number; p95: number; max: number; step_limit_hit: number };
  /**
   * Engram's time from the question to the first answer call (thread writes, active retrieval's
   * search, the prompt), the topic call's time taken out: the model's first token follows after
   * only the model's own time.
   */
  ttft_excluding_model_ms: { p50: number; p95: number; max: number };
  ttft_cpu_excluding_model_first_call_ms: { p50: number; p95: number };
  /** To the first answer token, the searches of the tool steps the model asked for before it included. */
  ttft_to_answer_excluding_model_ms: { p50: number; p95: number; max: number; p95_by_tool_steps: Record<string, number> };
  ttft_wall_ms: { p50: number; p95: number };
  /** CPU this process spent to the first answer token outside model calls: the wall figure on an idle machine. */
  ttft_cpu_excluding_model_ms: { p50: number; p95: number };
  model_calls_per_question: { mean: number };
  statuses: Record<string, number>;
}

const TOPICS_MARK = 'into search topics';
const STOP = new Set('what did we i my me the a an of on in at for to about with is was do how where who since last this that when and or yesterday morning week days day ago pm am shipped'.split(' '));
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};
const round = (n: number): number => Number(n.toFixed(1));

/** Words worth searching for: what a model would name as the topics. */
function topicsOf(q: string): string[] {
  const words = q.replace(/[?.,']/g, ' ').split(/\s+/).filter((w) => w.length > 2 && !STOP.has(w.toLowerCase()) && !/^\d/.test(w));
  return [words.slice(0, 3).join(' '), ...words.slice(3, 6)].filter(Boolean).slice(0, 4);
}

/**
 * The scripted model. Tool calls made so far in the question = `tool` messages in the request;
 * which tools it calls depends on the question's shape.
 */
export function scriptedChatModel(req: FakeOpenAiRequest): FakeOpenAiReply {
  const msgs = req.body.messages;
  const system = msgs.filter((m) => m.role === 'system').map((m) => String(m.content)).join('\n');
  const question = String(msgs.find((m) => m.role === 'user')?.content ?? '');
  if (system.includes(TOPICS_MARK)) return { text: JSON.stringify({ topics: topicsOf(question) }) };
  const done = msgs.filter((m) => m.role === 'tool').length;
  const answer = { text: `From your memories: ${topicsOf(question)[0] ?? 'that'} comes up in [1] and [2]; the rest is in the sources below.`, chunkSize: 12 };
  if (req.body.tool_choice === 'none' || !req.body.tools?.length) return answer;
  const topic = topicsOf(question)[0] ?? question.slice(0, 40);
  const plan: FakeOpenAiReply['toolUses'][] = [];
  if (/^Who is|password/i.test(question)) {
    // Answered from the first retrieval.
  } else if (/doing yesterday at 3pm|this morning/i.test(question)) {
    plan.push([{ name: 'get_timeline', input: { since: /3pm/.test(question) ? 'yesterday 15:00' : 'today 08:00', until: /3pm/.test(question) ? 'yesterday 16:00' : 'today 12:00' } }]);
  } else if (/^How do I/i.test(question)) {
    plan.push([{ name: 'recommend_action', input: { task: question.replace(/\?$/, '') } }]);
  } else if (/^Summarise/i.test(question)) {
    const [a, ...b] = topicsOf(question);
    plan.push([{ name: 'search_memories', input: { query: a ?? topic, kinds: ['episodic'] } }], [{ name: 'search_memories', input: { query: b.join(' ') || topic, kinds: ['semantic'] } }]);
  } else if (/failed/i.test(question)) {
    plan.push([{ name: 'search_memories', input: { query: `${topic} failure`, kinds: ['procedural'] } }], [{ name: 'get_memory', input: { n: 1 } }]);
  } else if (/say about/i.test(question)) {
    // A model that never stops searching: the loop's step limit must end it.
    for (let i = 0; i < 10; i++) plan.push([{ name: 'search_memories', input: { query: `${topic} ${['notes', 'meeting', 'thread', 'message', 'call'][i % 5]}`, since: '2 weeks ago' } }]);
  } else {
    plan.push([{ name: 'search_memories', input: { query: topic, since: /last 4 days/.test(question) ? '4 days ago' : undefined } }]);
  }
  const next = plan[done];
  return next ? { toolUses: next } : answer;
}

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** Times every model call, so the time before the first token can be split into model and Engram. */
class TimedProvider implements LlmProvider {
  readonly online = true;
  readonly name: string;
  readonly models: { chat: string; extraction: string };
  intervals: [number, number][] = [];
  /** CPU microseconds spent inside model calls before the first token (the fake server runs in this process). */
  cpuInCalls = 0;
  firstTokenAt: number | null = null;
  firstTokenCpu: number | null = null;
  /** When the first answer call (a stream) started, and the CPU spent in model calls before it (topics). */
  firstStreamAt: number | null = null;
  firstStreamCpu: number | null = null;
  cpuInCallsBeforeStream = 0;

  constructor(private readonly inner: LlmProvider) {
    this.name = inner.name;
    this.models = inner.models;
  }

  reset(): void {
    this.intervals = [];
    this.cpuInCalls = 0;
    this.firstTokenAt = null;
    this.firstTokenCpu = null;
    this.firstStreamAt = null;
    this.firstStreamCpu = null;
    this.cpuInCallsBeforeStream = 0;
  }

  async complete(req: LlmRequest): Promise<LlmResponse> {
    const t0 = performance.now();
    const c0 = cpuNow();
    try {
      return await this.inner.complete(req);
    } finally {
      this.intervals.push([t0, performance.now()]);
      if (this.firstTokenAt === null) this.cpuInCalls += cpuNow() - c0;
      if (this.firstStreamAt === null) this.cpuInCallsBeforeStream += cpuNow() - c0;
    }
  }

  async stream(req: LlmRequest, onEvent: (e: LlmStreamEvent) => void): Promise<LlmResponse> {
    const t0 = performance.now();
    const c0 = cpuNow();
    if (this.firstStreamAt === null) {
      this.firstStreamAt = t0;
      this.firstStreamCpu = c0;
    }
    const before = this.firstTokenAt === null;
    try {
      return await this.inner.stream(req, (e) => {
        if (e.type === 'text_delta' && this.firstTokenAt === null) {
          this.firstTokenAt = performance.now();
          this.firstTokenCpu = cpuNow();
          this.cpuInCalls += this.firstTokenCpu - c0;
        }
        onEvent(e);
      });
    } finally {
      this.intervals.push([t0, performance.now()]);
      if (before && this.firstTokenAt === null) this.cpuInCalls += cpuNow() - c0;
    }
  }

  /** Time inside model calls between `from` and `to`. */
  modelTime(from: number, to: number): number {
    return this.intervals.reduce((s, [a, b]) => s + Math.max(0, Math.min(b, to) - Math.max(a, from)), 0);
  }
}

export async function runModelPhase(store: EngramStore, questions: string[], opts: { now: number; timeZone: string; log(s: string): void }): Promise<ModelPhaseResult> {
  const fake = await startFakeOpenAi({ models: ['bench-local-model'] });
  fake.setHandler(scriptedChatModel);
  const calls: LlmCallRecord[] = [];
  const llm = new TimedProvider(
    new OpenAiProvider({ baseURL: fake.url, models: { chat: 'bench-local-model' }, usage: { record: (c) => calls.push(c) }, timeoutMs: 30_000, retry: { maxRetries: 0 } }),
  );
  const chat = new ChatService({ store, llm, recommender: storeRecommender(store), now: () => opts.now, timeZone: opts.timeZone });
  const firstCall: number[] = [];
  const firstCallEstimate: number[] = [];
  const largestCall: number[] = [];
  const totals: number[] = [];
  const steps: number[] = [];
  const ttftOwn: number[] = [];
  const ttftWall: number[] = [];
  const ttftCpu: number[] = [];
  const firstCallOwn: number[] = [];
  const firstCallCpu: number[] = [];
  const ownBySteps = new Map<number, number[]>();
  const perQuestionCalls: number[] = [];
  const statuses: Record<string, number> = {};
  let limitHit = 0;
  try {
    // Warm-up: connection, JIT, prepared statements (not measured).
    for (const q of questions.slice(0, 4)) {
      const t = await chat.ask({ text: q });
      chat.deleteThread(t.threadId);
    }
    for (const q of questions) {
      llm.reset();
      calls.length = 0;
      const requestsBefore = fake.requests.length;
      const c0 = cpuNow();
      const t0 = performance.now();
      const turn = await chat.ask({ text: q });
      const firstToken = llm.firstTokenAt;
      chat.deleteThread(turn.threadId);
      statuses[turn.status] = (statuses[turn.status] ?? 0) + 1;
      if (firstToken === null) throw new Error(`no token streamed for "${q}" (status ${turn.status}: ${turn.error ?? ''})`);
      ttftWall.push(firstToken - t0);
      const own = firstToken - t0 - llm.modelTime(t0, firstToken);
      ttftOwn.push(own);
      ttftCpu.push((llm.firstTokenCpu! - c0 - llm.cpuInCalls) / 1000);
      firstCallOwn.push(llm.firstStreamAt! - t0 - llm.modelTime(t0, llm.firstStreamAt!));
      firstCallCpu.push((llm.firstStreamCpu! - c0 - llm.cpuInCallsBeforeStream) / 1000);
      const bySteps = ownBySteps.get(turn.toolSteps) ?? [];
      bySteps.push(own);
      ownBySteps.set(turn.toolSteps, bySteps);
      const chatCalls = calls.filter((c) => c.purpose === 'chat').map((c) => c.input_tokens + c.cache_read_tokens);
      if (!chatCalls.length) throw new Error(`no chat call for "${q}"`);
      firstCall.push(chatCalls[0]!);
      firstCallEstimate.push(turn.retrieval.promptTokens);
      largestCall.push(Math.max(...chatCalls));
      totals.push(calls.reduce((s, c) => s + c.input_tokens + c.cache_read_tokens, 0));
      steps.push(turn.toolSteps);
      // The scripted model asks for more than the loop allows only on this shape.
      const wanted = fake.requests.slice(requestsBefore).length;
      perQuestionCalls.push(wanted);
      if (/say about/i.test(q) && turn.toolSteps > 0) limitHit++;
    }
  } finally {
    await fake.close();
  }
  return {
    questions: questions.length,
    prompt_tokens_first_call: { p50: pct(firstCall, 50), p95: pct(firstCall, 95), max: Math.max(...firstCall) },
    prompt_tokens_first_call_estimate: { p50: pct(firstCallEstimate, 50), p95: pct(firstCallEstimate, 95), max: Math.max(...firstCallEstimate) },
    prompt_tokens_largest_call: { p95: pct(largestCall, 95), max: Math.max(...largestCall) },
    prompt_tokens_per_question_total: { p50: pct(totals, 50), p95: pct(totals, 95) },
    tool_steps: { p50: pct(steps, 50), p95: pct(steps, 95), max: Math.max(...steps), step_limit_hit: limitHit },
    ttft_excluding_model_ms: { p50: round(pct(firstCallOwn, 50)), p95: round(pct(firstCallOwn, 95)), max: round(Math.max(...firstCallOwn)) },
    ttft_cpu_excluding_model_first_call_ms: { p50: round(pct(firstCallCpu, 50)), p95: round(pct(firstCallCpu, 95)) },
    ttft_to_answer_excluding_model_ms: {
      p50: round(pct(ttftOwn, 50)),
      p95: round(pct(ttftOwn, 95)),
      max: round(Math.max(...ttftOwn)),
      p95_by_tool_steps: Object.fromEntries([...ownBySteps].sort(([a], [b]) => a - b).map(([k, v]) => [String(k), round(pct(v, 95))])),
    },
    ttft_wall_ms: { p50: round(pct(ttftWall, 50)), p95: round(pct(ttftWall, 95)) },
    ttft_cpu_excluding_model_ms: { p50: round(pct(ttftCpu, 50)), p95: round(pct(ttftCpu, 95)) },
    model_calls_per_question: { mean: round(perQuestionCalls.reduce((a, b) => a + b, 0) / perQuestionCalls.length) },
    statuses,
  };
}
