/**
 * /store/inventory/*: reading for STORE_STAFF and above, changing for STORE_MANAGER and
 * above. SKUs unique per store (409); a vendor item code must exist in the store.
 */
import {
  ZAddInventoryInput,
  ZAdjustInventoryInput,
  ZEditInventoryInput,
  ZInventoryIdInput,
  ZInventoryItemOutput,
  ZListInventoryInput,
  ZListInventoryOutput,
  zSuccessOutput,
} from '@pos/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { isUniqueViolation } from '../../db-errors';
import { AppError } from '../../errors';
import { roleProcedure, router } from '../../trpc';
import { findItemCodeByTag } from '../itemcode/itemcode.repository';
import * as repo from './inventory.repository';

const readProcedure = roleProcedure('STORE_STAFF');
const writeProcedure = roleProcedure('STORE_MANAGER');
const NOT_FOUND = 'No such stock item in this store';

async function resolveItemCode(db: Kysely<Database>, storeId: number, tag: string | null): Promise<bigint | null> {
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

async function loadItem(db: Kysely<Database>, storeId: number, id: number | bigint) {
  const item = await repo.findItem(db, storeId, id);
  if (!item) throw new AppError('NOT_FOUND', NOT_FOUND);
  return item;
}

export const inventoryRouter = router({
  list: readProcedure
    .meta({ path: '/store/inventory/list' })
    .input(ZListInventoryInput)
    .output(ZListInventoryOutput)
    .query(async ({ ctx, input }) => {
      const { items, total } = await repo.listItems(ctx.db, ctx.storeId, input);
      return { success: true, items, totalItems: total };
    }),
  add: writeProcedure
    .meta({ path: '/store/inventory/add' })
    .input(ZAddInventoryInput)
    .output(ZInventoryItemOutput)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction().execute(async (trx) => {
        const itemCodeId = await resolveItemCode(trx, ctx.storeId, input.itemCode);
        const id = await skuUnique(input.sku, () => repo.insertItem(trx, ctx.storeId, { ...input, itemCodeId }));
        return { success: true, message: 'Stock item added', item: await loadItem(trx, ctx.storeId, id) };
      }),
    ),
  edit: writeProcedure
    .meta({ path: '/store/inventory/edit' })
    .input(ZEditInventoryInput)
    .output(ZInventoryItemOutput)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction().execute(async (trx) => {
        const itemCodeId = await resolveItemCode(trx, ctx.storeId, input.itemCode);
        const updated = await skuUnique(input.sku, () => repo.updateItem(trx, ctx.storeId, input.id, { ...input, itemCodeId }));
        if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
        return { success: true, message: 'Stock item saved', item: await loadItem(trx, ctx.storeId, input.id) };
      }),
    ),
  adjust: writeProcedure
    .meta({ path: '/store/inventory/adjust' })
    .input(ZAdjustInventoryInput)
    .output(ZInventoryItemOutput)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction().execute(async (trx) => {
        const after = await repo.adjustQuantity(trx, ctx.storeId, input.id, input.delta, input.reason, ctx.user.id);
        if (after === undefined) throw new AppError('NOT_FOUND', NOT_FOUND);
        if (after < 0n) throw new AppError('BAD_REQUEST', 'Quantity on hand cannot go below zero');
        return { success: true, message: 'Quantity adjusted', item: await loadItem(trx, ctx.storeId, input.id) };
      }),
    ),
  archive: writeProcedure
    .meta({ path: '/store/inventory/archive' })
    .input(ZInventoryIdInput)
    .output(zSuccessOutput)
    .mutation(async ({ ctx, input }) => {
      if (!(await repo.archiveItem(ctx.db, ctx.storeId, input.id))) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { success: true, message: 'Stock item archived' };
    }),
});
