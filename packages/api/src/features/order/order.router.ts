/**
 * /order/next, /order/update-line, /order/submit, /order/fetch, /order/lookup: STORE_STAFF
 * and above. /order/refund: STORE_MANAGER and above, or STORE_STAFF with a manager's approval.
 */
import {
  ZEmptyInput,
  ZFetchOrderOutput,
  ZLookupOrdersInput,
  ZLookupOrdersOutput,
  ZNextOrderOutput,
  ZOrderIdInput,
  ZRefundOrderInput,
  ZRefundOrderOutput,
  ZSubmitOrderInput,
  ZSubmitOrderOutput,
  ZUpdateLineInput,
  ZUpdateLineOutput,
} from '@pos/contracts';
import { roleProcedure, router } from '../../trpc';
import { lookupOrders } from './order.repository';
import { fetchOrder, nextOrder, submitOrder, updateLine } from './order.service';
import { refundOrder } from './refund.service';

const staffProcedure = roleProcedure('STORE_STAFF');

export const orderRouter = router({
  next: staffProcedure
    .meta({ path: '/order/next' })
    .input(ZEmptyInput)
    .output(ZNextOrderOutput)
    .mutation(({ ctx }) => nextOrder(ctx.db, ctx.storeId, ctx.user.id)),
  updateLine: staffProcedure
    .meta({ path: '/order/update-line' })
    .input(ZUpdateLineInput)
    .output(ZUpdateLineOutput)
    .mutation(({ ctx, input }) => updateLine(ctx.db, ctx.storeId, input)),
  submit: staffProcedure
    .meta({ path: '/order/submit' })
    .input(ZSubmitOrderInput)
    .output(ZSubmitOrderOutput)
    .mutation(({ ctx, input }) => submitOrder(ctx.db, ctx.storeId, input)),
  fetch: staffProcedure
    .meta({ path: '/order/fetch' })
    .input(ZOrderIdInput)
    .output(ZFetchOrderOutput)
    .query(({ ctx, input }) => fetchOrder(ctx.db, ctx.storeId, input.orderId)),
  lookup: staffProcedure
    .meta({ path: '/order/lookup' })
    .input(ZLookupOrdersInput)
    .output(ZLookupOrdersOutput)
    .query(async ({ ctx, input }) => ({ success: true, orderStubs: await lookupOrders(ctx.db, ctx.storeId, input) })),
  refund: staffProcedure
    .meta({ path: '/order/refund', accessNote: "STORE_STAFF only with a manager's `approval`" })
    .input(ZRefundOrderInput)
    .output(ZRefundOrderOutput)
    .mutation(({ ctx, input }) => refundOrder(ctx, input)),
});
