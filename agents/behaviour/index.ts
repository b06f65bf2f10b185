/**
 * agents/behaviour: MIRA's behavioural directives. Feedback on answers (explicit words,
 * corrections, thumbs) is read from each closed chat segment and synthesised every few active
 * days into a short list of directives the chat prompt carries and the user can edit or delete.
 */
export { BehaviourKeeper, LAST_SYNTHESIS_KEY, SYNTHESIS_ACTIVE_DAYS, SEGMENT_QUIET_MS, type BehaviourOptions } from './behaviour-keeper.js';
export type { BehaviourStore } from './behaviour-store.js';
export { applyPlan, currentDirectives, MAX_ACTIVE_DIRECTIVES, type DirectivePlan, type SynthesisReport } from './directive-plan.js';
export { directiveTextProblem, MIN_QUOTE_WORDS, wholeSentenceQuote } from './directive-text.js';
export { feedbackFromText, sentences, type RuleFeedback } from './feedback-rules.js';
export { feedbackWithModel, FEEDBACK_PROMPT, RECORD_FEEDBACK } from './model-feedback.js';
export { modelPlan, SYNTHESIS_PROMPT, UPDATE_DIRECTIVES } from './model-synthesis.js';
export { offlinePlan, MIN_CORRECTIONS } from './offline-synthesis.js';
export { thumbSignals, MIN_THUMBS, type ThumbSignal } from './thumb-signals.js';
