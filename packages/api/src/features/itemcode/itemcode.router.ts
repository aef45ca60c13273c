/**
 * /store/itemcode/add, /edit, /fetch-vendor, /delete: STORE_STAFF and above. The rules
 * (tags unique per store, the default commission, archiving a code in use) live in
 * itemcode.service.ts.
 */
import { ZAddItemCodeInput, ZEditItemCodeInput, ZItemCodeIdInput, ZItemCodesOutput, ZVendorIdInput, zSuccessOutput } from '@pos/contracts';
import { roleProcedure, router } from '../../trpc';
import { addItemCode, deleteItemCode, editItemCode, listCodesOfVendor } from './itemcode.service';

const staffProcedure = roleProcedure('STORE_STAFF');

export const itemCodeRouter = router({
  add: staffProcedure
    .meta({ path: '/store/itemcode/add' })
    .input(ZAddItemCodeInput)
    .output(ZItemCodesOutput)
    .mutation(({ ctx, input }) => addItemCode(ctx.db, ctx.storeId, input)),

  edit: staffProcedure
    .meta({ path: '/store/itemcode/edit' })
    .input(ZEditItemCodeInput)
    .output(ZItemCodesOutput)
    .mutation(({ ctx, input }) => editItemCode(ctx.db, ctx.storeId, input.id, input)),

  fetchVendor: staffProcedure
    .meta({ path: '/store/itemcode/fetch-vendor' })
    .input(ZVendorIdInput)
    .output(ZItemCodesOutput)
    .query(({ ctx, input }) => listCodesOfVendor(ctx.db, ctx.storeId, input.vendorId)),

  delete: staffProcedure
    .meta({ path: '/store/itemcode/delete' })
    .input(ZItemCodeIdInput)
    .output(zSuccessOutput)
    .mutation(({ ctx, input }) => deleteItemCode(ctx.db, ctx.storeId, input.id)),
});
