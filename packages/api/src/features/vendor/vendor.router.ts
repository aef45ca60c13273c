/**
 * /vendor/list (searched by trade name, contact, e-mail or item-code tag), /vendor/fetch, /vendor/add, /vendor/edit: STORE_STAFF and above (staff neither set nor
 * change a vendor's money settings: vendor.service.ts); /vendor/delete: STORE_MANAGER and
 * above. Always within the caller's store; a vendor of another store is answered as not
 * found. The vendors' accounts (rent, adjustments, payouts, statements) are the ledger's
 * calls, served under /vendor too (ledger.router.ts).
 */
import { ZAddVendorInput, ZEditVendorInput, ZFetchVendorOutput, ZListVendorsInput, ZListVendorsOutput, ZVendorDeleteOutput, ZVendorIdInput, ZVendorOutput, parseListVendorsOutput } from '@pos/contracts';
import { VENDOR_DELETE_FORBIDDEN, VENDOR_MONEY_ROLE } from '@pos/domain';
import { checkedOutput, roleProcedure, router, syncOutput } from '../../trpc';
import { actorOf } from '../audit/audit.service';
import { ledgerProcedures } from '../ledger/ledger.router';
import { portalAccessProcedures } from '../portal/portal.router';
import { addVendor, deleteVendor, editVendor, fetchVendor, listVendorPage } from './vendor.service';

const staffProcedure = roleProcedure('STORE_STAFF');

export const vendorRouter = router({
  list: staffProcedure
    .meta({ path: '/vendor/list' })
    .input(ZListVendorsInput)
    .output(checkedOutput(ZListVendorsOutput, parseListVendorsOutput))
    .query(({ ctx, input }) => listVendorPage(ctx.db, ctx.storeId, input)),

  fetch: staffProcedure
    .meta({ path: '/vendor/fetch' })
    .input(ZVendorIdInput)
    .output(syncOutput(ZFetchVendorOutput))
    .query(({ ctx, input }) => fetchVendor(ctx.db, ctx.storeId, input.vendorId)),

  add: staffProcedure
    .meta({ path: '/vendor/add', accessNote: "STORE_STAFF only with the store's defaults for Vendor Type, Monthly Rent and Deduct Monthly Rent (403)" })
    .input(ZAddVendorInput)
    .output(syncOutput(ZVendorOutput))
    .mutation(({ ctx, input }) => addVendor(ctx.db, actorOf(ctx), input)),

  edit: staffProcedure
    .meta({ path: '/vendor/edit', accessNote: 'STORE_STAFF changes no Vendor Type, Monthly Rent or Deduct Monthly Rent (403)' })
    .input(ZEditVendorInput)
    .output(syncOutput(ZVendorOutput))
    .mutation(({ ctx, input }) => editVendor(ctx.db, actorOf(ctx), input.vendorId, input)),

  delete: roleProcedure(VENDOR_MONEY_ROLE, VENDOR_DELETE_FORBIDDEN)
    .meta({ path: '/vendor/delete' })
    .input(ZVendorIdInput)
    .output(syncOutput(ZVendorDeleteOutput))
    .mutation(({ ctx, input }) => deleteVendor(ctx.db, actorOf(ctx), input.vendorId)),

  ...ledgerProcedures,
  ...portalAccessProcedures,
});
