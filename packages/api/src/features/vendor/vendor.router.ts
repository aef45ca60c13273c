/**
 * /vendor/list, /vendor/add, /vendor/edit, /vendor/delete: STORE_STAFF and above, always
 * within the caller's store; a vendor of another store is answered as not found. The
 * vendors' accounts (rent, adjustments, payouts, statements) are the ledger's calls,
 * served under /vendor too (ledger.router.ts).
 */
import { ZAddVendorInput, ZEditVendorInput, ZListVendorsInput, ZListVendorsOutput, ZVendorDeleteOutput, ZVendorIdInput, ZVendorOutput } from '@pos/contracts';
import { roleProcedure, router } from '../../trpc';
import { ledgerProcedures } from '../ledger/ledger.router';
import { portalAccessProcedures } from '../portal/portal.router';
import { addVendor, deleteVendor, editVendor, listVendorPage } from './vendor.service';

const staffProcedure = roleProcedure('STORE_STAFF');

export const vendorRouter = router({
  list: staffProcedure
    .meta({ path: '/vendor/list' })
    .input(ZListVendorsInput)
    .output(ZListVendorsOutput)
    .query(({ ctx, input }) => listVendorPage(ctx.db, ctx.storeId, input)),

  add: staffProcedure
    .meta({ path: '/vendor/add' })
    .input(ZAddVendorInput)
    .output(ZVendorOutput)
    .mutation(({ ctx, input }) => addVendor(ctx.db, ctx.storeId, input)),

  edit: staffProcedure
    .meta({ path: '/vendor/edit' })
    .input(ZEditVendorInput)
    .output(ZVendorOutput)
    .mutation(({ ctx, input }) => editVendor(ctx.db, ctx.storeId, input.vendorId, input)),

  delete: staffProcedure
    .meta({ path: '/vendor/delete' })
    .input(ZVendorIdInput)
    .output(ZVendorDeleteOutput)
    .mutation(({ ctx, input }) => deleteVendor(ctx.db, ctx.storeId, input.vendorId)),

  ...ledgerProcedures,
  ...portalAccessProcedures,
});
