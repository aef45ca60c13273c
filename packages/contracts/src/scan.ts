/**
 * /item/scan: what a typed or scanned code names at the till, before the line is saved:
 * a stock item (by its SKU) or an item code, and who is paid for it (docs/API.md).
 */
import { z } from 'zod';
import { zIdOut, zMoneyOut, zText } from './wire';

export const ZScanCodeInput = z.object({ code: zText('Code', 50) });

export const ZScanCodeOutput = z.object({
  success: z.boolean(),
  /** ITEM: a live stock item's SKU; ITEM_CODE: an item code's tag. */
  kind: z.enum(['ITEM', 'ITEM_CODE']),
  /** The code as the store holds it (the SKU or the tag in its own case). */
  code: z.string(),
  /** The item code a sale of it is credited through: the item's linked code, else the code itself; null for the store's own stock. */
  itemCode: z.string().nullable(),
  /** Who is paid: the code's vendor, with its booth (the item code); null for the store's own goods. */
  vendor: z.object({ id: zIdOut, tradeName: z.string(), booth: z.string() }).nullable(),
  /** A stock item's description and price; null for an item code. */
  description: z.string().nullable(),
  price: zMoneyOut.nullable(),
});
export type ScanCodeOutput = z.output<typeof ZScanCodeOutput>;
