/**
 * /store/inventory/*: reading for STORE_STAFF and above, changing for STORE_MANAGER and
 * above. The rules (SKUs unique per store, the item code one of the store's, stock never
 * below zero) live in inventory.service.ts.
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
import { roleProcedure, router, syncOutput } from '../../trpc';
import { actorOf } from '../audit/audit.service';
import { listItems } from './inventory.repository';
import { addItem, adjustItem, archiveItem, editItem } from './inventory.service';

const readProcedure = roleProcedure('STORE_STAFF');
const writeProcedure = roleProcedure('STORE_MANAGER');

export const inventoryRouter = router({
  list: readProcedure
    .meta({ path: '/store/inventory/list' })
    .input(ZListInventoryInput)
    .output(syncOutput(ZListInventoryOutput))
    .query(async ({ ctx, input }) => {
      const { items, total } = await listItems(ctx.db, ctx.storeId, input);
      return { success: true, items, totalItems: total };
    }),
  add: writeProcedure
    .meta({ path: '/store/inventory/add' })
    .input(ZAddInventoryInput)
    .output(syncOutput(ZInventoryItemOutput))
    .mutation(({ ctx, input }) => addItem(ctx.db, actorOf(ctx), input)),
  edit: writeProcedure
    .meta({ path: '/store/inventory/edit' })
    .input(ZEditInventoryInput)
    .output(syncOutput(ZInventoryItemOutput))
    .mutation(({ ctx, input }) => editItem(ctx.db, actorOf(ctx), input)),
  adjust: writeProcedure
    .meta({ path: '/store/inventory/adjust' })
    .input(ZAdjustInventoryInput)
    .output(syncOutput(ZInventoryItemOutput))
    .mutation(({ ctx, input }) => adjustItem(ctx.db, actorOf(ctx), input)),
  archive: writeProcedure
    .meta({ path: '/store/inventory/archive' })
    .input(ZInventoryIdInput)
    .output(syncOutput(zSuccessOutput))
    .mutation(({ ctx, input }) => archiveItem(ctx.db, actorOf(ctx), input.id)),
});
