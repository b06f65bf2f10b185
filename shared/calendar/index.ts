/**
 * shared/calendar: calendar arithmetic in one IANA zone and the viewer's own zone, with Intl only, and how a span of
 * minutes is written.
 * Its own room (shared/time re-exports it) so the window can use it without shared/time's chrono-node.
 */
export { ZonedCalendar, isValidTimeZone, localTimeZone, type WallClock } from './zoned-calendar.js';
export { formatMinutes } from './duration.js';
