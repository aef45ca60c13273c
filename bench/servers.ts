/**
 * The server side of the load test, run as its own process: the product (buildApp on
 * DATABASE_URL) and the baseline, with the fixture (tokens, a pool of draft lines, the
 * lookups) and the SQL recordings the baseline replays. Writes the fixture to the file
 * named by FIXTURE_FILE and serves until killed.
 */
import { writeFile } from 'node:fs/promises';
import { createDb } from '@pos/db';
import { buildApp } from '../apps/server/src/app';
import { startBaseline, type BaselineRoute } from './baseline';
import { BENCH_PASSWORD, BENCH_SCRYPT_COST, DEFAULT_BENCH_URL, removeLoadLeftovers } from './generate';
import { createRecorder } from './record';
import { scenarios, type Fixture, type Identity } from './scenarios';
import { prepareSubmit } from './submit-fixture';

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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
