import { z } from 'zod';
import type { LlmProvider } from '../llm/index.js';
import type { MessageRecord } from '../store/index.js';
import type { BehaviourStore } from './behaviour-store.js';
import { applyPlan, currentDirectives, type SynthesisReport } from './directive-plan.js';
import { feedbackFromText, type RuleFeedback } from './feedback-rules.js';
import { feedbackWithModel } from './model-feedback.js';
import { modelPlan } from './model-synthesis.js';
import { offlinePlan } from './offline-synthesis.js';
import { ZonedCalendar, isValidTimeZone, localTimeZone } from '../../shared/time/index.js';

export const LAST_SYNTHESIS_KEY = 'behaviour.last_synthesis';
/** MIRA: directives are synthesised every few active days; Engram's choice is 7. */
export const SYNTHESIS_ACTIVE_DAYS = 7;
/** A chat segment is closed when its thread has been quiet this long. */
export const SEGMENT_QUIET_MS = 10 * 60_000;
const CHECK_EVERY_MS = 10 * 60_000;

export interface BehaviourOptions {
  now?: () => number;
  /** IANA zone whose midnights cut active-use days (default the machine's). */
  timeZone?: string;
  segmentQuietMs?: number;
  log?: (line: string) => void;
}

/** The zone's offset from UTC at an instant; an unknown zone counts days in UTC. */
function zoneOffset(at: number, timeZone: string | undefined): number {
  const zone = timeZone ?? localTimeZone();
  return isValidTimeZone(zone) ? ZonedCalendar.for(zone).offsetAt(at) : 0;
}

interface Found {
  message: MessageRecord;
  feedback: RuleFeedback;
  source: 'model' | 'rules';
}

const squash = (t: string) => t.toLowerCase().replace(/\s+/g, ' ').trim();

/** The same piece of feedback: one message, and the same topic and stance or overlapping quotes. */
function sameFeedback(a: Found, b: Found): boolean {
  if (a.message.id !== b.message.id) return false;
  if (a.feedback.topic === b.feedback.topic && a.feedback.stance === b.feedback.stance) return true;
  const qa = squash(a.feedback.quote);
  const qb = squash(b.feedback.quote);
  return qa.length > 0 && qb.length > 0 && (qa.includes(qb) || qb.includes(qa));
}

/** The model's finds, then each rule find the model did not make (the model's wording wins a tie). */
function mergeFeedback(byModel: Found[], byRules: Found[]): Found[] {
  return [...byModel, ...byRules.filter((r) => !byModel.some((m) => sameFeedback(m, r)))];
}

/**
 * MIRA's behavioural directives: reads each closed chat segment for feedback (the rules always,
 * and one model call with a model, merged: the model's finds and the rules' it missed), keeps thumbs, and synthesises directives every SYNTHESIS_ACTIVE_DAYS
 * active-use days or on demand. The caller runs its methods on one queue (the brain's).
 */
export class BehaviourKeeper {
  private readonly now: () => number;
  private lastCheck = -Infinity;

  constructor(
    private readonly store: BehaviourStore,
    private readonly llm: () => LlmProvider,
    private readonly opts: BehaviourOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  private answerText = (id: string): string | null => this.store.messages.get(id)?.text ?? null;

  /**
   * Reads a thread's messages after its cursor for feedback; returns how many pieces were stored.
   * Only threads of Engram's own chat are read: an imported conversation (`engram add --file`, an
   * archive) is someone's text, not the user telling Engram how to answer; it is marked read unread.
   */
  async readThread(threadId: string, signal?: AbortSignal): Promise<number> {
    const thread = this.store.threads.get(threadId);
    if (thread && thread.origin !== 'chat') {
      const last = this.store.messages.list(threadId).at(-1);
      if (last) this.store.feedback.markScanned(threadId, last.created_at);
      return 0;
    }
    const through = this.store.feedback.scannedThrough(threadId);
    const all = this.store.messages.list(threadId).filter((m) => m.status !== 'error' && (m.role === 'user' || m.role === 'assistant'));
    const fresh = all.filter((m) => m.created_at > through);
    if (!fresh.length) return 0;
    const firstIdx = all.indexOf(fresh[0]!);
    const before = firstIdx > 0 ? all[firstIdx - 1]! : null;
    const context = before?.role === 'assistant' ? before : null;
    // The rules read every user message in every mode: an explicit "always give me the command
    // first" is caught whether or not a model is asked, and stays caught when the model misses it.
    const byRules: Found[] = [];
    fresh.forEach((m, i) => {
      if (m.role !== 'user') return;
      const prev = i > 0 ? fresh[i - 1]! : context;
      for (const f of feedbackFromText(m.text, prev?.role === 'assistant')) byRules.push({ message: m, feedback: f, source: 'rules' });
    });
    const llm = this.llm();
    const worthAsking = fresh.some((m, i) => m.role === 'user' && (i > 0 ? fresh[i - 1]!.role === 'assistant' : context !== null));
    let found: Found[] = byRules;
    if (llm.online && worthAsking) {
      // A model failure leaves the segment unread (the caller retries it), rules' finds included.
      const byModel: Found[] = (await feedbackWithModel(llm, context, fresh, signal)).map((x) => ({ ...x, source: 'model' }));
      found = mergeFeedback(byModel, byRules);
    }
    let stored = 0;
    this.store.transaction(() => {
      for (const { message, feedback, source } of found) {
        // Re-read: the message may have been forgotten while the model was thinking.
        if (!this.store.messages.get(message.id)) continue;
        const idx = all.indexOf(message);
        const answer = all
          .slice(0, idx)
          .reverse()
          .find((m) => m.role === 'assistant');
        this.store.feedback.add({ ...feedback, message_id: message.id, answer_id: answer?.id ?? null, source, created_at: message.created_at });
        stored++;
      }
      if (this.store.threads.get(threadId)) this.store.feedback.markScanned(threadId, fresh[fresh.length - 1]!.created_at);
    });
    return stored;
  }

  /** Reads every segment that is closed (quiet for a while), or every unread one with `all`. */
  async readSegments(opts: { all?: boolean; signal?: AbortSignal } = {}): Promise<number> {
    const quiet = this.opts.segmentQuietMs ?? SEGMENT_QUIET_MS;
    let n = 0;
    for (const threadId of this.store.feedback.unscannedThreads()) {
      const last = this.store.messages.list(threadId).at(-1);
      if (!opts.all && last && this.now() - last.created_at < quiet) continue;
      try {
        n += await this.readThread(threadId, opts.signal);
      } catch (e) {
        // The segment stays unread and is tried at the next check.
        this.opts.log?.(`directives: reading feedback failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
      }
    }
    return n;
  }

  lastSynthesis(): number | null {
    const v = this.store.settings.get(LAST_SYNTHESIS_KEY, z.number(), -1);
    return v >= 0 ? v : null;
  }

  /** Active-use days since the last synthesis (since the beginning when there was none). */
  activeDays(): number {
    return this.store.feedback.activeDaysSince(this.lastSynthesis() ?? 0, zoneOffset(this.now(), this.opts.timeZone));
  }

  /**
   * Reads all unread segments, then turns the feedback into directives: one model call with a
   * model (falls back to the rules when the call fails), the rules offline.
   */
  async synthesize(signal?: AbortSignal): Promise<SynthesisReport> {
    await this.readSegments({ all: true, signal });
    const feedback = this.store.feedback.usable();
    const active = currentDirectives(this.store);
    const llm = this.llm();
    const at = this.now();
    let report: SynthesisReport;
    let plan: Awaited<ReturnType<typeof modelPlan>> | null = null;
    if (llm.online && feedback.length) {
      try {
        plan = await modelPlan(llm, feedback, active, this.answerText, signal);
      } catch (e) {
        if (signal?.aborted) throw e;
        // A model that is down or answers nonsense: the rules still apply to what the user said.
        this.opts.log?.(`directives: the model review failed, using the rules: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
      }
    }
    if (plan) {
      report = applyPlan(this.store, plan, 'model', at, feedback.length);
    } else {
      report = applyPlan(this.store, offlinePlan(feedback, active, this.answerText), 'rules', at, feedback.length);
    }
    this.store.settings.set(LAST_SYNTHESIS_KEY, at);
    return report;
  }

  /** The timer: reads closed segments; synthesises once SYNTHESIS_ACTIVE_DAYS active days have passed. */
  async tick(signal?: AbortSignal): Promise<SynthesisReport | null> {
    const t = this.now();
    if (t - this.lastCheck < CHECK_EVERY_MS) return null;
    this.lastCheck = t;
    await this.readSegments({ signal });
    if (this.activeDays() < SYNTHESIS_ACTIVE_DAYS) return null;
    return this.synthesize(signal);
  }
}
