import type { LlmContentBlock, LlmMessage, LlmProvider, LlmRequest } from './types.js';

/**
 * A provider whose every request has `cut` applied to each text it sends: the system prompt, the
 * per-call context, and every message's text and tool results (what a tool read from the store).
 * The one place a caller's rule on what may never reach a model is kept, however many calls and
 * tool rounds a turn makes. The model's own tool calls go back as it wrote them.
 */
export function cutRequests(llm: LlmProvider, cut: (text: string) => string): LlmProvider {
  const block = (b: LlmContentBlock): LlmContentBlock => {
    if (b.type === 'text') return { ...b, text: cut(b.text) };
    if (b.type === 'tool_result') return { ...b, content: cut(b.content) };
    return b;
  };
  const message = (m: LlmMessage): LlmMessage => ({ ...m, content: typeof m.content === 'string' ? cut(m.content) : m.content.map(block) });
  const request = (req: LlmRequest): LlmRequest => ({
    ...req,
    ...(req.system !== undefined ? { system: cut(req.system) } : {}),
    ...(req.context !== undefined ? { context: cut(req.context) } : {}),
    messages: req.messages.map(message),
  });
  const out: LlmProvider = {
    get online() {
      return llm.online;
    },
    get name() {
      return llm.name;
    },
    get models() {
      return llm.models;
    },
    complete: (req) => llm.complete(request(req)),
    stream: (req, onEvent) => llm.stream(request(req), onEvent),
    ...(llm.listModels ? { listModels: (signal?: AbortSignal) => llm.listModels!(signal) } : {}),
    ...(llm.contextWindow ? { contextWindow: (signal?: AbortSignal) => llm.contextWindow!(signal) } : {}),
  };
  return out;
}

/**
 * `cutRequests` for whichever provider a getter returns now (a key set in settings takes effect on
 * the next call): one wrapper per provider, so what callers cache by provider (its context window,
 * topics) holds; an offline provider sends nothing and passes as it is; a wrapper is not wrapped again.
 */
export function requestCutter(cut: (text: string) => string): (llm: LlmProvider) => LlmProvider {
  const wrapped = new WeakMap<LlmProvider, LlmProvider>();
  const wrappers = new WeakSet<LlmProvider>();
  return (llm) => {
    if (!llm.online || wrappers.has(llm)) return llm;
    let w = wrapped.get(llm);
    if (!w) {
      w = cutRequests(llm, cut);
      wrapped.set(llm, w);
      wrappers.add(w);
    }
    return w;
  };
}
