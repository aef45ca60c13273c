/**
 * A refund as the order answers it (docs/SETTLEMENT.md): its own record, numbered after
 * its order (`A-12-R1`, `A-12-R2`, ...), with who made it, who approved it, why and when,
 * the units it gave back of each line and what each payment method handed back.
 * /order/refund's input and answer are in order.ts beside the order they belong to.
 */
import { z } from 'zod';
import { zDateOut, zIdOut, zMoneyOut } from './wire';

export const ZRefundLine = z.object({
  orderLineId: zIdOut,
  quantity: zIdOut,
  /** The units' share of the line's total (after discount, before tax). */
  total: zMoneyOut,
  tax1: zMoneyOut,
  tax2: zMoneyOut,
  tax3: zMoneyOut,
});
export type RefundLine = z.output<typeof ZRefundLine>;

export const ZRefundPayment = z.object({
  paymentMethodId: zIdOut,
  /** The method's name and kind when the refund was made. */
  name: z.string(),
  isCash: z.boolean(),
  amount: zMoneyOut,
});
export type RefundPayment = z.output<typeof ZRefundPayment>;

export const ZRefund = z.object({
  id: zIdOut,
  /** The order number and -R1, -R2, ... in the order the refunds were made. */
  number: z.string(),
  reason: z.string(),
  /** Σ of the lines' totals, and of each tax. */
  total: zMoneyOut,
  tax1: zMoneyOut,
  tax2: zMoneyOut,
  tax3: zMoneyOut,
  /** What the customer got back: total + taxes = Σ payments. */
  amount: zMoneyOut,
  /** Username of who made it, and of the manager who approved it (null when the maker needed no approval). */
  createdBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  createdAt: zDateOut,
  lines: z.array(ZRefundLine),
  payments: z.array(ZRefundPayment),
});
export type Refund = z.output<typeof ZRefund>;
