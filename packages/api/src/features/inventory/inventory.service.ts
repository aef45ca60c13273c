/**
 * Stock items are the store's items that carry a SKU (inventory.repository.ts). Stock rules that take more than one statement, each write in one transaction: an
 * item's item code must be one of the store's, SKUs are unique per store (409), and an
 * adjustment never leaves the quantity on hand below zero. Every change writes its audit
 * event, with the item before and after, in its transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { z } from 'zod';
import { QUANTITY_BELOW_ZERO, type InventoryItemInput, type ZAdjustInventoryInput, type ZEditInventoryInput } from '@pos/contracts';
import { isUniqueViolation } from '../../db-errors';
import { AppError } from '../../errors';
import { changedFields, recordAudit, type Actor, type StoreActor } from '../audit/audit.service';
import { findItemCodeByTag } from '../itemcode/itemcode.repository';
import * as repo from './inventory.repository';

type Db = Kysely<Database>;

export const STOCK_ITEM_NOT_FOUND = 'No such stock item in this store';

async function resolveItemCode(db: Db, storeId: number, tag: string | null): Promise<bigint | null> {
  if (tag === null) return null;
  const code = await findItemCodeByTag(db, storeId, tag);
  if (!code) throw new AppError('BAD_REQUEST', `Item code "${tag}" does not exist in this store`);
  return code.id;
}

async function skuUnique<T>(sku: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'items_store_alias')) throw new AppError('CONFLICT', `SKU "${sku}" is already used in this store`);
    throw error;
  }
}

async function loadItem(db: Db, storeId: number, id: number | bigint, opts: { forUpdate?: boolean } = {}) {
  const item = await repo.findItem(db, storeId, id, opts);
  if (!item) throw new AppError('NOT_FOUND', STOCK_ITEM_NOT_FOUND);
  return item;
}

/** A stock item as the audit trail records it (its id is the event's target). */
function auditedItem(item: repo.InventoryRow) {
  return {
    sku: item.sku,
    description: item.description,
    itemCode: item.itemCode,
    price: item.price,
    quantityOnHand: Number(item.quantityOnHand),
    reorderLevel: Number(item.reorderLevel),
  };
}

export async function addItem(db: Db, actor: Actor, input: InventoryItemInput) {
  return db.transaction().execute(async (trx) => {
    const itemCodeId = await resolveItemCode(trx, actor.storeId, input.itemCode);
    const id = await skuUnique(input.sku, () => repo.insertItem(trx, actor.storeId, { ...input, itemCodeId }, actor.userId));
    const item = await loadItem(trx, actor.storeId, id);
    await recordAudit(trx, actor, { action: 'INVENTORY_ITEM_CREATE', targetType: 'inventoryItem', targetId: id, after: auditedItem(item) });
    return { success: true, message: 'Stock item added', item };
  });
}

/** A whole save; the event names the fields that changed, and the SKU on both sides. */
export async function editItem(db: Db, actor: Actor, input: z.output<typeof ZEditInventoryInput>) {
  return db.transaction().execute(async (trx) => {
    const before = await loadItem(trx, actor.storeId, input.id, { forUpdate: true });
    const itemCodeId = await resolveItemCode(trx, actor.storeId, input.itemCode);
    const updated = await skuUnique(input.sku, () => repo.updateItem(trx, actor.storeId, input.id, { ...input, itemCodeId }, actor.userId));
    if (!updated) throw new AppError('NOT_FOUND', STOCK_ITEM_NOT_FOUND);
    const item = await loadItem(trx, actor.storeId, input.id);
    await recordAudit(trx, actor, { action: 'INVENTORY_ITEM_UPDATE', targetType: 'inventoryItem', targetId: input.id, ...changedFields(auditedItem(before), auditedItem(item), ['sku']) });
    return { success: true, message: 'Stock item saved', item };
  });
}

/** Applies the change and records the movement; one that would leave less than nothing on hand rolls back. */
export async function adjustItem(db: Db, actor: StoreActor, input: z.output<typeof ZAdjustInventoryInput>) {
  return db.transaction().execute(async (trx) => {
    const before = await loadItem(trx, actor.storeId, input.id, { forUpdate: true });
    const after = await repo.adjustQuantity(trx, actor.storeId, input.id, input.delta, input.reason, actor.userId);
    if (after === undefined) throw new AppError('NOT_FOUND', STOCK_ITEM_NOT_FOUND);
    if (after < 0n) throw new AppError('BAD_REQUEST', QUANTITY_BELOW_ZERO);
    await recordAudit(trx, actor, {
      action: 'INVENTORY_ITEM_ADJUST',
      targetType: 'inventoryItem',
      targetId: input.id,
      before: { sku: before.sku, quantityOnHand: Number(before.quantityOnHand) },
      after: { sku: before.sku, quantityOnHand: Number(after), reason: input.reason },
    });
    return { success: true, message: 'Quantity adjusted', item: await loadItem(trx, actor.storeId, input.id) };
  });
}

export async function archiveItem(db: Db, actor: Actor, id: number) {
  return db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, actor.storeId, id, { forUpdate: true });
    if (!(await repo.archiveItem(trx, actor.storeId, id, actor.userId))) throw new AppError('NOT_FOUND', STOCK_ITEM_NOT_FOUND);
    await recordAudit(trx, actor, { action: 'INVENTORY_ITEM_ARCHIVE', targetType: 'inventoryItem', targetId: id, before: auditedItem(item) });
    return { success: true, message: 'Stock item archived' };
  });
}
