/**
 * Reports' reads. Sales figures come from `report_days` (per store, local day and group,
 * kept by the triggers of migration 0015 in the transactions that sell and refund), so a
 * year is at most a few hundred rows per group; the Z report's voids and cash payouts,
 * and balances on a day, are read from their own tables by their indexes.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, ReportDim } from '@pos/db';
import type { ReportGrouping } from '@pos/domain';
import { inStore, isStoreRow } from '../../db-helpers';

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

/** The store's name, time zone, today and taxes (enabled now, with their short names). */
export async function storeReportInfo(db: Db, storeId: number, now: Date) {
  const { rows } = await sql<{
    name: string;
    timeZone: string;
    today: string;
    taxes: { n: number; name: string; enabled: boolean }[];
  }>`
    select name, time_zone as "timeZone", (${now}::timestamptz at time zone time_zone)::date::text as today,
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
    case 'vendor':
      return sql`(select v.trade_name from vendors v where ${inStore(storeId, 'v')} and v.id = nullif(g.key, '')::bigint)`;
    case 'paymentMethod':
      return sql`(select p.name from payment_methods p where ${inStore(storeId, 'p')} and p.id = g.key::bigint)`;
    case 'cashier':
      return sql`(select u.username from users u where u.id = nullif(g.key, '')::bigint)`;
    default:
      return sql`null::text`;
  }
}

export type GroupRow = Figures & { key: string; name: string | null };

/** Figures per group of the period, by key. */
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
    end: sql`(select ((${day}::date + 1)::timestamp at time zone s.time_zone) from stores s where ${isStoreRow(storeId, 's')})`,
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

/** Records a closed day; false when it was closed already (the first close stands). */
export async function insertDayClose(
  db: Db,
  storeId: number,
  c: { day: string; openingCash: bigint; countedCash: bigint; expectedCash: bigint; overShort: bigint; report: string; closedBy: bigint | null },
): Promise<boolean> {
  const { rows } = await sql<{ id: bigint }>`
    insert into day_closes (store_id, day, opening_cash, counted_cash, expected_cash, over_short, report, closed_by)
    values (${storeId}, ${c.day}::date, ${c.openingCash}, ${c.countedCash}, ${c.expectedCash}, ${c.overShort}, ${c.report}::jsonb, ${c.closedBy})
    on conflict (store_id, day) do nothing
    returning id`.execute(db);
  return rows.length > 0;
}

/** Serialises closes of one store's days (a transaction-level advisory lock). */
export async function lockDayClose(db: Db, storeId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('day_close'), ${storeId}::int)`.execute(db);
}

/**
 * Every ledger account's balance at the end of a day (its balance now less what was
 * posted after), by trade name and tag, paged; and the owed and owing sums over all.
 */
export async function balancesAsOf(db: Db, storeId: number, asOf: string, page: { limit: number; offset: number }) {
  const { end } = dayBounds(storeId, asOf);
  const accounts = sql`
    with after as (
      select vendor_id, coalesce(item_code_id, 0) as account_key, sum(amount) as amount
      from ledger_entries where ${inStore(storeId)} and created_at >= ${end}
      group by 1, 2)
    select a.vendor_id, a.item_code_id, (a.balance - coalesce(after.amount, 0))::int8 as balance
    from ledger_accounts a left join after on after.vendor_id = a.vendor_id and after.account_key = a.account_key
    where ${inStore(storeId, 'a')}`;
  const [list, summary] = await Promise.all([
    sql<{ vendorId: bigint; itemCodeId: bigint | null; tag: string | null; tradeName: string; vendorType: 'VENDOR' | 'VENDOR_CONSIGNMENT' | 'CONSIGNMENT'; balance: bigint }>`
      select b.vendor_id as "vendorId", b.item_code_id as "itemCodeId", c.tag, v.trade_name as "tradeName", v.vendor_type as "vendorType", b.balance
      from (${accounts}) b
      join vendors v on v.id = b.vendor_id
      left join item_codes c on c.id = b.item_code_id
      order by v.trade_name, v.id, b.item_code_id nulls first
      limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{ total: bigint; owed: bigint; owing: bigint; accountsOwed: bigint; accountsOwing: bigint }>`
      select count(*)::int8 as total,
             coalesce(sum(balance) filter (where balance > 0), 0)::int8 as owed,
             coalesce(sum(balance) filter (where balance < 0), 0)::int8 as owing,
             count(*) filter (where balance > 0)::int8 as "accountsOwed",
             count(*) filter (where balance < 0)::int8 as "accountsOwing"
      from (${accounts}) b`.execute(db),
  ]);
  return { accounts: list.rows, ...summary.rows[0]! };
}
