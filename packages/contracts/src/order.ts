/**
 * Orders: numbering, line updates, submit, fetch and lookup (SPEC 3, 5, 7; CONTRACT 4, 5).
 * Amounts sent by a client are accepted for shape but never trusted: the server
 * recomputes every amount with the domain's order arithmetic.
 */
import { z } from 'zod';
import { QUANTITY_MAX } from '@pos/domain';
import { own } from './messages';
import { zDateOut, zDateWireOut, zId, zIdOut, zIdWireOut, zMoney, zMoneyOut, zMoneyWireOut, zPercent, zPercentOut } from './wire';

export const ORDER_STATUSES = ['DRAFT', 'PENDING', 'COMPLETED', 'CANCELLED', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const MAX_ORDER_LINES = 1000;

const zQuantity = z
  .number({ error: own('Quantity must be a whole number') })
  .int(own('Quantity must be a whole number'))
  .min(0, own('Quantity must not be negative'))
  .max(QUANTITY_MAX, own(`Quantity must be at most ${QUANTITY_MAX}`));
const zTaxName = z.string().trim().max(50, own('Tax description must be at most 50 characters')).default('');
const zItemCodeText = z.string().trim().max(50, own('Item Code must be at most 50 characters')).default('');
const zDescription = z.string().trim().max(500, own('Description must be at most 500 characters')).default('');

const lineFields = {
  itemCode: zItemCodeText,
  quantity: zQuantity.default(1),
  price: zMoney.default(0n),
  discountPercent: zPercent('Discount').default(0n),
  tax1Enabled: z.boolean().optional(),
  tax1Percent: zPercent('Tax 1').default(0n),
  tax1Amount: zMoney.optional(),
  tax1Description: zTaxName,
  tax2Enabled: z.boolean().optional(),
  tax2Percent: zPercent('Tax 2').default(0n),
  tax2Amount: zMoney.optional(),
  tax2Description: zTaxName,
  tax3Enabled: z.boolean().optional(),
  tax3Percent: zPercent('Tax 3').default(0n),
  tax3Amount: zMoney.optional(),
  tax3Description: zTaxName,
};

export const ZUpdateLineInput = z.object({
  orderLineId: zId,
  itemDescription: zDescription,
  createNewLine: z.boolean().default(false),
  ...lineFields,
});
export type UpdateLineInput = z.output<typeof ZUpdateLineInput>;

export const ZSubmitLine = z.object({
  id: zId.optional(),
  description: zDescription,
  itemDescription: zDescription.optional(),
  total: zMoney.optional(),
  ...lineFields,
});
export type SubmitLine = z.output<typeof ZSubmitLine>;

export const ZSubmitOrderInput = z.object({
  orderId: zId,
  customerName: z.string().trim().max(200, own('Customer Name must be at most 200 characters')).default(''),
  items: z.array(ZSubmitLine).max(MAX_ORDER_LINES, own(`An order may have at most ${MAX_ORDER_LINES} lines`)),
});

export const ZOrderIdInput = z.object({ orderId: zId });

export const ZOrderLine = z.object({
  id: zIdOut,
  itemCode: z.string(),
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
export const ZFetchOrderOutput = z.object({ success: z.boolean(), order: ZOrder });

/** SPEC 5: text filters trimmed, empty means none. */
const zFilterText = z
  .string()
  .max(200, own('Search text must be at most 200 characters'))
  .nullish()
  .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()));
const zFilterDate = z
  .union([z.iso.datetime({ offset: true, error: own('Dates must be ISO date-times') }), z.iso.date({ error: own('Dates must be ISO date-times') })])
  .nullish()
  .transform((v) => (v ? new Date(v) : null));

export const ZLookupOrdersInput = z.object({
  orderNumber: zFilterText,
  customer: zFilterText,
  itemKeyword: zFilterText,
  startDate: zFilterDate,
  endDate: zFilterDate,
  minAmount: zMoney.nullish().transform((v) => v ?? null),
  maxAmount: zMoney.nullish().transform((v) => v ?? null),
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
