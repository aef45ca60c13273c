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
 * Completed orders since a moment: count, Σ total, Σ total less tax.
 * Sums are numeric (no number of sales overflows them), read as text into bigints.
 */
async function completedSince(db: Db, storeId: number, since: ReturnType<typeof periodStart>, now: Date) {
  const { rows } = await sql<{ orders: bigint; revenue: string; revenueLessTax: string }>`
    select count(*) as orders,
           coalesce(sum(total), 0)::text as revenue,
           coalesce(sum(total::numeric - tax1_total - tax2_total - tax3_total), 0)::text as "revenueLessTax"
    from orders
    where ${inStore(storeId)} and status = 'COMPLETED'
      and completed_at >= ${since} and completed_at <= ${now}`.execute(db);
  const row = rows[0]!;
  return { orders: row.orders, revenue: BigInt(row.revenue), revenueLessTax: BigInt(row.revenueLessTax) };
}

/** All-time completed orders and revenue come from the counters the database keeps (migration 0008). */
export async function ownerCounters(db: Db, storeId: number) {
  const { rows } = await sql<{ orders: bigint; revenue: string; products: bigint; staff: bigint }>`
    select coalesce((select completed_orders from store_counters where ${inStore(storeId)}), 0)::int8 as orders,
           coalesce((select completed_revenue from store_counters where ${inStore(storeId)}), 0)::text as revenue,
           (select count(*) from items where ${inStore(storeId)} and status = 'ACTIVE') as products,
           (select count(distinct user_id) from role_assignments where ${inStore(storeId)}) as staff`.execute(db);
  const row = rows[0]!;
  return { totalRevenue: BigInt(row.revenue), totalOrders: row.orders, totalProducts: row.products, totalStaff: row.staff };
}

export async function managerCounters(db: Db, storeId: number, now: Date) {
  const [today, { rows }] = await Promise.all([
    completedSince(db, storeId, periodStart(storeId, now, 'day'), now),
    sql<{ pending: bigint; lowStock: bigint; activeStaff: bigint }>`
      select (select count(*) from orders where ${inStore(storeId)} and status = 'PENDING') as pending,
             (select count(*) from items where ${inStore(storeId)} and alias is not null and status <> 'WITHDRAWN'
                and quantity <= reorder_level) as "lowStock",
             (select count(distinct s.user_id) from sessions s
                where s.revoked_at is null and s.expires_at > ${now}::timestamptz
                  and s.last_used_at > ${now}::timestamptz - interval '24 hours'
                  and exists (select 1 from role_assignments ra where ra.user_id = s.user_id and ${inStore(storeId, 'ra')})) as "activeStaff"`.execute(db),
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

/**
 * The accountant's month, in the store's time zone (docs/SETTLEMENT.md says how each
 * counter is computed): revenue is the completed orders' totals less their taxes;
 * expenses are what the month's sales earned the vendors in the ledger (its SALE,
 * COMMISSION and CARD_FEE entries: sales less commission and the card fees they bear);
 * pending invoices are the vendor accounts the store owes money (balance above zero),
 * from the count the ledger's trigger keeps (migration 0013).
 */
export async function accountantCounters(db: Db, storeId: number, now: Date) {
  const since = periodStart(storeId, now, 'month');
  const [month, { rows }] = await Promise.all([
    completedSince(db, storeId, since, now),
    sql<{ invoices: bigint; vendorsNet: string }>`
      select coalesce((select accounts_owed from ledger_store_totals where ${inStore(storeId)}), 0)::int8 as invoices,
             (select coalesce(sum(amount), 0) from ledger_entries
              where ${inStore(storeId)} and created_at >= ${since} and created_at <= ${now}
                and kind in ('SALE', 'COMMISSION', 'CARD_FEE'))::text as "vendorsNet"`.execute(db),
  ]);
  return { monthlyRevenue: month.revenueLessTax, monthlyExpenses: BigInt(rows[0]!.vendorsNet), pendingInvoices: rows[0]!.invoices };
}
