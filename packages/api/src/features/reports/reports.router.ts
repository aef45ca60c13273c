/**
 * Reports and end of day, under /reports (docs/API.md, docs/SETTLEMENT.md): sales by a
 * grouping, vendor balances on a day, the Z report of a day for STORE_ACCOUNTANT, or
 * STORE_MANAGER and above; closing a day for STORE_MANAGER and above.
 */
import {
  ZCloseDayInput,
  ZEndOfDayInput,
  ZEndOfDayOutput,
  ZSalesReportInput,
  ZSalesReportOutput,
  ZVendorBalancesInput,
  ZVendorBalancesOutput,
} from '@pos/contracts';
import { anyRoleProcedure, roleProcedure, router, syncOutput } from '../../trpc';
import { actorOf } from '../audit/audit.service';
import { closeDay, endOfDay, salesReport, vendorBalances } from './reports.service';

const reportProcedure = anyRoleProcedure('STORE_ACCOUNTANT', 'STORE_MANAGER');

export const reportsRouter = router({
  sales: reportProcedure
    .meta({ path: '/reports/sales' })
    .input(ZSalesReportInput)
    .output(syncOutput(ZSalesReportOutput))
    .query(({ ctx, input }) => salesReport(ctx.db, ctx.storeId, ctx.config.now(), input)),

  vendorBalances: reportProcedure
    .meta({ path: '/reports/vendor-balances' })
    .input(ZVendorBalancesInput)
    .output(syncOutput(ZVendorBalancesOutput))
    .query(({ ctx, input }) => vendorBalances(ctx.db, ctx.storeId, ctx.config.now(), input)),

  endOfDay: router({
    report: reportProcedure
      .meta({ path: '/reports/end-of-day' })
      .input(ZEndOfDayInput)
      .output(syncOutput(ZEndOfDayOutput))
      .query(({ ctx, input }) => endOfDay(ctx.db, ctx.storeId, ctx.config.now(), input)),
    close: roleProcedure('STORE_MANAGER')
      .meta({ path: '/reports/end-of-day/close' })
      .input(ZCloseDayInput)
      .output(syncOutput(ZEndOfDayOutput))
      .mutation(({ ctx, input }) => closeDay(ctx.db, actorOf(ctx), ctx.config.now(), input)),
  }),
});
