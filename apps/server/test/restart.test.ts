/**
 * Every write survives a database crash: on a PostgreSQL cluster of its own (never the
 * machine's shared server), several tills keep ringing up orders through the app while
 * the database is stopped with `-m immediate` (a crash) and started again. Every call
 * gets an answer: 200, or 503 'Service unavailable' while the database is away, never a
 * hang or a crash; /health says 503 meanwhile; the app recovers by itself; and every
 * order answered 200 is COMPLETED in the database with its lines and its number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createDb, migrateToLatest, type DbHandle } from '@pos/db';
import { buildApp } from '../src/app';
import { startThrowawayCluster, unavailableReason, type Cluster } from './support/postgres';

const missing = unavailableReason('binaries');
if (missing && process.env.CI !== 'true') console.warn(`restart.test.ts skipped: ${missing}`);

/** Longest a call may take before it counts as a hang. */
const ANSWER_WITHIN_MS = 20_000;
const TILLS = 4;

interface Outcome {
  call: 'next' | 'submit';
  status: number;
  body: Record<string, unknown>;
  phase: 'before' | 'away' | 'after';
}

interface Sale {
  orderId: number;
  orderNumber: string;
  lines: { description: string; price: string }[];
}

describe.skipIf(missing !== null && process.env.CI !== 'true')('a database crash in the middle of sales', () => {
  let cluster: Cluster | undefined;
  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    if (missing) throw new Error(`PostgreSQL is needed under CI: ${missing}`);
    cluster = await startThrowawayCluster();
    handle = await createDb({ url: cluster.url(), poolSize: 8, connectTimeoutMs: 2_000, statementTimeoutMs: 10_000 });
    await migrateToLatest(handle.db);
    app = await buildApp({ db: handle.db, api: { scryptCost: 1024 } });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close().catch(() => undefined);
    cluster?.destroy();
  });

  /** A call through the REST door that must be answered in time. */
  async function call(path: string, body: object): Promise<{ status: number; body: Record<string, unknown> }> {
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`POST ${path} got no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
    });
    try {
      const res = await Promise.race([app!.inject({ method: 'POST', url: `/api/v1${path}`, payload: body }), hang]);
      return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
    } finally {
      clearTimeout(timer);
    }
  }

  it(
    'answers every call with 200 or 503, recovers on its own, and keeps every sale it confirmed',
    async () => {
      const signup = await call('/signup', { username: 'crashowner', email: 'crash@example.test', password: 'long enough', storeName: 'Crash Store' });
      expect(signup.status).toBe(200);
      const roles = signup.body.roles as { storeId: number }[];
      const identity = { tokenString: signup.body.token as string, storeId: roles[0]!.storeId, role: 'STORE_OWNER' };

      let phase: Outcome['phase'] = 'before';
      let running = true;
      const outcomes: Outcome[] = [];
      const confirmed: Sale[] = [];

      const till = async (n: number) => {
        for (let sale = 0; running; sale++) {
          const next = await call('/order/next', identity);
          outcomes.push({ call: 'next', status: next.status, body: next.body, phase });
          if (next.status !== 200) {
            await new Promise((r) => setTimeout(r, 50));
            continue;
          }
          const lines = [
            { description: `Till ${n} sale ${sale} vase`, price: String(1_000_000 * (sale + 1)) },
            { description: `Till ${n} sale ${sale} lamp`, price: '2500000' },
          ];
          const submit = await call('/order/submit', {
            ...identity,
            orderId: next.body.nextOrderId,
            customerName: `Customer ${n}-${sale}`,
            items: [
              { id: next.body.nextOrderLineId, description: lines[0]!.description, quantity: 1, price: { type: 'Money', value: lines[0]!.price } },
              { description: lines[1]!.description, quantity: 1, price: { type: 'Money', value: lines[1]!.price } },
            ],
          });
          outcomes.push({ call: 'submit', status: submit.status, body: submit.body, phase });
          if (submit.status === 200) confirmed.push({ orderId: next.body.nextOrderId as number, orderNumber: next.body.nextOrderNumber as string, lines });
        }
      };
      const health = async () => (await app!.inject({ method: 'GET', url: '/health' })).statusCode;

      const tills = Array.from({ length: TILLS }, (_, n) => till(n));
      await new Promise((r) => setTimeout(r, 1_500));

      cluster!.stop('immediate');
      phase = 'away';
      await new Promise((r) => setTimeout(r, 1_500));
      const healthAway = await health();

      cluster!.start();
      phase = 'after';
      // The app is not restarted: it reconnects by itself.
      const recoveredBy = Date.now() + 30_000;
      while ((await health()) !== 200 && Date.now() < recoveredBy) await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 1_500));
      running = false;
      await Promise.all(tills);

      expect(healthAway).toBe(503);
      expect(await health()).toBe(200);

      // Every call was answered: 200, or 503 with the failure body.
      const statuses = [...new Set(outcomes.map((o) => o.status))].sort();
      expect(statuses.every((s) => s === 200 || s === 503), `statuses ${statuses.join(', ')}`).toBe(true);
      for (const o of outcomes.filter((x) => x.status === 503)) expect(o.body).toEqual({ success: false, message: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' });
      expect(outcomes.filter((o) => o.phase === 'before' && o.status === 200).length).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o.phase === 'away' && o.status === 503).length).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o.phase === 'after' && o.call === 'submit' && o.status === 200).length).toBeGreaterThan(0);

      // Every sale the app confirmed is in the database, completed, with its lines and number.
      const check = await createDb({ url: cluster!.url(), poolSize: 1 });
      try {
        for (const sale of confirmed) {
          const order = await check.db.selectFrom('orders').select(['status', 'order_number']).where('id', '=', BigInt(sale.orderId)).executeTakeFirst();
          expect(order, `order ${sale.orderNumber}`).toEqual({ status: 'COMPLETED', order_number: sale.orderNumber });
          const lines = await check.db.selectFrom('order_lines').select(['description', 'price']).where('order_id', '=', BigInt(sale.orderId)).orderBy('id').execute();
          expect(lines.map((l) => ({ description: l.description, price: l.price.toString() }))).toEqual(sale.lines);
        }
        const numbers = confirmed.map((s) => s.orderNumber);
        expect(new Set(numbers).size).toBe(numbers.length);
      } finally {
        await check.close();
      }
      console.info(`restart: ${outcomes.length} calls, ${confirmed.length} sales confirmed, ${outcomes.filter((o) => o.status === 503).length} answered 503`);
    },
    180_000,
  );
});
