/** agents/chat: retrieval-augmented chat over the user's memories, with citations. */
export {
  ChatService,
  DEFAULT_MAX_QUESTION_CHARS,
  DEFAULT_MAX_TOOL_STEPS,
  titleFor,
  threadTitle,
  type AskInput,
  type ChatMessageView,
  type ChatMode,
  type ChatServiceOptions,
  type ChatSink,
  type ChatStore,
  type ChatTurn,
  type StoredTurn,
  type TurnRetrieval,
  type TurnStatus,
} from './chat-service.js';
export { ChatError, type ChatErrorCode } from './chat-error.js';
export { mapCitations, citedNumbers, type Citation } from './citations.js';
export { searchQueryOf } from './search-query.js';
export { estimateTokens } from './token-estimate.js';
export { DEFAULT_QUOTAS, SEARCHED_KINDS, retrieveMemories, type RetrievalQuotas, type MemorySource } from './question-context.js';
export { DEFAULT_BUDGET, buildPrompt, forModel, modelLine, systemPrompt, type BuiltPrompt, type HistoryTurn, type PromptBudget } from './prompt-builder.js';
export { composeOfflineAnswer, NO_MODEL_SENTENCE, type OfflineAnswer } from './offline-answer.js';
export { extractTopics } from './topic-extractor.js';
export type { Candidate, NumberedMemory, Retrieval } from './retrieval-types.js';
export { chatTools, CHAT_TOOL_SPEC_TOKENS, type ActionRecommender, type ChatToolContext, type ChatToolStore } from './chat-tools.js';
export { ToolFindings, WITHHELD_STUB } from './tool-findings.js';
