import { ZonedCalendar, isValidTimeZone } from '../../shared/time/index.js';
import { fail } from './errors.js';

/** The viewer's calendar (the zone may differ from the host's); an unknown zone is a typed INVALID_INPUT. */
export function zonedCalendar(timeZone: string): ZonedCalendar {
  if (!isValidTimeZone(timeZone)) fail('INVALID_INPUT', `unknown time zone: ${timeZone.slice(0, 64)}`);
  return ZonedCalendar.for(timeZone);
}
