/**
 * Price tags of items as a PDF (docs/ARCHITECTURE.md, Price tags): which items, on which
 * label stock, and for a sheet the first free position of a half-used one. An id listed
 * twice prints twice (a stack of identical pieces gets a tag each), in the order given.
 */
import { z } from 'zod';
import { own } from './messages';
import { zId } from './wire';

/** Thermal 2.25 × 1.25 in and jewellery 2.25 × 0.75 in rolls (a label a page), Avery 5160 letter sheets. */
export const ITEM_LABEL_TEMPLATES = ['THERMAL_2_25x1_25', 'JEWELRY_2_25x0_75', 'AVERY_5160'] as const;
export type ItemLabelTemplate = (typeof ITEM_LABEL_TEMPLATES)[number];

/** Labels on one Avery 5160 sheet: 3 columns × 10 rows, numbered row by row from the top left. */
export const AVERY_5160_LABELS_PER_SHEET = 30;
export const ITEM_LABELS_MAX = 500;

export const ZItemLabelTemplate = z.enum(ITEM_LABEL_TEMPLATES, {
  error: own(`Template must be one of ${ITEM_LABEL_TEMPLATES.join(', ')}`),
});

const itemsRequired = own('Choose at least one item to print');
const startAtRange = own(`Start position must be a whole number from 1 to ${AVERY_5160_LABELS_PER_SHEET}`);
const startAtOnlyOnSheets = own('Start position is only for Avery 5160 sheets');

export const ZItemLabelsInput = z
  .object({
    itemIds: z
      .array(zId, { error: itemsRequired })
      .min(1, itemsRequired)
      .max(ITEM_LABELS_MAX, own(`At most ${ITEM_LABELS_MAX} tags can be printed at once`)),
    template: ZItemLabelTemplate,
    /** The first free position on the sheet (1, the default, is the top left; 30 the bottom right). */
    startAt: z
      .number({ error: startAtRange })
      .int(startAtRange)
      .min(1, startAtRange)
      .max(AVERY_5160_LABELS_PER_SHEET, startAtRange)
      .nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.startAt != null && input.template !== 'AVERY_5160') {
      ctx.addIssue({ code: 'custom', path: ['startAt'], message: startAtOnlyOnSheets });
    }
  });
export type ItemLabelsInput = z.output<typeof ZItemLabelsInput>;

export const ZItemLabelsOutput = z.object({
  /** e.g. price-tags-avery-5160.pdf */
  filename: z.string(),
  contentType: z.literal('application/pdf'),
  /** The PDF, base64-encoded. */
  contentBase64: z.string(),
});
export type ItemLabelsOutput = z.output<typeof ZItemLabelsOutput>;
