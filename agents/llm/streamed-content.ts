import { parseToolJson } from './tool-spec.js';
import type { LlmContentBlock, LlmToolUseBlock } from './types.js';

type Slot = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; args: string; block?: LlmToolUseBlock };

/**
 * A reply's content as it streams in, whichever wire format carries it: text deltas and tool-call
 * pieces (id, name, argument JSON in fragments) by the index the server gives them. Anthropic
 * numbers its content blocks; OpenAI-compatible servers number tool calls apart from the one text,
 * so that provider puts the text at 0 and the calls after it.
 */
export class StreamedContent {
  private readonly slots: Array<Slot | undefined> = [];
  /** Every text delta so far, joined: what the user has seen (a broken stream keeps it as partial text). */
  streamedText = '';

  text(index: number, delta: string): void {
    let slot = this.slots[index];
    if (!slot || slot.type !== 'text') slot = this.slots[index] = { type: 'text', text: '' };
    slot.text += delta;
    this.streamedText += delta;
  }

  /** A piece of a tool call: the id once, the name once or in pieces, the arguments in fragments. */
  tool(index: number, part: { id?: string | null; name?: string | null; args?: string | null }): void {
    let slot = this.slots[index];
    if (!slot || slot.type !== 'tool_use') slot = this.slots[index] = { type: 'tool_use', id: '', name: '', args: '' };
    if (part.id) slot.id = part.id;
    if (part.name) slot.name += part.name;
    if (part.args) slot.args += part.args;
  }

  /**
   * The finished call at `index`, its arguments parsed (JSON that does not parse stays a string, so
   * validation can report it). Some local servers send no id: one is made so the result can be
   * matched to the call.
   */
  toolDone(index: number): LlmToolUseBlock | null {
    const slot = this.slots[index];
    if (slot?.type !== 'tool_use') return null;
    slot.block ??= { type: 'tool_use', id: slot.id || `call_${index}`, name: slot.name, input: parseToolJson(slot.args) };
    return slot.block;
  }

  /** The calls not yet finished by toolDone, finished now, in order. */
  finishTools(): LlmToolUseBlock[] {
    const out: LlmToolUseBlock[] = [];
    this.slots.forEach((slot, i) => {
      if (slot?.type === 'tool_use' && !slot.block) out.push(this.toolDone(i)!);
    });
    return out;
  }

  /** Text and tool calls in order; empty text blocks are left out (a model API refuses them when sent back). */
  content(): LlmContentBlock[] {
    const out: LlmContentBlock[] = [];
    this.slots.forEach((slot, i) => {
      if (slot?.type === 'text' && slot.text) out.push({ type: 'text', text: slot.text });
      else if (slot?.type === 'tool_use') out.push(this.toolDone(i)!);
    });
    return out;
  }
}
