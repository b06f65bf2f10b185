import { activeTimeOptions, dayReport } from '../../../agents/day/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../../shared/settings/index.js';
import type { ApiDeps } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';
import { fail } from '../errors.js';
import { zonedCalendar } from '../zoned-calendar.js';

/** The Day page and `engram day`: one computation (agents/day), asked through the handler map. */
export function dayHandlers(deps: ApiDeps): HandlerGroup<'day.report'> {
  const { store } = deps;
  return {
    'day.report': (input) => {
      const cal = zonedCalendar(input.timeZone);
      const [y, m, d] = input.date.split('-').map(Number) as [number, number, number];
      if (cal.dayKey(cal.at(y, m, d)) !== input.date) fail('INVALID_INPUT', `no such date: ${input.date}`);
      // Idle detection follows how often capture forces a frame of an unchanged screen.
      const capture = store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings());
      return dayReport(store, { date: input.date, timeZone: input.timeZone, active: activeTimeOptions(capture.force_after_s) });
    },
  };
}
