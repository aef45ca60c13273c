/**
 * /store/itemcode/add, /edit, /fetch-vendor, /delete: STORE_STAFF and above; staff neither
 * set nor change a code's money settings. The rules (tags unique per store, the default
 * commission, who changes money settings, archiving a code in use) live in
 * itemcode.service.ts.
 */
import { ZAddItemCodeInput, ZEditItemCodeInput, ZItemCodeIdInput, ZItemCodesOutput, ZVendorIdInput, zSuccessOutput } from '@pos/contracts';
import { roleProcedure, router, syncOutput } from '../../trpc';
import { actorOf } from '../audit/audit.service';
import { addItemCode, deleteItemCode, editItemCode, listCodesOfVendor } from './itemcode.service';

const staffProcedure = roleProcedure('STORE_STAFF');

export const itemCodeRouter = router({
  add: staffProcedure
    .meta({ path: '/store/itemcode/add', accessNote: "STORE_STAFF only with the store's defaults for the commission, separate statement, card fee, rent deduction and rent (403)" })
    .input(ZAddItemCodeInput)
    .output(syncOutput(ZItemCodesOutput))
    .mutation(({ ctx, input }) => addItemCode(ctx.db, actorOf(ctx), input)),

  edit: staffProcedure
    .meta({ path: '/store/itemcode/edit', accessNote: "STORE_STAFF changes no vendor, commission, separate statement, card fee, rent deduction or rent (403)" })
    .input(ZEditItemCodeInput)
    .output(syncOutput(ZItemCodesOutput))
    .mutation(({ ctx, input }) => editItemCode(ctx.db, actorOf(ctx), input.id, input)),

  fetchVendor: staffProcedure
    .meta({ path: '/store/itemcode/fetch-vendor' })
    .input(ZVendorIdInput)
    .output(syncOutput(ZItemCodesOutput))
    .query(({ ctx, input }) => listCodesOfVendor(ctx.db, ctx.storeId, input.vendorId)),

  delete: staffProcedure
    .meta({ path: '/store/itemcode/delete' })
    .input(ZItemCodeIdInput)
    .output(syncOutput(zSuccessOutput))
    .mutation(({ ctx, input }) => deleteItemCode(ctx.db, actorOf(ctx), input.id)),
});
