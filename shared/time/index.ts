/**
 * shared/time: the one home of time for every room — calendar arithmetic in the user's zone (from
 * shared/calendar, which the window imports alone), the question and argument parsers (chrono-node),
 * and the formatter for memory text and answers.
 * Pure TypeScript (Intl and chrono-node's English parser only). Not re-exported from shared/index.ts, so the window's
 * bundle does not carry chrono-node unless it asks for it.
 */
export { ZonedCalendar, isValidTimeZone, localTimeZone, type WallClock } from '../calendar/index.js';
export { parseQuestionTime, type QuestionTime, type TimeRange } from './question-time.js';
export { TimeArgError, parseTimePoint, parseTimeWindow, timeWindowJson, type TimeWindow, type TimeWindowArgs } from './time-point.js';
export { TimeFormatter, formatDuration } from './time-formatter.js';
