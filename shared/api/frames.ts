import { z } from 'zod';
import { IsoTime } from '../memory/index.js';
import { IdSchema, defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/** A word read on a screenshot: its text (redacted as the moment's text is), its box in the OCR image's pixels, OCR's confidence 0..100. */
export const FrameWordSchema = lazySchema(() => z.object({
  text: z.string(),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  confidence: z.number(),
}));
export type FrameWordDto = z.infer<typeof FrameWordSchema>;

/** Something a moment points at that can be opened again: a web address (http/https) or a file path. */
export const FrameLinkSchema = lazySchema(() => z.object({ kind: z.enum(['url', 'path']), target: z.string() }));
export type FrameLink = z.infer<typeof FrameLinkSchema>;

export const FrameWordsSchema = lazySchema(() => z.object({
  frame_id: z.string(),
  at: IsoTime,
  app: z.string().nullable(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  /** Size of the image the boxes are measured in (scale them to the picture shown); 0 when no words were kept. */
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  words: z.array(FrameWordSchema),
  /** Indexes into words of those the query matches, in reading order (what next/previous steps through). */
  matches: z.array(z.number().int().min(0)),
  links: z.array(FrameLinkSchema),
}));
export type FrameWordsDto = z.infer<typeof FrameWordsSchema>;

export const frameRequests = {
  /**
   * The words OCR read on a frame, with their boxes, and which of them match `query` (each of its
   * words, ignoring case and OCR's usual confusions). `id` is a frame's or an observation's (the
   * frame it was read from).
   */
  'frames.words': defineRequest(lazySchema(() => z.object({ id: IdSchema, query: z.string().trim().max(200).default('') }).strict()), FrameWordsSchema),
};
