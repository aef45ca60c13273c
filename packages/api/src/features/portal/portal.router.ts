/**
 * The vendor portal's calls (docs/API.md, Vendor portal). Under /vendor, for the store
 * (STORE_ACCOUNTANT, STORE_MANAGER and above): /vendor/invite, /vendor/invite/revoke,
 * /vendor/portal-access and its revoke. Under /portal, for a VENDOR, the vendor always
 * the one the caller's assignment names: summary, sales, statement, payouts, and their own
 * items (list, add, edit, withdraw-request, labels: the store's item rules limited to the
 * vendor's codes, portal-items.service.ts); and the public /portal/accept.
 */
import {
  ZAcceptInviteInput,
  ZEmptyInput,
  ZImportItemsInput,
  ZItemLabelsInput,
  ZItemLabelsOutput,
  ZItemOutput,
  ZItemsOutput,
  ZPortalEditItemInput,
  ZPortalItemsInput,
  ZPortalItemsOutput,
  ZWithdrawRequestInput,
  ZInviteInput,
  ZInviteOutput,
  ZInviteRevokeInput,
  ZLoginOutput,
  ZPortalAccessInput,
  ZPortalAccessOutput,
  ZPortalAccessRevokeInput,
  ZPortalPayoutsInput,
  ZPortalPayoutsOutput,
  ZPortalSalesInput,
  ZPortalSalesOutput,
  ZPortalStatementInput,
  ZPortalStatementOutput,
  ZPortalSummaryOutput,
  zSuccessOutput,
} from '@pos/contracts';
import { anyRoleProcedure, publicProcedure, router, vendorProcedure, syncOutput } from '../../trpc';
import { actorOf } from '../audit/audit.service';
import { editItem, importItems, printLabels, requestWithdrawal } from '../item/item.service';
import { portalItems, vendorScope } from './portal-items.service';
import { acceptInvite, invite, portalAccess, portalPayouts, portalSales, portalStatement, portalSummary, revokeInvite, revokePortalAccess } from './portal.service';

const storeProcedure = anyRoleProcedure('STORE_ACCOUNTANT', 'STORE_MANAGER');

/** Spread into the vendor router: their paths live under /vendor. */
export const portalAccessProcedures = {
  invite: storeProcedure
    .meta({ path: '/vendor/invite' })
    .input(ZInviteInput)
    .output(syncOutput(ZInviteOutput))
    .mutation(({ ctx, input }) => invite(ctx, actorOf(ctx), input)),
  inviteRevoke: storeProcedure
    .meta({ path: '/vendor/invite/revoke' })
    .input(ZInviteRevokeInput)
    .output(syncOutput(zSuccessOutput))
    .mutation(({ ctx, input }) => revokeInvite(ctx.db, actorOf(ctx), input.inviteId)),
  portalAccess: storeProcedure
    .meta({ path: '/vendor/portal-access' })
    .input(ZPortalAccessInput)
    .output(syncOutput(ZPortalAccessOutput))
    .query(({ ctx, input }) => portalAccess(ctx.db, ctx.storeId, ctx.config.now(), input.vendorId)),
  portalAccessRevoke: storeProcedure
    .meta({ path: '/vendor/portal-access/revoke' })
    .input(ZPortalAccessRevokeInput)
    .output(syncOutput(zSuccessOutput))
    .mutation(({ ctx, input }) => revokePortalAccess(ctx.db, actorOf(ctx), input)),
};

export const portalRouter = router({
  accept: publicProcedure
    .meta({ path: '/portal/accept' })
    .input(ZAcceptInviteInput)
    .output(syncOutput(ZLoginOutput))
    .mutation(({ ctx, input }) => acceptInvite(ctx, input)),
  summary: vendorProcedure
    .meta({ path: '/portal/summary' })
    .input(ZEmptyInput)
    .output(syncOutput(ZPortalSummaryOutput))
    .query(({ ctx }) => portalSummary(ctx)),
  sales: vendorProcedure
    .meta({ path: '/portal/sales' })
    .input(ZPortalSalesInput)
    .output(syncOutput(ZPortalSalesOutput))
    .query(({ ctx, input }) => portalSales(ctx, input)),
  statement: vendorProcedure
    .meta({ path: '/portal/statement' })
    .input(ZPortalStatementInput)
    .output(syncOutput(ZPortalStatementOutput))
    .query(({ ctx, input }) => portalStatement(ctx, input)),
  payouts: vendorProcedure
    .meta({ path: '/portal/payouts' })
    .input(ZPortalPayoutsInput)
    .output(syncOutput(ZPortalPayoutsOutput))
    .query(({ ctx, input }) => portalPayouts(ctx, input ?? { page: 1, pageSize: 50 })),
  items: vendorProcedure
    .meta({ path: '/portal/items' })
    .input(ZPortalItemsInput)
    .output(syncOutput(ZPortalItemsOutput))
    .query(({ ctx, input }) => portalItems({ ...vendorScope(ctx), vendorId: ctx.vendorId }, input)),
  item: router({
    add: vendorProcedure
      .meta({ path: '/portal/item/add' })
      .input(ZImportItemsInput)
      .output(syncOutput(ZItemsOutput))
      .mutation(({ ctx, input }) => importItems(vendorScope(ctx), input.rows)),
    edit: vendorProcedure
      .meta({ path: '/portal/item/edit' })
      .input(ZPortalEditItemInput)
      .output(syncOutput(ZItemOutput))
      .mutation(({ ctx, input }) => editItem(vendorScope(ctx), { itemId: input.itemId, description: input.description, price: input.price })),
    withdrawRequest: vendorProcedure
      .meta({ path: '/portal/item/withdraw-request' })
      .input(ZWithdrawRequestInput)
      .output(syncOutput(ZItemsOutput))
      .mutation(({ ctx, input }) => requestWithdrawal(vendorScope(ctx), input.itemIds, input.reason)),
  }),
  labels: vendorProcedure
    .meta({ path: '/portal/labels' })
    .input(ZItemLabelsInput)
    .output(syncOutput(ZItemLabelsOutput))
    .mutation(({ ctx, input }) => printLabels(vendorScope(ctx), input)),
});
