import { z } from 'zod';

/**
 * Where OpenAI-compatible servers say how long a model's context is, in their model list: LM Studio
 * (loaded_context_length, max_context_length), vLLM (max_model_len), OpenRouter (context_length),
 * Groq (context_window). The window the model is loaded with comes first.
 */
const WINDOW_FIELDS = ['loaded_context_length', 'max_model_len', 'max_context_length', 'context_length', 'context_window'] as const;

const Tokens = z.number().int().min(256).max(100_000_000);

/** The context window a model-list entry states, or null. */
export function windowFromModelEntry(entry: unknown): number | null {
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as Record<string, unknown>;
  for (const f of WINDOW_FIELDS) {
    const r = Tokens.safeParse(e[f]);
    if (r.success) return r.data;
  }
  return null;
}

const LlamaCppProps = z.object({ default_generation_settings: z.object({ n_ctx: Tokens }).partial().optional(), n_ctx: Tokens.optional() }).passthrough();
const OllamaShow = z.object({ parameters: z.string().optional() }).passthrough();

/** llama.cpp's server: GET /props says the context it runs with (n_ctx). */
export function windowFromLlamaCppProps(body: unknown): number | null {
  const r = LlamaCppProps.safeParse(body);
  if (!r.success) return null;
  return r.data.default_generation_settings?.n_ctx ?? r.data.n_ctx ?? null;
}

/** Ollama: POST /api/show lists the model's parameters; num_ctx is the context it is served with, when the model sets one. */
export function windowFromOllamaShow(body: unknown): number | null {
  const r = OllamaShow.safeParse(body);
  const m = r.success ? /(?:^|\n)\s*num_ctx\s+(\d+)/.exec(r.data.parameters ?? '') : null;
  const n = m ? Tokens.safeParse(Number(m[1])) : null;
  return n?.success ? n.data : null;
}

/** Windows documented by the vendor for model families whose servers do not list them (Anthropic: 200k for every Claude model). */
export function documentedWindow(model: string): number | null {
  return /^claude-/.test(model) ? 200_000 : null;
}
