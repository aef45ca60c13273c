/**
 * /item/scan: what a typed or scanned code names at the till, before the line is saved:
 * a tagged item (by its number or alias) or an item code, and who is paid for it
 * (docs/API.md).
 */
import { z } from 'zod';
import { ZItem } from './item';
import { zIdOut, zMoneyOut, zText } from './wire';

export const ZScanCodeInput = z.object({ code: zText('Code', 50) });

export const ZScanCodeOutput = z.object({
  success: z.boolean(),
  /** ITEM: a tagged item's number or alias; ITEM_CODE: an item code's tag. */
  kind: z.enum(['ITEM', 'ITEM_CODE']),
  /** The code as the store holds it (the item's number, or the tag in its own case). */
  code: z.string(),
  /** The item code a sale of it is credited through; null for the store's own goods. */
  itemCode: z.string().nullable(),
  /** Who is paid: the code's vendor, with its Booth field ('' when not given); null for the store's own goods. */
  vendor: z.object({ id: zIdOut, tradeName: z.string(), booth: z.string() }).nullable(),
  /** The item (ITEM), as /item/fetch answers it; null for an item code. */
  item: ZItem.nullable(),
  /** Why the item cannot be sold now (`Item 10234 was sold on order ORD-1042`, withdrawn), else null. */
  unsellable: z.string().nullable(),
  /** The item's description and price; null for an item code. */
  description: z.string().nullable(),
  price: zMoneyOut.nullable(),
});
export type ScanCodeOutput = z.output<typeof ZScanCodeOutput>;
