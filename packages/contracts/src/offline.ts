/**
 * The offline till (docs/ARCHITECTURE.md, The offline till): a device registers, reserves
 * blocks of order numbers, takes a snapshot of what it sells with, reports what waits in
 * its outbox, and replays each offline sale exactly once (by its clientId). A sale the
 * server cannot complete as sent is kept for a manager ("Needs attention"), who completes
 * it anyway or voids it with a reason.
 */
import { z } from 'zod';
import { zIdempotencyKey } from './idempotency';
import { own } from './messages';
import { MAX_ORDER_LINES, MAX_ORDER_PAYMENTS, ZOrder, ZPaymentInput, ZSubmitLine } from './order';
import { ZOfflineLimits, ZPaymentMethod, ZStoreTaxes } from './store';
import { zDateInput, zDateOut, zId, zIdOut, zMoneyOut, zOptionalText, zPercentOut, zString, zText } from './wire';

/** Order numbers one reservation hands a device. */
export const OFFLINE_BLOCK_SIZE = 25;
/** The till asks for another block when this many or fewer of its numbers are left. */
export const OFFLINE_REFILL_AT = 10;
/** Skipped numbers one report may carry. */
export const MAX_SKIPPED_NUMBERS = 1000;

/** A device's id: a UUID the device made itself and keeps. */
export const zDeviceId = zString('Device id')
  .trim()
  .toLowerCase()
  .pipe(z.uuid({ error: own('Device id must be a UUID') }));

const zOrderNumber = zText('Order number', 50);

// ---- devices ----------------------------------------------------------------------

export const ZRegisterDeviceInput = z.object({ deviceId: zDeviceId, name: zText('Device name', 60) });
export const ZDevice = z.object({ deviceId: z.string(), name: z.string() });
export const ZRegisterDeviceOutput = z.object({ success: z.boolean(), message: z.string(), device: ZDevice });

export const ZReserveNumbersInput = z.object({ deviceId: zDeviceId, idempotencyKey: zIdempotencyKey });
export const ZReserveNumbersOutput = z.object({ success: z.boolean(), message: z.string(), numbers: z.array(z.string()) });

export const ZDeviceReportInput = z.object({
  deviceId: zDeviceId,
  pending: z
    .number({ error: own('Pending must be a whole number of at least 0') })
    .int(own('Pending must be a whole number of at least 0'))
    .min(0, own('Pending must be a whole number of at least 0'))
    .max(1_000_000, own('Pending must be at most 1000000')),
  oldestPendingAt: zDateInput('Oldest pending at').nullable(),
  skippedNumbers: z.array(zOrderNumber).max(MAX_SKIPPED_NUMBERS, own(`A report may name at most ${MAX_SKIPPED_NUMBERS} skipped numbers`)).default([]),
});
export type DeviceReportInput = z.output<typeof ZDeviceReportInput>;
export const ZDeviceReportOutput = z.object({ success: z.boolean(), message: z.string() });

export const ZDeviceSnapshotInput = z.object({});
/** The store's taxes as store settings name them, so the till presets a line's taxes the same way. */
export const ZSnapshotTaxes = ZStoreTaxes;
export const ZDeviceSnapshotOutput = z.object({
  success: z.boolean(),
  generatedAt: zDateOut,
  store: z.object({
    name: z.string(),
    timeZone: z.string(),
    orderPrefix: z.string(),
    taxes: ZSnapshotTaxes,
    limits: ZOfflineLimits,
  }),
  /** Active methods; the till takes Cash and those with offlineAllowed (never one that needs approval). */
  paymentMethods: z.array(ZPaymentMethod),
  /** Live item codes; vendorId null (vendorName '') for the store's own codes. */
  itemCodes: z.array(z.object({ code: z.string(), vendorId: zIdOut.nullable(), vendorName: z.string(), booth: z.string() })),
  /** Active items with units left (what a scan may sell), by number; alias: a second scannable code. */
  items: z.array(z.object({ itemNumber: z.string(), alias: z.string().nullable(), itemCode: z.string(), description: z.string(), price: zMoneyOut })),
  cashier: z.object({ userId: zIdOut, name: z.string() }),
});
export type DeviceSnapshot = z.output<typeof ZDeviceSnapshotOutput>;

// ---- replay -------------------------------------------------------------------------

/** A line of an offline sale: the shape of a submit's line, without a saved line's id. */
export const ZOfflineSaleLine = ZSubmitLine.omit({ id: true });
export type OfflineSaleLine = z.output<typeof ZOfflineSaleLine>;

export const ZReplayInput = z.object({
  deviceId: zDeviceId,
  /** The sale's own id, made by the device: the server completes each clientId once. */
  clientId: zString('Client id')
    .trim()
    .toLowerCase()
    .pipe(z.uuid({ error: own('Client id must be a UUID') })),
  orderNumber: zOrderNumber,
  soldAt: zDateInput('Sold at'),
  customerName: zOptionalText('Customer Name', 200).default(''),
  items: z
    .array(ZOfflineSaleLine)
    .min(1, own('An offline sale must have at least one line'))
    .max(MAX_ORDER_LINES, own(`An order may have at most ${MAX_ORDER_LINES} lines`)),
  payments: z
    .array(ZPaymentInput)
    .min(1, own('An offline sale must have at least one payment'))
    .max(MAX_ORDER_PAYMENTS, own(`An order may have at most ${MAX_ORDER_PAYMENTS} payments`)),
  idempotencyKey: zIdempotencyKey,
});
export type ReplayInput = z.output<typeof ZReplayInput>;

export const OFFLINE_SALE_STATUSES = ['OPEN', 'COMPLETED', 'VOIDED'] as const;
export type OfflineSaleStatus = (typeof OFFLINE_SALE_STATUSES)[number];

export const ZReplayOutput = z.discriminatedUnion('status', [
  z.object({ success: z.boolean(), message: z.string(), status: z.literal('COMPLETED'), order: ZOrder }),
  z.object({ success: z.boolean(), message: z.string(), status: z.literal('NEEDS_ATTENTION'), attentionId: zIdOut, reason: z.string() }),
]);
export type ReplayOutput = z.output<typeof ZReplayOutput>;

// ---- needs attention ------------------------------------------------------------------

/** A line of a kept sale as the device sent it. */
export const ZOfflineSaleLineOut = z.object({
  itemNumber: z.string(),
  itemCode: z.string(),
  description: z.string(),
  quantity: zIdOut,
  price: zMoneyOut,
  discountPercent: zPercentOut,
});
export const ZOfflineSalePayment = z.object({ paymentMethodId: zIdOut, name: z.string(), amount: zMoneyOut });

export const ZOfflineSale = z.object({
  id: zIdOut,
  deviceName: z.string(),
  orderNumber: z.string(),
  soldAt: zDateOut,
  cashierName: z.string(),
  /** The sale's total as the device's lines compute it. */
  total: zMoneyOut,
  /** Why the server could not complete it as sent. */
  reason: z.string(),
  status: z.enum(OFFLINE_SALE_STATUSES),
  resolvedBy: z.string().nullable(),
  resolvedAt: zDateOut.nullable(),
  /** The manager's words: why it was voided, or what completing it overrode. */
  resolution: z.string().nullable(),
  /** The order it became once completed anyway. */
  orderId: zIdOut.nullable(),
  items: z.array(ZOfflineSaleLineOut),
  payments: z.array(ZOfflineSalePayment),
});
export type OfflineSale = z.output<typeof ZOfflineSale>;

export const ZAttentionInput = z.object({});
export const ZAttentionOutput = z.object({ success: z.boolean(), sales: z.array(ZOfflineSale) });

export const RESOLVE_ACTIONS = ['COMPLETE', 'VOID'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];
export const VOID_REASON_REQUIRED = own('Reason is required to void a sale');

export const ZResolveInput = z
  .object({
    id: zId,
    action: z.enum(RESOLVE_ACTIONS, { error: own(`Action must be one of ${RESOLVE_ACTIONS.join(', ')}`) }),
    reason: zOptionalText('Reason', 500).default(''),
    idempotencyKey: zIdempotencyKey,
  })
  .refine((v) => v.action !== 'VOID' || v.reason !== '', { message: VOID_REASON_REQUIRED, path: ['reason'] });
export type ResolveInput = z.output<typeof ZResolveInput>;
export const ZResolveOutput = z.object({ success: z.boolean(), message: z.string(), sale: ZOfflineSale });
