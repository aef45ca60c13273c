/**
 * Orders: numbering, line updates, submit, fetch and lookup.
 * Amounts sent by a client are accepted for shape but never trusted: the server
 * recomputes every amount with the domain's order arithmetic.
 */
import { z } from 'zod';
import { LIMIT_MESSAGES, ORDER_TOTAL_LIMIT, PRICE_LIMIT, QUANTITY_MAX } from '@pos/domain';
import { zIdempotencyKey } from './idempotency';
import { own } from './messages';
import { ZRefund } from './refund';
import {
  zDateInput,
  zDateOut,
  zDateWireOut,
  zId,
  zIdOut,
  zIdWireOut,
  zMoney,
  zMoneyOut,
  zMoneyWireOut,
  zOptionalText,
  zPercent,
  zPercentOut,
  zString,
  zText,
} from './wire';

export const ORDER_STATUSES = ['DRAFT', 'PENDING', 'COMPLETED', 'CANCELLED', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const MAX_ORDER_LINES = 1000;

const zQuantity = z
  .number({ error: own('Quantity must be a whole number') })
  .int(own('Quantity must be a whole number'))
  .min(0, own('Quantity must not be negative'))
  .max(QUANTITY_MAX, own(LIMIT_MESSAGES.quantity));
const zPrice = zMoney.refine((v) => v >= -PRICE_LIMIT && v <= PRICE_LIMIT, own(LIMIT_MESSAGES.price));
const zTaxName = (n: 1 | 2 | 3) => zOptionalText(`Tax ${n} description`, 50);
const zDescription = zOptionalText('Description', 500);
const zItemNumber = zOptionalText('Item Number', 100);

/** A line's fields as a client may send them; each is optional (see the two inputs below). */
const lineFields = {
  itemCode: zOptionalText('Item Code', 50),
  quantity: zQuantity,
  price: zPrice,
  discountPercent: zPercent('Discount'),
  tax1Enabled: z.boolean(),
  tax1Percent: zPercent('Tax 1'),
  tax1Description: zTaxName(1),
  tax2Enabled: z.boolean(),
  tax2Percent: zPercent('Tax 2'),
  tax2Description: zTaxName(2),
  tax3Enabled: z.boolean(),
  tax3Percent: zPercent('Tax 3'),
  tax3Description: zTaxName(3),
};
/** Amounts a client may send for its own display; the server recomputes them. */
const clientAmounts = { tax1Amount: zMoney.optional(), tax2Amount: zMoney.optional(), tax3Amount: zMoney.optional(), total: zMoney.optional() };

/**
 * update-line saves the whole line the editor shows: a field left out takes its blank
 * value (no code, quantity 1, price and percents zero), a tax flag left out follows its
 * percent and description.
 */
export const ZUpdateLineInput = z.object({
  orderLineId: zId,
  /** A scanned item number (or alias): the line sells that item, its code, description and price. */
  itemNumber: zItemNumber.default(''),
  itemDescription: zDescription.default(''),
  createNewLine: z.boolean().default(false),
  ...clientAmounts,
  itemCode: lineFields.itemCode.default(''),
  quantity: lineFields.quantity.default(1),
  price: lineFields.price.default(0n),
  discountPercent: lineFields.discountPercent.default(0n),
  tax1Enabled: lineFields.tax1Enabled.optional(),
  tax1Percent: lineFields.tax1Percent.default(0n),
  tax1Description: lineFields.tax1Description.default(''),
  tax2Enabled: lineFields.tax2Enabled.optional(),
  tax2Percent: lineFields.tax2Percent.default(0n),
  tax2Description: lineFields.tax2Description.default(''),
  tax3Enabled: lineFields.tax3Enabled.optional(),
  tax3Percent: lineFields.tax3Percent.default(0n),
  tax3Description: lineFields.tax3Description.default(''),
});
export type UpdateLineInput = z.output<typeof ZUpdateLineInput>;

/**
 * A submitted line changes only the fields it carries: on a saved line (`id`) a field
 * left out keeps its saved value; a new line starts blank. `itemDescription` is another
 * name for `description`.
 */
export const ZSubmitLine = z.object({
  id: zId.optional(),
  itemNumber: zItemNumber.optional(),
  description: zDescription.optional(),
  itemDescription: zDescription.optional(),
  ...clientAmounts,
  itemCode: lineFields.itemCode.optional(),
  quantity: lineFields.quantity.optional(),
  price: lineFields.price.optional(),
  discountPercent: lineFields.discountPercent.optional(),
  tax1Enabled: lineFields.tax1Enabled.optional(),
  tax1Percent: lineFields.tax1Percent.optional(),
  tax1Description: lineFields.tax1Description.optional(),
  tax2Enabled: lineFields.tax2Enabled.optional(),
  tax2Percent: lineFields.tax2Percent.optional(),
  tax2Description: lineFields.tax2Description.optional(),
  tax3Enabled: lineFields.tax3Enabled.optional(),
  tax3Percent: lineFields.tax3Percent.optional(),
  tax3Description: lineFields.tax3Description.optional(),
});
export type SubmitLine = z.output<typeof ZSubmitLine>;

/** Payments one checkout may carry. */
export const MAX_ORDER_PAYMENTS = 20;

/**
 * A payment at checkout: a non-cash payment's amount is the part of the order total it
 * pays (its customer fee comes on top); a cash payment's amount is what was tendered.
 */
export const ZPaymentInput = z.object({
  paymentMethodId: zId,
  amount: zMoney.refine((v) => v > 0n && v <= ORDER_TOTAL_LIMIT, own(LIMIT_MESSAGES.payment)),
});
export type PaymentInput = z.output<typeof ZPaymentInput>;

/** A manager's credentials, given at the till for a payment method that needs approval. */
export const ZApprovalInput = z.object({
  usernameOrEmail: zText('Manager username or e-mail', 254),
  password: zString('Manager password')
    .min(1, own('Manager password is required'))
    .max(200, own('Manager password must be at most 200 characters')),
});
export type ApprovalInput = z.output<typeof ZApprovalInput>;

/**
 * A customer name left out keeps the saved one. Without `payments` the order is paid in
 * full by the store's Cash method. A repeated `idempotencyKey` answers what the first
 * submit answered.
 */
export const ZSubmitOrderInput = z.object({
  orderId: zId,
  customerName: zOptionalText('Customer Name', 200).optional(),
  items: z.array(ZSubmitLine).max(MAX_ORDER_LINES, own(`An order may have at most ${MAX_ORDER_LINES} lines`)),
  payments: z
    .array(ZPaymentInput)
    .min(1, own('Give at least one payment, or leave payments out to pay by Cash'))
    .max(MAX_ORDER_PAYMENTS, own(`An order may have at most ${MAX_ORDER_PAYMENTS} payments`))
    .optional(),
  approval: ZApprovalInput.optional(),
  idempotencyKey: zIdempotencyKey,
});
export type SubmitOrderInput = z.output<typeof ZSubmitOrderInput>;

export const ZOrderIdInput = z.object({ orderId: zId });
/** /order/approve: the PENDING order to complete. */
export const ZApproveOrderInput = z.object({ orderId: zId, idempotencyKey: zIdempotencyKey });
/** A cancel may carry the draft's customer name, kept with the cancelled order. */
export const ZCancelOrderInput = z.object({ orderId: zId, reason: zText('Reason', 500), customerName: zOptionalText('Customer Name', 200).optional(), idempotencyKey: zIdempotencyKey });
/** A draft's customer name, saved as the cashier leaves the box (a DRAFT only). */
export const ZSetCustomerNameInput = z.object({ orderId: zId, customerName: zOptionalText('Customer Name', 200) });
export const ZSetCustomerNameOutput = z.object({ success: z.boolean(), message: z.string(), customerName: z.string() });

/** A payment of an order as stored: `amount` as given (cash: tendered), `applied` the part of the total it paid. */
export const ZOrderPayment = z.object({
  id: zIdOut,
  paymentMethodId: zIdOut,
  name: z.string(),
  isCash: z.boolean(),
  amount: zMoneyOut,
  applied: zMoneyOut,
  customerFee: zMoneyOut,
  change: zMoneyOut,
});
export type OrderPayment = z.output<typeof ZOrderPayment>;

export const ZOrderLine = z.object({
  id: zIdOut,
  itemCode: z.string(),
  /** The item the line sells, when it was scanned (bound by its number). */
  itemNumber: z.string().optional(),
  description: z.string(),
  quantity: zIdOut,
  price: zMoneyOut,
  discountPercent: zPercentOut,
  amount: zMoneyOut,
  discountAmount: zMoneyOut,
  total: zMoneyOut,
  tax1Enabled: z.boolean(),
  tax1Percent: zPercentOut,
  tax1Amount: zMoneyOut,
  tax1Description: z.string(),
  tax2Enabled: z.boolean(),
  tax2Percent: zPercentOut,
  tax2Amount: zMoneyOut,
  tax2Description: z.string(),
  tax3Enabled: z.boolean(),
  tax3Percent: zPercentOut,
  tax3Amount: zMoneyOut,
  tax3Description: z.string(),
  /** The line's code names a live item code of this store. */
  knownItemCode: z.boolean(),
  /** That item code asks for a warning when sold without a control code. */
  warnOnNoControlCode: z.boolean(),
  /** Units given back by the order's refunds (0 until refunded). */
  refundedQuantity: zIdOut.optional(),
});
export type OrderLine = z.output<typeof ZOrderLine>;

export const ZOrderSummary = z.object({
  subtotal: zMoneyOut,
  discount: zMoneyOut,
  tax1: zMoneyOut,
  tax2: zMoneyOut,
  tax3: zMoneyOut,
  total: zMoneyOut,
});

export const ZOrder = z.object({
  id: zIdOut,
  orderNumber: z.string(),
  customerName: z.string(),
  status: z.enum(ORDER_STATUSES),
  items: z.array(ZOrderLine),
  subtotal: zMoneyOut,
  discount: zMoneyOut,
  tax1: zMoneyOut,
  tax2: zMoneyOut,
  tax3: zMoneyOut,
  total: zMoneyOut,
  createdAt: zDateOut,
  updatedAt: zDateOut,
  /** Empty until the order is submitted with its payments. */
  payments: z.array(ZOrderPayment),
  customerFees: zMoneyOut,
  /** total + customer fees once paid; zero before. */
  amountPaid: zMoneyOut,
  changeDue: zMoneyOut,
  /** Username of the manager who approved the order's payments, if one had to. */
  approvedBy: z.string().nullable(),
  approvedAt: zDateOut.nullable(),
  completedAt: zDateOut.nullable(),
  cancelledAt: zDateOut.nullable(),
  cancelReason: z.string(),
  /** The order's refunds, oldest first (none until refunded). */
  refunds: z.array(ZRefund).optional(),
});
export type Order = z.output<typeof ZOrder>;

export const ZNextOrderOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  nextOrderId: zIdOut,
  nextOrderNumber: z.string(),
  nextOrderLineId: zIdOut,
  storeUpdatedAt: zDateOut,
  order: ZOrder,
});

export const ZUpdateLineOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  line: ZOrderLine,
  newOrderLineId: zIdOut.nullable(),
  newLine: ZOrderLine.nullable(),
  summary: ZOrderSummary,
});

export const ZSubmitOrderOutput = z.object({ success: z.boolean(), message: z.string(), order: ZOrder });
/** approve and cancel answer the order as it now stands. */
export const ZOrderActionOutput = ZSubmitOrderOutput;
export const ZFetchOrderOutput = z.object({ success: z.boolean(), order: ZOrder });

/** A lookup's text filter: trimmed; empty, blank or null means no filter. */
const zFilterText = (label: string) =>
  zString(label, own(`${label} must be text`))
    .max(200, own(`${label} must be at most 200 characters`))
    .nullish()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()));
const zFilterDate = (label: string) =>
  zDateInput(label, { dateOnly: true })
    .nullish()
    .transform((v) => v ?? null);

export const ZLookupOrdersInput = z.object({
  orderNumber: zFilterText('Order Number'),
  customer: zFilterText('Customer'),
  itemKeyword: zFilterText('Item Keyword'),
  startDate: zFilterDate('Start Date'),
  endDate: zFilterDate('End Date'),
  minAmount: zMoney.nullish().transform((v) => v ?? null),
  maxAmount: zMoney.nullish().transform((v) => v ?? null),
  status: z
    .enum(ORDER_STATUSES, { error: own(`Status must be one of ${ORDER_STATUSES.join(', ')}`) })
    .nullish()
    .transform((v) => v ?? null),
});
export type LookupOrdersInput = z.output<typeof ZLookupOrdersInput>;

/** An order stub as the lookup answers it; the database writes it in this wire form. */
export const ZOrderStub = z.object({
  id: zIdWireOut,
  orderNumber: z.string(),
  customerName: z.string(),
  createdAt: zDateWireOut,
  status: z.enum(ORDER_STATUSES),
  total: zMoneyWireOut,
});
export type OrderStub = z.output<typeof ZOrderStub>;
export const ZLookupOrdersOutput = z.object({ success: z.boolean(), orderStubs: z.array(ZOrderStub) });
export const LOOKUP_LIMIT = 500;

/**
 * JSON text of the stubs as the database writes them, in the one form whose every value
 * `ZOrderStub` accepts and whose re-encoding is the text itself: the schema's keys in its
 * order, no spaces, ids of at most 15 digits, `createdAt` as zod's datetime (no offset),
 * texts with nothing JSON escapes (no quote, backslash, control character or surrogate).
 */
const STUB_TEXT = (() => {
  const text = '[^"\\\\\\u0000-\\u001f\\ud800-\\udfff]*';
  const datetime = z.regexes.datetime({ precision: null, offset: false, local: false }).source.replace(/^\^|\$$/g, '');
  const stub = `\\{"id":[1-9]\\d{0,14},"orderNumber":"${text}","customerName":"${text}","createdAt":"(?:${datetime})","status":"(?:${ORDER_STATUSES.join('|')})","total":\\{"type":"Money","value":"-?\\d+"\\}\\}`;
  return new RegExp(`^\\[(?:${stub}(?:,${stub})*)?\\]$`);
})();

/**
 * True when `text` (a JSON array of order stubs) is what `ZLookupOrdersOutput` would
 * answer for its parse, byte for byte: then `{"success":true,"orderStubs":` + text + `}`
 * is the lookup's answer, sent without parsing, checking and re-encoding 500 stubs
 * (docs/PERFORMANCE.md, "Read paths"). Text in any other form (a name with a quote, say)
 * is answered false, and goes through the schema as any answer does.
 */
export function isOrderStubsText(text: string): boolean {
  return STUB_TEXT.test(text);
}

/** Payments one refund may carry. */
export const MAX_REFUND_PAYMENTS = MAX_ORDER_PAYMENTS;

/** Units of one order line to give back; lines asked for 0 units are left out. */
export const ZRefundLineInput = z.object({ orderLineId: zId, quantity: zQuantity });

/**
 * /order/refund: units of a completed order's lines, the payments that hand the money
 * back (adding up to the units' share of their lines' totals and taxes, each method no
 * more than it took on the order less earlier refunds), a reason, and for STORE_STAFF a
 * manager's credentials.
 */
export const ZRefundOrderInput = z.object({
  orderId: zId,
  lines: z
    .array(ZRefundLineInput)
    .min(1, own('Choose at least one unit to refund'))
    .max(MAX_ORDER_LINES, own(`A refund may have at most ${MAX_ORDER_LINES} lines`)),
  payments: z.array(ZPaymentInput).max(MAX_REFUND_PAYMENTS, own(`A refund may have at most ${MAX_REFUND_PAYMENTS} payments`)),
  reason: zText('Reason', 500),
  approval: ZApprovalInput.optional(),
  idempotencyKey: zIdempotencyKey,
});
export type RefundOrderInput = z.output<typeof ZRefundOrderInput>;

/** The refund made and the order as it now stands (REFUNDED once every unit is back). */
export const ZRefundOrderOutput = z.object({ success: z.boolean(), message: z.string(), refund: ZRefund, order: ZOrder });
