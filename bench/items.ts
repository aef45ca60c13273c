/**
 * The items screen at 500k items (docs/PERFORMANCE.md, Items): server time of /item/list
 * through the API's procedures in this process (auth, validation, SQL and the answer's
 * check; no HTTP), each call `--runs` times after one warm-up, on one store holding
 * `--items` items of 200 vendors' codes (made once, then reused): the first page, a page
 * deep in the list (by `after`), each filter, and searches (an item number, a word of the
 * descriptions, a rare word, a vendor's name). Prints p50, p95 and max ms per call.
 *
 *   ITEMS_BENCH_URL=postgres://root@127.0.0.1:5432/pos_items_bench npx tsx bench/items.ts --items 500000 --runs 20
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb, migrateToLatest } from '@pos/db';
import type { ListItemsInput } from '@pos/contracts';
import { BENCH_PASSWORD, ensureDatabase } from './generate';
import { timeCalls } from './quantile';
import { benchCaller, type Caller } from './record';

const STORE_NAME = 'Items Bench Store';
const VENDORS = 200;
const WORDS = ['oak', 'brass', 'glass', 'quilt', 'lamp', 'chair', 'vase', 'plate', 'mirror', 'clock', 'cameo', 'teacup', 'rug', 'desk', 'frame'];

async function main() {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { runs: { type: 'string', default: '20' }, items: { type: 'string', default: '500000' } }, strict: false });
  const runs = Number(values.runs);
  const wanted = Number(values.items);
  const url = process.env.ITEMS_BENCH_URL ?? 'postgres://root@127.0.0.1:5432/pos_items_bench';
  await ensureDatabase(url);
  const handle = await createDb({ url, poolSize: 4 });
  const db = handle.db;
  await migrateToLatest(db);
  const anonymous = benchCaller(db);
  let store = await db.selectFrom('stores').select('id').where('name', '=', STORE_NAME).executeTakeFirst();
  if (!store) {
    await anonymous.auth.signup({ username: 'itemsbench', email: 'itemsbench@example.test', password: BENCH_PASSWORD, storeName: STORE_NAME });
    store = await db.selectFrom('stores').select('id').where('name', '=', STORE_NAME).executeTakeFirstOrThrow();
  }
  const storeId = Number(store.id);
  const login = await anonymous.auth.login({ usernameOrEmail: 'itemsbench', password: BENCH_PASSWORD });
  const as: Caller = benchCaller(db, { token: login.token, storeId, role: 'STORE_OWNER' });

  const codes = await db.selectFrom('item_codes').select((eb) => eb.fn.countAll<bigint>().as('n')).where('store_id', '=', BigInt(storeId)).executeTakeFirstOrThrow();
  if (codes.n === 0n) {
    for (let v = 1; v <= VENDORS; v++) {
      const { vendor } = await as.vendor.add({ tradeName: `Vendor ${String(v).padStart(3, '0')} Antiques`, contactName: 'Bench', contactEmail: `v${v}@example.test`, primaryPhone: '555-0100' });
      await as.store.itemcode.add({ tag: `V${v}`, vendorId: vendor.id });
    }
  }
  const have = Number((await db.selectFrom('items').select((eb) => eb.fn.countAll<bigint>().as('n')).where('store_id', '=', BigInt(storeId)).executeTakeFirstOrThrow()).n);
  if (have < wanted) {
    const started = performance.now();
    // Straight into the tables (intake through the API makes the same rows, far slower):
    // numbers from the store's counter, vendors round robin, one INTAKE movement each;
    // 20k a statement, within the statement timeout.
    for (let from = have + 1; from <= wanted; from += 20_000) {
      const to = Math.min(wanted, from + 19_999);
      await sql`
      with codes as (select id, row_number() over (order by id) - 1 as k from item_codes where store_id = ${storeId}::int8),
      n as (select g from generate_series(${from}::int8, ${to}::int8) g),
      added as (
        insert into items (store_id, item_number, item_code_id, description, price, quantity, category, intake_date, printed_price, status)
        select ${storeId}::int8, (10000 + g)::text, c.id,
               initcap((array[${sql.join(WORDS)}]::text[])[1 + g % ${WORDS.length}::int8]) || ' ' || (array[${sql.join(WORDS)}]::text[])[1 + (g / 7) % ${WORDS.length}::int8] || ' no. ' || g,
               (1 + g % 500) * 1000000, 1, (array['Furniture', 'Glass', 'Jewelry', 'Textiles', 'Books'])[1 + g % 5],
               current_date - (g % 700)::int, case when g % 20 = 0 then null else (1 + g % 500) * 1000000 end,
               case when g % 3 = 0 then 'SOLD' when g % 50 = 0 then 'WITHDRAWN' else 'ACTIVE' end
        from n join codes c on c.k = g % ${VENDORS}::int8
        returning id, quantity, price
      )
      insert into item_movements (store_id, item_id, kind, quantity_delta, quantity_after, price_after)
      select ${storeId}::int8, id, 'INTAKE', quantity, quantity, price from added`.execute(db);
    }
    await sql`insert into item_number_counters (store_id, next_number) values (${storeId}, ${10001 + wanted}) on conflict (store_id) do update set next_number = excluded.next_number`.execute(db);
    await sql`analyze items`.execute(db);
    console.log(`made ${wanted - have} items in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const total = (await db.selectFrom('items').select((eb) => eb.fn.countAll<bigint>().as('n')).where('store_id', '=', BigInt(storeId)).executeTakeFirstOrThrow()).n;
  const vendor = await db.selectFrom('vendors').select('id').where('store_id', '=', BigInt(storeId)).where('trade_name', '=', 'Vendor 042 Antiques').executeTakeFirstOrThrow();
  const deep = await db.selectFrom('items').select('id').where('store_id', '=', BigInt(storeId)).orderBy('id', 'desc').offset(Math.floor(Number(total) / 2)).limit(1).executeTakeFirstOrThrow();
  console.log(`store ${storeId}: ${total} items, ${VENDORS} vendors`);

  const list = (f: Partial<ListItemsInput>) => (c: Caller) => c.item.list({ pageSize: 50, ...f });
  const calls: { name: string; call: (c: Caller) => Promise<{ items: unknown[] }> }[] = [
    { name: 'first-page', call: list({}) },
    { name: 'page-in-the-middle', call: list({ after: Number(deep.id) }) },
    { name: 'status-withdrawn', call: list({ status: 'WITHDRAWN' }) },
    { name: 'vendor', call: list({ vendorId: Number(vendor.id) }) },
    { name: 'category', call: list({ category: 'jewelry' }) },
    { name: 'needs-new-tag', call: list({ needsNewTag: true }) },
    { name: 'search-number', call: list({ search: String(10000 + Math.floor(Number(total) / 3)) }) },
    { name: 'search-common-word', call: list({ search: 'brass' }) },
    { name: 'search-rare', call: list({ search: 'no. 123456' }) },
    { name: 'search-vendor-name', call: list({ search: 'vendor 042' }) },
    { name: 'search-nothing', call: list({ search: 'zzzzqqq' }) },
  ];
  for (const { name, call } of calls) {
    await call(as);
    await timeCalls(`item-list ${name}`, runs, () => call(as), (r) => `${r.items.length} rows`);
  }
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
