/**
 * Who owns a line (docs/SETTLEMENT.md, Every line pays its owner): a code names a stock
 * item by its SKU (an item's alias) or an item code by its tag. A stock item linked to a vendor's
 * item code pays that vendor at that code's commission; otherwise the item code of the
 * same tag does; a stock item of no code is the store's own. Submit refuses a code that
 * names neither; the till asks /item/scan as the code is typed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { unknownItemCodeMessage } from '@pos/domain';
import { AppError } from '../../errors';
import { findItemCodesByIds, findItemCodesByTags, type ItemCodeRow } from '../itemcode/itemcode.repository';
import { findItemByCode } from '../item/item.repository';
import { toItem, unsellable } from '../item/item.service';
import * as repo from './scan.repository';

type Db = Kysely<Database>;

export interface ResolvedCode {
  /** The live stock item whose SKU the code is, if any. */
  item: repo.StockItemRow | null;
  /** The item code a sale of it posts through, if any. */
  code: ItemCodeRow | undefined;
}

/** What each code names, by lower-cased code; a code that names nothing is absent. */
export async function resolveCodes(db: Db, storeId: number, codes: readonly string[]): Promise<Map<string, ResolvedCode>> {
  if (codes.length === 0) return new Map();
  const items = await repo.findStockItemsBySkus(db, storeId, codes);
  const linkedIds = [...items.values()].flatMap((i) => (i.itemCodeId !== null ? [i.itemCodeId] : []));
  const linked = await findItemCodesByIds(db, storeId, linkedIds);
  const byTag = await findItemCodesByTags(db, storeId, codes);
  const resolved = new Map<string, ResolvedCode>();
  for (const key of new Set(codes.map((c) => c.toLowerCase()))) {
    const item = items.get(key) ?? null;
    const code = (item?.itemCodeId != null ? linked.get(String(item.itemCodeId)) : undefined) ?? byTag.get(key);
    if (item || code) resolved.set(key, { item, code });
  }
  return resolved;
}

/**
 * /item/scan: what a code names (a tagged item's number or alias first) and who is paid
 * for it; a sold or withdrawn item is answered with why it cannot be sold, so the till
 * says so before the line is saved; 404 when it names nothing. The owner is named by
 * the vendor's trade name and Booth field.
 */
export async function scanCode(db: Db, storeId: number, typed: string) {
  const tagged = await findItemByCode(db, storeId, typed);
  if (tagged) {
    const owner = tagged.vendorId !== null ? await repo.vendorForTill(db, storeId, tagged.vendorId) : undefined;
    return {
      success: true,
      kind: 'ITEM' as const,
      code: tagged.itemNumber,
      itemCode: tagged.itemCode,
      vendor: owner ?? null,
      item: toItem(tagged),
      unsellable: await unsellable(db, storeId, tagged),
      description: tagged.description,
      price: tagged.price,
    };
  }
  // Not an item's number or SKU: an item code's tag, or nothing.
  const code = (await resolveCodes(db, storeId, [typed])).get(typed.toLowerCase())?.code;
  if (!code) throw new AppError('NOT_FOUND', unknownItemCodeMessage(typed));
  const vendor = code.vendorId != null ? await repo.vendorForTill(db, storeId, code.vendorId) : undefined;
  return {
    success: true,
    kind: 'ITEM_CODE' as const,
    code: code.tag,
    itemCode: code.tag,
    vendor: vendor ?? null,
    item: null,
    unsellable: null,
    description: null,
    price: null,
  };
}
