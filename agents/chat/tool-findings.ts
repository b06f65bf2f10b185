import type { Memory, PassageMatch } from '../../shared/index.js';
import { isWithheldFromModel } from '../../shared/vault/index.js';
import { modelLine } from './prompt-builder.js';
import type { CandidateSource, NumberedMemory } from './retrieval-types.js';
import type { TimeFormatter } from '../../shared/time/index.js';

/** What the model is shown in place of a high-sensitivity vault item, whichever tool found it. */
export const WITHHELD_STUB = '(a matching high-sensitivity vault item: withheld from you; the user can reveal it locally in Engram)';

/**
 * The turn's numbering, shared by the first retrieval and every tool call: a memory keeps its [n]
 * however often it is found, new finds continue the count, so citations map back whichever step
 * found the memory. This is also the one gate between a memory and the model's eyes: a
 * high-sensitivity vault item (the chat's withholding rule) gets no number and no line, only the stub.
 */
export class ToolFindings {
  readonly numbered: NumberedMemory[];
  readonly withheld: Memory[];
  private readonly byId = new Map<string, NumberedMemory>();
  private readonly withheldIds = new Set<string>();

  constructor(
    initial: NumberedMemory[],
    initialWithheld: Memory[],
    private readonly fmt: TimeFormatter,
    private readonly lineChars: number,
  ) {
    this.numbered = [...initial];
    this.withheld = [...initialWithheld];
    for (const m of initial) this.byId.set(m.memory.id, m);
    for (const m of initialWithheld) this.withheldIds.add(m.id);
  }

  /** The line the model may see for this memory: "[n] …", or the stub for a withheld vault item. */
  lineFor(memory: Memory, source: CandidateSource = 'search', score: number | null = null, chars = this.lineChars, passages?: PassageMatch[]): string {
    if (isWithheldFromModel(memory)) {
      if (!this.withheldIds.has(memory.id)) {
        this.withheldIds.add(memory.id);
        this.withheld.push(memory);
      }
      return WITHHELD_STUB;
    }
    let entry = this.byId.get(memory.id);
    if (!entry) {
      entry = { n: this.numbered.length + 1, memory, source, score, line: modelLine(memory, this.fmt, this.lineChars, passages), ...(passages?.length ? { passages } : {}) };
      this.numbered.push(entry);
      this.byId.set(memory.id, entry);
    }
    return `[${entry.n}] ${chars === this.lineChars ? entry.line : modelLine(memory, this.fmt, chars, passages ?? entry.passages)}`;
  }

  /** The memory a number in this turn points to. */
  byNumber(n: number): Memory | null {
    return this.numbered[n - 1]?.memory ?? null;
  }

  /** Memories first numbered by a tool (not by the first retrieval). */
  foundByTools(initialCount: number): NumberedMemory[] {
    return this.numbered.slice(initialCount);
  }
}
