/**
 * The load test's fixture and the baseline's recordings, shared by the load test's server
 * process (servers.ts) and the in-process read measurement (reads.ts): the bench users
 * signed in, a pool of draft lines, the lookups, the vendor list's last page, the submit
 * pool, and for each scenario the statements the product ran for it (record.ts), which
 * the baseline replays.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { BaselineRoute } from './baseline';
import { BENCH_PASSWORD, ensureLoginAccounts, LOGIN_ACCOUNTS, loginAccount } from './generate';
import type { Recorder } from './record';
import { scenarios, type Fixture, type Identity } from './scenarios';
import { prepareSubmit } from './submit-fixture';

export async function prepareLoad(db: Kysely<Database>, recorder: Recorder, opts: { submitDrafts?: number } = {}): Promise<{ fixture: Fixture; routes: BaselineRoute[] }> {
  const rec = recorder.record;
  // A database generated before the login scenario had its accounts gets them here.
  await ensureLoginAccounts((text, params) => db.executeQuery(CompiledQuery.raw(text, params)));
  const storeRow = await db.selectFrom('stores').select('id').where('name', '=', 'Bench Store 1').executeTakeFirstOrThrow();
  const storeId = Number(storeRow.id);
  const login = async (username: string, role: string): Promise<Identity> => {
    const { result } = await rec((c) => c.auth.login({ usernameOrEmail: username, password: BENCH_PASSWORD }));
    return { token: result.token, storeId, role };
  };
  const cashier = await login(`cashier${storeId}`, 'STORE_STAFF');
  const owner = await login(`owner${storeId}`, 'STORE_OWNER');
  const submitStore = await db.selectFrom('stores').select('id').where('name', '=', 'Bench Store 2').executeTakeFirst();
  const submitStoreId = submitStore ? Number(submitStore.id) : storeId;
  const { result: submitLogin } = await rec((c) =>
    c.auth.login({
      usernameOrEmail: `cashier${submitStoreId}`,
      password: BENCH_PASSWORD,
    }),
  );
  const submit = await prepareSubmit(db, { token: submitLogin.token, storeId: submitStoreId, role: 'STORE_STAFF' }, opts.submitDrafts);

  const lineIds: number[] = [];
  for (let i = 0; i < 64; i++) {
    const { result } = await rec((c) => c.order.next(), cashier);
    lineIds.push(result.nextOrderLineId);
  }
  const vendors = await db
    .selectFrom('vendors')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('store_id', '=', BigInt(storeId))
    .where('archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  const day = 24 * 60 * 60 * 1000;
  const fixture: Fixture = {
    cashier,
    owner,
    logins: Array.from({ length: LOGIN_ACCOUNTS }, (_, i) => ({ usernameOrEmail: loginAccount(i), password: BENCH_PASSWORD })),
    lineIds,
    lookups: {
      keyword: { itemKeyword: process.env.BENCH_KEYWORD ?? 'bc1234' },
      keywordCommon: { itemKeyword: 'teapot' },
      orderNumber: { orderNumber: `B${storeId}-12345` },
      dateRange: {
        startDate: new Date(Date.now() - 7 * day).toISOString(),
        endDate: new Date().toISOString(),
      },
      amountRange: {
        minAmount: { type: 'Money', value: '100000000' },
        maxAmount: { type: 'Money', value: '101000000' },
      },
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
        s.identity
          ? {
              token: s.identity.token,
              storeId: s.identity.storeId,
              role: s.identity.role,
            }
          : undefined,
      );
      recordings.push(statements);
    }
    const route: BaselineRoute = { name: s.name, recordings };
    if (s.consumes) {
      // One recording a code: the replay of pick p is recording p mod n (buildBaseline's pick), its draft replaced by the pick's.
      const { recordings: made, valueOf } = s.consumes;
      for (const r of made) recordings.push((await rec((caller) => caller.order.submit(r.input as never), s.identity ?? undefined)).statements);
      route.substitute = (pick) => [[String(made[pick % made.length]!.recorded), valueOf(pick)]];
    }
    if (s.name === 'login') {
      // Every bench account has the same hash (one password, hashed once by the generator).
      const user = await db.selectFrom('users').select('password_hash').where('username', '=', fixture.logins[0]!.usernameOrEmail).executeTakeFirstOrThrow();
      route.passwordHash = user.password_hash;
      route.password = BENCH_PASSWORD;
    }
    routes.push(route);
  }
  return { fixture, routes };
}
