/** Stock items: list, add, edit, adjust (each change recorded as a movement), archive. */
import { z } from 'zod';
import { own, requiredMessage } from './messages';
import { zId, zIdOut, zMoney, zMoneyOut, zOptionalText, zPaging, zString, zText } from './wire';

export const INVENTORY_SORTS = ['sku', 'description', 'price', 'quantityOnHand', 'reorderLevel'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];
const COUNT_MAX = 1_000_000_000;

const zCount = (label: string) =>
  z
    .number({ error: own(`${label} must be a whole number`) })
    .int(own(`${label} must be a whole number`))
    .min(0, own(`${label} must not be negative`))
    .max(COUNT_MAX, own(`${label} must be at most ${COUNT_MAX}`));

export const ZListInventoryInput = z.object({
  ...zPaging(100, 25),
  search: zString('Search', own('Search must be text'))
    .max(200, own('Search must be at most 200 characters'))
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null)),
  sort: z.enum(INVENTORY_SORTS, { error: own(`sort must be one of ${INVENTORY_SORTS.join(', ')}`) }).default('sku'),
  isAscending: z.boolean().default(true),
});
export type ListInventoryInput = z.output<typeof ZListInventoryInput>;

const editableFields = {
  sku: zText('SKU', 50),
  description: zOptionalText('Description', 500).default(''),
  itemCode: zOptionalText('Item Code', 50)
    .nullish()
    .transform((v) => (v ? v : null)),
  price: zMoney.refine((v) => v >= 0n, own('Price must not be negative')),
  reorderLevel: zCount('Reorder Level').default(0),
};
export const ZAddInventoryInput = z.object({ ...editableFields, quantityOnHand: zCount('Quantity On Hand').default(0) });
export const ZEditInventoryInput = z.object({ id: zId, ...editableFields });
/** Refused when the stock a change would leave is below zero. */
export const QUANTITY_BELOW_ZERO = own('Quantity on hand cannot go below zero');

const adjustmentRequired = requiredMessage('Adjustment');
const adjustmentWhole = own('Adjustment must be a whole number');

export const ZAdjustInventoryInput = z.object({
  id: zId,
  delta: z
    .number({ error: (issue) => (issue.input === undefined ? adjustmentRequired : adjustmentWhole) })
    .int(adjustmentWhole)
    .min(-COUNT_MAX, own('Adjustment is too large'))
    .max(COUNT_MAX, own('Adjustment is too large'))
    .refine((v) => v !== 0, own('Adjustment must not be zero')),
  reason: zText('Reason', 200),
});
export const ZInventoryIdInput = z.object({ id: zId });
export type InventoryItemInput = z.output<typeof ZAddInventoryInput>;

export const ZInventoryItem = z.object({
  id: zIdOut,
  sku: z.string(),
  description: z.string(),
  itemCode: z.string().nullable(),
  price: zMoneyOut,
  quantityOnHand: zIdOut,
  reorderLevel: zIdOut,
  lowStock: z.boolean(),
});
export type InventoryItem = z.output<typeof ZInventoryItem>;

export const ZListInventoryOutput = z.object({ success: z.boolean(), items: z.array(ZInventoryItem), totalItems: zIdOut });
export const ZInventoryItemOutput = z.object({ success: z.boolean(), message: z.string(), item: ZInventoryItem });
