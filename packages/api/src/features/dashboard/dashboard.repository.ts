/**
 * The store dashboards' counters, each from real rows of one store. "Today" and "this
 * month" start at midnight and the first of the month in the store's time zone, taken
 * from the given instant (so tests can pin the clock).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { inStore, isStoreRow } from '../../db-helpers';

type Db = Kysely<Database>;

/** Start of the day and of the month containing `now`, in the store's time zone. */
function periodStart(storeId: number, now: Date, unit: 'day' | 'month') {
  return sql<Date>`(select date_trunc(${unit}, ${now}::timestamptz at time zone s.time_zone) at time zone s.time_zone from stores s where ${isStoreRow(storeId, 's')})`;
}

/**
 * Completed orders since a moment: count, Σ total (tax in) and Σ total less tax, each
 * net of what was refunded from those orders (a refund's amount is its total plus its
 * taxes; a wholly refunded order is REFUNDED and counts no more).
 * Sums are numeric (no number of sales overflows them; PostgreSQL adds bigints up in 128
 * bits, three times faster than adding numerics row by row), read as text into bigints.
 * The orders' sums are read from `orders_store_completed` alone (its columns include the
 * totals: an index-only scan, some 18,000 entries for a month of a large store), and the
 * refunds are subtracted as one sum: those made since the moment (a refund is made after
 * its order completed) of orders the period counts. Looking up each order's refunds read
 * every order's row and cost 102 ms a month at 1M orders (docs/PERFORMANCE.md, "Dashboards").
 */
async function completedSince(db: Db, storeId: number, since: ReturnType<typeof periodStart>, now: Date) {
  const { rows } = await sql<{ orders: bigint; revenue: string; revenueLessTax: string }>`
    select o.orders, (o.revenue - r.amount)::text as revenue, (o.revenue - o.tax - r.total)::text as "revenueLessTax"
    from (select count(*) as orders, coalesce(sum(total), 0) as revenue,
                 coalesce(sum(tax1_total), 0) + coalesce(sum(tax2_total), 0) + coalesce(sum(tax3_total), 0) as tax
          from orders
          where ${inStore(storeId)} and status = 'COMPLETED' and completed_at >= ${since} and completed_at <= ${now}) o,
         (select coalesce(sum(f.amount), 0) as amount, coalesce(sum(f.total), 0) as total
          from refunds f join orders fo on fo.id = f.order_id
          where ${inStore(storeId, 'f')} and f.created_at >= ${since}
            and ${inStore(storeId, 'fo')} and fo.status = 'COMPLETED' and fo.completed_at >= ${since} and fo.completed_at <= ${now}) r`.execute(db);
  const row = rows[0]!;
  return { orders: row.orders, revenue: BigInt(row.revenue), revenueLessTax: BigInt(row.revenueLessTax) };
}

/**
 * All-time completed orders and revenue come from the counters the database keeps
 * (migration 0008; the Σ of the store's slots, migration 0035); the revenue (tax in) is net of the refunds of orders still completed.
 */
export async function ownerCounters(db: Db, storeId: number) {
  const { rows } = await sql<{ orders: bigint; revenue: string; products: bigint; staff: bigint }>`
    select coalesce((select sum(completed_orders) from store_counters where ${inStore(storeId)}), 0)::int8 as orders,
           (coalesce((select sum(completed_revenue) from store_counters where ${inStore(storeId)}), 0)
             - coalesce((select sum(r.amount) from refunds r join orders o on o.id = r.order_id
                         where ${inStore(storeId, 'r')} and o.status = 'COMPLETED'), 0))::text as revenue,
           (select count(*) from items where ${inStore(storeId)} and status = 'ACTIVE') as products,
           (select count(distinct user_id) from role_assignments where ${inStore(storeId)}) as staff`.execute(db);
  const row = rows[0]!;
  return { totalRevenue: BigInt(row.revenue), totalOrders: row.orders, totalProducts: row.products, totalStaff: row.staff };
}

/** What a new store has set up: an enabled tax, a payment method, a vendor, an item code, a second person. */
export async function setupStatus(db: Db, storeId: number) {
  const { rows } = await sql<{ taxes: boolean; paymentMethods: boolean; vendors: boolean; itemCodes: boolean; staff: boolean }>`
    select (s.tax1_enabled or s.tax2_enabled or s.tax3_enabled) as taxes,
           exists (select 1 from payment_methods where ${inStore(storeId)} and archived_at is null) as "paymentMethods",
           exists (select 1 from vendors where ${inStore(storeId)} and archived_at is null) as vendors,
           exists (select 1 from item_codes where ${inStore(storeId)} and archived_at is null) as "itemCodes",
           (select count(distinct user_id) from role_assignments where ${inStore(storeId)}) > 1 as staff
    from stores s where ${isStoreRow(storeId, 's')}`.execute(db);
  return rows[0]!;
}

/**
 * The manager's counters. Active staff starts from the store's own people and probes each
 * one's sessions by user, so it reads nothing of other stores' sessions however many
 * there are.
 */
export async function managerCounters(db: Db, storeId: number, now: Date) {
  const [today, { rows }] = await Promise.all([
    completedSince(db, storeId, periodStart(storeId, now, 'day'), now),
    sql<{ pending: bigint; lowStock: bigint; activeStaff: bigint }>`
      select (select count(*) from orders where ${inStore(storeId)} and status = 'PENDING') as pending,
             (select count(*) from items where ${inStore(storeId)} and alias is not null and status <> 'WITHDRAWN'
                and quantity <= reorder_level) as "lowStock",
             (select count(*) from (select distinct ra.user_id from role_assignments ra where ${inStore(storeId, 'ra')}) staff
                where exists (select 1 from sessions s
                  where s.user_id = staff.user_id and s.revoked_at is null and s.expires_at > ${now}::timestamptz
                    and s.last_used_at > ${now}::timestamptz - interval '24 hours')) as "activeStaff"`.execute(db),
  ]);
  return { dailyRevenue: today.revenue, pendingOrders: rows[0]!.pending, lowStockItems: rows[0]!.lowStock, activeStaff: rows[0]!.activeStaff };
}

export async function staffCounters(db: Db, storeId: number, userId: bigint, now: Date) {
  const [today, { rows }] = await Promise.all([
    completedSince(db, storeId, periodStart(storeId, now, 'day'), now),
    sql<{ drafts: bigint }>`
      select count(*) as drafts from orders where ${inStore(storeId)} and status = 'DRAFT' and created_by = ${userId}`.execute(db),
  ]);
  return { todayOrders: today.orders, todayRevenue: today.revenue, pendingTasks: rows[0]!.drafts };
}

/** The quarter hour an instant falls in, as the balances' history dates its rows (migration 0016). */
const quarter = (at: ReturnType<typeof sql>) => sql<Date>`date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00:00+00')`;

/**
 * The accountant's month, in the store's time zone (docs/SETTLEMENT.md says how each
 * counter is computed): revenue is the completed orders' totals less their taxes;
 * expenses are what the month's sales earned the vendors in the ledger (its SALE,
 * COMMISSION and CARD_FEE entries: sales less commission and the card fees they bear);
 * pending invoices are the vendor accounts the store owes money (balance above zero),
 * from the count the ledger's trigger keeps (migration 0013).
 * The expenses of the month's whole quarter hours [hs, he) come from the balances'
 * history: a quarter's owed plus owing change by exactly the Σ of the entries dated in
 * it (a balance is its part above zero plus its part below), less the quarter's other
 * entries (rent, adjustments, payouts: ledger_entries_store_time_other); the minutes
 * before the first whole quarter and since the last one are summed from the entries.
 * Summing every entry of the month read some 150,000 at 1M orders.
 */
export async function accountantCounters(db: Db, storeId: number, now: Date) {
  const since = periodStart(storeId, now, 'month');
  const [month, { rows }] = await Promise.all([
    completedSince(db, storeId, since, now),
    sql<{ invoices: bigint; vendorsNet: string }>`
      with t as (select ${since} as since, ${now}::timestamptz as now),
           q as (select since, now, ${quarter(sql`since + interval '15 minutes' - interval '1 microsecond'`)} as hs,
                        greatest(${quarter(sql`since + interval '15 minutes' - interval '1 microsecond'`)}, ${quarter(sql`now`)}) as he
                 from t)
      select coalesce((select sum(accounts_owed) from ledger_store_totals where ${inStore(storeId)}), 0)::int8 as invoices,
             (coalesce((select sum(owed + owing) from ledger_balance_history where ${inStore(storeId)} and at >= q.hs and at < q.he), 0)
              - coalesce((select sum(amount) from ledger_entries where ${inStore(storeId)} and created_at >= q.hs and created_at < q.he
                            and kind not in ('SALE', 'COMMISSION', 'CARD_FEE')), 0)
              + coalesce((select sum(amount) from ledger_entries where ${inStore(storeId)} and created_at >= q.since and created_at < q.hs
                            and created_at <= q.now and kind in ('SALE', 'COMMISSION', 'CARD_FEE')), 0)
              + coalesce((select sum(amount) from ledger_entries where ${inStore(storeId)} and created_at >= q.he and created_at <= q.now
                            and kind in ('SALE', 'COMMISSION', 'CARD_FEE')), 0))::text as "vendorsNet"
      from q`.execute(db),
  ]);
  return { monthlyRevenue: month.revenueLessTax, monthlyExpenses: BigInt(rows[0]!.vendorsNet), pendingInvoices: rows[0]!.invoices };
}
