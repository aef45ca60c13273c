/**
 * The vendor ledger's calls, served under /vendor (docs/API.md, docs/SETTLEMENT.md):
 * /vendor/accounts, /vendor/rent/post, /vendor/adjust, /vendor/payout,
 * /vendor/payout-run and /vendor/statement. STORE_ACCOUNTANT, or STORE_MANAGER and above;
 * STORE_STAFF is refused; another store's vendor is answered as not found.
 */
import {
  ZAccountsInput,
  ZAccountsOutput,
  ZAdjustInput,
  ZAdjustOutput,
  ZPayoutInput,
  ZPayoutOutput,
  ZPayoutRunInput,
  ZPayoutRunOutput,
  ZPostRentInput,
  ZPostRentOutput,
  ZStatementInput,
  ZStatementOutput,
} from '@pos/contracts';
import { anyRoleProcedure, router, syncOutput } from '../../trpc';
import type { Actor } from '../audit/audit.service';
import { accountStatement, adjustAccount, listVendorAccounts, payOut, postRent, runPayouts } from './ledger.service';

const settlementProcedure = anyRoleProcedure('STORE_ACCOUNTANT', 'STORE_MANAGER');

const actorOf = (ctx: { storeId: number; role: string; user: { id: bigint } }): Actor => ({ storeId: ctx.storeId, userId: ctx.user.id, role: ctx.role });

/** Spread into the vendor router: their paths live under /vendor. */
export const ledgerProcedures = {
  accounts: settlementProcedure
    .meta({ path: '/vendor/accounts' })
    .input(ZAccountsInput)
    .output(syncOutput(ZAccountsOutput))
    .query(({ ctx, input }) => listVendorAccounts(ctx.db, ctx.storeId, ctx.config.now(), input)),

  rent: router({
    post: settlementProcedure
      .meta({ path: '/vendor/rent/post' })
      .input(ZPostRentInput)
      .output(syncOutput(ZPostRentOutput))
      .mutation(({ ctx, input }) => postRent(ctx.db, actorOf(ctx), input)),
  }),

  adjust: settlementProcedure
    .meta({ path: '/vendor/adjust' })
    .input(ZAdjustInput)
    .output(syncOutput(ZAdjustOutput))
    .mutation(({ ctx, input }) => adjustAccount(ctx.db, actorOf(ctx), input)),

  payout: settlementProcedure
    .meta({ path: '/vendor/payout' })
    .input(ZPayoutInput)
    .output(syncOutput(ZPayoutOutput))
    .mutation(({ ctx, input }) => payOut(ctx.db, actorOf(ctx), input)),

  payoutRun: settlementProcedure
    .meta({ path: '/vendor/payout-run' })
    .input(ZPayoutRunInput)
    .output(syncOutput(ZPayoutRunOutput))
    .mutation(({ ctx, input }) => runPayouts(ctx.db, actorOf(ctx), input)),

  statement: settlementProcedure
    .meta({ path: '/vendor/statement' })
    .input(ZStatementInput)
    .output(syncOutput(ZStatementOutput))
    .query(({ ctx, input }) => accountStatement(ctx.db, ctx.storeId, ctx.config.now(), input)),
};
