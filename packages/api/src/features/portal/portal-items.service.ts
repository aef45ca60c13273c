/**
 * A vendor's own items in the portal: the store's item rules (item.service.ts) called with
 * an ItemScope limited to the caller's vendor, so intake takes only the vendor's live item
 * codes, and an item of another vendor (or store) is answered as not found, exactly as an
 * unknown id (docs/API.md, Vendor portal).
 */
import type { PortalItemsInput } from '@pos/contracts';
import type { Role } from '@pos/domain';
import type { Context } from '../../context';
import { actorOf } from '../audit/audit.service';
import { listItems, type ItemScope } from '../item/item.service';
import * as itemRepo from '../item/item.repository';

/** The scope of a vendorProcedure's caller: the store's items of the vendor their assignment names. */
export function vendorScope(ctx: Context & { storeId: number; role: Role; user: { id: bigint }; vendorId: bigint }): ItemScope {
  return { db: ctx.db, storeId: ctx.storeId, actor: actorOf(ctx), vendorId: ctx.vendorId };
}

/** A page of the vendor's items, newest first, each with its days on the floor; and the codes their intake may name. */
export async function portalItems(scope: ItemScope & { vendorId: bigint }, input: PortalItemsInput) {
  const [page, codes] = await Promise.all([
    listItems(scope, { ...input, vendorId: null, withdrawRequested: false }),
    itemRepo.liveCodesOfVendor(scope.db, scope.storeId, scope.vendorId),
  ]);
  const days = await itemRepo.floorDays(scope.db, scope.storeId, page.items.map((i) => BigInt(i.id)));
  return { ...page, items: page.items.map((i) => ({ ...i, daysOnFloor: days.get(String(i.id)) ?? 0 })), codes };
}
