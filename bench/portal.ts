/**
 * The vendor portal for a vendor with many sold lines (docs/PERFORMANCE.md, Vendor
 * portal): server time of /portal/sales (the first page, a page in the middle and the
 * last page of this month, every line of the vendor's) and /portal/summary (My Booth)
 * through the API's procedures in this process (auth, validation, SQL and the answer's
 * check; no HTTP), each `--runs` times after one warm-up, beside /portal/payouts of a
 * vendor with none (the floor: the session check and two reads of no rows), then EXPLAIN
 * (ANALYZE, BUFFERS) of every statement they run. One store, one vendor with an item code at 20 % and a
 * card that passes its fee through, and `--lines` sold lines of theirs this month
 * (`--per-order` lines an order):
 *   - nine orders in ten paid in cash, made in set-based SQL with bench/generate.ts's
 *     machinery (the orders and lines here, then the ledger's entries, the cash payment,
 *     the SALE journals and their sums, the reports' days), spread over the month so
 *     far; a sample is checked against the domain's line and posting rules and the
 *     books writer's legs (bench/journal-check.ts);
 *   - each tenth order sold by card through /order/submit as the till does (card fees);
 *   - one unit of one line of every 50th order refunded through /order/refund.
 * The data is made once, then reused (run again with more `--lines` to add to it).
 *
 *   PORTAL_BENCH_URL=postgres://root@127.0.0.1:5432/pos_portal_bench npx tsx bench/portal.ts --lines 50000 --runs 20
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { createDb, migrateToLatest } from '@pos/db';
import { computeLine, linePostings, netOf } from '@pos/domain';
import { printPlans } from './explain';
import { BENCH_PASSWORD, ensureDatabase, postGeneratedSales, vacuumDatabase } from './generate';
import { checkJournalSums, checkSaleJournals } from './journal-check';
import { timeCalls } from './quantile';
import { benchCaller, createRecorder, type Caller, type Statement } from './record';

const STORE_NAME = 'Portal Bench Store';
const OWNER = 'portalbench';
const VENDOR_PERSON = 'portalbenchvendor';
const TAG = 'PB1';
const money = (cents: number) => ({ type: 'Money' as const, value: String(BigInt(cents) * 10_000n) });
const percent = (whole: number) => ({ type: 'Percent' as const, value: String(BigInt(whole) * 1_000_000n) });

/** The store, its vendor with their code and card, and the vendor's person signed in: made on the first run. */
async function setUp(db: Parameters<typeof benchCaller>[0]) {
  const anonymous = benchCaller(db);
  let store = await db.selectFrom('stores').select('id').where('name', '=', STORE_NAME).executeTakeFirst();
  if (!store) {
    await anonymous.auth.signup({ username: OWNER, email: `${OWNER}@example.test`, password: BENCH_PASSWORD, storeName: STORE_NAME });
    store = await db.selectFrom('stores').select('id').where('name', '=', STORE_NAME).executeTakeFirstOrThrow();
  }
  const storeId = Number(store.id);
  const login = await anonymous.auth.login({ usernameOrEmail: OWNER, password: BENCH_PASSWORD });
  const owner: Caller = benchCaller(db, { token: login.token, storeId, role: 'STORE_OWNER' });
  let vendor = await db.selectFrom('vendors').select('id').where('store_id', '=', BigInt(storeId)).executeTakeFirst();
  if (!vendor) {
    const added = await owner.vendor.add({ tradeName: 'Bench Booth Antiques', contactName: 'Bench', contactEmail: 'booth@example.test', primaryPhone: '555-0100', deductMonthlyRent: true, monthlyRent: money(5000) });
    await owner.store.itemcode.add({ tag: TAG, vendorId: added.vendor.id, defaultCommissionPercent: percent(20), proportionalCcFee: true });
    await owner.store.payment.create({ name: 'Bench Card', vendorFeePercent: percent(3), customerFeePercent: percent(0), customerFeeAmount: money(0), minimumAmount: money(0), requiresManagerApproval: false });
    const { inviteUrl } = await owner.vendor.invite({ vendorId: added.vendor.id, email: `${VENDOR_PERSON}@example.test` });
    const token = new URL(inviteUrl, 'http://localhost').pathname.split('/').pop()!;
    await anonymous.portal.accept({ token, username: VENDOR_PERSON, email: `${VENDOR_PERSON}@example.test`, password: BENCH_PASSWORD });
    vendor = { id: BigInt(added.vendor.id) };
  }
  const card = await db.selectFrom('payment_methods').select('id').where('store_id', '=', BigInt(storeId)).where('name', '=', 'Bench Card').executeTakeFirstOrThrow();
  const vendorLogin = await anonymous.auth.login({ usernameOrEmail: VENDOR_PERSON, password: BENCH_PASSWORD });
  const asVendor: Caller = benchCaller(db, { token: vendorLogin.token, storeId, role: 'VENDOR' });
  return { storeId, owner, asVendor, vendorId: vendor.id, cardId: Number(card.id) };
}

/**
 * `orders` cash orders of `perOrder` lines of the vendor's code, in set-based SQL: numbered
 * from the store's counter, completed at times spread over the month so far, each line
 * priced in half-dollars (so its 10 % discount and 20 % commission are whole cents),
 * every seventh line at 10 % off; the store charges no tax. Then what checkout writes for
 * them (bench/generate.ts postGeneratedSales).
 */
async function generateCashOrders(url: string, storeId: number, tag: string, orders: number, perOrder: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ first: string; lines: string }>(
      `select s.next_order_number::text as first,
              (select count(*) from order_lines l join orders o on o.id = l.order_id where o.store_id = s.id and o.created_by is null)::text as lines
       from stores s where s.id = $1 for update`,
      [storeId],
    );
    const first = Number(rows[0]!.first);
    const linesBefore = Number(rows[0]!.lines);
    await client.query(
      `insert into orders (store_id, order_number, status, customer_name, created_at, updated_at, completed_at)
       select s.id, s.order_prefix || (s.next_order_number + i), 'COMPLETED', 'Bench', ts, ts, ts
       from stores s
       cross join generate_series(0, $2::int - 1) i
       cross join lateral (select date_trunc('month', now() at time zone s.time_zone) at time zone s.time_zone as month_start) m
       cross join lateral (select m.month_start + (now() - interval '1 minute' - m.month_start) * ((i + 0.5) / $2::int) as ts) t
       where s.id = $1
       order by i`,
      [storeId, orders],
    );
    await client.query(
      `insert into order_lines (store_id, order_id, item_code, item_code_id, description, quantity, price, discount_percent,
         amount, discount_amount, total, commission_percent, vendor_share, created_at, updated_at)
       select o.store_id, o.id, c.tag, c.id, 'Bench piece ' || k, 1, x.price, x.discount, x.price, x.price * x.discount / 100000000,
              y.total, 20000000, y.total - y.total / 5, o.created_at, o.created_at
       from (select o.*, row_number() over (order by o.id) - 1 as n from orders o
             where o.store_id = $1 and o.created_by is null and not exists (select 1 from order_lines l where l.order_id = o.id)) o
       cross join generate_series(1, $2::int) j
       cross join lateral (select $3::int8 + o.n * $2::int + j as k) kk
       cross join lateral (select (10 + k % 100) * 500000 as price, case when k % 7 = 0 then 10000000 else 0 end as discount) x
       cross join lateral (select x.price - x.price * x.discount / 100000000 as total) y
       join item_codes c on c.store_id = o.store_id and c.tag = $4`,
      [storeId, perOrder, linesBefore, tag],
    );
    await client.query(
      `update orders o set subtotal = t.amount, discount_total = t.discount, total = t.amount - t.discount, vendor_share_total = t.share
       from (select order_id, sum(amount)::int8 as amount, sum(discount_amount)::int8 as discount, sum(vendor_share)::int8 as share
             from order_lines where store_id = $1 group by order_id) t
       where o.id = t.order_id and o.store_id = $1 and o.created_by is null and o.total = 0`,
      [storeId],
    );
    await client.query('update stores set next_order_number = next_order_number + $2 where id = $1', [storeId, orders]);
    await client.query('commit');
    log(`${orders} cash orders numbered from ${first}`);
    await postGeneratedSales(client, `o.created_by is null and o.store_id = ${storeId}`, true);
    // Checkout records what was tendered on the order as well as on its payment.
    await client.query(
      `update orders o set amount_paid = p.amount, change_due = p.change from order_payments p
       where p.order_id = o.id and o.store_id = $1 and o.created_by is null and o.amount_paid = 0`,
      [storeId],
    );
  } finally {
    await client.end();
  }
}

/**
 * A sample of the generated lines against the domain's rules: each line's amounts are
 * computeLine's, and the SALE and COMMISSION it posted are linePostings' for a cash sale.
 */
async function checkGeneratedLines(db: Parameters<typeof benchCaller>[0], storeId: number, sample: number) {
  const { rows } = await sql<{ id: bigint; price: bigint; quantity: bigint; discountPercent: bigint; amount: bigint; discount: bigint; total: bigint; commissionPercent: bigint; vendorShare: bigint; orderTotal: bigint; sale: bigint | null; commission: bigint | null; cardFee: bigint | null }>`
    select l.id, l.price, l.quantity, l.discount_percent as "discountPercent", l.amount, l.discount_amount as discount, l.total,
           l.commission_percent as "commissionPercent", l.vendor_share as "vendorShare", o.total as "orderTotal",
           (select sum(e.amount) from ledger_entries e where e.order_line_id = l.id and e.kind = 'SALE' and e.refund_id is null)::int8 as sale,
           (select sum(e.amount) from ledger_entries e where e.order_line_id = l.id and e.kind = 'COMMISSION' and e.refund_id is null)::int8 as commission,
           (select sum(e.amount) from ledger_entries e where e.order_line_id = l.id and e.kind = 'CARD_FEE' and e.refund_id is null)::int8 as "cardFee"
    from order_lines l join orders o on o.id = l.order_id
    where o.store_id = ${storeId} and o.created_by is null
    order by md5(l.id::text) limit ${sample}`.execute(db);
  for (const l of rows) {
    const want = computeLine({ price: l.price, quantity: l.quantity, discountPercent: l.discountPercent, taxPercents: [0n, 0n, 0n] });
    const posts = linePostings({ total: l.total, commissionPercent: l.commissionPercent, proportionalCcFee: true }, l.orderTotal, [{ applied: l.orderTotal, vendorFeePercent: 0n }]);
    const got = { amount: l.amount, discount: l.discount, total: l.total, sale: l.sale, commission: l.commission, cardFee: l.cardFee ?? 0n, share: l.vendorShare };
    const expected = { amount: want.amount, discount: want.discount, total: want.total, sale: posts.sale, commission: posts.commission, cardFee: posts.cardFee, share: netOf(posts) };
    if (JSON.stringify(got, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)) !== JSON.stringify(expected, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))) {
      throw new Error(`generated line ${l.id} is not the domain's: ${JSON.stringify(got, (_k, v: unknown) => String(v))}`);
    }
  }
  return rows.length;
}

const log = (msg: string) => console.log(`[portal ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { runs: { type: 'string', default: '20' }, lines: { type: 'string', default: '50000' }, 'per-order': { type: 'string', default: '25' }, sample: { type: 'string', default: '200' } },
    strict: false,
  });
  const runs = Number(values.runs);
  const wanted = Number(values.lines);
  const perOrder = Math.max(1, Number(values['per-order']));
  const url = process.env.PORTAL_BENCH_URL ?? 'postgres://root@127.0.0.1:5432/pos_portal_bench';
  await ensureDatabase(url);
  const handle = await createDb({ url, poolSize: 4 });
  const db = handle.db;
  await migrateToLatest(db);
  const { owner, asVendor, vendorId, cardId, storeId } = await setUp(db);

  // Sold lines of the vendor so far: what the portal's Sales counts this month.
  const have = (await asVendor.portal.sales({ pageSize: 1 })).totalLines;
  if (have < wanted) {
    const started = performance.now();
    const orders = Math.ceil((wanted - Number(have)) / perOrder);
    const byCard = Math.floor(orders / 10);
    const refunds = Math.floor(orders / 50);
    await generateCashOrders(url, storeId, TAG, orders - byCard, perOrder);
    log(`cash orders made and posted (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    const cash = await db.selectFrom('payment_methods').select('id').where('store_id', '=', BigInt(storeId)).where('is_cash', '=', true).executeTakeFirstOrThrow();
    const sold = performance.now();
    for (let n = 0; n < byCard; n++) {
      const next = await owner.order.next({});
      const items = Array.from({ length: perOrder }, (_, i) => ({
        itemCode: TAG,
        description: `Bench card piece ${n * perOrder + i + 1}`,
        quantity: 1,
        price: money((10 + ((n * perOrder + i) % 100)) * 50),
        discountPercent: percent((n + i) % 7 === 0 ? 10 : 0),
      }));
      const total = items.reduce((sum, l) => sum + (BigInt(l.price.value) * (100n - BigInt(l.discountPercent.value) / 1_000_000n)) / 100n, 0n);
      await owner.order.submit({ orderId: next.nextOrderId, customerName: 'Bench', items, payments: [{ paymentMethodId: cardId, amount: { type: 'Money' as const, value: String(total) } }] });
    }
    log(`${byCard} card orders through /order/submit (${((performance.now() - sold) / 1000).toFixed(1)} s)`);
    // One unit of the first line of generated orders spread over the month, refunded in cash.
    const refunded = performance.now();
    const { rows: toRefund } = await sql<{ orderId: bigint; lineId: bigint; total: bigint }>`
      select o.id as "orderId", l.id as "lineId", l.total from orders o
      join lateral (select l.id, l.total from order_lines l where l.order_id = o.id order by l.id limit 1) l on true
      where o.store_id = ${storeId} and o.created_by is null and not exists (select 1 from refunds r where r.order_id = o.id)
      order by o.id desc limit ${refunds * 50}`.execute(db);
    for (let r = 0; r < toRefund.length; r += 50) {
      const o = toRefund[r]!;
      await owner.order.refund({ orderId: Number(o.orderId), lines: [{ orderLineId: Number(o.lineId), quantity: 1 }], payments: [{ paymentMethodId: Number(cash.id), amount: { type: 'Money' as const, value: String(o.total) } }], reason: 'Bench refund' });
    }
    log(`${Math.ceil(toRefund.length / 50)} refunds through /order/refund (${((performance.now() - refunded) / 1000).toFixed(1)} s)`);
    await vacuumDatabase(url);
    log(`made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const lines = await checkGeneratedLines(db, storeId, Number(values.sample));
  const checked = await checkSaleJournals(db, storeId, Number(values.sample));
  await checkJournalSums(db, storeId);
  log(`${lines} generated lines are the domain's (amounts and postings); ${checked.journals} sale journals are the writer's, leg for leg; the journals' sums equal their legs`);

  const first = await asVendor.portal.sales({ pageSize: 50 });
  const pages = Math.max(1, Math.ceil(Number(first.totalLines) / 50));
  console.log(`store ${storeId}, vendor ${vendorId}: ${first.totalLines} sold and refunded lines this month (${pages} pages of 50)`);
  const calls: { name: string; call: (c: Caller) => Promise<string> }[] = [
    { name: 'portal-sales first-page', call: async (c) => `${(await c.portal.sales({ pageSize: 50 })).lines.length} rows` },
    { name: 'portal-sales middle-page', call: async (c) => `${(await c.portal.sales({ page: Math.ceil(pages / 2), pageSize: 50 })).lines.length} rows` },
    { name: 'portal-sales last-page', call: async (c) => `${(await c.portal.sales({ page: pages, pageSize: 50 })).lines.length} rows` },
    { name: 'portal-summary', call: async (c) => `balance ${(await c.portal.summary()).balance.value}` },
    // The floor under the same load: the session check and two reads of no rows (the vendor has no payouts).
    { name: 'portal-payouts (floor)', call: async (c) => `${(await c.portal.payouts({})).payouts.length} payouts` },
  ];
  console.log(`\n== server time (${runs} runs each, after one warm-up; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')})`);
  for (const { name, call } of calls) {
    await call(asVendor);
    await timeCalls(name, runs, () => call(asVendor), (note) => note);
  }
  console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);

  const vendorLogin = await benchCaller(db).auth.login({ usernameOrEmail: VENDOR_PERSON, password: BENCH_PASSWORD });
  const identity = { token: vendorLogin.token, storeId, role: 'VENDOR' };
  const recorder = await createRecorder(url);
  const statements: Record<string, Statement[]> = {};
  for (const c of calls) statements[c.name] = (await recorder.record((r) => c.call(r), identity)).statements;
  await recorder.handle.close();
  await printPlans(url, statements);
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
