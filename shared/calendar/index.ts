/**
 * shared/calendar: calendar arithmetic in one IANA zone and the viewer's own zone, with Intl only.
 * Its own room (shared/time re-exports it) so the window can use it without shared/time's chrono-node.
 */
export { ZonedCalendar, isValidTimeZone, localTimeZone, type WallClock } from './zoned-calendar.js';
