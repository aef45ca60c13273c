/** Stock items (issue: inventory for the dashboards): list, add, edit, adjust, archive. */
import { z } from 'zod';
import { own } from './messages';
import { zId, zIdOut, zMoney, zMoneyOut, zPaging, zText } from './wire';

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
  search: z
    .string()
    .max(200, own('Search must be at most 200 characters'))
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null)),
  sort: z.enum(INVENTORY_SORTS, { error: own(`sort must be one of ${INVENTORY_SORTS.join(', ')}`) }).default('sku'),
  isAscending: z.boolean().default(true),
});
export type ListInventoryInput = z.output<typeof ZListInventoryInput>;

const editableFields = {
  sku: zText('SKU', 50),
  description: z.string().trim().max(500, own('Description must be at most 500 characters')).default(''),
  itemCode: z
    .string()
    .trim()
    .max(50, own('Item Code must be at most 50 characters'))
    .nullish()
    .transform((v) => (v ? v : null)),
  price: zMoney.refine((v) => v >= 0n, own('Price must not be negative')),
  reorderLevel: zCount('Reorder Level').default(0),
};
export const ZAddInventoryInput = z.object({ ...editableFields, quantityOnHand: zCount('Quantity On Hand').default(0) });
export const ZEditInventoryInput = z.object({ id: zId, ...editableFields });
export const ZAdjustInventoryInput = z.object({
  id: zId,
  delta: z
    .number({ error: own('Adjustment must be a whole number') })
    .int(own('Adjustment must be a whole number'))
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
