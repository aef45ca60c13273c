/**
 * Per-store running counters, kept by the database itself so figures that would
 * otherwise count a whole store stay O(1): live vendors (the vendor list's total) and
 * completed orders with their revenue (the owner's dashboard). Statement-level triggers
 * with transition tables add each statement's net change, so a bulk insert or update
 * touches a store's counter row once, and a statement that changes nothing counted (a
 * draft's line totals, say) writes nothing and takes no lock.
 */
import { sql, type Kysely } from 'kysely';

/**
 * The body of a counting trigger: `upsert` applied to the changed rows of the statement,
 * given as `select store_id, <columns>` with +1 for a row that now counts and -1 for one
 * that no longer does. A transition table exists only for its own event, so each event
 * reads only the tables it has; the statements are static, so their plans are cached.
 */
function countingBody(counted: string, plus: string, minus: string, upsert: (changed: string) => string) {
  const added = `select store_id, ${plus} from new_rows where ${counted}`;
  const removed = `select store_id, ${minus} from old_rows where ${counted}`;
  return `begin
    if tg_op = 'INSERT' then ${upsert(added)};
    elsif tg_op = 'DELETE' then ${upsert(removed)};
    else ${upsert(`${added} union all ${removed}`)};
    end if;
    return null;
  end`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table store_counters (
      store_id bigint primary key references stores (id),
      live_vendors bigint not null default 0,
      completed_orders bigint not null default 0,
      completed_revenue bigint not null default 0
    )`.execute(db);

  const vendorsBody = countingBody(
    'archived_at is null',
    '1 as d',
    '-1 as d',
    (changed) => `insert into store_counters as c (store_id, live_vendors)
      select store_id, sum(d) from (${changed}) x group by store_id having sum(d) <> 0
      on conflict (store_id) do update set live_vendors = c.live_vendors + excluded.live_vendors`,
  );
  await sql.raw(`create function store_counters_vendors() returns trigger language plpgsql as $fn$ ${vendorsBody} $fn$`).execute(db);
  const ordersBody = countingBody(
    "status = 'COMPLETED'",
    '1 as n, total as t',
    '-1 as n, -total as t',
    (changed) => `insert into store_counters as c (store_id, completed_orders, completed_revenue)
      select store_id, sum(n), sum(t) from (${changed}) x group by store_id having sum(n) <> 0 or sum(t) <> 0
      on conflict (store_id) do update
        set completed_orders = c.completed_orders + excluded.completed_orders,
            completed_revenue = c.completed_revenue + excluded.completed_revenue`,
  );
  await sql.raw(`create function store_counters_orders() returns trigger language plpgsql as $fn$ ${ordersBody} $fn$`).execute(db);

  for (const table of ['vendors', 'orders']) {
    await sql.raw(`create trigger ${table}_count_insert after insert on ${table} referencing new table as new_rows for each statement execute function store_counters_${table}()`).execute(db);
    await sql
      .raw(`create trigger ${table}_count_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function store_counters_${table}()`)
      .execute(db);
    await sql.raw(`create trigger ${table}_count_delete after delete on ${table} referencing old table as old_rows for each statement execute function store_counters_${table}()`).execute(db);
  }

  // Rows already there (a database migrated with data in it).
  await sql`
    insert into store_counters (store_id, live_vendors, completed_orders, completed_revenue)
    select s.id,
           (select count(*) from vendors v where v.store_id = s.id and v.archived_at is null),
           (select count(*) from orders o where o.store_id = s.id and o.status = 'COMPLETED'),
           (select coalesce(sum(total), 0) from orders o where o.store_id = s.id and o.status = 'COMPLETED')
    from stores s`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['vendors', 'orders']) {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger ${table}_count_${event} on ${table}`).execute(db);
  }
  await sql`drop function store_counters_vendors()`.execute(db);
  await sql`drop function store_counters_orders()`.execute(db);
  await sql`drop table store_counters`.execute(db);
}
