import type { RecalledExperience, Recommendation } from '../../agents/experience/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import type { ExperiencePort } from '../../electron/hosts/mcp/index.js';
import type { Memory } from '../../shared/index.js';

/**
 * Experience memory reduced to what the MCP tools need, with canned answers: records rows in the
 * store (so answers are real memories) and returns whatever recommendation the test set.
 */
export class FakeExperiencePort implements ExperiencePort {
  recommendation: Recommendation | null = null;
  recalled: RecalledExperience[] = [];
  calls: string[] = [];

  constructor(private readonly store: EngramStore) {}

  record(input: { task: string; action: string; outcome: 'success' | 'failure' | 'partial'; reason?: string }): Memory {
    this.calls.push(`record ${input.task}`);
    return this.store.memories.insert({
      kind: 'procedural',
      title: input.task,
      text: `${input.task} → ${input.action}`,
      fields: { entry_type: 'experience', task: input.task, action: input.action, outcome: input.outcome, ...(input.reason ? { reason: input.reason } : {}) },
    });
  }

  recordFailure(task: string, action: string, reason: string): Memory {
    return this.record({ task, action, outcome: 'failure', reason });
  }

  async recall(task: string): Promise<RecalledExperience[]> {
    this.calls.push(`recall ${task}`);
    return this.recalled;
  }

  async recommend(task: string): Promise<Recommendation | null> {
    this.calls.push(`recommend ${task}`);
    return this.recommendation;
  }
}
