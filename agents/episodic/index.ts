/** agents/episodic: the episodic memory agent (time-stamped events: activity runs, conversations). */
export { EpisodicAgent, EPISODIC_PROMPT, type EpisodicAgentOptions } from './episodic-agent.js';
export { activityRuns, salientLines, type ActivityRun } from './activity-runs.js';
export { appCategory, eventTypeFor, type AppCategory } from './app-activity.js';
export { describeRun, episodeText } from './episode-text.js';
export { hostOf, windowSubject } from './window-subject.js';
export { sessionDraft, sessionPolicy } from './session-summary.js';
export { narrateSession, NARRATION_PROMPT, WRITE_SUMMARY } from './session-narration.js';
