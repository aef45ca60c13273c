/**
 * Fills a PostgreSQL database (DATABASE_URL, default postgres://root@127.0.0.1:5432/pos_bench,
 * created if missing) with realistic data, fast, with bulk SQL:
 *   20 stores, users for every role in each, 100k vendors in store 1 (of every vendor
 *   type, a third paying rent), 300k item codes, 1M orders over two years with 5M lines,
 *   and the vendor ledger's entries of every completed order (SALE and COMMISSION of each
 *   vendor line, dated when the order completed). A big vendor takes a share of store 1's
 *   lines (code BC1, 4% by default: some 100k entries at full size), for its statement.
 * Sizes are flags: --stores --vendors --item-codes --orders --lines-per-order --big-vendor-share.
 * Idempotent: each phase counts what is there and adds only what is missing, so a second
 * run does not duplicate anything. Secondary indexes of the bulk tables are dropped
 * during a large load and recreated from their own definitions afterwards.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb, migrateToLatest } from '@pos/db';
import { hashPassword } from '../packages/api/src/features/auth/tokens';
import { keepVendorSlugs } from '../packages/api/src/features/books/books.service';

export const BENCH_PASSWORD = 'benchpass1';
/** The scrypt cost of the bench users' hashes; the bench server uses it too, so no login rehashes them. */
export const BENCH_SCRYPT_COST = 16384;
export const DEFAULT_BENCH_URL = 'postgres://root@127.0.0.1:5432/pos_bench';

/**
 * Accounts the login scenario signs in as, one per connection (docs/PERFORMANCE.md,
 * "Login"): the product refuses more than a few sign-ins of one account from one address
 * at once (pending attempts count), so each connection signs in as its own account and
 * never has more than one attempt pending. Staff of Bench Store 1, password BENCH_PASSWORD.
 */
export const LOGIN_ACCOUNTS = 64;
export const loginAccount = (i: number) => `benchlogin${i + 1}`;

/** Runs one statement (a pg client's query, or a Kysely raw query). */
export type RunSql = (text: string, params: unknown[]) => Promise<unknown>;

/**
 * Makes the login scenario's accounts that are missing (idempotent; no id is used up by
 * accounts already there), hashed at BENCH_SCRYPT_COST, each STORE_STAFF of Bench Store 1.
 */
export async function ensureLoginAccounts(run: RunSql): Promise<void> {
  const hash = await hashPassword(BENCH_PASSWORD, BENCH_SCRYPT_COST);
  await run(
    `insert into users (username, email, password_hash)
     select 'benchlogin' || i, 'benchlogin' || i || '@bench.test', $2
     from generate_series(1, $1::int) i
     where not exists (select 1 from users u where u.username = 'benchlogin' || i)
     order by i
     on conflict do nothing`,
    [LOGIN_ACCOUNTS, hash],
  );
  await run(
    `insert into role_assignments (store_id, user_id, role)
     select s.id, u.id, 'STORE_STAFF' from stores s
     join users u on u.username like 'benchlogin%'
     where s.name = 'Bench Store 1'
     on conflict do nothing`,
    [],
  );
}

export interface Sizes {
  stores: number;
  vendors: number;
  itemCodes: number;
  orders: number;
  linesPerOrder: number;
  /** Percent of store 1's lines sold under code BC1 (one vendor), for a statement of many entries. */
  bigVendorShare: number;
}

export function readSizes(argv: string[]): Sizes {
  const { values } = parseArgs({
    args: argv,
    options: {
      stores: { type: 'string', default: '20' },
      vendors: { type: 'string', default: '100000' },
      'item-codes': { type: 'string', default: '300000' },
      orders: { type: 'string', default: '1000000' },
      'lines-per-order': { type: 'string', default: '5' },
      'big-vendor-share': { type: 'string', default: '4' },
    },
    strict: false,
  });
  const n = (v: unknown) => {
    const x = Number(v);
    if (!Number.isInteger(x) || x < 0) throw new Error(`not a size: ${String(v)}`);
    return x;
  };
  return {
    stores: Math.max(1, n(values.stores)),
    vendors: n(values.vendors),
    itemCodes: n(values['item-codes']),
    orders: n(values.orders),
    linesPerOrder: Math.max(1, n(values['lines-per-order'])),
    bigVendorShare: Math.min(100, n(values['big-vendor-share'])),
  };
}

/** Creates the database of `url` when it is missing. */
export async function ensureDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
}

const log = (msg: string) => console.log(`[generate ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  log(`${label} (${((performance.now() - start) / 1000).toFixed(1)} s)`);
  return result;
}

async function count(client: pg.Client, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await client.query<{ n: string }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

/** Drops the secondary indexes of `tables`, runs `load`, recreates them from their definitions. */
async function withoutIndexes(client: pg.Client, tables: string[], load: () => Promise<void>) {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  for (const r of rows) await client.query(`drop index ${pg.escapeIdentifier(r.indexname)}`);
  try {
    await load();
  } catch (error) {
    // A failed batch leaves its transaction aborted; end it so the indexes can come back.
    await client.query('rollback');
    throw error;
  } finally {
    for (const r of rows) await timed(`index ${r.indexname}`, () => client.query(r.indexdef));
  }
}

/**
 * Deletes the orders earlier load runs made through the product (the generator's orders
 * have no creator), with their lines, and the login scenario's sessions and attempts. Left in place they pile up by the ten thousand as
 * the newest drafts of the bench store, which every newest-first lookup then walks past:
 * a keyword lookup measured 48 ms after three runs against 23 ms on the generated data.
 */
export async function removeLoadLeftovers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The product's drafts (/order/next), and the submit scenario's drafts a run left
    // unsubmitted (numbered SB…; a submitted one has payments, which are never deleted).
    const made = `select id from orders o where store_id in (select id from stores where name like 'Bench Store %')
      and ((created_by is not null and status = 'DRAFT') or (order_number like 'SB%' and status = 'DRAFT'))
      and not exists (select 1 from order_payments p where p.store_id = o.store_id and p.order_id = o.id)`;
    await client.query('begin');
    await client.query(`delete from order_lines where order_id in (${made})`);
    const { rowCount } = await client.query(`delete from orders where id in (${made})`);
    // The login scenario's sessions (one a call, some 10,000 a run): left in place they are
    // live sessions every manager's dashboard counts its active staff through.
    await client.query(`delete from sessions where user_id in (select id from users where username like 'benchlogin%')`);
    // And the attempts a run stopped in the middle of a sign-in left pending (they would
    // count toward the account's limit for the window).
    await client.query(`delete from auth_attempts where account in (select 'user:' || id from users where username like 'benchlogin%')`);
    await client.query('commit');
    // As after generating: index-only scans need the visibility map the deletes cleared.
    if (rowCount) await client.query('vacuum analyze orders, order_lines');
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * What autovacuum does on a live server, done before each measurement (this machine's
 * PostgreSQL runs with autovacuum off): every sale updates the same few rows (the
 * vendor's balance, the store's counters and totals, the day's report rows), and their
 * dead versions slow every later sale until a vacuum; without it, whichever door is
 * measured later pays for the sales of the doors before it.
 */
export async function vacuumDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum');
  } finally {
    await client.end();
  }
}

export async function generate(url: string, sizes: Sizes) {
  await ensureDatabase(url);
  const handle = await createDb({ url, poolSize: 1 });
  await migrateToLatest(handle.db);
  await handle.close();
  log(`orders left by earlier load runs, removed: ${await removeLoadLeftovers(url)}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  await client.query("set maintenance_work_mem = '512MB'");
  // The hashed checks below ("not in" the orders already paid) hold a million ids: with the
  // default 4 MB a second run's check fell back to a scan per order and never finished.
  await client.query("set work_mem = '256MB'");
  await client.query('select setseed(0.42)');
  log(`sizes ${JSON.stringify(sizes)}`);

  // Stores, named so a second run finds them.
  const haveStores = await count(client, "select count(*) as n from stores where name like 'Bench Store %'");
  if (haveStores < sizes.stores) {
    await client.query(
      `insert into stores (name, time_zone, order_prefix, next_order_number, default_vendor_commission_percent,
         tax1_short_name, tax1_long_name, tax1_percent, tax1_enabled, tax1_apply_by_default,
         tax2_short_name, tax2_long_name, tax2_percent, tax2_enabled, tax2_apply_by_default)
       select 'Bench Store ' || i, (array['America/New_York','America/Chicago','America/Denver','America/Los_Angeles'])[1 + i % 4],
         'B' || i || '-', 1, 15000000, 'GST', 'Goods and Services Tax', 5000000, true, true, 'PST', 'Provincial Sales Tax', 7000000, true, false
       from generate_series($1::int, $2::int) i`,
      [haveStores + 1, sizes.stores],
    );
  }
  const { rows: storeRows } = await client.query<{ id: string }>("select id from stores where name like 'Bench Store %' order by id");
  const storeIds = storeRows.map((r) => Number(r.id));
  const firstStore = storeIds[0]!;
  log(`stores: ${storeIds.length}`);

  // Users for every role in every store (password benchpass1), plus the admin.
  const hash = await hashPassword(BENCH_PASSWORD, BENCH_SCRYPT_COST);
  await client.query(
    `insert into users (username, email, password_hash)
     select r.u || s.id, r.u || s.id || '@bench.test', $1
     from stores s cross join (values ('owner'), ('manager'), ('cashier'), ('accountant')) r(u)
     where s.name like 'Bench Store %'
     on conflict do nothing`,
    [hash],
  );
  await client.query(
    `insert into role_assignments (store_id, user_id, role)
     select s.id, u.id, r.role from stores s
     cross join (values ('owner', 'STORE_OWNER'), ('manager', 'STORE_MANAGER'), ('cashier', 'STORE_STAFF'), ('accountant', 'STORE_ACCOUNTANT')) r(u, role)
     join users u on u.username = r.u || s.id
     where s.name like 'Bench Store %'
     on conflict do nothing`,
  );
  await client.query(`insert into users (username, email, password_hash) values ('benchadmin', 'benchadmin@bench.test', $1) on conflict do nothing`, [hash]);
  await client.query(
    `insert into role_assignments (store_id, user_id, role)
     select s.id, u.id, 'ABSOLUTE_ADMIN' from stores s, users u where s.is_platform and u.username = 'benchadmin' on conflict do nothing`,
  );
  await ensureLoginAccounts((text, params) => client.query(text, params));
  log(`users: ${await count(client, "select count(*) as n from users where email like '%@bench.test'")}`);

  // Vendors: all in store 1 (the large store of the targets).
  const haveVendors = await count(client, 'select count(*) as n from vendors where store_id = $1', [firstStore]);
  if (haveVendors < sizes.vendors) {
    await timed(`vendors ${haveVendors + 1}..${sizes.vendors}`, () =>
      client.query(
        // Balances start at zero: the ledger's entries make them (below).
        `insert into vendors (store_id, trade_name, deduct_monthly_rent, vendor_type, monthly_rent,
           contact_name, contact_email, contact_primary_phone, contact_secondary_phone)
         select $1, (array['Oak','Brass','Velvet','Copper','Willow','Amber','Iron','Maple','Cedar','Linen'])[1 + i % 10] || ' '
                 || (array['Antiques','Vintage','Finds','Collectibles','Treasures','Curios','Relics'])[1 + (i / 10) % 7] || ' ' || i,
           i % 3 = 0, (array['VENDOR','VENDOR','VENDOR','VENDOR_CONSIGNMENT','CONSIGNMENT'])[1 + i % 5],
           case when i % 3 = 0 then (50 + (i % 8) * 25) * 1000000 else 0 end,
           case when i % 50 = 0 then null else (array['Ann','Bob','Cleo','Dev','Eve','Finn','Gus','Hana','Ivan','June'])[1 + (i * 7) % 10] || ' ' || chr(65 + i % 26) || '. Smith' || i end,
           case when i % 50 = 0 then null else 'vendor' || i || '@example.com' end,
           case when i % 50 = 0 then null else '555-' || lpad((i % 10000)::text, 4, '0') || '-' || i end,
           ''
         from generate_series($2::int, $3::int) i`,
        [firstStore, haveVendors + 1, sizes.vendors],
      ),
    );
  }

  // Each vendor's account slug, as the vendor service keeps it at every add (docs/BOOKS.md, Default names).
  const books = await createDb({ url, poolSize: 1 });
  await timed('vendor account slugs', async () => {
    for (const storeId of storeIds) await books.db.transaction().execute((trx) => keepVendorSlugs(trx, storeId));
  });
  await books.close();

  // Item codes: 90% in store 1 spread over its vendors, the rest unassigned in other stores.
  const haveCodes = await count(client, "select count(*) as n from item_codes where tag like 'BC%'");
  if (haveCodes < sizes.itemCodes) {
    await timed(`item codes ${haveCodes + 1}..${sizes.itemCodes}`, () =>
      client.query(
        // The vendor ids as one array, indexed per code: a lookup per row would scan them all.
        `insert into item_codes (store_id, vendor_id, tag, warn_on_no_control_code, default_commission_percent)
         select case when i % 10 = 0 then ($4::bigint[])[1 + i % array_length($4::bigint[], 1)] else $1 end,
                case when i % 10 = 0 or v.n = 0 then null else v.ids[1 + i % v.n] end,
                'BC' || i, i % 17 = 0, (10 + i % 21) * 1000000
         from (select array_agg(id order by id) as ids, count(*)::int as n from vendors where store_id = $1) v
         cross join generate_series($2::int, $3::int) i`,
        [firstStore, haveCodes + 1, sizes.itemCodes, storeIds],
      ),
    );
  }

  // Orders over two years, half of them in store 1, with their lines.
  const haveOrders = await count(client, "select count(*) as n from orders where order_number like 'B%-%' and store_id = any($1)", [storeIds]);
  if (haveOrders < sizes.orders) {
    const load = async () => {
      const batch = 100_000;
      for (let from = haveOrders + 1; from <= sizes.orders; from += batch) {
        const to = Math.min(sizes.orders, from + batch - 1);
        await timed(`orders ${from}..${to} with ${sizes.linesPerOrder} lines each`, async () => {
          await client.query('begin');
          const prevMax = await count(client, 'select coalesce(max(id), 0) as n from orders');
          await client.query(
            `insert into orders (store_id, order_number, status, customer_name, created_at, updated_at, completed_at)
             select st, 'B' || st || '-' || i,
                    case when i % 40 = 0 then 'DRAFT' when i % 97 = 0 then 'PENDING' else 'COMPLETED' end,
                    (array['Alice','Bruno','Chloe','Dmitri','Elena','Farah','George','Hiro','Ines','Jonas','Kemal','Lucia'])[1 + i % 12] || ' '
                      || (array['Walker','Nguyen','Garcia','Okafor','Schmidt','Rossi','Tanaka','Silva','Novak','Haddad'])[1 + (i / 12) % 10],
                    ts, ts, case when i % 40 = 0 or i % 97 = 0 then null else ts + interval '5 minutes' end
             from (select i, case when i % 2 = 0 then ($3::bigint[])[1] else ($3::bigint[])[1 + i % array_length($3::bigint[], 1)] end as st,
                          now() - (i % 730) * interval '1 day' - ((i::bigint * 7919) % 86400) * interval '1 second' as ts
                   from generate_series($1::int, $2::int) i) g`,
            [from, to, storeIds],
          );
          // Prices are whole multiples of $2, so 10% discounts, 5% tax and 15% commission
          // are exact cents and the stored amounts agree with the domain arithmetic.
          await client.query(
            `insert into order_lines (store_id, order_id, item_code, item_code_id, description, quantity, price, discount_percent,
               amount, discount_amount, total, tax1_enabled, tax1_percent, tax1_amount, tax1_description,
               commission_percent, vendor_share)
             select o.store_id, o.id, 'BC' || x.c, ic.id,
                    (array['Brass','Oak','Velvet','Copper','Glass','Silver','Pine','Enamel'])[1 + (o.id + l) % 8] || ' '
                      || (array['lamp','chair','mirror','vase','clock','teapot','frame','brooch','quilt','radio'])[1 + (o.id * 3 + l) % 10],
                    x.q, x.p, x.d, x.p * x.q, x.p * x.q * x.d / 100000000, y.total,
                    true, 5000000, y.total / 20, 'GST', 15000000, y.total - y.total * 15 / 100
             from orders o
             cross join generate_series(1, $2::int) l
             cross join lateral (select 1 + (o.id + l) % 3 as q, (1 + (o.id * 31 + l * 17) % 250) * 2000000 as p,
                                        case when (o.id + l) % 5 = 0 then 10000000 else 0 end as d,
                                        case when o.store_id = $5 and (o.id * 7 + l) % 100 < $4 then 1
                                             else 1 + (o.id * 13 + l) % greatest($3::int, 1) end as c) x
             cross join lateral (select x.p * x.q - x.p * x.q * x.d / 100000000 as total) y
             left join item_codes ic on ic.store_id = o.store_id and lower(ic.tag) = lower('BC' || x.c) and ic.archived_at is null
             where o.id > $1`,
            [prevMax, sizes.linesPerOrder, sizes.itemCodes, sizes.bigVendorShare, firstStore],
          );
          await client.query('commit');
        });
      }
      await timed('order totals', () =>
        client.query(
          `update orders o set subtotal = s.amount, discount_total = s.discount, tax1_total = s.tax1,
             total = s.amount - s.discount + s.tax1, vendor_share_total = s.share
           from (select order_id, sum(amount)::int8 as amount, sum(discount_amount)::int8 as discount, sum(tax1_amount)::int8 as tax1,
                        sum(vendor_share)::int8 as share from order_lines group by order_id) s
           where o.id = s.order_id and o.total = 0`,
        ),
      );
      await timed('next order numbers', () =>
        client.query(`update stores s set next_order_number = greatest(s.next_order_number, coalesce(m.n, 0) + 1)
                      from (select store_id, max(substring(order_number from '-(\\d+)$')::bigint) as n from orders
                            where order_number like 'B%-%' group by store_id) m where m.store_id = s.id`),
      );
    };
    if (sizes.orders - haveOrders > 50_000) await withoutIndexes(client, ['orders', 'order_lines'], load);
    else await load();
  }
  // Only the generator's own orders (numbered B…-…, no creator): the sales the submit
  // scenario completed were posted by checkout itself.
  await postGeneratedSales(client, "o.created_by is null and o.order_number like 'B%-%'", haveOrders < sizes.orders);
  log(`ledger: ${await count(client, 'select count(*) as n from ledger_entries')} entries, ${await count(client, 'select count(*) as n from ledger_accounts')} accounts`);

  // Vacuum as autovacuum would have by now: it sets the visibility map index-only scans rely on.
  await timed('vacuum analyze', () => client.query('vacuum analyze'));
  log(
    `done: ${await count(client, 'select count(*) as n from vendors')} vendors, ${await count(client, 'select count(*) as n from item_codes')} item codes, ` +
      `${await count(client, 'select count(*) as n from orders')} orders, ${await count(client, 'select count(*) as n from order_lines')} lines`,
  );
  await client.end();
  return { storeIds, firstStore };
}

/**
 * What checkout writes for the generated completed orders (`generated`: a condition on
 * their orders `o`, none of them posted by the product), in set-based SQL, each phase
 * adding only what is missing: the vendor ledger's entries, a cash payment, the SALE
 * journals with their sums, and the reports' per-day figures (recomputed when
 * `ordersAdded` or anything was posted).
 */
export async function postGeneratedSales(client: pg.Client, generated: string, ordersAdded: boolean): Promise<void> {
  // The vendor ledger: every completed order's vendor lines post SALE + total and
  // COMMISSION − (total − vendor share), dated when the order completed, in order-id
  // batches from the last order already posted (entries are only ever appended). The
  // generator's sales are paid by cash: no card fees. The ledger's trigger keeps the
  // accounts' and vendors' balances.
  const posted = await count(client, 'select coalesce(max(order_id), 0) as n from ledger_entries where created_by is null');
  const lastOrder = await count(client, `select coalesce(max(id), 0) as n from orders o where ${generated}`);
  // Orders after the last one posted that post anything (the newest may be drafts, or sell only the store's own goods).
  const toPost = await count(
    client,
    `select count(*) as n from (select 1 from orders o join order_lines l on l.order_id = o.id join item_codes c on c.id = l.item_code_id
     where o.id > $1 and o.status = 'COMPLETED' and c.vendor_id is not null and ${generated} limit 1) x`,
    [posted],
  );
  if (toPost > 0) {
    const post = async () => {
      const batch = 100_000;
      for (let from = posted + 1; from <= lastOrder; from += batch) {
        const to = Math.min(lastOrder, from + batch - 1);
        await timed(`ledger entries of orders ${from}..${to}`, () =>
          client.query(
            `insert into ledger_entries (store_id, vendor_id, item_code_id, kind, amount, order_id, order_line_id, created_at)
             select l.store_id, c.vendor_id, case when c.receives_separate_statement then c.id end, k.kind,
                    case when k.kind = 'SALE' then l.total else l.vendor_share - l.total end, l.order_id, l.id, o.completed_at
             from orders o
             join order_lines l on l.order_id = o.id
             join item_codes c on c.id = l.item_code_id
             cross join (values ('SALE'), ('COMMISSION')) k(kind)
             where o.id between $1 and $2 and o.status = 'COMPLETED' and c.vendor_id is not null and ${generated}
               and (k.kind = 'SALE' or l.vendor_share <> l.total)
             order by o.id, l.id, k.kind desc`,
            [from, to],
          ),
        );
      }
    };
    // The reports' per-day figures and the balances' history are computed once from every
    // row below, not entry batch by batch (the batches are not in date order).
    await client.query('alter table ledger_entries disable trigger report_days_ledger_entries');
    await client.query('alter table ledger_entries disable trigger ledger_entries_store_history');
    try {
      if (lastOrder - posted > 50_000) await withoutIndexes(client, ['ledger_entries'], post);
      else await post();
    } finally {
      await client.query('alter table ledger_entries enable trigger report_days_ledger_entries');
      await client.query('alter table ledger_entries enable trigger ledger_entries_store_history');
    }
    await timed('balance history', () => client.query('select ledger_balance_history_rebuild()'));
  }
  // Payments: the generator's completed orders are paid in cash at the store's Cash method,
  // tendered rounded up to the next whole currency unit and the difference handed back, so
  // the payment method reports and the Z report read rows as a till leaves them.
  // A hashed list of the orders paid before the statement (a correlated check would read the
  // statement's own new rows again for every order).
  const unpaidWhere = `${generated} and o.status = 'COMPLETED' and o.id not in (select p.order_id from order_payments p)`;
  const unpaid = await count(client, `select count(*) as n from orders o where ${unpaidWhere}`);
  if (unpaid > 0) {
    // Each row's foreign keys hold by construction (selected from orders and their store's
    // method): this one statement runs with the replica role, which skips checking them row by row.
    await timed(`cash payments of ${unpaid} orders`, () =>
      client.query(
        `set session_replication_role = replica;
         insert into order_payments (store_id, order_id, payment_method_id, method_name, is_cash, vendor_fee_percent, amount, applied, customer_fee, change, created_at)
         select o.store_id, o.id, m.id, m.name, true, 0, t.tendered, o.total, 0, t.tendered - o.total, o.completed_at
         from orders o
         join payment_methods m on m.store_id = o.store_id and m.is_cash and m.archived_at is null
         cross join lateral (select (ceil(o.total / 1000000.0) * 1000000)::bigint as tendered) t
         where ${unpaidWhere};
         set session_replication_role = origin;`,
      ),
    );
  }
  // The books: a SALE journal for every generated completed order, with the legs the books
  // writer gives it (packages/domain saleJournal: the payments against each vendor's
  // net, commission, own lines and taxes; bench/books.ts checks a sample against the
  // writer's own functions), and the sums it keeps (journal_days, journal_balances).
  await generateJournals(client, generated);
  // The reports' figures per store and local day (report_days): its triggers see orders
  // completed by an update and entries inserted later, not orders inserted COMPLETED with
  // their totals set afterwards as above, so after a load they are computed from the rows.
  if (ordersAdded || toPost > 0 || unpaid > 0) {
    await timed('analyze before report days', () => client.query('analyze orders, order_lines, ledger_entries, order_payments, item_codes'));
    await timed('report days', () => client.query('select report_days_rebuild()'));
  }
}

/**
 * The SALE journals of the generated orders not yet journaled, in set-based SQL: the
 * journals in completion order (as the live writer numbers them), then their legs a
 * batch of journals at a time, summed per journal and account with zero sums left out,
 * exactly as the writer's legs are; then the writer's per-day and per-account sums. The
 * legs are inserted with the replica role, which skips the per-row balance check at
 * commit; one statement checks every new journal balances instead.
 */
async function generateJournals(client: pg.Client, generated: string) {
  await timed('sale journals', () =>
    client.query(
      `insert into journals (store_id, kind, business_day, order_id, reference, created_at)
       select o.store_id, 'SALE', (o.completed_at at time zone s.time_zone)::date, o.id, o.order_number, o.completed_at
       from orders o join stores s on s.id = o.store_id
       where ${generated} and o.status = 'COMPLETED'
         and not exists (select 1 from journals j where j.store_id = o.store_id and j.order_id = o.id and j.kind = 'SALE')
       order by o.completed_at, o.id`,
    ),
  );
  // Legs for every journal after the last one that has legs, so a run stopped between the
  // journals and their legs makes the legs on the next run.
  const withLegs = await count(client, 'select coalesce(max(journal_id), 0) as n from journal_legs');
  const last = await count(client, 'select coalesce(max(id), 0) as n from journals');
  if (last <= withLegs) return;
  // Without statistics of the rows just loaded, the planner takes the journals for a few
  // and joins each to its lines through the store's whole trigram index (over 10 minutes
  // for 20k orders instead of seconds).
  await timed('analyze before legs', () => client.query('analyze journals, orders, order_lines, ledger_entries, order_payments'));
  const legs = async () => {
    const batch = 200_000;
    for (let from = withLegs + 1; from <= last; from += batch) {
      const to = Math.min(last, from + batch - 1);
      await timed(`legs of journals ${from}..${to}`, () =>
        client.query(
          `set session_replication_role = replica;
           insert into journal_legs (journal_id, store_id, account, amount)
           select journal_id, store_id, account, sum(amount)::bigint
           from (
             select j.id, j.store_id, case when p.is_cash then 'drawer' else 'clearing:' || p.payment_method_id end, p.applied + p.customer_fee
               from journals j join order_payments p on p.store_id = j.store_id and p.order_id = j.order_id
               where j.id between $1 and $2
             union all
             select j.id, j.store_id, 'customer-fees', -p.customer_fee
               from journals j join order_payments p on p.store_id = j.store_id and p.order_id = j.order_id
               where j.id between $1 and $2
             union all
             select j.id, j.store_id, 'vendor:' || e.vendor_id || coalesce(':' || e.item_code_id, ''), -e.amount
               from journals j join ledger_entries e on e.store_id = j.store_id and e.order_id = j.order_id
               where j.id between $1 and $2 and e.refund_id is null and e.kind in ('SALE', 'COMMISSION', 'CARD_FEE')
             union all
             select j.id, j.store_id, case e.kind when 'COMMISSION' then 'commission' else 'card-fee-recovery' end, e.amount
               from journals j join ledger_entries e on e.store_id = j.store_id and e.order_id = j.order_id
               where j.id between $1 and $2 and e.refund_id is null and e.kind in ('COMMISSION', 'CARD_FEE')
             union all
             select j.id, j.store_id, 'own-sales', -l.total
               from journals j join order_lines l on l.store_id = j.store_id and l.order_id = j.order_id
               where j.id between $1 and $2
                 and not exists (select 1 from ledger_entries e where e.order_line_id = l.id and e.refund_id is null and e.kind = 'SALE')
             union all
             select j.id, j.store_id, 'sales-tax:' || t.slot, -t.amount
               from journals j join order_lines l on l.store_id = j.store_id and l.order_id = j.order_id
               cross join lateral (values (1, l.tax1_amount), (2, l.tax2_amount), (3, l.tax3_amount)) t (slot, amount)
               where j.id between $1 and $2
           ) legs (journal_id, store_id, account, amount)
           group by journal_id, store_id, account
           having sum(amount) <> 0;
           set session_replication_role = origin;`.replace(/\$1/g, String(from)).replace(/\$2/g, String(to)),
        ),
      );
    }
  };
  if (last - withLegs > 50_000) await withoutIndexes(client, ['journal_legs'], legs);
  else await legs();
  const unbalanced = await count(
    client,
    'select count(*) as n from (select journal_id from journal_legs where journal_id > $1 group by journal_id having sum(amount) <> 0) x',
    [withLegs],
  );
  if (unbalanced > 0) throw new Error(`${unbalanced} generated journals do not balance`);
  await timed('journal days and balances', () =>
    client.query(
      `insert into journal_days as d (store_id, account, business_day, amount)
       select j.store_id, l.account, j.business_day, sum(l.amount)::bigint
       from journals j join journal_legs l on l.journal_id = j.id where j.id > $1
       group by j.store_id, l.account, j.business_day
       on conflict (store_id, account, business_day, slot) do update set amount = d.amount + excluded.amount;
       insert into journal_balances as b (store_id, account, balance)
       select j.store_id, l.account, sum(l.amount)::bigint
       from journals j join journal_legs l on l.journal_id = j.id where j.id > $1
       group by j.store_id, l.account
       on conflict (store_id, account, slot) do update set balance = b.balance + excluded.balance;`.replace(/\$1/g, String(withLegs)),
    ),
  );
  log(`journals: ${await count(client, 'select count(*) as n from journals')}, legs: ${await count(client, 'select count(*) as n from journal_legs')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  generate(process.env.DATABASE_URL ?? DEFAULT_BENCH_URL, readSizes(process.argv.slice(2))).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
