import { describe, expect, it } from 'vitest';
import { documentedWindow, windowFromLlamaCppProps, windowFromModelEntry, windowFromOllamaShow } from '../../agents/llm/index.js';

describe('a model\'s context window, as servers state it', () => {
  it('reads the model-list fields of LM Studio, vLLM, OpenRouter and Groq, the loaded window first', () => {
    expect(windowFromModelEntry({ id: 'qwen', max_context_length: 32768, loaded_context_length: 8192 })).toBe(8192);
    expect(windowFromModelEntry({ id: 'llama', max_model_len: 4096 })).toBe(4096);
    expect(windowFromModelEntry({ id: 'x', context_length: 131072 })).toBe(131072);
    expect(windowFromModelEntry({ id: 'y', context_window: 8192 })).toBe(8192);
    expect(windowFromModelEntry({ id: 'gpt-4o', object: 'model', owned_by: 'openai' })).toBeNull();
    // Nonsense is no window.
    expect(windowFromModelEntry({ max_model_len: '4096' })).toBeNull();
    expect(windowFromModelEntry({ max_model_len: -1 })).toBeNull();
    expect(windowFromModelEntry(null)).toBeNull();
  });

  it("reads llama.cpp's /props and Ollama's num_ctx; Claude's documented window", () => {
    expect(windowFromLlamaCppProps({ default_generation_settings: { n_ctx: 4096 }, total_slots: 1 })).toBe(4096);
    expect(windowFromLlamaCppProps({ n_ctx: 2048 })).toBe(2048);
    expect(windowFromLlamaCppProps({ error: 'not found' })).toBeNull();
    expect(windowFromOllamaShow({ parameters: 'stop "<|eot_id|>"\nnum_ctx 8192', model_info: {} })).toBe(8192);
    expect(windowFromOllamaShow({ parameters: 'stop "<|eot_id|>"' })).toBeNull();
    expect(documentedWindow('claude-haiku-4-5-20251001')).toBe(200_000);
    expect(documentedWindow('llama3.1:8b')).toBeNull();
  });
});
