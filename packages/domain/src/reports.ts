/**
 * Reports and end of day (docs/SETTLEMENT.md, Reports): the groupings, the periods the
 * screen offers in the store's own days, and the cash a drawer should hold.
 */
import { addDays, daysFrom, monthStart } from './vendor-accounts';

export const REPORT_GROUPINGS = ['day', 'week', 'month', 'vendor', 'itemCode', 'paymentMethod', 'tax', 'cashier'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_GROUPING_LABELS: Record<ReportGrouping, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  vendor: 'Vendor',
  itemCode: 'Item code',
  paymentMethod: 'Payment method',
  tax: 'Tax',
  cashier: 'Cashier',
};

/**
 * Groupings with a row per vendor or per item code, which a large store counts in tens of
 * thousands: answered a page at a time, by name (vendors) or code, the group of none
 * (own sales, no item code) last.
 */
export const PAGED_REPORT_GROUPINGS: readonly ReportGrouping[] = ['vendor', 'itemCode'];
export const REPORT_PAGE_SIZE = 100;
export const REPORT_MAX_PAGE_SIZE = 500;

/** What the row of the groups on other pages is called. */
export function otherGroupsLabel(groupBy: ReportGrouping): string {
  return groupBy === 'vendor' ? 'Other vendors (other pages)' : 'Other item codes (other pages)';
}

/** The longest report period, in days (a leap year). */
export const REPORT_MAX_DAYS = 366;

export const REPORT_PRESETS = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'lastMonth', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  thisWeek: 'This week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  custom: 'Custom',
};

/** Monday of the week `day` falls in (weeks start on Monday, as ISO weeks do). */
export function weekStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The days a preset covers, given the store's today; null for custom. */
export function presetRange(preset: ReportPreset, today: string): { from: string; to: string } | null {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'thisWeek':
      return { from: weekStart(today), to: today };
    case 'thisMonth':
      return { from: monthStart(today), to: today };
    case 'lastMonth': {
      const to = addDays(monthStart(today), -1);
      return { from: monthStart(to), to };
    }
    case 'custom':
      return null;
  }
}

/** Why a period cannot be reported; null when it can. */
export function reportPeriodProblem(from: string, to: string): string | null {
  if (daysFrom(from, to) < 0) return 'From must be on or before To';
  if (daysFrom(from, to) + 1 > REPORT_MAX_DAYS) return `A report covers at most ${REPORT_MAX_DAYS} days`;
  return null;
}

/**
 * The cash the drawer should hold at the end of a day: what it opened with, plus the
 * cash sales kept (tendered less change), less the cash handed back by refunds and by
 * returns (orders whose total is below zero) and paid out to vendors in cash.
 */
export function expectedCash(f: { openingCash: bigint; cashTendered: bigint; change: bigint; cashRefunds: bigint; cashReturns: bigint; cashPayouts: bigint }): bigint {
  return f.openingCash + f.cashTendered - f.change - f.cashRefunds - f.cashReturns - f.cashPayouts;
}

/** Counted less expected: above zero the drawer is over, below zero short. */
export function overShort(counted: bigint, expected: bigint): bigint {
  return counted - expected;
}

/** 'Over', 'Short' or 'Even', for the over/short figure. */
export function overShortWord(amount: bigint): 'Over' | 'Short' | 'Even' {
  return amount > 0n ? 'Over' : amount < 0n ? 'Short' : 'Even';
}
