/**
 * /item/*: intake, printing, price changes and reads for STORE_STAFF and above;
 * withdrawing for STORE_MANAGER and above. The rules live in item.service.ts.
 */
import {
  ZAddItemInput,
  ZEditItemInput,
  ZFetchItemOutput,
  ZImportItemsInput,
  ZItemIdInput,
  ZItemLabelsInput,
  ZItemLabelsOutput,
  ZItemOutput,
  ZItemsOutput,
  ZListItemsInput,
  ZListItemsOutput,
  ZWithdrawItemsInput,
} from '@pos/contracts';
import type { Role } from '@pos/domain';
import type { Context } from '../../context';
import { roleProcedure, router, syncOutput } from '../../trpc';
import { actorOf } from '../audit/audit.service';
import { addItem, editItem, fetchItem, importItems, listItems, printLabels, withdrawItems, type ItemScope } from './item.service';

const staffProcedure = roleProcedure('STORE_STAFF');
const managerProcedure = roleProcedure('STORE_MANAGER');

/** The store's staff act on every item of the store. */
function storeScope(ctx: Context & { storeId: number; role: Role; user: { id: bigint } }): ItemScope {
  return { db: ctx.db, storeId: ctx.storeId, actor: actorOf(ctx) };
}

export const itemRouter = router({
  add: staffProcedure
    .meta({ path: '/item/add' })
    .input(ZAddItemInput)
    .output(syncOutput(ZItemOutput))
    .mutation(({ ctx, input }) => addItem(storeScope(ctx), input)),
  import: staffProcedure
    .meta({ path: '/item/import' })
    .input(ZImportItemsInput)
    .output(syncOutput(ZItemsOutput))
    .mutation(({ ctx, input }) => importItems(storeScope(ctx), input.rows)),
  edit: staffProcedure
    .meta({ path: '/item/edit' })
    .input(ZEditItemInput)
    .output(syncOutput(ZItemOutput))
    .mutation(({ ctx, input }) => editItem(storeScope(ctx), input)),
  withdraw: managerProcedure
    .meta({ path: '/item/withdraw' })
    .input(ZWithdrawItemsInput)
    .output(syncOutput(ZItemsOutput))
    .mutation(({ ctx, input }) => withdrawItems(storeScope(ctx), input.itemIds, input.reason)),
  list: staffProcedure
    .meta({ path: '/item/list' })
    .input(ZListItemsInput)
    .output(syncOutput(ZListItemsOutput))
    .query(({ ctx, input }) => listItems(storeScope(ctx), input)),
  fetch: staffProcedure
    .meta({ path: '/item/fetch' })
    .input(ZItemIdInput)
    .output(syncOutput(ZFetchItemOutput))
    .query(({ ctx, input }) => fetchItem(storeScope(ctx), input.itemId)),
  labels: staffProcedure
    .meta({ path: '/item/labels' })
    .input(ZItemLabelsInput)
    .output(syncOutput(ZItemLabelsOutput))
    .mutation(({ ctx, input }) => printLabels(storeScope(ctx), input)),
});
