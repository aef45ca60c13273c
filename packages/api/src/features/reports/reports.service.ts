/**
 * Reports and end of day (docs/SETTLEMENT.md, Reports). A report reads its rows and its
 * totals in one repeatable-read transaction (one snapshot), so the rows of a grouping
 * add up to its totals even while the till sells. Closing a day stores its Z report as
 * it was, with one audit event, in one transaction; a closed day is answered from that
 * record, never computed again.
 */
import superjson from 'superjson';
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { SalesReportInput } from '@pos/contracts';
import { PAGED_REPORT_GROUPINGS, addDays, expectedCash, formatMoney, monthStart, overShort, overShortWord, reportPeriodProblem, type ReportGrouping } from '@pos/domain';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../audit/audit.service';
import { journalDayClose } from '../books/books.service';
import { idempotent } from '../idempotency/idempotency.service';
import { storeBalanceTotals } from '../ledger/ledger.service';
import * as repo from './reports.repository';

type Db = Kysely<Database>;

type StoreInfo = Awaited<ReturnType<typeof repo.storeReportInfo>>;

/** Taxes to show: enabled now, or with figures in the period; named by their short names. */
function taxesOf(info: StoreInfo, totals: repo.Figures) {
  const amounts = [totals.tax1, totals.tax2, totals.tax3];
  return info.taxes.filter((t) => t.enabled || amounts[t.n - 1] !== 0n).map((t) => ({ n: t.n, name: t.name.trim() || `Tax ${t.n}` }));
}

export const OWN_SALES_LABEL = "Store's own sales";
export const NO_CODE_LABEL = 'No item code';

function rowLabel(groupBy: ReportGrouping, row: repo.GroupRow, info: StoreInfo): string {
  switch (groupBy) {
    case 'day':
      return row.key;
    case 'week':
      return `Week of ${row.key}`;
    case 'month':
      return row.key.slice(0, 7);
    case 'vendor':
      return row.key === '' ? OWN_SALES_LABEL : (row.name ?? `Vendor ${row.key}`);
    case 'itemCode':
      return row.key === '' ? NO_CODE_LABEL : row.key;
    case 'paymentMethod':
      return row.name ?? `Method ${row.key}`;
    case 'tax': {
      const tax = info.taxes.find((t) => String(t.n) === row.key);
      return tax?.name.trim() || `Tax ${row.key}`;
    }
    case 'cashier':
      return row.name ?? 'Unknown';
  }
}

/** Groupings whose rows come in the order of their keys (days, tax numbers); the others by name. */
const KEY_ORDERED: readonly ReportGrouping[] = ['day', 'week', 'month', 'tax'];

/**
 * How a page of vendors is found: walking the vendors by name reads about page ×
 * vendors ÷ sellers vendors to fill a page, summing reads every vendor row of the period
 * (about four a sale). So a period walks when its sales are many against the store's
 * vendors: sales² ≥ 80 × vendors (a month of 4,000 sales among 20,000 vendors walks, a
 * day of 650 among 100,000 sums). docs/PERFORMANCE.md, Reports.
 */
export function vendorPagePlan(orders: bigint, liveVendors: bigint): repo.PagePlan {
  return orders * orders >= 80n * liveVendors ? 'walk' : 'aggregate';
}

export const AFTER_NOT_A_VENDOR = 'After must be the key of a vendor of this store (the last row of the previous page)';

type MoneyFigure = Exclude<keyof repo.Figures, 'orders'>;
const MONEY_FIGURES = (Object.keys(repo.ZERO_FIGURES) as (keyof repo.Figures)[]).filter((f): f is MoneyFigure => f !== 'orders');

/** The totals less the rows: what the groups on other pages add up to (every figure but the order count). */
function othersOf(totals: repo.Figures, rows: readonly repo.GroupRow[]) {
  return Object.fromEntries(MONEY_FIGURES.map((f) => [f, rows.reduce((sum, row) => sum - row[f], totals[f])])) as Record<MoneyFigure, bigint>;
}

/** One page of a vendor or item code grouping, the group of none after the last; and the next page's `after`. */
async function groupPage(db: Db, storeId: number, from: string, to: string, totals: repo.Figures, liveVendors: bigint, input: SalesReportInput & { groupBy: 'vendor' | 'itemCode' }, plan?: repo.PagePlan) {
  // The group of none is the last row of the last page: nothing comes after it.
  if (input.after === '') return { rows: [], next: null };
  if (input.groupBy === 'vendor' && input.after !== undefined && !(await repo.isVendorKey(db, storeId, input.after))) throw new AppError('BAD_REQUEST', AFTER_NOT_A_VENDOR);
  const page = { after: input.after ?? null, limit: input.pageSize + 1 };
  const found =
    input.groupBy === 'vendor'
      ? await repo.vendorGroups(db, storeId, from, to, { ...page, plan: plan ?? vendorPagePlan(totals.orders, liveVendors) })
      : await repo.itemCodeGroups(db, storeId, from, to, page);
  if (found.length > input.pageSize) {
    const rows = found.slice(0, input.pageSize);
    return { rows, next: rows.at(-1)!.key };
  }
  const none = await repo.groupOfNone(db, storeId, from, to, input.groupBy);
  return { rows: none ? [...found, none] : found, next: null };
}

/** Sales of the store's days from..to (this month so far by default) by one grouping, with the period's totals. */
export async function salesReport(db: Db, storeId: number, now: Date, input: SalesReportInput, plan?: repo.PagePlan) {
  const info = await repo.storeReportInfo(db, storeId, now);
  const from = input.from ?? (input.to !== undefined && input.to < monthStart(info.today) ? monthStart(input.to) : monthStart(info.today));
  const to = input.to ?? (input.from !== undefined && input.from > info.today ? input.from : info.today);
  const problem = reportPeriodProblem(from, to);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  const groupBy = input.groupBy;
  const { rows, totals, next } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const totals = await repo.periodTotals(trx, storeId, from, to);
      if (groupBy === 'vendor' || groupBy === 'itemCode') return { totals, ...(await groupPage(trx, storeId, from, to, totals, info.liveVendors, { ...input, groupBy }, plan)) };
      return { totals, rows: await repo.groupedFigures(trx, storeId, from, to, groupBy), next: null };
    });
  const labelled = rows.map((row) => ({ ...row, label: rowLabel(groupBy, row, info) }));
  if (!KEY_ORDERED.includes(groupBy) && !PAGED_REPORT_GROUPINGS.includes(groupBy)) {
    // By name; the group of none (no cashier) last.
    labelled.sort((a, b) => (a.key === '') !== (b.key === '') ? (a.key === '' ? 1 : -1) : a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
  }
  const paged = input.after !== undefined || next !== null;
  return {
    success: true,
    from,
    to,
    today: info.today,
    timeZone: info.timeZone,
    groupBy,
    taxes: taxesOf(info, totals),
    rows: labelled,
    totals,
    next,
    others: paged ? othersOf(totals, rows) : null,
  };
}

/**
 * Every ledger account's balance at the end of `asOf` (today by default), paged by trade
 * name; the owed and owing totals of the day (today's kept with the ledger, a past day's
 * from the balances' history).
 */
export async function vendorBalances(db: Db, storeId: number, now: Date, input: { asOf?: string | undefined; page: number; pageSize: number }) {
  const info = await repo.storeReportInfo(db, storeId, now);
  const asOf = input.asOf ?? info.today;
  const found = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const total = await repo.accountCount(trx, storeId);
      const summary = asOf >= info.today ? await storeBalanceTotals(trx, storeId) : await repo.balanceTotalsAsOf(trx, storeId, asOf);
      const accounts = await repo.balancesPage(trx, storeId, asOf, { limit: input.pageSize, offset: (input.page - 1) * input.pageSize, total });
      return { accounts, total, ...summary };
    });
  return { success: true, asOf, today: info.today, ...found };
}

/** The Z report of one day, computed from the day's rows. */
async function dayReport(db: Db, storeId: number, info: StoreInfo, day: string, openingCash: bigint, countedCash: bigint | null) {
  const sales = await repo.periodTotals(db, storeId, day, day);
  const payments = await repo.dayPayments(db, storeId, day);
  const cashiers = await repo.dayCashiers(db, storeId, day);
  const voids = await repo.dayVoids(db, storeId, day);
  const payouts = await repo.dayCashPayouts(db, storeId, day);
  const returned = await repo.dayReturns(db, storeId, day);
  // A return (an order below zero) hands money back: counted as returns, not as tendered below zero.
  const byMethod = payments.map((p) => {
    const returns = returned.get(String(p.paymentMethodId)) ?? 0n;
    return { ...p, tendered: p.isCash ? p.tendered + returns : p.tendered, returns };
  });
  const cash = byMethod.filter((p) => p.isCash);
  const tendered = cash.reduce((s, p) => s + p.tendered, 0n);
  const change = cash.reduce((s, p) => s + p.change, 0n);
  const refunds = cash.reduce((s, p) => s + p.refunds, 0n);
  const returns = cash.reduce((s, p) => s + p.returns, 0n);
  const expected = expectedCash({ openingCash, cashTendered: tendered, change, cashRefunds: refunds, cashReturns: returns, cashPayouts: payouts });
  return {
    date: day,
    timeZone: info.timeZone,
    storeName: info.name,
    taxes: taxesOf(info, sales),
    sales,
    payments: byMethod.map((p) => ({
      paymentMethodId: p.paymentMethodId,
      name: p.name,
      isCash: p.isCash,
      orders: p.orders,
      applied: p.applied,
      customerFees: p.customerFees,
      tendered: p.tendered,
      change: p.change,
      refunds: p.refunds,
      returns: p.returns,
    })),
    cashiers: cashiers.map((c) => ({
      userId: c.userId,
      name: c.name ?? 'Unknown',
      orders: c.orders,
      net: c.net,
      taxes: c.tax1 + c.tax2 + c.tax3,
      customerFees: c.customerFees,
      refunds: c.refunds,
    })),
    voids,
    voidsTotal: voids.reduce((s, v) => s + v.total, 0n),
    cash: {
      opening: openingCash,
      taken: tendered - change,
      tendered,
      change,
      refunds,
      returns,
      payouts,
      expected,
      counted: countedCash,
      overShort: countedCash === null ? null : overShort(countedCash, expected),
    },
  };
}
type DayReport = Awaited<ReturnType<typeof dayReport>>;

/** Closed days of the last 62 days, for reprints. */
const closedDays = (db: Db, storeId: number, today: string) => repo.closedDaysSince(db, storeId, addDays(today, -61));

function closedAnswer(found: { report: unknown; closedBy: string | null; closedAt: Date }, today: string, days: string[]) {
  const kept = superjson.deserialize<DayReport>(found.report as Parameters<typeof superjson.deserialize>[0]);
  // A day closed before returns were counted apart had none apart: its returns are zero.
  const report: DayReport = {
    ...kept,
    payments: kept.payments.map((p) => ({ ...p, returns: p.returns ?? 0n })),
    cash: { ...kept.cash, returns: kept.cash.returns ?? 0n },
  };
  return {
    success: true,
    message: `${report.date} was closed by ${found.closedBy ?? 'a former user'}`,
    today,
    report,
    closed: { by: found.closedBy, at: found.closedAt },
    closedDays: days,
  };
}

/** The Z report of a day (today by default): as closed, or as it stands with the cash given. */
export async function endOfDay(db: Db, storeId: number, now: Date, input: { date?: string | undefined; openingCash?: bigint | undefined; countedCash?: bigint | undefined }) {
  const info = await repo.storeReportInfo(db, storeId, now);
  const day = input.date ?? info.today;
  const days = await closedDays(db, storeId, info.today);
  const found = await repo.findDayClose(db, storeId, day);
  if (found) return closedAnswer(found, info.today, days);
  const report = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => dayReport(trx, storeId, info, day, input.openingCash ?? 0n, input.countedCash ?? null));
  return { success: true, message: day > info.today ? `${day} has not begun` : `${day} is open`, today: info.today, report, closed: null, closedDays: days };
}

export const DAY_NOT_BEGUN = 'A day that has not begun cannot be closed';

/**
 * Closes a day: its Z report, the cash counted and who closed it, recorded once, and
 * answered as a closed day is; a closed day answers 409 (a retry with the close's
 * idempotency key answers the close instead).
 */
export async function closeDay(db: Db, actor: Actor, now: Date, input: { date: string; openingCash: bigint; countedCash: bigint; idempotencyKey?: string | undefined }) {
  const info = await repo.storeReportInfo(db, actor.storeId, now);
  if (input.date > info.today) throw new AppError('BAD_REQUEST', DAY_NOT_BEGUN);
  return idempotent(db, { storeId: actor.storeId, procedure: '/reports/end-of-day/close', input }, async (trx) => {
    await repo.lockDayClose(trx, actor.storeId);
    const found = await repo.findDayClose(trx, actor.storeId, input.date);
    if (found) throw new AppError('CONFLICT', `${input.date} was closed already by ${found.closedBy ?? 'a former user'}; a closed day can be reprinted, not changed`);
    const report = await dayReport(trx, actor.storeId, info, input.date, input.openingCash, input.countedCash);
    const cash = report.cash;
    const closeId = await repo.insertDayClose(trx, actor.storeId, {
      day: input.date,
      openingCash: cash.opening,
      countedCash: input.countedCash,
      expectedCash: cash.expected,
      overShort: cash.overShort ?? 0n,
      report: superjson.stringify(report),
      closedBy: actor.userId,
    });
    if (closeId !== null) await journalDayClose(trx, actor.storeId, { id: closeId, day: input.date, countedCash: input.countedCash, expectedCash: cash.expected }, actor.userId);
    await recordAudit(trx, actor, {
      action: 'DAY_CLOSE',
      targetType: 'storeDay',
      targetId: input.date,
      after: { day: input.date, openingCash: cash.opening, countedCash: input.countedCash, expectedCash: cash.expected, overShort: cash.overShort },
    });
    const answer = closedAnswer((await repo.findDayClose(trx, actor.storeId, input.date))!, info.today, await closedDays(trx, actor.storeId, info.today));
    const over = answer.report.cash.overShort ?? 0n;
    return { ...answer, message: `${input.date} closed: ${overShortWord(over).toLowerCase()}${over === 0n ? '' : ` by ${formatMoney(over < 0n ? -over : over)}`}` };
  });
}

