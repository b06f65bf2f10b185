import { activeTimeOptions, dayReport, summarizeDay } from '../../../agents/day/index.js';
import { LlmError } from '../../../agents/llm/index.js';
import type { DayReport } from '../../../shared/api/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../../shared/settings/index.js';
import type { ApiDeps } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';
import { fail } from '../errors.js';
import { zonedCalendar } from '../zoned-calendar.js';

/** Said when a summary is asked for with no model set up (the window shows no button then). */
export const DAY_SUMMARY_NEEDS_MODEL = 'a written summary of the day needs a model: choose one in Settings → Model';

/** The Day page and `engram day`: one computation (agents/day), asked through the handler map. */
export function dayHandlers(deps: ApiDeps): HandlerGroup<'day.report' | 'day.summary'> {
  const { store } = deps;
  const report = (input: { date: string; timeZone: string }): DayReport => {
    const cal = zonedCalendar(input.timeZone);
    const [y, m, d] = input.date.split('-').map(Number) as [number, number, number];
    if (cal.dayKey(cal.at(y, m, d)) !== input.date) fail('INVALID_INPUT', `no such date: ${input.date}`);
    // Idle detection follows how often capture forces a frame of an unchanged screen.
    const capture = store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings());
    return dayReport(store, { date: input.date, timeZone: input.timeZone, active: activeTimeOptions(capture.force_after_s) });
  };
  return {
    'day.report': (input) => report(input),
    'day.summary': async (input) => {
      const llm = deps.model?.();
      if (!llm?.online) fail('UNAVAILABLE', DAY_SUMMARY_NEEDS_MODEL);
      try {
        return await summarizeDay(store, llm, report(input));
      } catch (err) {
        if (err instanceof LlmError) fail(err.code === 'RATE_LIMITED' ? 'RATE_LIMITED' : 'UNAVAILABLE', `the model could not write the summary: ${err.message}`);
        throw err;
      }
    },
  };
}
