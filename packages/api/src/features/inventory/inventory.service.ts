/**
 * Stock rules that take more than one statement, each write in one transaction: an
 * item's item code must be one of the store's, SKUs are unique per store (409), and an
 * adjustment never leaves the quantity on hand below zero.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { z } from 'zod';
import { QUANTITY_BELOW_ZERO, type InventoryItemInput, type ZAdjustInventoryInput, type ZEditInventoryInput } from '@pos/contracts';
import { isUniqueViolation } from '../../db-errors';
import { AppError } from '../../errors';
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
    if (isUniqueViolation(error, 'inventory_items_store_sku')) throw new AppError('CONFLICT', `SKU "${sku}" is already used in this store`);
    throw error;
  }
}

async function loadItem(db: Db, storeId: number, id: number | bigint) {
  const item = await repo.findItem(db, storeId, id);
  if (!item) throw new AppError('NOT_FOUND', STOCK_ITEM_NOT_FOUND);
  return item;
}

export async function addItem(db: Db, storeId: number, input: InventoryItemInput) {
  return db.transaction().execute(async (trx) => {
    const itemCodeId = await resolveItemCode(trx, storeId, input.itemCode);
    const id = await skuUnique(input.sku, () => repo.insertItem(trx, storeId, { ...input, itemCodeId }));
    return { success: true, message: 'Stock item added', item: await loadItem(trx, storeId, id) };
  });
}

export async function editItem(db: Db, storeId: number, input: z.output<typeof ZEditInventoryInput>) {
  return db.transaction().execute(async (trx) => {
    const itemCodeId = await resolveItemCode(trx, storeId, input.itemCode);
    const updated = await skuUnique(input.sku, () => repo.updateItem(trx, storeId, input.id, { ...input, itemCodeId }));
    if (!updated) throw new AppError('NOT_FOUND', STOCK_ITEM_NOT_FOUND);
    return { success: true, message: 'Stock item saved', item: await loadItem(trx, storeId, input.id) };
  });
}

/** Applies the change and records the movement; one that would leave less than nothing on hand rolls back. */
export async function adjustItem(db: Db, storeId: number, userId: bigint, input: z.output<typeof ZAdjustInventoryInput>) {
  return db.transaction().execute(async (trx) => {
    const after = await repo.adjustQuantity(trx, storeId, input.id, input.delta, input.reason, userId);
    if (after === undefined) throw new AppError('NOT_FOUND', STOCK_ITEM_NOT_FOUND);
    if (after < 0n) throw new AppError('BAD_REQUEST', QUANTITY_BELOW_ZERO);
    return { success: true, message: 'Quantity adjusted', item: await loadItem(trx, storeId, input.id) };
  });
}

export async function archiveItem(db: Db, storeId: number, id: number) {
  if (!(await repo.archiveItem(db, storeId, id))) throw new AppError('NOT_FOUND', STOCK_ITEM_NOT_FOUND);
  return { success: true, message: 'Stock item archived' };
}
