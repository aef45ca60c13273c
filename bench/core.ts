/**
 * Where a submit's Node time goes, in one process and without HTTP (docs/PERFORMANCE.md,
 * "Checkout"): the same checkout as the load test's submit-payments, each call on a fresh
 * draft, three ways in turn:
 *   - api: the API's procedure (order.submit through tRPC's caller: session check,
 *     validation, the service, Kysely, pg);
 *   - kysely: the statements that call ran, replayed through Kysely's transaction and
 *     executeQuery (its execution without its query building);
 *   - pg: the same replay through a bare pg client, as the load test's baseline does.
 * After 2,000 unmeasured calls each way (V8 optimises the API's code over its first
 * thousands: docs/PERFORMANCE.md, "Warm-up"), rounds of `--calls`/9 calls each, the order
 * of the three turned every round; prints each way's Node CPU (user + system) and wall
 * time per call. The database's own time is the same for the three; the differences are
 * what each layer costs in Node.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/pos_bench17m npx tsx bench/core.ts --calls 900
 */
import { parseArgs } from 'node:util';
import { CompiledQuery } from 'kysely';
import { createDb, sql } from '@pos/db';
import { answerOf, bigintPool, replay } from './baseline';
import { BENCH_PASSWORD, DEFAULT_BENCH_URL, removeLoadLeftovers, vacuumDatabase } from './generate';
import { benchCaller, createRecorder } from './record';
import { submitInput, type Identity } from './scenarios';
import { prepareSubmit } from './submit-fixture';

const ROUNDS = 9;
const WARM_UP = 2000;
const isTransactionControl = (text: string) => /^(begin|commit)\b/i.test(text.trim());

async function main() {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { calls: { type: 'string', default: '900' } }, strict: false });
  const perRound = Math.max(1, Math.round(Number(values.calls) / ROUNDS));
  const url = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
  await removeLoadLeftovers(url);
  const handle = await createDb({ url, poolSize: 2 });
  const db = handle.db;
  const recorder = await createRecorder(url);
  const pool = bigintPool(url, 2);
  try {
    const store = await db.selectFrom('stores').select('id').where('name', '=', 'Bench Store 2').executeTakeFirstOrThrow();
    const storeId = Number(store.id);
    const { token } = await benchCaller(db).auth.login({ usernameOrEmail: `cashier${storeId}`, password: BENCH_PASSWORD });
    const cashier: Identity = { token, storeId, role: 'STORE_STAFF' };
    const fixture = await prepareSubmit(db, cashier, 3 * (WARM_UP + perRound * ROUNDS) + 1);
    const { statements } = await recorder.record((caller) => caller.order.submit(submitInput(fixture, fixture.recordOrderId) as never), cashier);
    const inTransaction = statements.filter((s) => !isTransactionControl(s.sql));
    let next = 0;
    const draft = () => fixture.orderIds[next++]!;
    const substitute = () => new Map<string, unknown>([[String(fixture.recordOrderId), draft()]]);

    const ways = {
      api: () => benchCaller(db, cashier).order.submit(submitInput(fixture, draft()) as never),
      kysely: () =>
        db.transaction().execute(async (trx) => answerOf(await replay((text, params) => trx.executeQuery(CompiledQuery.raw(text, params)), inTransaction, substitute()))),
      pg: async () => {
        const client = await pool.connect();
        try {
          return answerOf(await replay((text, params) => client.query(text, params), statements, substitute()));
        } finally {
          client.release();
        }
      },
    } satisfies Record<string, () => Promise<unknown>>;
    type Way = keyof typeof ways;
    const order: Way[] = ['api', 'kysely', 'pg'];

    for (const way of order) for (let i = 0; i < WARM_UP; i++) await ways[way]();
    await vacuumDatabase(url);
    const totals = new Map<Way, { cpuMs: number; wallMs: number; calls: number }>(order.map((w) => [w, { cpuMs: 0, wallMs: 0, calls: 0 }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < order.length; i++) {
        const way = order[(i + round) % order.length]!;
        const cpu = process.cpuUsage();
        const start = performance.now();
        for (let c = 0; c < perRound; c++) await ways[way]();
        const used = process.cpuUsage(cpu);
        const t = totals.get(way)!;
        t.cpuMs += (used.user + used.system) / 1000;
        t.wallMs += performance.now() - start;
        t.calls += perRound;
      }
    }
    for (const [way, t] of totals) {
      console.log(`${way.padEnd(7)} Node CPU ${(t.cpuMs / t.calls).toFixed(2)} ms/call  wall ${(t.wallMs / t.calls).toFixed(2)} ms/call  (${t.calls} calls)`);
    }
    // The drafts left unsubmitted go; the sales stay, as the load test's do.
    await sql`delete from orders where id = any(${fixture.orderIds.slice(next)}::int8[]) and status = 'DRAFT'`.execute(db);
  } finally {
    await pool.end();
    await recorder.handle.close();
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
