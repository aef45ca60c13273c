/**
 * The server side of the load test, run as its own process: the product (buildApp on
 * DATABASE_URL) and the baseline, with the fixture (tokens, a pool of draft lines, the
 * lookups) and the SQL recordings the baseline replays. Writes the fixture to the file
 * named by FIXTURE_FILE and serves until killed.
 */
import { writeFile } from 'node:fs/promises';
import { createDb, sql } from '@pos/db';
import { buildApp } from '../apps/server/src/app';
import { startBaseline, type BaselineRoute } from './baseline';
import { BENCH_PASSWORD, BENCH_SCRYPT_COST, DEFAULT_BENCH_URL, removeLoadLeftovers } from './generate';
import { createRecorder } from './record';
import { scenarios, type Fixture, type Identity, type SubmitFixture } from './scenarios';
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';

const url = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
const appPort = Number(process.env.APP_PORT ?? 3101);
const basePort = Number(process.env.BASE_PORT ?? 3102);

async function main() {
  await removeLoadLeftovers(url);
  const handle = await createDb({ url, poolSize: 20 });
  const app = await buildApp({ db: handle.db, api: { scryptCost: BENCH_SCRYPT_COST }, webDist: null, logger: false });
  await app.listen({ port: appPort, host: '127.0.0.1' });

  const recorder = await createRecorder(url);
  const rec = recorder.record;
  const storeRow = await handle.db.selectFrom('stores').select('id').where('name', '=', 'Bench Store 1').executeTakeFirstOrThrow();
  const storeId = Number(storeRow.id);
  const login = async (username: string, role: string): Promise<Identity> => {
    const { result } = await rec((c) => c.auth.login({ usernameOrEmail: username, password: BENCH_PASSWORD }));
    return { token: result.token, storeId, role };
  };
  const cashier = await login(`cashier${storeId}`, 'STORE_STAFF');
  const owner = await login(`owner${storeId}`, 'STORE_OWNER');
  const submitStore = await handle.db.selectFrom('stores').select('id').where('name', '=', 'Bench Store 2').executeTakeFirst();
  const submitStoreId = submitStore ? Number(submitStore.id) : storeId;
  const { result: submitLogin } = await rec((c) => c.auth.login({ usernameOrEmail: `cashier${submitStoreId}`, password: BENCH_PASSWORD }));
  const submit = await prepareSubmit(handle.db, { token: submitLogin.token, storeId: submitStoreId, role: 'STORE_STAFF' });

  const lineIds: number[] = [];
  for (let i = 0; i < 64; i++) {
    const { result } = await rec((c) => c.order.next(), cashier);
    lineIds.push(result.nextOrderLineId);
  }
  const vendors = await handle.db.selectFrom('vendors').select((eb) => eb.fn.countAll<bigint>().as('n')).where('store_id', '=', BigInt(storeId)).where('archived_at', 'is', null).executeTakeFirstOrThrow();
  const day = 24 * 60 * 60 * 1000;
  const fixture: Fixture = {
    cashier,
    owner,
    loginBody: { usernameOrEmail: `cashier${storeId}`, password: BENCH_PASSWORD },
    lineIds,
    lookups: {
      keyword: { itemKeyword: process.env.BENCH_KEYWORD ?? 'bc1234' },
      keywordCommon: { itemKeyword: 'teapot' },
      orderNumber: { orderNumber: `B${storeId}-12345` },
      dateRange: { startDate: new Date(Date.now() - 7 * day).toISOString(), endDate: new Date().toISOString() },
      amountRange: { minAmount: { type: 'Money', value: '100000000' }, maxAmount: { type: 'Money', value: '101000000' } },
    },
    vendorLastPage: Math.max(1, Math.ceil(Number(vendors.n) / 20)),
    submit,
  };

  const routes: BaselineRoute[] = [];
  for (const s of scenarios(fixture)) {
    const recordings = [];
    for (let pick = 0; pick < (s.consumes ? 0 : s.picks); pick++) {
      const key = s.procedure.split('.');
      const { statements } = await rec(
        (caller) => (key.reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], caller) as (i: unknown) => Promise<unknown>)(s.input(pick)),
        s.identity ? { token: s.identity.token, storeId: s.identity.storeId, role: s.identity.role } : undefined,
      );
      recordings.push(statements);
    }
    const route: BaselineRoute = { name: s.name, recordings };
    if (s.consumes) {
      const { recordInput, recorded, valueOf } = s.consumes;
      const { statements } = await rec((caller) => caller.order.submit(recordInput as never), s.identity ?? undefined);
      recordings.push(statements);
      route.substitute = (pick) => [[String(recorded), valueOf(pick)]];
    }
    if (s.name === 'login') {
      const user = await handle.db.selectFrom('users').select('password_hash').where('username', '=', fixture.loginBody.usernameOrEmail).executeTakeFirstOrThrow();
      route.passwordHash = user.password_hash;
      route.password = BENCH_PASSWORD;
    }
    routes.push(route);
  }
  await recorder.handle.close();
  await startBaseline(url, routes, basePort);
  await writeFile(process.env.FIXTURE_FILE ?? 'bench-fixture.json', JSON.stringify({ fixture, statements: Object.fromEntries(routes.map((r) => [r.name, r.recordings[0]])) }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
  console.log('ready');
}

/** Drafts made per run for the submit scenario: more than 5 s at 1 and 16 connections through three doors can use. */
const SUBMIT_POOL = Number(process.env.BENCH_SUBMIT_POOL ?? 30_000);

/**
 * The submit scenario's store (Bench Store 2, so store 1's lookups never walk past its
 * sales): a vendor whose code SB1 passes card fees through, a card method with a vendor
 * fee, the store's Cash method, and a pool of fresh drafts (no creator, numbered SB…, so
 * neither the generator nor the leftover removal takes them for its own; those a run
 * leaves unsubmitted are removed by the next).
 */
async function prepareSubmit(db: Kysely<Database>, cashier: Identity): Promise<SubmitFixture> {
  const storeId = BigInt(cashier.storeId);
  let vendor = await db.selectFrom('vendors').select('id').where('store_id', '=', storeId).where('trade_name', '=', 'Submit Bench Vendor').executeTakeFirst();
  vendor ??= await db.insertInto('vendors').values({ store_id: storeId, trade_name: 'Submit Bench Vendor' }).returning('id').executeTakeFirstOrThrow();
  const code = await db.selectFrom('item_codes').select('id').where('store_id', '=', storeId).where('tag', '=', 'SB1').where('archived_at', 'is', null).executeTakeFirst();
  if (!code) await db.insertInto('item_codes').values({ store_id: storeId, vendor_id: vendor.id, tag: 'SB1', default_commission_percent: 20_000_000n, proportional_cc_fee: true }).execute();
  let card = await db.selectFrom('payment_methods').select('id').where('store_id', '=', storeId).where('name', '=', 'Bench Card').where('archived_at', 'is', null).executeTakeFirst();
  card ??= await db
    .insertInto('payment_methods')
    .values({ store_id: storeId, name: 'Bench Card', vendor_fee_percent: 2_500_000n, customer_fee_percent: 0n, customer_fee_amount: 0n, minimum_amount: 0n })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cash = await db.selectFrom('payment_methods').select('id').where('store_id', '=', storeId).where('is_cash', '=', true).where('archived_at', 'is', null).executeTakeFirstOrThrow();
  const run = Date.now().toString(36);
  const { rows } = await sql<{ id: string }>`
    insert into orders (store_id, order_number) select ${storeId}, 'SB' || ${run} || '-' || i from generate_series(0, ${SUBMIT_POOL}) i order by i returning id`.execute(db);
  const ids = rows.map((r) => Number(r.id));
  return { cashier, recordOrderId: ids[0]!, orderIds: ids.slice(1), cardId: Number(card.id), cashId: Number(cash.id) };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
