/**
 * The store dashboards' counters, each from real rows of one store. "Today" and "this
 * month" start at midnight and the first of the month in the store's time zone, taken
 * from the given instant (so tests can pin the clock).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';

type Db = Kysely<Database>;

/** Start of the day and of the month containing `now`, in the store's time zone. */
function periodStart(storeId: number, now: Date, unit: 'day' | 'month') {
  return sql<Date>`(select date_trunc(${unit}, ${now}::timestamptz at time zone s.time_zone) at time zone s.time_zone from stores s where s.id = ${storeId})`;
}

/** Completed orders since a moment: count, Σ total, Σ total less tax, Σ vendor shares. */
async function completedSince(db: Db, storeId: number, since: ReturnType<typeof periodStart>, now: Date) {
  const { rows } = await sql<{ orders: bigint; revenue: bigint; revenueLessTax: bigint; vendorShares: bigint }>`
    select count(*) as orders,
           coalesce(sum(total), 0)::int8 as revenue,
           coalesce(sum(total - tax1_total - tax2_total - tax3_total), 0)::int8 as "revenueLessTax",
           coalesce(sum(vendor_share_total), 0)::int8 as "vendorShares"
    from orders
    where store_id = ${storeId} and status = 'COMPLETED'
      and completed_at >= ${since} and completed_at <= ${now}`.execute(db);
  return rows[0]!;
}

/** All-time completed orders and revenue come from the counters the database keeps (migration 0008). */
export async function ownerCounters(db: Db, storeId: number) {
  const { rows } = await sql<{ orders: bigint; revenue: bigint; products: bigint; staff: bigint }>`
    select coalesce((select completed_orders from store_counters where store_id = ${storeId}), 0)::int8 as orders,
           coalesce((select completed_revenue from store_counters where store_id = ${storeId}), 0)::int8 as revenue,
           (select count(*) from inventory_items where store_id = ${storeId} and archived_at is null) as products,
           (select count(distinct user_id) from role_assignments where store_id = ${storeId}) as staff`.execute(db);
  const row = rows[0]!;
  return { totalRevenue: row.revenue, totalOrders: row.orders, totalProducts: row.products, totalStaff: row.staff };
}

export async function managerCounters(db: Db, storeId: number, now: Date) {
  const [today, { rows }] = await Promise.all([
    completedSince(db, storeId, periodStart(storeId, now, 'day'), now),
    sql<{ pending: bigint; lowStock: bigint; activeStaff: bigint }>`
      select (select count(*) from orders where store_id = ${storeId} and status in ('DRAFT', 'PENDING')) as pending,
             (select count(*) from inventory_items where store_id = ${storeId} and archived_at is null
                and quantity_on_hand <= reorder_level) as "lowStock",
             (select count(distinct s.user_id) from sessions s
                where s.revoked_at is null and s.expires_at > ${now}::timestamptz
                  and s.last_used_at > ${now}::timestamptz - interval '24 hours'
                  and exists (select 1 from role_assignments ra where ra.user_id = s.user_id and ra.store_id = ${storeId})) as "activeStaff"`.execute(db),
  ]);
  return { dailyRevenue: today.revenue, pendingOrders: rows[0]!.pending, lowStockItems: rows[0]!.lowStock, activeStaff: rows[0]!.activeStaff };
}

export async function staffCounters(db: Db, storeId: number, userId: bigint, now: Date) {
  const [today, { rows }] = await Promise.all([
    completedSince(db, storeId, periodStart(storeId, now, 'day'), now),
    sql<{ drafts: bigint }>`
      select count(*) as drafts from orders where store_id = ${storeId} and status = 'DRAFT' and created_by = ${userId}`.execute(db),
  ]);
  return { todayOrders: today.orders, todayRevenue: today.revenue, pendingTasks: rows[0]!.drafts };
}

export async function accountantCounters(db: Db, storeId: number, now: Date) {
  const [month, { rows }] = await Promise.all([
    completedSince(db, storeId, periodStart(storeId, now, 'month'), now),
    sql<{ invoices: bigint }>`
      select count(*) as invoices from vendors
      where store_id = ${storeId} and archived_at is null and outstanding_statement_balance <> 0`.execute(db),
  ]);
  return { monthlyRevenue: month.revenueLessTax, monthlyExpenses: month.vendorShares, pendingInvoices: rows[0]!.invoices };
}
