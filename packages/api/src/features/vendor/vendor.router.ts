/**
 * /vendor/list, /vendor/add, /vendor/edit, /vendor/delete: STORE_STAFF and above, always
 * within the caller's store; a vendor of another store is answered as not found.
 */
import { ZAddVendorInput, ZEditVendorInput, ZListVendorsInput, ZListVendorsOutput, ZVendorDeleteOutput, ZVendorIdInput, ZVendorOutput } from '@pos/contracts';
import { AppError } from '../../errors';
import { roleProcedure, router } from '../../trpc';
import { listItemCodesOfVendors, listVendorItemCodes } from '../itemcode/itemcode.repository';
import * as repo from './vendor.repository';

const staffProcedure = roleProcedure('STORE_STAFF');
export const VENDOR_NOT_FOUND = 'No such vendor in this store';

type ItemCodeRow = Awaited<ReturnType<typeof listVendorItemCodes>>[number];

function toVendor(row: repo.VendorRow, itemCodes: ItemCodeRow[] = []) {
  return {
    id: row.id,
    tradeName: row.tradeName,
    deductMonthlyRent: row.deductMonthlyRent,
    outstandingStatementBalance: row.outstandingStatementBalance,
    primaryContact:
      row.contactName === null || row.contactId === null
        ? null
        : {
            id: row.contactId,
            name: row.contactName,
            email: row.contactEmail ?? '',
            primaryPhone: row.primaryPhone ?? '',
            secondaryPhone: row.secondaryPhone ?? '',
            priority: 1,
          },
    itemCodes,
  };
}

export const vendorRouter = router({
  list: staffProcedure
    .meta({ path: '/vendor/list' })
    .input(ZListVendorsInput)
    .output(ZListVendorsOutput)
    .query(async ({ ctx, input }) => {
      const totalVendors = await repo.countVendors(ctx.db, ctx.storeId);
      const rows = await repo.listVendors(ctx.db, ctx.storeId, {
        offset: (input.page - 1) * input.pageSize,
        limit: input.pageSize,
        total: totalVendors,
        sort: input.sort,
        ascending: input.isAscending,
      });
      const codes = await listItemCodesOfVendors(ctx.db, ctx.storeId, rows.map((r) => r.id));
      const codesOf = new Map<bigint | null, ItemCodeRow[]>();
      for (const code of codes) codesOf.set(code.vendorId, [...(codesOf.get(code.vendorId) ?? []), code]);
      return { success: true, vendors: rows.map((r) => toVendor(r, codesOf.get(r.id))), totalVendors };
    }),

  add: staffProcedure
    .meta({ path: '/vendor/add' })
    .input(ZAddVendorInput)
    .output(ZVendorOutput)
    .mutation(async ({ ctx, input }) => ({
      success: true,
      message: 'Vendor added successfully',
      vendor: toVendor(await repo.insertVendor(ctx.db, ctx.storeId, input)),
    })),

  edit: staffProcedure
    .meta({ path: '/vendor/edit' })
    .input(ZEditVendorInput)
    .output(ZVendorOutput)
    .mutation(async ({ ctx, input }) => {
      const row = await repo.updateVendor(ctx.db, ctx.storeId, input.vendorId, input);
      if (!row) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
      return { success: true, message: 'Vendor saved successfully', vendor: toVendor(row, await listVendorItemCodes(ctx.db, ctx.storeId, row.id)) };
    }),

  delete: staffProcedure
    .meta({ path: '/vendor/delete' })
    .input(ZVendorIdInput)
    .output(ZVendorDeleteOutput)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction().execute(async (trx) => {
        if (!(await repo.findVendor(trx, ctx.storeId, input.vendorId))) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
        const archived = await repo.vendorCodesInUse(trx, ctx.storeId, input.vendorId);
        if (archived) await repo.archiveVendor(trx, ctx.storeId, input.vendorId);
        else await repo.deleteVendor(trx, ctx.storeId, input.vendorId);
        return { success: true, message: 'Vendor deleted successfully', archived };
      }),
    ),
});
