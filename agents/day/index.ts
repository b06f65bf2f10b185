/** agents/day: one local day, readable (active time from capture times, documents, people, meetings). */
export { dayReport, type DayReportInput } from './day-report.js';
export { activeSpans, activeTimeOptions, DEFAULT_ACTIVE_TIME, type ActiveSpan, type ActiveTimeOptions, type ScreenMoment } from './active-time.js';
export { subjectOf, type Subject } from './subject.js';
export { daySummaryPrompt, summarizeDay, type DaySummaryPrompt } from './day-summary.js';
