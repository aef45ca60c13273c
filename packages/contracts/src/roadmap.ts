/**
 * /roadmap/roadmap: one path, an `action` of list, create, update or delete.
 */
import { z } from 'zod';
import { own, requiredMessage } from './messages';
import { zDateInput, zDateOut, zId, zIdOut, zOptionalText, zText } from './wire';

export const ROADMAP_STATUSES = ['in_progress', 'completed'] as const;
export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];

const entryFields = {
  title: zText('Title', 200),
  description: zText('Description', 4000),
  requestor: zOptionalText('Requestor', 200)
    .nullish()
    .transform((v) => (v ? v : null)),
  estimatedCompletion: z.unknown().refine((v) => v !== undefined && v !== null && v !== '', requiredMessage('Estimated Completion')).pipe(zDateInput('Estimated Completion')),
  actualCompletion: z.preprocess((v) => (v === '' || v === undefined ? null : v), zDateInput('Actual Completion').nullable()),
  status: z.enum(ROADMAP_STATUSES, { error: own('status must be in_progress or completed') }).default('in_progress'),
};

export const ZRoadmapEntryInput = z.object(entryFields);
/** Update is a whole save; its status must be given, so leaving it out never reopens a completed entry. */
export const ZRoadmapEntryUpdate = z.object({
  id: zId,
  ...entryFields,
  status: z.enum(ROADMAP_STATUSES, { error: own('status must be given: in_progress or completed') }),
});

export type RoadmapEntryInput = z.output<typeof ZRoadmapEntryInput>;

export const ZRoadmapInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('list') }),
    z.object({ action: z.literal('create'), entry: ZRoadmapEntryInput }),
    z.object({ action: z.literal('update'), entry: ZRoadmapEntryUpdate }),
    z.object({ action: z.literal('delete'), id: zId }),
  ],
  { error: own('action must be one of list, create, update, delete') },
);
export type RoadmapInput = z.output<typeof ZRoadmapInput>;

export const ZRoadmapEntry = z.object({
  id: zIdOut,
  title: z.string(),
  description: z.string(),
  requestor: z.string().nullable(),
  estimatedCompletion: zDateOut,
  actualCompletion: zDateOut.nullable(),
  status: z.enum(ROADMAP_STATUSES),
});
export type RoadmapEntry = z.output<typeof ZRoadmapEntry>;

export const ZRoadmapOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  entries: z.array(ZRoadmapEntry).optional(),
  entry: ZRoadmapEntry.optional(),
});
