/**
 * /store/itemcode/add, /edit, /fetch-vendor, /delete: STORE_STAFF and above. Tags are
 * unique per store case-insensitively (409); a new code without a commission takes the
 * store's default vendor commission percent; a code that was sold or is on a stock
 * item is archived, not erased.
 */
import type { z } from 'zod';
import { ZAddItemCodeInput, ZEditItemCodeInput, ZItemCodeIdInput, ZItemCodesOutput, ZVendorIdInput, zSuccessOutput } from '@pos/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { isUniqueViolation } from '../../db-errors';
import { AppError } from '../../errors';
import { roleProcedure, router } from '../../trpc';
import { getSettings } from '../store/store.repository';
import { findVendor } from '../vendor/vendor.repository';
import { VENDOR_NOT_FOUND } from '../vendor/vendor.router';
import * as repo from './itemcode.repository';

const staffProcedure = roleProcedure('STORE_STAFF');
const NOT_FOUND = 'No such item code in this store';

function tagTaken(tag: string) {
  return new AppError('CONFLICT', `Tag "${tag}" is already used in this store`);
}

async function resolveValues(db: Kysely<Database>, storeId: number, input: z.output<typeof ZAddItemCodeInput>, previousPercent?: bigint): Promise<repo.ItemCodeValues> {
  if (input.vendorId !== null && !(await findVendor(db, storeId, input.vendorId))) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
  const defaultCommissionPercent =
    input.defaultCommissionPercent ?? previousPercent ?? (await getSettings(db, storeId)).defaultVendorCommissionPercent;
  return { ...input, defaultCommissionPercent };
}

async function saving<T>(tag: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'item_codes_store_tag')) throw tagTaken(tag);
    throw error;
  }
}

export const itemCodeRouter = router({
  add: staffProcedure
    .meta({ path: '/store/itemcode/add' })
    .input(ZAddItemCodeInput)
    .output(ZItemCodesOutput)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction().execute(async (trx) => {
        const values = await resolveValues(trx, ctx.storeId, input);
        if (await repo.findItemCodeByTag(trx, ctx.storeId, input.tag)) throw tagTaken(input.tag);
        await saving(input.tag, () => repo.insertItemCode(trx, ctx.storeId, values));
        return { success: true, message: 'Item code added successfully', itemCodes: await repo.listVendorItemCodes(trx, ctx.storeId, input.vendorId) };
      }),
    ),

  edit: staffProcedure
    .meta({ path: '/store/itemcode/edit' })
    .input(ZEditItemCodeInput)
    .output(ZItemCodesOutput)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction().execute(async (trx) => {
        const existing = await repo.findItemCode(trx, ctx.storeId, input.id);
        if (!existing) throw new AppError('NOT_FOUND', NOT_FOUND);
        const values = await resolveValues(trx, ctx.storeId, input, existing.defaultCommissionPercent);
        const clash = await repo.findItemCodeByTag(trx, ctx.storeId, input.tag);
        if (clash && clash.id !== existing.id) throw tagTaken(input.tag);
        await saving(input.tag, () => repo.updateItemCode(trx, ctx.storeId, input.id, values));
        return { success: true, message: 'Item code saved successfully', itemCodes: await repo.listVendorItemCodes(trx, ctx.storeId, input.vendorId) };
      }),
    ),

  fetchVendor: staffProcedure
    .meta({ path: '/store/itemcode/fetch-vendor' })
    .input(ZVendorIdInput)
    .output(ZItemCodesOutput)
    .query(async ({ ctx, input }) => {
      if (!(await findVendor(ctx.db, ctx.storeId, input.vendorId))) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
      return { success: true, message: 'OK', itemCodes: await repo.listVendorItemCodes(ctx.db, ctx.storeId, input.vendorId) };
    }),

  delete: staffProcedure
    .meta({ path: '/store/itemcode/delete' })
    .input(ZItemCodeIdInput)
    .output(zSuccessOutput)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction().execute(async (trx) => {
        if (!(await repo.findItemCode(trx, ctx.storeId, input.id))) throw new AppError('NOT_FOUND', NOT_FOUND);
        if (await repo.itemCodeInUse(trx, ctx.storeId, input.id)) await repo.archiveItemCode(trx, ctx.storeId, input.id);
        else await repo.deleteItemCode(trx, ctx.storeId, input.id);
        return { success: true, message: 'Item code deleted successfully' };
      }),
    ),
});
