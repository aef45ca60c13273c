/**
 * Items: tagged pieces with a store-unique item number (what the barcode encodes), an
 * owner through the item code, a price and a quantity. Intake one at a time or a whole
 * import (all rows or none), edits, withdrawal, the paged list and one item with its
 * movements (docs/API.md, Items).
 */
import { z } from 'zod';
import { LIMIT_MESSAGES, PRICE_LIMIT, QUANTITY_MAX, isWholeCents } from '@pos/domain';
import { own } from './messages';
import { zDateOut, zId, zIdOut, zMoney, zMoneyOut, zOptionalText, zPageSize, zText } from './wire';

export const ITEM_STATUSES = ['ACTIVE', 'SOLD', 'WITHDRAWN'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const ITEM_MOVEMENT_KINDS = ['INTAKE', 'PRICE', 'WITHDRAW', 'SALE', 'REFUND', 'ADJUST'] as const;
export type ItemMovementKind = (typeof ITEM_MOVEMENT_KINDS)[number];

/** Rows one import may carry (a vendor's whole delivery). */
export const ITEM_IMPORT_MAX = 2000;
/** Items one withdrawal or price change may name. */
export const ITEM_BATCH_MAX = 500;
export const ITEM_PAGE_SIZE_MAX = 200;

export const zItemPrice = zMoney
  .refine((v) => v >= 0n, own('Price must not be negative'))
  .refine((v) => v <= PRICE_LIMIT, own(LIMIT_MESSAGES.price))
  .refine(isWholeCents, own('Price must be in whole cents'));

const quantityMessage = own(`Quantity must be a whole number from 1 to ${QUANTITY_MAX}`);
export const zItemQuantity = z.number({ error: quantityMessage }).int(quantityMessage).min(1, quantityMessage).max(QUANTITY_MAX, quantityMessage);

/** An item's fields as intake takes them: a code of the store (or blank: the store's own goods), what it is, its price. */
export const ZAddItemInput = z.object({
  itemCode: zOptionalText('Item Code', 50).default(''),
  description: zText('Description', 500),
  price: zItemPrice,
  quantity: zItemQuantity.default(1),
  category: zOptionalText('Category', 100).default(''),
});
export type AddItemInput = z.output<typeof ZAddItemInput>;

/** A row's fields in the order an import names them ('Row 3, Price: ...'). */
export const ITEM_ROW_FIELDS = { itemCode: 'Item Code', description: 'Description', price: 'Price', quantity: 'Quantity', category: 'Category' } as const;

/** The message of one bad import row: its number (1 = the first row) and what is wrong. */
export function importRowMessage(row: number, message: string): string {
  return `Row ${row}: ${message}`;
}

/**
 * Every row is checked; any bad row refuses the whole import with one message naming
 * each bad row (at most 20) and its field. Rows are numbered from 1.
 */
const { $schema: _draft, ...ROW_JSON_SCHEMA } = z.toJSONSchema(ZAddItemInput, { io: 'input', unrepresentable: 'any' });
export const ZImportItemsInput = z.object({
  rows: z
    .array(z.unknown().meta(ROW_JSON_SCHEMA), { error: own('rows must be a list of items') })
    .min(1, own('Give at least one row to import'))
    .max(ITEM_IMPORT_MAX, own(`An import may have at most ${ITEM_IMPORT_MAX} rows`))
    .transform((rows, ctx) => {
      const parsed: AddItemInput[] = [];
      const problems: string[] = [];
      rows.forEach((row, i) => {
        const result = ZAddItemInput.safeParse(row);
        if (result.success) parsed.push(result.data);
        else problems.push(importRowMessage(i + 1, result.error.issues[0]?.message ?? 'Invalid row'));
      });
      if (problems.length > 0) {
        const shown = problems.slice(0, 20).join('; ');
        ctx.addIssue({ code: 'custom', message: own(problems.length > 20 ? `${shown}; and ${problems.length - 20} more rows` : shown) });
        return z.NEVER;
      }
      return parsed;
    })
    .meta({ description: 'Rows, each as /item/add takes an item' }),
});
export type ImportItemsInput = z.output<typeof ZImportItemsInput>;

/** A field left out keeps its value; a new price flags the item as needing a new tag until printed. */
export const ZEditItemInput = z.object({
  itemId: zId,
  itemCode: zOptionalText('Item Code', 50).optional(),
  description: zText('Description', 500).optional(),
  price: zItemPrice.optional(),
  category: zOptionalText('Category', 100).optional(),
});
export type EditItemInput = z.output<typeof ZEditItemInput>;

const itemIdsMessage = own('Choose at least one item');
const zItemIds = z
  .array(zId, { error: itemIdsMessage })
  .min(1, itemIdsMessage)
  .max(ITEM_BATCH_MAX, own(`At most ${ITEM_BATCH_MAX} items at once`));

export const ZWithdrawItemsInput = z.object({ itemIds: zItemIds, reason: zOptionalText('Reason', 200).default('') });
export const ZItemIdInput = z.object({ itemId: zId });

/** Newest first; `after` is the `next` of the page before. Every filter optional, together. */
export const ZListItemsInput = z.object({
  search: zOptionalText('Search', 200).nullish().transform((v) => (v ? v : null)),
  status: z.enum(ITEM_STATUSES, { error: own(`Status must be one of ${ITEM_STATUSES.join(', ')}`) }).nullish(),
  vendorId: zId.nullish(),
  category: zOptionalText('Category', 100).nullish().transform((v) => (v ? v : null)),
  needsNewTag: z.boolean().default(false),
  /** Only active items whose vendor asked from the portal for their withdrawal. */
  withdrawRequested: z.boolean().default(false),
  after: zId.nullish(),
  pageSize: zPageSize(ITEM_PAGE_SIZE_MAX, 50),
});
export type ListItemsInput = z.output<typeof ZListItemsInput>;

export const ZItemVendor = z.object({ id: zIdOut, tradeName: z.string() });
export type ItemVendor = z.output<typeof ZItemVendor>;

export const ZItem = z.object({
  id: zIdOut,
  itemNumber: z.string(),
  /** A second scannable code (a SKU carried over from stock items), or null. */
  alias: z.string().nullable(),
  /** The item code's tag, or null for the store's own goods. */
  itemCode: z.string().nullable(),
  vendor: ZItemVendor.nullable(),
  description: z.string(),
  price: zMoneyOut,
  quantity: zIdOut,
  /** At or below this quantity a stock item (one with a SKU) is low on stock; 0 by default. */
  reorderLevel: zIdOut,
  category: z.string(),
  /** The store's day of intake, YYYY-MM-DD. */
  intakeDate: z.string(),
  /** The price on its last printed tag; null before its first. */
  printedPrice: zMoneyOut.nullable(),
  /** Active and its tag (if any) shows another price than its own. */
  needsNewTag: z.boolean(),
  status: z.enum(ITEM_STATUSES),
  /** When the vendor asked from the portal for its withdrawal (a manager confirms with /item/withdraw), or null. */
  withdrawRequestedAt: zDateOut.nullable(),
  withdrawRequestReason: z.string(),
  createdAt: zDateOut,
  updatedAt: zDateOut,
});
export type Item = z.output<typeof ZItem>;

export const ZItemMovement = z.object({
  id: zIdOut,
  kind: z.enum(ITEM_MOVEMENT_KINDS),
  quantityDelta: zIdOut,
  quantityAfter: zIdOut,
  priceBefore: zMoneyOut.nullable(),
  priceAfter: zMoneyOut.nullable(),
  orderNumber: z.string().nullable(),
  note: z.string(),
  by: z.string().nullable(),
  createdAt: zDateOut,
});
export type ItemMovement = z.output<typeof ZItemMovement>;

export const ZItemOutput = z.object({ success: z.boolean(), message: z.string(), item: ZItem });
export const ZItemsOutput = z.object({ success: z.boolean(), message: z.string(), items: z.array(ZItem) });
export const ZFetchItemOutput = z.object({ success: z.boolean(), item: ZItem, movements: z.array(ZItemMovement) });
export const ZListItemsOutput = z.object({
  success: z.boolean(),
  items: z.array(ZItem),
  /** The `after` of the next page; null on the last. */
  next: zIdOut.nullable(),
});
