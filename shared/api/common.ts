import { z } from 'zod';
import { IsoTime } from '../memory/index.js';
import { lazySchema } from './lazy-schema.js';

/** Building blocks reused by several request schemas. */

export const IdSchema = lazySchema(() => z.string().min(1).max(128));
export const IdListSchema = lazySchema(() => z.array(IdSchema).min(1).max(10_000));

/** A half-open window [from, to) in ISO time; from must not be after to. */
export const TimeRangeSchema = lazySchema(() => z
  .object({ from: IsoTime, to: IsoTime })
  .refine((r) => Date.parse(r.from) <= Date.parse(r.to), { message: 'from must not be after to' }));
export type TimeRange = z.infer<typeof TimeRangeSchema>;

/** IANA time zone of the viewer ("Europe/Paris"), used to cut days and hours the way the user sees them. */
export const TimeZoneSchema = lazySchema(() => z.string().min(1).max(64));

export const EmptyInput = lazySchema(() => z.object({}).strict());
export const OkOutput = lazySchema(() => z.object({ ok: z.literal(true) }));

/** A request's schemas. The map of every request is the contract: name -> { input, output }. */
export interface RequestDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}

export function defineRequest<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): RequestDef<I, O> {
  return { input, output };
}
