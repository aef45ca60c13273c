/**
 * Reports and end of day (docs/SETTLEMENT.md, Reports): sales by a grouping over the
 * store's days, every vendor account's balance on a day, and the Z report of a day with
 * its close. Days are the store's own (its time zone), written YYYY-MM-DD.
 */
import { z } from 'zod';
import { REPORT_GROUPINGS, REPORT_MAX_DAYS, REPORT_MAX_PAGE_SIZE, REPORT_PAGE_SIZE, daysFrom, isWholeCents } from '@pos/domain';
import { zIdempotencyKey } from './idempotency';
import { own } from './messages';
import { zDay } from './settlement';
import { zVendorType } from './vendor';
import { zDateOut, zIdOut, zMoney, zMoneyOut, zPageSize, zPaging, zString } from './wire';

export { REPORT_GROUPINGS };

const zGrouping = z.enum(REPORT_GROUPINGS, { error: own(`groupBy must be one of ${REPORT_GROUPINGS.join(', ')}`) });

/** Absent days: this month so far, in the store's time zone. */
export const ZSalesReportInput = z
  .object({
    from: zDay('From').optional(),
    to: zDay('To').optional(),
    groupBy: zGrouping.default('day'),
    /** Vendor and item code groupings come a page at a time: the key of the previous page's last row. */
    after: zString('After').max(200, own('After must be at most 200 characters')).optional(),
    pageSize: zPageSize(REPORT_MAX_PAGE_SIZE, REPORT_PAGE_SIZE),
  })
  .superRefine((v, ctx) => {
    if (v.from === undefined || v.to === undefined) return;
    if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: own('To must not be before From') });
    else if (daysFrom(v.from, v.to) + 1 > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: own(`A report covers at most ${REPORT_MAX_DAYS} days`) });
  });
export type SalesReportInput = z.output<typeof ZSalesReportInput>;

/**
 * The figures of a period or of one group. Money is micro-units:
 * - orders: completed orders (in a line or payment grouping: those with a line or payment in the group);
 * - gross, discounts, net (gross − discounts: sales before tax), tax1..3, ownSales (net of the store's own lines);
 * - customerFees: charged on top of totals by payment methods;
 * - refunds: handed back to customers (taxes included; in the tax grouping, the tax handed back);
 * - commission and cardFees: the store's commission and the card fees vendors bore, less their reversals by refunds (from the ledger);
 * - applied: what payments paid of order totals; tendered and change: cash handed over and handed back.
 */
const figures = {
  orders: zIdOut,
  gross: zMoneyOut,
  discounts: zMoneyOut,
  net: zMoneyOut,
  tax1: zMoneyOut,
  tax2: zMoneyOut,
  tax3: zMoneyOut,
  customerFees: zMoneyOut,
  refunds: zMoneyOut,
  commission: zMoneyOut,
  cardFees: zMoneyOut,
  ownSales: zMoneyOut,
  applied: zMoneyOut,
  tendered: zMoneyOut,
  change: zMoneyOut,
};
export const ZReportFigures = z.object(figures);
export type ReportFigures = z.input<typeof ZReportFigures>;

export const ZReportRow = z.object({
  /** The group: a day, week or month's first day (YYYY-MM-DD), or an id, tag or tax number; '' for none. */
  key: z.string(),
  label: z.string(),
  ...figures,
});

/** A tax the store has (its number and short name), enabled now or seen in the period. */
const zTax = z.object({ n: z.number().int(), name: z.string() });

export const ZSalesReportOutput = z.object({
  success: z.boolean(),
  from: z.string(),
  to: z.string(),
  today: z.string(),
  timeZone: z.string(),
  groupBy: zGrouping,
  taxes: z.array(zTax),
  rows: z.array(ZReportRow),
  /** The period's figures: the same whatever the grouping. */
  totals: ZReportFigures,
  /** Vendor and item code groupings: `after` for the next page; null on the last page and for the other groupings. */
  next: z.string().nullable(),
  /**
   * The groups on other pages, as the totals less this page's rows (so the rows, this and
   * the totals reconcile); null when this page holds every group.
   */
  others: ZReportFigures.omit({ orders: true }).nullable(),
});
export type SalesReport = z.output<typeof ZSalesReportOutput>;

// ---- vendor balances ------------------------------------------------------------------------

/** Absent asOf: today. Every account with ledger entries, by trade name, with the balance it had at the end of asOf. */
export const ZVendorBalancesInput = z.object({
  asOf: zDay('As of').optional(),
  ...zPaging(500, 100),
});

export const ZVendorBalance = z.object({
  vendorId: zIdOut,
  itemCodeId: zIdOut.nullable(),
  tag: z.string().nullable(),
  tradeName: z.string(),
  vendorType: zVendorType,
  balance: zMoneyOut,
});

export const ZVendorBalancesOutput = z.object({
  success: z.boolean(),
  asOf: z.string(),
  today: z.string(),
  accounts: z.array(ZVendorBalance),
  /** Accounts in all (the list is paged). */
  total: zIdOut,
  /** Σ of balances above zero (what the store owes its vendors) and below zero (what they owe it), and how many of each. */
  owed: zMoneyOut,
  owing: zMoneyOut,
  accountsOwed: zIdOut,
  accountsOwing: zIdOut,
});

// ---- end of day ------------------------------------------------------------------------------

function zCash(label: string) {
  return zMoney.refine((v) => v >= 0n, own(`${label} must not be negative`)).refine(isWholeCents, own(`${label} must be in whole cents`));
}

/** Absent date: today. Opening and counted cash preview the drawer's figures; a closed day answers what was closed. */
export const ZEndOfDayInput = z.object({
  date: zDay('Date').optional(),
  openingCash: zCash('Opening cash').optional(),
  countedCash: zCash('Counted cash').optional(),
});

export const ZCloseDayInput = z.object({
  date: zDay('Date'),
  openingCash: zCash('Opening cash'),
  countedCash: zCash('Counted cash'),
  idempotencyKey: zIdempotencyKey,
});

/**
 * The 409 of money moved on a business day that was closed (docs/SETTLEMENT.md, A closed
 * day stays closed): a sale, an approval, a refund, a cash payout or a cash payout run.
 */
export function dayClosedMessage(day: string): string {
  return `The business day ${day} is closed; no more money can be taken or paid out today`;
}

/** A device whose last report had offline sales not yet sent. */
export const ZDeviceWaiting = z.object({ deviceName: z.string(), pending: zIdOut, oldestPendingAt: zDateOut.nullable(), reportedAt: zDateOut });

/** /order/day-status: the store's business day now and whether it was closed (the till's banner). */
export const ZDayStatusOutput = z.object({
  success: z.boolean(),
  /** Today in the store's time zone, YYYY-MM-DD. */
  today: z.string(),
  closed: z.boolean(),
  /** dayClosedMessage(today) when closed, else null. */
  message: z.string().nullable(),
  /** Devices whose last report had offline sales not yet sent (the End of Day close warns). */
  devicesWaiting: z.array(ZDeviceWaiting),
});

export const ZEndOfDayPayment = z.object({
  paymentMethodId: zIdOut,
  name: z.string(),
  isCash: z.boolean(),
  orders: zIdOut,
  applied: zMoneyOut,
  customerFees: zMoneyOut,
  tendered: zMoneyOut,
  change: zMoneyOut,
  refunds: zMoneyOut,
  /** Handed back by orders whose total is below zero (returns rung up at the till), not counted as tendered. */
  returns: zMoneyOut,
});

export const ZEndOfDayCashier = z.object({
  userId: zIdOut.nullable(),
  name: z.string(),
  orders: zIdOut,
  net: zMoneyOut,
  taxes: zMoneyOut,
  customerFees: zMoneyOut,
  refunds: zMoneyOut,
});

export const ZEndOfDayVoid = z.object({
  orderNumber: z.string(),
  total: zMoneyOut,
  reason: z.string(),
  cancelledBy: z.string().nullable(),
  cancelledAt: zDateOut,
});

export const ZEndOfDayReport = z.object({
  date: z.string(),
  timeZone: z.string(),
  storeName: z.string(),
  taxes: z.array(zTax),
  sales: ZReportFigures,
  payments: z.array(ZEndOfDayPayment),
  cashiers: z.array(ZEndOfDayCashier),
  voids: z.array(ZEndOfDayVoid),
  voidsTotal: zMoneyOut,
  cash: z.object({
    opening: zMoneyOut,
    /** Cash kept from sales: tendered less change. */
    taken: zMoneyOut,
    tendered: zMoneyOut,
    change: zMoneyOut,
    refunds: zMoneyOut,
    /** Cash handed back by orders whose total is below zero (returns rung up at the till). */
    returns: zMoneyOut,
    payouts: zMoneyOut,
    expected: zMoneyOut,
    counted: zMoneyOut.nullable(),
    overShort: zMoneyOut.nullable(),
  }),
});

export const ZEndOfDayOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  today: z.string(),
  report: ZEndOfDayReport,
  /** Who closed the day and when; null while it is open. A closed day's report is the one closed. */
  closed: z.object({ by: z.string().nullable(), at: zDateOut }).nullable(),
  /** Days of the last 62 that were closed, the latest first (for reprints). */
  closedDays: z.array(z.string()),
});
export type EndOfDay = z.output<typeof ZEndOfDayOutput>;
