/**
 * The books, under /books (docs/BOOKS.md, docs/API.md): the chart of accounts with
 * balances, the trial balance as of a day, a period's journals (all, or one account's)
 * and its export, for STORE_ACCOUNTANT and STORE_MANAGER (read-only) and the owner;
 * naming an account for QuickBooks or Xero for STORE_ACCOUNTANT and the owner; the order
 * a sale's or a refund's journal comes from, read-only, for the same readers.
 */
import { ZBooksAccountsInput, ZBooksAccountsOutput, ZBooksExportInput, ZBooksExportOutput, ZBooksJournalsInput, ZBooksJournalsOutput, ZFetchOrderOutput, ZOrderIdInput, ZSaveBooksAccountInput, ZTrialBalanceInput, ZTrialBalanceOutput, zSuccessOutput } from '@pos/contracts';
import { anyRoleProcedure, checkedOutput, roleProcedure, router, syncOutput } from '../../trpc';
import { actorOf } from '../audit/audit.service';
import { parseTrialBalanceAnswer } from './trial-balance-answer';
import { exportPeriod, journalOrder, journalsOfPeriod, listAccounts, saveAccountName, trialBalanceAsOf } from './books.service';

const readBooks = anyRoleProcedure('STORE_ACCOUNTANT', 'STORE_MANAGER');

export const booksRouter = router({
  accounts: readBooks
    .meta({ path: '/books/accounts' })
    .input(ZBooksAccountsInput)
    .output(syncOutput(ZBooksAccountsOutput))
    .query(({ ctx }) => listAccounts(ctx.db, ctx.storeId)),

  saveAccount: roleProcedure('STORE_ACCOUNTANT')
    .meta({ path: '/books/account/save' })
    .input(ZSaveBooksAccountInput)
    .output(syncOutput(zSuccessOutput))
    .mutation(({ ctx, input }) => saveAccountName(ctx.db, actorOf(ctx), input)),

  trialBalance: readBooks
    .meta({ path: '/books/trial-balance' })
    .input(ZTrialBalanceInput)
    .output(checkedOutput(ZTrialBalanceOutput, parseTrialBalanceAnswer))
    .query(({ ctx, input }) => trialBalanceAsOf(ctx.db, ctx.storeId, input)),

  journals: readBooks
    .meta({ path: '/books/journals' })
    .input(ZBooksJournalsInput)
    .output(syncOutput(ZBooksJournalsOutput))
    .query(({ ctx, input }) => journalsOfPeriod(ctx.db, ctx.storeId, input)),

  order: readBooks
    .meta({ path: '/books/order' })
    .input(ZOrderIdInput)
    .output(syncOutput(ZFetchOrderOutput))
    .query(({ ctx, input }) => journalOrder(ctx.db, ctx.storeId, input.orderId)),

  export: readBooks
    .meta({ path: '/books/export' })
    .input(ZBooksExportInput)
    .output(syncOutput(ZBooksExportOutput))
    .query(({ ctx, input }) => exportPeriod(ctx.db, ctx.storeId, input)),
});
