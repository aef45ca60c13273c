/**
 * The vendor portal for a vendor with many sold lines (docs/PERFORMANCE.md, Vendor
 * portal): server time of /portal/sales (the first page, a page in the middle and the
 * last page of this month, every line of the vendor's) and /portal/summary (My Booth)
 * through the API's procedures in this process (auth, validation, SQL and the answer's
 * check; no HTTP), each `--runs` times after one warm-up. One store, one vendor with an
 * item code at 20 % and a card that passes its fee through, and `--lines` sold lines of
 * theirs, sold through /order/submit as the till does (`--per-order` lines an order, each
 * tenth order paid by card so card fees show), a refund of one unit every 50 orders. The
 * data is made once, then reused (run again with more `--lines` to add to it).
 *
 *   PORTAL_BENCH_URL=postgres://root@127.0.0.1:5432/pos_portal_bench npx tsx bench/portal.ts --lines 50000 --runs 20
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb, migrateToLatest } from '@pos/db';
import { BENCH_PASSWORD } from './generate';
import { timeCalls } from './quantile';
import { benchCaller, type Caller } from './record';

const STORE_NAME = 'Portal Bench Store';
const OWNER = 'portalbench';
const VENDOR_PERSON = 'portalbenchvendor';
const TAG = 'PB1';
const money = (cents: number) => ({ type: 'Money' as const, value: String(BigInt(cents) * 10_000n) });
const percent = (whole: number) => ({ type: 'Percent' as const, value: String(BigInt(whole) * 1_000_000n) });

async function ensureDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
}

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

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { runs: { type: 'string', default: '20' }, lines: { type: 'string', default: '50000' }, 'per-order': { type: 'string', default: '25' } },
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
  let have = (await asVendor.portal.sales({ pageSize: 1 })).totalLines;
  if (have < wanted) {
    const started = performance.now();
    let orders = 0;
    while (have < wanted) {
      const count = Math.min(perOrder, wanted - have);
      const next = await owner.order.next({});
      const items = Array.from({ length: count }, (_, i) => ({
        itemCode: TAG,
        description: `Bench piece ${have + i + 1}`,
        quantity: 1,
        price: money(500 + ((have + i) % 40) * 125),
        discountPercent: percent((have + i) % 7 === 0 ? 10 : 0),
      }));
      const total = items.reduce((sum, l) => sum + (BigInt(l.price.value) * (100n - BigInt(l.discountPercent.value) / 1_000_000n)) / 100n, 0n);
      const byCard = orders % 10 === 9;
      const answer = await owner.order.submit({
        orderId: next.nextOrderId,
        customerName: 'Bench',
        items,
        ...(byCard ? { payments: [{ paymentMethodId: cardId, amount: { type: 'Money' as const, value: String(total) } }] } : {}),
      });
      if (orders % 50 === 24) {
        const line = answer.order.items[0]!;
        await owner.order.refund({ orderId: answer.order.id, lines: [{ orderLineId: line.id, quantity: 1 }], payments: [{ paymentMethodId: answer.order.payments[0]!.paymentMethodId, amount: line.total }], reason: 'Bench refund' });
      }
      orders++;
      have = (await asVendor.portal.sales({ pageSize: 1 })).totalLines;
    }
    console.log(`made ${orders} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  const first = await asVendor.portal.sales({ pageSize: 50 });
  const pages = Math.max(1, Math.ceil(first.totalLines / 50));
  console.log(`store ${storeId}, vendor ${vendorId}: ${first.totalLines} sold and refunded lines this month (${pages} pages of 50)`);
  const calls: { name: string; call: (c: Caller) => Promise<string> }[] = [
    { name: 'portal-sales first-page', call: async (c) => `${(await c.portal.sales({ pageSize: 50 })).lines.length} rows` },
    { name: 'portal-sales middle-page', call: async (c) => `${(await c.portal.sales({ page: Math.ceil(pages / 2), pageSize: 50 })).lines.length} rows` },
    { name: 'portal-sales last-page', call: async (c) => `${(await c.portal.sales({ page: pages, pageSize: 50 })).lines.length} rows` },
    { name: 'portal-summary', call: async (c) => `balance ${(await c.portal.summary()).balance.value}` },
  ];
  for (const { name, call } of calls) {
    await call(asVendor);
    await timeCalls(name, runs, () => call(asVendor), (note) => note);
  }
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
