/**
 * Reports' reads. Sales figures come from `report_days` (per store, local day and group,
 * kept by the triggers of migration 0015 in the transactions that sell and refund), so a
 * year is at most a few hundred rows per group; the Z report's voids and cash payouts,
 * and balances on a day, are read from their own tables by their indexes.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, ReportDim } from '@pos/db';
import type { ReportGrouping } from '@pos/domain';
import { dayAfterStart, inStore, isStoreRow } from '../../db-helpers';
import type { AccountRow } from '../ledger/ledger.repository';

type Db = Kysely<Database>;

export interface Figures {
  orders: bigint;
  gross: bigint;
  discounts: bigint;
  net: bigint;
  tax1: bigint;
  tax2: bigint;
  tax3: bigint;
  customerFees: bigint;
  refunds: bigint;
  commission: bigint;
  cardFees: bigint;
  ownSales: bigint;
  applied: bigint;
  tendered: bigint;
  change: bigint;
}

export const ZERO_FIGURES: Figures = {
  orders: 0n,
  gross: 0n,
  discounts: 0n,
  net: 0n,
  tax1: 0n,
  tax2: 0n,
  tax3: 0n,
  customerFees: 0n,
  refunds: 0n,
  commission: 0n,
  cardFees: 0n,
  ownSales: 0n,
  applied: 0n,
  tendered: 0n,
  change: 0n,
};

/** Σ of every measure, as int8 (no store's sales reach 9.2 × 10^12 currency units). */
const SUMS = sql.raw(
  [
    ['orders', 'orders'],
    ['gross', 'gross'],
    ['discounts', 'discounts'],
    ['net', 'net'],
    ['tax1', 'tax1'],
    ['tax2', 'tax2'],
    ['tax3', 'tax3'],
    ['customer_fees', 'customerFees'],
    ['refunds', 'refunds'],
    ['commission', 'commission'],
    ['card_fees', 'cardFees'],
    ['own_sales', 'ownSales'],
    ['applied', 'applied'],
    ['tendered', 'tendered'],
    ['change_given', 'change'],
  ]
    .map(([column, name]) => `coalesce(sum(r.${column}), 0)::int8 as "${name}"`)
    .join(', '),
);

/** The store's name, time zone, today, taxes (enabled now, with their short names) and how many live vendors it has. */
export async function storeReportInfo(db: Db, storeId: number, now: Date) {
  const { rows } = await sql<{
    name: string;
    timeZone: string;
    today: string;
    taxes: { n: number; name: string; enabled: boolean }[];
    liveVendors: bigint;
  }>`
    select name, time_zone as "timeZone", (${now}::timestamptz at time zone time_zone)::date::text as today,
           coalesce((select sum(c.live_vendors) from store_counters c where c.store_id = stores.id), 0)::int8 as "liveVendors",
           json_build_array(
             json_build_object('n', 1, 'name', tax1_short_name, 'enabled', tax1_enabled),
             json_build_object('n', 2, 'name', tax2_short_name, 'enabled', tax2_enabled),
             json_build_object('n', 3, 'name', tax3_short_name, 'enabled', tax3_enabled)) as taxes
    from stores where ${isStoreRow(storeId)}`.execute(db);
  return rows[0]!;
}

/** The period's figures for the whole store. */
export async function periodTotals(db: Db, storeId: number, from: string, to: string): Promise<Figures> {
  const { rows } = await sql<Figures>`
    select ${SUMS} from report_days r
    where ${inStore(storeId, 'r')} and r.dim = 'ALL' and r.day between ${from}::date and ${to}::date`.execute(db);
  return rows[0] ?? ZERO_FIGURES;
}

const DIM_OF: Record<ReportGrouping, ReportDim> = {
  day: 'ALL',
  week: 'ALL',
  month: 'ALL',
  vendor: 'VENDOR',
  itemCode: 'ITEM_CODE',
  paymentMethod: 'PAYMENT_METHOD',
  tax: 'TAX',
  cashier: 'CASHIER',
};

/** The group each report_days row falls in, as text. */
function groupKey(groupBy: ReportGrouping): RawBuilder<string> {
  if (groupBy === 'day') return sql<string>`r.day::text`;
  if (groupBy === 'week') return sql<string>`date_trunc('week', r.day)::date::text`;
  if (groupBy === 'month') return sql<string>`date_trunc('month', r.day)::date::text`;
  return sql<string>`r.key`;
}

/** The name of a group (null: the key is its own name, or it has none). */
function groupName(groupBy: ReportGrouping, storeId: number): RawBuilder<string | null> {
  switch (groupBy) {
    case 'paymentMethod':
      return sql`(select p.name from payment_methods p where ${inStore(storeId, 'p')} and p.id = g.key::bigint)`;
    case 'cashier':
      return sql`(select u.username from users u where u.id = nullif(g.key, '')::bigint)`;
    default:
      return sql`null::text`;
  }
}

export type GroupRow = Figures & { key: string; name: string | null };

/** Figures per group of the period, by key: the groupings of few groups (days, weeks, months, taxes, methods, cashiers). */
export async function groupedFigures(db: Db, storeId: number, from: string, to: string, groupBy: ReportGrouping): Promise<GroupRow[]> {
  const { rows } = await sql<GroupRow>`
    select g.*, ${groupName(groupBy, storeId)} as name
    from (select ${groupKey(groupBy)} as key, ${SUMS}
          from report_days r
          where ${inStore(storeId, 'r')} and r.dim = ${DIM_OF[groupBy]} and r.day between ${from}::date and ${to}::date
          group by 1) g
    order by g.key`.execute(db);
  return rows;
}

/**
 * How a page of vendor groups is found. `walk`: the store's vendors in name order, each
 * one's days of the period read by the group index, until the page is full (cost grows
 * with the page, not with the groups of the period). `aggregate`: every group of the
 * period summed, then named and sorted (cost grows with the period's rows; the cheaper
 * one when the period holds few sales). Both answer the same page.
 */
export type PagePlan = 'walk' | 'aggregate';

/** Whether `key` names a vendor of the store (a vendor grouping's key). */
export async function isVendorKey(db: Db, storeId: number, key: string): Promise<boolean> {
  if (!/^[1-9][0-9]{0,17}$/.test(key)) return false;
  const { rows } = await sql`select 1 from vendors v where ${inStore(storeId, 'v')} and v.id = ${key}::bigint`.execute(db);
  return rows.length > 0;
}

/** After the vendor whose key is `after` (a vendor of the store) in the vendors' order (lower-cased trade name, id); true from the start. */
function afterVendor(storeId: number, after: string | null): RawBuilder<SqlBool> {
  if (after === null) return sql<SqlBool>`true`;
  return sql<SqlBool>`(lower(v.trade_name), v.id) > (select lower(a.trade_name), a.id from vendors a where ${inStore(storeId, 'a')} and a.id = ${after}::bigint)`;
}

/**
 * A page of the vendors that sold (or had refunds or ledger figures) in the period, by
 * trade name; the store's own sales not among them. Summing, each group's vendor is read
 * by its key (`offset 0` keeps the look-up from becoming a hash of every vendor).
 */
export async function vendorGroups(db: Db, storeId: number, from: string, to: string, page: { after: string | null; limit: number; plan: PagePlan }): Promise<GroupRow[]> {
  const after = afterVendor(storeId, page.after);
  if (page.plan === 'walk') {
    const { rows } = await sql<GroupRow & { n: bigint }>`
      select v.id::text as key, v.trade_name as name, f.*
      from vendors v
      cross join lateral (
        select count(*) as n, ${SUMS} from report_days r
        where ${inStore(storeId, 'r')} and r.dim = 'VENDOR' and r.key = v.id::text and r.day between ${from}::date and ${to}::date) f
      where ${inStore(storeId, 'v')} and ${after} and f.n > 0
      order by lower(v.trade_name), v.id
      limit ${page.limit}`.execute(db);
    return rows.map(({ n: _n, ...row }) => row);
  }
  const { rows } = await sql<GroupRow>`
    select g.*, v.trade_name as name
    from (select r.key, ${SUMS} from report_days r
          where ${inStore(storeId, 'r')} and r.dim = 'VENDOR' and r.key <> '' and r.day between ${from}::date and ${to}::date
          group by r.key) g
    cross join lateral (select v.id, v.trade_name from vendors v where ${inStore(storeId, 'v')} and v.id = g.key::bigint offset 0) v
    where ${after}
    order by lower(v.trade_name), v.id
    limit ${page.limit}`.execute(db);
  return rows;
}

/** A page of the item codes sold (or refunded) in the period, by code; sales without a code not among them. */
export async function itemCodeGroups(db: Db, storeId: number, from: string, to: string, page: { after: string | null; limit: number }): Promise<GroupRow[]> {
  const { rows } = await sql<GroupRow>`
    select r.key, null::text as name, ${SUMS} from report_days r
    where ${inStore(storeId, 'r')} and r.dim = 'ITEM_CODE' and r.key > ${page.after ?? ''} and r.day between ${from}::date and ${to}::date
    group by r.key
    order by r.key
    limit ${page.limit}`.execute(db);
  return rows;
}

/** The group of none of a paged grouping (the store's own sales, lines without a code) in the period; null when it has no rows. */
export async function groupOfNone(db: Db, storeId: number, from: string, to: string, groupBy: 'vendor' | 'itemCode'): Promise<GroupRow | null> {
  const { rows } = await sql<GroupRow & { n: bigint }>`
    select '' as key, null::text as name, count(*) as n, ${SUMS} from report_days r
    where ${inStore(storeId, 'r')} and r.dim = ${DIM_OF[groupBy]} and r.key = '' and r.day between ${from}::date and ${to}::date`.execute(db);
  const found = rows[0];
  if (!found || Number(found.n) === 0) return null;
  const { n: _n, ...row } = found;
  return row;
}

/** One day's figures by payment method, with the method's name and cash flag. */
export async function dayPayments(db: Db, storeId: number, day: string) {
  const { rows } = await sql<Figures & { paymentMethodId: bigint; name: string; isCash: boolean }>`
    select p.id as "paymentMethodId", p.name, p.is_cash as "isCash", ${SUMS}
    from report_days r join payment_methods p on p.id = r.key::bigint and ${inStore(storeId, 'p')}
    where ${inStore(storeId, 'r')} and r.dim = 'PAYMENT_METHOD' and r.day = ${day}::date
    group by p.id, p.name, p.is_cash
    order by p.is_cash desc, p.name, p.id`.execute(db);
  return rows;
}

/** One day's figures by who rang them. */
export async function dayCashiers(db: Db, storeId: number, day: string) {
  const { rows } = await sql<Figures & { userId: bigint | null; name: string | null }>`
    select nullif(r.key, '')::bigint as "userId", u.username as name, ${SUMS}
    from report_days r left join users u on u.id = nullif(r.key, '')::bigint
    where ${inStore(storeId, 'r')} and r.dim = 'CASHIER' and r.day = ${day}::date
    group by r.key, u.username
    order by u.username nulls last`.execute(db);
  return rows;
}

/** Where a day of the store starts and ends (the next day's start), in its time zone. */
function dayBounds(storeId: number, day: string) {
  return {
    start: sql`(select (${day}::date::timestamp at time zone s.time_zone) from stores s where ${isStoreRow(storeId, 's')})`,
    end: sql`(select ${dayAfterStart(day, sql.ref('s.time_zone'))} from stores s where ${isStoreRow(storeId, 's')})`,
  };
}

/** Orders cancelled on the day (voids), with who cancelled them and why. */
export async function dayVoids(db: Db, storeId: number, day: string) {
  const { start, end } = dayBounds(storeId, day);
  const { rows } = await sql<{ orderNumber: string; total: bigint; reason: string; cancelledBy: string | null; cancelledAt: Date }>`
    select o.order_number as "orderNumber", o.total, o.cancel_reason as reason, u.username as "cancelledBy", o.cancelled_at as "cancelledAt"
    from orders o left join users u on u.id = o.cancelled_by
    where ${inStore(storeId, 'o')} and o.status = 'CANCELLED' and o.cancelled_at >= ${start} and o.cancelled_at < ${end}
    order by o.cancelled_at, o.id`.execute(db);
  return rows;
}

/**
 * What each method handed back on the day's orders whose total is below zero (returns
 * rung up at the till; the report_days figures count it as tendered below zero).
 */
export async function dayReturns(db: Db, storeId: number, day: string): Promise<Map<string, bigint>> {
  const { start, end } = dayBounds(storeId, day);
  const { rows } = await sql<{ paymentMethodId: bigint; returns: bigint }>`
    select p.payment_method_id as "paymentMethodId", sum(-p.applied)::int8 as returns
    from orders o join order_payments p on p.store_id = o.store_id and p.order_id = o.id
    where ${inStore(storeId, 'o')} and o.completed_at >= ${start} and o.completed_at < ${end} and o.total < 0 and p.applied < 0
    group by p.payment_method_id`.execute(db);
  return new Map(rows.map((r) => [String(r.paymentMethodId), r.returns]));
}

/** Cash paid out to vendors on the day. */
export async function dayCashPayouts(db: Db, storeId: number, day: string): Promise<bigint> {
  const { start, end } = dayBounds(storeId, day);
  const { rows } = await sql<{ total: bigint }>`
    select coalesce(sum(amount), 0)::int8 as total from payouts
    where ${inStore(storeId)} and method = 'CASH' and created_at >= ${start} and created_at < ${end}`.execute(db);
  return rows[0]!.total;
}

export async function findDayClose(db: Db, storeId: number, day: string) {
  const { rows } = await sql<{ report: unknown; closedBy: string | null; closedAt: Date }>`
    select c.report, u.username as "closedBy", c.closed_at as "closedAt"
    from day_closes c left join users u on u.id = c.closed_by
    where ${inStore(storeId, 'c')} and c.day = ${day}::date`.execute(db);
  return rows[0];
}

/** Days closed from `since` on, the latest first. */
export async function closedDaysSince(db: Db, storeId: number, since: string): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`
    select day::text as day from day_closes where ${inStore(storeId)} and day >= ${since}::date order by day desc`.execute(db);
  return rows.map((r) => r.day);
}

/** Records a closed day, answering its id; null when it was closed already (the first close stands). */
export async function insertDayClose(
  db: Db,
  storeId: number,
  c: { day: string; openingCash: bigint; countedCash: bigint; expectedCash: bigint; overShort: bigint; report: string; closedBy: bigint | null },
): Promise<bigint | null> {
  const { rows } = await sql<{ id: bigint }>`
    insert into day_closes (store_id, day, opening_cash, counted_cash, expected_cash, over_short, report, closed_by)
    values (${storeId}, ${c.day}::date, ${c.openingCash}, ${c.countedCash}, ${c.expectedCash}, ${c.overShort}, ${c.report}::jsonb, ${c.closedBy})
    on conflict (store_id, day) do nothing
    returning id`.execute(db);
  return rows[0]?.id ?? null;
}

/**
 * Serialises closes of one store's days (a transaction-level advisory lock), and waits
 * for the money moving meanwhile (which holds it shared, lockDayShared) to commit, so
 * the Z report counts it.
 */
export async function lockDayClose(db: Db, storeId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('day_close'), ${storeId}::int)`.execute(db);
}

/**
 * Held by a transaction that moves money until it ends: many at once, never while a day
 * of the store is being closed (lockDayClose); taken before reading whether today is closed.
 */
export async function lockDayShared(db: Db, storeId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(hashtext('day_close'), ${storeId}::int)`.execute(db);
}

/** The store's business day now (the database's clock, which dates every sale), or at `at`, and whether it was closed. */
export async function todayStatus(db: Db, storeId: number, at: Date | null = null): Promise<{ today: string; closed: boolean }> {
  const { rows } = await sql<{ today: string; closed: boolean }>`
    select t.today::text as today, exists (select 1 from day_closes c where ${inStore(storeId, 'c')} and c.day = t.today) as closed
    from (select (coalesce(${at}::timestamptz, now()) at time zone s.time_zone)::date as today from stores s where ${isStoreRow(storeId, 's')}) t`.execute(db);
  return rows[0]!;
}

/** An account of the balances report: the balances screen's row, less its archived flag. */
export type BalanceRow = Omit<AccountRow, 'archived'>;

/** How many ledger accounts the store has. */
export async function accountCount(db: Db, storeId: number): Promise<bigint> {
  const { rows } = await sql<{ n: bigint }>`select count(*)::int8 as n from ledger_accounts where ${inStore(storeId)}`.execute(db);
  return rows[0]!.n;
}

/**
 * A page of the store's ledger accounts, by the vendor's lower-cased trade name, vendor
 * id and account (main first), each with its balance at the end of `asOf`: its balance
 * now less what was posted to it after (the account's entries by date). The vendors are
 * walked in name order, so a page costs the same on a store of any size; a page past the
 * middle is read from the far end and turned back.
 */
export async function balancesPage(db: Db, storeId: number, asOf: string, page: { limit: number; offset: number; total: bigint }): Promise<BalanceRow[]> {
  const count = Number(page.total);
  if (page.offset >= count) return [];
  const fromEnd = page.offset > count / 2;
  const direction = fromEnd ? sql`desc` : sql`asc`;
  const limit = fromEnd ? Math.min(page.limit, count - page.offset) : page.limit;
  const offset = fromEnd ? Math.max(0, count - page.offset - page.limit) : page.offset;
  const { end } = dayBounds(storeId, asOf);
  const { rows } = await sql<BalanceRow>`
    select a.vendor_id as "vendorId", a.item_code_id as "itemCodeId", c.tag, v.trade_name as "tradeName", v.vendor_type as "vendorType",
           (a.balance - coalesce((select sum(e.amount) from ledger_entries e
                                  where e.store_id = a.store_id and e.vendor_id = a.vendor_id and coalesce(e.item_code_id, 0) = a.account_key
                                    and e.created_at >= ${end}), 0))::int8 as balance
    from vendors v
    join ledger_accounts a on ${inStore(storeId, 'a')} and a.vendor_id = v.id
    left join item_codes c on c.id = a.item_code_id
    where ${inStore(storeId, 'v')}
    order by lower(v.trade_name) ${direction}, v.id ${direction}, a.account_key ${direction}
    limit ${limit} offset ${offset}`.execute(db);
  return fromEnd ? rows.reverse() : rows;
}

/**
 * Σ of balances above zero (owed) and below zero (owing) and how many of each at the end
 * of `asOf`: the history's changes before that instant (migration 0016).
 */
export async function balanceTotalsAsOf(db: Db, storeId: number, asOf: string) {
  const { end } = dayBounds(storeId, asOf);
  const { rows } = await sql<{ owed: string; owing: string; accountsOwed: bigint; accountsOwing: bigint }>`
    select coalesce(sum(owed), 0)::text as owed, coalesce(sum(owing), 0)::text as owing,
           coalesce(sum(accounts_owed), 0)::int8 as "accountsOwed", coalesce(sum(accounts_owing), 0)::int8 as "accountsOwing"
    from ledger_balance_history where ${inStore(storeId)} and at < ${end}`.execute(db);
  const row = rows[0]!;
  return { owed: BigInt(row.owed), owing: BigInt(row.owing), accountsOwed: row.accountsOwed, accountsOwing: row.accountsOwing };
}
