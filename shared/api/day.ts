import { z } from 'zod';
import { IsoTime } from '../memory/index.js';
import { TimeZoneSchema, defineRequest } from './common.js';
import { ChatCitationSchema } from './chat.js';
import { lazySchema } from './lazy-schema.js';

export const DayKeySchema = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'));

export const DayAppMinutesSchema = lazySchema(() => z.object({ app: z.string(), minutes: z.number().min(0) }));
export const DaySubjectMinutesSchema = lazySchema(() => z.object({ subject: z.string(), minutes: z.number().min(0) }));

/** A document or link used that day: a page visited, a file or resource memory worked with. */
export const DayDocumentSchema = lazySchema(() => z.object({
  title: z.string(),
  /** http(s) address or file path; null when only the title is known. */
  location: z.string().nullable(),
  minutes: z.number().min(0),
  /** The resource memory that holds it, when there is one. */
  memory_id: z.string().nullable(),
}));

export const DayPersonSchema = lazySchema(() => z.object({ id: z.string(), name: z.string(), mentions: z.number().int().min(1) }));

/** Speech heard in one run (audio chunks no more than a few minutes apart). */
export const DayMeetingSchema = lazySchema(() => z.object({ start: IsoTime, end: IsoTime, minutes: z.number().min(0), observation_ids: z.array(z.string()) }));

/** One hour of the day for the chart: active minutes in it, by app. */
export const DayHourSchema = lazySchema(() => z.object({ hour: z.number().int().min(0).max(23), minutes: z.number().min(0), apps: z.array(DayAppMinutesSchema) }));

export const DayReportSchema = lazySchema(() => z.object({
  date: DayKeySchema,
  time_zone: z.string(),
  /** Minutes at the screen, from capture times and idle detection (never estimated by a model). */
  active_minutes: z.number().min(0),
  by_app: z.array(DayAppMinutesSchema),
  by_subject: z.array(DaySubjectMinutesSchema),
  documents: z.array(DayDocumentSchema),
  people: z.array(DayPersonSchema),
  meetings: z.array(DayMeetingSchema),
  hours: z.array(DayHourSchema),
  /** First and last moment seen that day, null when none. */
  first_seen: IsoTime.nullable(),
  last_seen: IsoTime.nullable(),
}));
export type DayReport = z.infer<typeof DayReportSchema>;
export type DayDocument = z.infer<typeof DayDocumentSchema>;
export type DayPerson = z.infer<typeof DayPersonSchema>;
export type DayMeeting = z.infer<typeof DayMeetingSchema>;
export type DayHour = z.infer<typeof DayHourSchema>;

/** A model's short written summary of one day, its [n] marks mapped to the memories they cite. */
export const DayWrittenSummarySchema = lazySchema(() => z.object({
  date: DayKeySchema,
  text: z.string(),
  citations: z.array(ChatCitationSchema),
  /** The model that wrote it. */
  model: z.string(),
  /** How many of the day's memories it was given. */
  memories: z.number().int().min(0),
}));
export type DayWrittenSummary = z.infer<typeof DayWrittenSummarySchema>;

export const dayRequests = {
  /** One local day, readable: active time per app and subject, documents, people, meetings, hours. */
  'day.report': defineRequest(lazySchema(() => z.object({ date: DayKeySchema, timeZone: TimeZoneSchema }).strict()), DayReportSchema),
  /** A short written summary of the day by the configured model, citing its memories; UNAVAILABLE offline. */
  'day.summary': defineRequest(lazySchema(() => z.object({ date: DayKeySchema, timeZone: TimeZoneSchema }).strict()), DayWrittenSummarySchema),
};
