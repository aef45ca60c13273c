/**
 * /order/next, /order/update-line, /order/customer-name, /order/submit, /order/day-status,
 * /order/fetch, /order/lookup and /order/cancel: STORE_STAFF and above (a PENDING order
 * is cancelled by STORE_MANAGER and above only); /order/approve: STORE_MANAGER and
 * above; /order/refund: STORE_MANAGER and above, or STORE_STAFF with a manager's approval.
 */
import {
  ZApproveOrderInput,
  ZCancelOrderInput,
  ZDayStatusOutput,
  ZEmptyInput,
  ZFetchOrderOutput,
  ZLookupOrdersInput,
  ZLookupOrdersOutput,
  ZNextOrderOutput,
  ZOrderActionOutput,
  ZOrderIdInput,
  ZRefundOrderInput,
  ZRefundOrderOutput,
  ZSetCustomerNameInput,
  ZSetCustomerNameOutput,
  ZSubmitOrderInput,
  ZSubmitOrderOutput,
  ZUpdateLineInput,
  ZUpdateLineOutput,
} from '@pos/contracts';
import { checkedOutput, roleProcedure, router, syncOutput } from '../../trpc';
import { dayStatus } from '../reports/day-close.service';
import { lookupOrderStubsText } from './order.repository';
import { lookupAnswer, parseLookupOrdersOutput } from './lookup-answer';
import { approveOrder, cancelOrder } from './approve-cancel.service';
import { nextOrder, setCustomerName, updateLine } from './drafting.service';
import { fetchOrder } from './order-read';
import { submitOrder } from './submit.service';
import { refundOrder } from './refund.service';

const staffProcedure = roleProcedure('STORE_STAFF');
const managerProcedure = roleProcedure('STORE_MANAGER');

export const orderRouter = router({
  next: staffProcedure
    .meta({ path: '/order/next' })
    .input(ZEmptyInput)
    .output(syncOutput(ZNextOrderOutput))
    .mutation(({ ctx }) => nextOrder(ctx.db, ctx.storeId, ctx.user.id)),
  updateLine: staffProcedure
    .meta({ path: '/order/update-line' })
    .input(ZUpdateLineInput)
    .output(syncOutput(ZUpdateLineOutput))
    .mutation(({ ctx, input }) => updateLine(ctx.db, ctx.storeId, input)),
  setCustomerName: staffProcedure
    .meta({ path: '/order/customer-name' })
    .input(ZSetCustomerNameInput)
    .output(syncOutput(ZSetCustomerNameOutput))
    .mutation(({ ctx, input }) => setCustomerName(ctx.db, ctx.storeId, input.orderId, input.customerName)),
  submit: staffProcedure
    .meta({ path: '/order/submit' })
    .input(ZSubmitOrderInput)
    .output(syncOutput(ZSubmitOrderOutput))
    .mutation(({ ctx, input }) => submitOrder(ctx, input)),
  approve: managerProcedure
    .meta({ path: '/order/approve' })
    .input(ZApproveOrderInput)
    .output(syncOutput(ZOrderActionOutput))
    .mutation(({ ctx, input }) => approveOrder(ctx, input)),
  cancel: staffProcedure
    .meta({ path: '/order/cancel', accessNote: 'a PENDING order only STORE_MANAGER and above (403)' })
    .input(ZCancelOrderInput)
    .output(syncOutput(ZOrderActionOutput))
    .mutation(({ ctx, input }) => cancelOrder(ctx, input)),
  dayStatus: staffProcedure
    .meta({ path: '/order/day-status' })
    .input(ZEmptyInput)
    .output(syncOutput(ZDayStatusOutput))
    .query(({ ctx }) => dayStatus(ctx.db, ctx.storeId)),
  fetch: staffProcedure
    .meta({ path: '/order/fetch' })
    .input(ZOrderIdInput)
    .output(syncOutput(ZFetchOrderOutput))
    .query(({ ctx, input }) => fetchOrder(ctx.db, ctx.storeId, input.orderId)),
  lookup: staffProcedure
    .meta({ path: '/order/lookup' })
    .input(ZLookupOrdersInput)
    .output(checkedOutput(ZLookupOrdersOutput, parseLookupOrdersOutput))
    .query(async ({ ctx, input }) => lookupAnswer(await lookupOrderStubsText(ctx.db, ctx.storeId, input))),
  refund: staffProcedure
    .meta({ path: '/order/refund', accessNote: "STORE_STAFF only with a manager's `approval`" })
    .input(ZRefundOrderInput)
    .output(syncOutput(ZRefundOrderOutput))
    .mutation(({ ctx, input }) => refundOrder(ctx, input)),
});
