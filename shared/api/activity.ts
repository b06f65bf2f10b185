import { z } from 'zod';
import { TimeRangeSchema, TimeZoneSchema, defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

export const AppMinutesSchema = lazySchema(() => z.object({ app: z.string(), minutes: z.number() }));
export type AppMinutes = z.infer<typeof AppMinutesSchema>;

export const ActivityDaySchema = lazySchema(() => z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  apps: z.array(AppMinutesSchema),
  total_minutes: z.number(),
}));
export type ActivityDay = z.infer<typeof ActivityDaySchema>;

export const activityRequests = {
  /** Time per app per local day, from episodic memories (occurred_at .. ended_at). */
  'activity.daily': defineRequest(
    lazySchema(() => z.object({ range: TimeRangeSchema, timeZone: TimeZoneSchema })),
    lazySchema(() => z.object({ days: z.array(ActivityDaySchema), totals: z.array(AppMinutesSchema) })),
  ),
};
