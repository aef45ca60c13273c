/**
 * Money at its edges, probed through the REST door as a careless or dishonest client
 * would (docs/API.md, Idempotency; docs/SETTLEMENT.md, A closed day stays closed):
 * every call that moves money retried with its idempotency key answers its first answer
 * and posts once; the key sent with another request is 409; a refused call keeps no key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { createApiHarness, type ApiHarness, type Person } from '../../../test/factories';
import { addCardMethod, completeSale, openExampleShop, type ExampleShop } from '../../../test/sales';
import { buildApp } from '../src/app';

let handle: DbHandle;
let h: ApiHarness;
let app: FastifyInstance;
let shop: ExampleShop;

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  app = await buildApp({ db: handle.db, api: { scryptCost: 1024 } });
  shop = await openExampleShop(h);
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const REUSED = 'This idempotency key was already used for a different request';
const money = (value: string | number) => ({ type: 'Money' as const, value: String(value) });
const as = (p: Person) => ({ tokenString: p.token, storeId: p.storeId, role: p.role });

function post(path: string, body: unknown) {
  return app.inject({ method: 'POST', url: `/api/v1${path}`, payload: body as object });
}

function failure(res: LightMyRequestResponse) {
  return { status: res.statusCode, message: res.json<{ message: string }>().message };
}

/** Rows of a table of the store matching a condition (a raw SQL fragment over that table). */
async function count(table: string, where: string, storeId: number): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)} where store_id = ${storeId} and ${sql.raw(where)}`.execute(handle.db);
  return Number(rows[0]!.n);
}

/** Sends `body` twice: both 200 with the same answer. Answers it. */
async function twice(path: string, body: object) {
  const first = await post(path, body);
  expect(first.statusCode, first.body).toBe(200);
  const again = await post(path, body);
  expect(again.statusCode, again.body).toBe(200);
  expect(again.json()).toEqual(first.json());
  return first.json<Record<string, unknown>>();
}

/** A cash sale of ADA1 units at $50.00 + GST 5 % and its first line. */
async function sale(units = 2) {
  const done = await completeSale(h, handle.db, shop.owner, [{ itemCode: 'ADA1', description: 'Lamp', quantity: units, price: 50_000_000n, taxPercent: 5_000_000n }]);
  const { rows } = await sql<{ id: string }>`select id::text from order_lines where order_id = ${done.orderId} order by id limit 1`.execute(handle.db);
  return { orderId: Number(done.orderId), lineId: Number(rows[0]!.id) };
}

describe('idempotency keys of the calls that move money', () => {
  it('/order/refund: a retry answers the first refund and refunds once; another request with the key is 409; a refused one keeps no key', async () => {
    const { orderId, lineId } = await sale();
    const body = {
      ...as(shop.manager),
      orderId,
      lines: [{ orderLineId: lineId, quantity: 1 }],
      payments: [{ paymentMethodId: shop.cash.id, amount: money('52500000') }],
      reason: 'Cracked shade',
      idempotencyKey: 'refund-1',
    };
    const first = await twice('/order/refund', body);
    expect(first.message).toBe(`Refund ${(first.refund as { number: string }).number}: $52.50 back to the customer`);
    expect(await count('refunds', `order_id = ${orderId}`, shop.owner.storeId)).toBe(1);
    expect(await count('ledger_entries', `order_id = ${orderId} and refund_id is not null and kind = 'SALE'`, shop.owner.storeId)).toBe(1);
    expect(failure(await post('/order/refund', { ...body, reason: 'Another reason' }))).toEqual({ status: 409, message: REUSED });

    // Refused (the payments do not add up): nothing kept, the same key then refunds.
    const retry = { ...body, idempotencyKey: 'refund-2', payments: [{ paymentMethodId: shop.cash.id, amount: money('10000000') }] };
    expect((await post('/order/refund', retry)).statusCode).toBe(400);
    expect((await post('/order/refund', { ...retry, payments: body.payments })).statusCode).toBe(200);
    expect(await count('refunds', `order_id = ${orderId}`, shop.owner.storeId)).toBe(2);
  });

  it("/order/refund by a cashier: the manager's approval is not part of the request", async () => {
    const { orderId, lineId } = await sale(1);
    const body = {
      ...as(shop.cashier),
      orderId,
      lines: [{ orderLineId: lineId, quantity: 1 }],
      payments: [{ paymentMethodId: shop.cash.id, amount: money('52500000') }],
      reason: 'Wrong colour',
      approval: { usernameOrEmail: shop.manager.username, password: shop.manager.password },
      idempotencyKey: 'refund-staff',
    };
    const first = await post('/order/refund', body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('/order/refund', { ...body, approval: { usernameOrEmail: shop.owner.username, password: shop.owner.password } });
    expect(again.json()).toEqual(first.json());
    expect(await count('refunds', `order_id = ${orderId}`, shop.owner.storeId)).toBe(1);
  });

  it('/vendor/adjust, /vendor/payout: one posting per key; another request 409; a refused one keeps no key', async () => {
    await sale();
    const adjust = { ...as(shop.accountant), vendorId: shop.ada, amount: money('5000000'), memo: 'Shelf repaired', idempotencyKey: 'adjust-1' };
    await twice('/vendor/adjust', adjust);
    expect(await count('ledger_entries', `kind = 'ADJUSTMENT' and memo = 'Shelf repaired'`, shop.owner.storeId)).toBe(1);
    expect(failure(await post('/vendor/adjust', { ...adjust, amount: money('6000000') }))).toEqual({ status: 409, message: REUSED });
    expect((await post('/vendor/adjust', { ...adjust, idempotencyKey: 'adjust-2', memo: '' })).statusCode).toBe(400);
    expect((await post('/vendor/adjust', { ...adjust, idempotencyKey: 'adjust-2', memo: 'Second' })).statusCode).toBe(200);

    const payout = { ...as(shop.accountant), vendorId: shop.ada, amount: money('10000000'), method: 'CHECK', reference: '1001', idempotencyKey: 'payout-1' };
    await twice('/vendor/payout', payout);
    expect(await count('payouts', `reference = '1001'`, shop.owner.storeId)).toBe(1);
    expect(failure(await post('/vendor/payout', { ...payout, reference: '1002' }))).toEqual({ status: 409, message: REUSED });
    expect((await post('/vendor/payout', { ...payout, idempotencyKey: 'payout-2', amount: money('99999000000') })).statusCode).toBe(400);
    expect((await post('/vendor/payout', { ...payout, idempotencyKey: 'payout-2', reference: '1003' })).statusCode).toBe(200);
    expect(await count('payouts', `reference in ('1002', '1003')`, shop.owner.storeId)).toBe(1);
  });

  it('/vendor/rent/post and /vendor/payout-run: a retry answers the first answer (not "posted already"), one run', async () => {
    const rent = { ...as(shop.accountant), month: '2026-10', idempotencyKey: 'rent-1' };
    const posted = await twice('/vendor/rent/post', rent);
    expect(posted).toMatchObject({ message: 'Rent for 2026-10 posted to 1 account', count: 1 });
    expect(await count('ledger_entries', `kind = 'RENT' and rent_month = '2026-10'`, shop.owner.storeId)).toBe(1);
    expect(failure(await post('/vendor/rent/post', { ...rent, month: '2026-09' }))).toEqual({ status: 409, message: REUSED });

    await sale();
    const today = new Date().toISOString().slice(0, 10);
    const run = { ...as(shop.accountant), through: today, method: 'ACH', idempotencyKey: 'run-1' };
    const answer = await twice('/vendor/payout-run', run);
    expect(await count('payout_runs', 'true', shop.owner.storeId)).toBe(1);
    expect(answer.runId).not.toBeNull();
    expect(failure(await post('/vendor/payout-run', { ...run, minimum: money('1000000') }))).toEqual({ status: 409, message: REUSED });
    // A preview keeps no key: the key is still free for the run it previews.
    expect((await post('/vendor/payout-run', { ...run, idempotencyKey: 'run-2', preview: true })).json()).toMatchObject({ preview: true, runId: null });
    expect((await post('/vendor/payout-run', { ...run, idempotencyKey: 'run-2' })).json()).toMatchObject({ preview: false });
  });

  it('/order/approve and /order/cancel: a retry answers the first answer instead of 409; another order with the key is 409', async () => {
    const house = await addCardMethod(h, shop.owner, { name: 'House account', vendorFeePercent: 0n, requiresManagerApproval: true });
    const pending = async () => {
      const next = await h.as(shop.cashier).order.next({});
      const answer = await h.as(shop.cashier).order.submit({
        orderId: next.nextOrderId,
        items: [{ itemCode: 'ADA1', description: 'Lamp', quantity: 1, price: { type: 'Money', value: '20000000' } }],
        payments: [{ paymentMethodId: house.id, amount: { type: 'Money', value: '20000000' } }],
      });
      expect(answer.order.status).toBe('PENDING');
      return Number(answer.order.id);
    };
    const orderId = await pending();
    const approve = { ...as(shop.manager), orderId, idempotencyKey: 'approve-1' };
    expect((await twice('/order/approve', approve)).order).toMatchObject({ status: 'COMPLETED' });
    expect(await count('ledger_entries', `order_id = ${orderId} and kind = 'SALE'`, shop.owner.storeId)).toBe(1);
    expect(failure(await post('/order/approve', { ...approve, orderId: await pending() }))).toEqual({ status: 409, message: REUSED });

    const draft = Number((await h.as(shop.cashier).order.next({})).nextOrderId);
    const cancel = { ...as(shop.cashier), orderId: draft, reason: 'Customer left', idempotencyKey: 'cancel-1' };
    expect((await twice('/order/cancel', cancel)).order).toMatchObject({ status: 'CANCELLED' });
    expect(failure(await post('/order/cancel', { ...cancel, reason: 'Changed mind' }))).toEqual({ status: 409, message: REUSED });
  });

  it('/order/submit: the key sent with another request is 409', async () => {
    const next = await h.as(shop.cashier).order.next({});
    const body = {
      ...as(shop.cashier),
      orderId: Number(next.nextOrderId),
      items: [{ description: 'Postcard', price: money('2000000') }],
      idempotencyKey: 'submit-1',
    };
    await twice('/order/submit', body);
    expect(failure(await post('/order/submit', { ...body, items: [{ description: 'Postcard', price: money('3000000') }] }))).toEqual({ status: 409, message: REUSED });
  });

  it('/reports/end-of-day/close: a retry answers the close instead of "closed already"; another count is 409', async () => {
    const other = await openExampleShop(h);
    const today = new Date().toISOString().slice(0, 10);
    const close = { ...as(other.manager), date: today, openingCash: money('0'), countedCash: money('0'), idempotencyKey: 'close-1' };
    const closed = await twice('/reports/end-of-day/close', close);
    expect(closed).toMatchObject({ message: `${today} closed: even`, closed: { by: other.manager.username } });
    expect(await count('day_closes', 'true', other.owner.storeId)).toBe(1);
    expect(failure(await post('/reports/end-of-day/close', { ...close, countedCash: money('1000000') }))).toEqual({ status: 409, message: REUSED });
  });

  it('keys belong to a store and a procedure: the same key elsewhere is a key of its own', async () => {
    const other = await openExampleShop(h);
    const adjust = { vendorId: other.ada, amount: money('1000000'), memo: 'Elsewhere', idempotencyKey: 'adjust-1' };
    expect((await post('/vendor/adjust', { ...as(other.accountant), ...adjust })).statusCode).toBe(200);
    expect((await post('/vendor/payout', { ...as(other.accountant), vendorId: other.ada, amount: money('1000000'), method: 'CASH', idempotencyKey: 'adjust-1' })).statusCode).toBe(200);
  });
});

describe('a closed day stays closed', () => {
  it('refuses a sale, an approval, a refund and cash paid out once today is closed; the till reads it; other payouts and retries of earlier calls still answer', async () => {
    const store = await openExampleShop(h);
    const today = new Date().toISOString().slice(0, 10);
    const closedMessage = `The business day ${today} is closed; no more money can be taken or paid out today`;
    const done = await completeSale(h, handle.db, store.owner, [{ itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: 50_000_000n }]);
    const { rows } = await sql<{ id: string }>`select id::text from order_lines where order_id = ${done.orderId} order by id limit 1`.execute(handle.db);
    const refund = {
      ...as(store.manager),
      orderId: Number(done.orderId),
      lines: [{ orderLineId: Number(rows[0]!.id), quantity: 1 }],
      payments: [{ paymentMethodId: store.cash.id, amount: money('50000000') }],
      reason: 'Cracked',
      idempotencyKey: 'before-close',
    };
    const refunded = await post('/order/refund', refund);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const house = await addCardMethod(h, store.owner, { name: 'House account', vendorFeePercent: 0n, requiresManagerApproval: true });
    const next = await h.as(store.cashier).order.next({});
    const pending = await h.as(store.cashier).order.submit({
      orderId: next.nextOrderId,
      items: [{ description: 'Chair', price: { type: 'Money', value: '20000000' } }],
      payments: [{ paymentMethodId: house.id, amount: { type: 'Money', value: '20000000' } }],
    });
    const draft = await h.as(store.cashier).order.next({});

    expect((await post('/order/day-status', as(store.cashier))).json()).toEqual({ success: true, today, closed: false, message: null, devicesWaiting: [] });
    const close = await post('/reports/end-of-day/close', { ...as(store.manager), date: today, openingCash: money('0'), countedCash: money('50000000') });
    expect(close.statusCode, close.body).toBe(200);
    expect((await post('/order/day-status', as(store.cashier))).json()).toEqual({ success: true, today, closed: true, message: closedMessage, devicesWaiting: [] });

    const refused = { status: 409, message: closedMessage };
    const sale = { ...as(store.cashier), orderId: Number(draft.nextOrderId), items: [{ description: 'Vase', price: money('10000000') }] };
    expect(failure(await post('/order/submit', sale))).toEqual(refused);
    expect((await h.as(store.cashier).order.fetch({ orderId: draft.nextOrderId })).order.status).toBe('DRAFT');
    expect(failure(await post('/order/approve', { ...as(store.manager), orderId: Number(pending.order.id) }))).toEqual(refused);
    expect(failure(await post('/order/refund', { ...refund, idempotencyKey: 'after-close' }))).toEqual(refused);
    expect(failure(await post('/vendor/payout', { ...as(store.accountant), vendorId: store.ada, amount: money('1000000'), method: 'CASH' }))).toEqual(refused);
    expect(failure(await post('/vendor/payout-run', { ...as(store.accountant), through: today, method: 'CASH' }))).toEqual(refused);
    expect(await count('payouts', 'true', store.owner.storeId)).toBe(0);

    // Not drawer money: a payout by check is taken; a retry of a refund made before the close answers it.
    expect((await post('/vendor/payout', { ...as(store.accountant), vendorId: store.ada, amount: money('1000000'), method: 'CHECK', reference: '77' })).statusCode).toBe(200);
    expect((await post('/order/refund', refund)).json()).toEqual(refunded.json());
    // Another store's day is its own.
    expect((await post('/order/day-status', as(shop.cashier))).json()).toMatchObject({ closed: false });
  });
});

describe('bodies and dates that found 500s or wrong 200s', () => {
  it('a statement, a payout run and a Z report reaching 9999-12-31 answer, never 500', async () => {
    const statement = await post('/vendor/statement', { ...as(shop.accountant), vendorId: shop.ada, from: '9999-12-01', to: '9999-12-31' });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json()).toMatchObject({ from: '9999-12-01', to: '9999-12-31', entries: [] });
    const run = await post('/vendor/payout-run', { ...as(shop.accountant), through: '9999-12-31', preview: true });
    expect(run.statusCode, run.body).toBe(200);
    const z = await post('/reports/end-of-day', { ...as(shop.accountant), date: '9999-12-31' });
    expect(z.statusCode, z.body).toBe(200);
  });

  it('a role that is not a role name is 400 and is not echoed, however deep', async () => {
    const depth = 100_000;
    const payload = `{"tokenString":${JSON.stringify(shop.owner.token)},"storeId":${shop.owner.storeId},"role":${'['.repeat(depth)}"STORE_OWNER"${']'.repeat(depth)}}`;
    const res = await app.inject({ method: 'POST', url: '/api/v1/store/staff/list', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(400);
    expect(res.body).not.toContain('[[');
    const long = await post('/store/staff/list', { ...as(shop.owner), role: 'X'.repeat(500_000) });
    expect(long.statusCode).toBe(400);
    expect(long.body.length).toBeLessThan(400);
  });

  it('rent for a month outside the years 1900 to 9999 is 400, like a date', async () => {
    for (const month of ['0000-01', '1899-12']) {
      expect(failure(await post('/vendor/rent/post', { ...as(shop.accountant), month }))).toEqual({ status: 400, message: 'Month must be between the years 1900 and 9999' });
    }
  });

  it("JSON's null as the body is 400", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/order/next', headers: { 'content-type': 'application/json' }, payload: 'null' });
    expect(failure(res)).toEqual({ status: 400, message: 'The request body must be a JSON object' });
  });

  it('a 10 MB body sent whole by Node’s fetch reads the 413, not a reset connection', async () => {
    const server = await buildApp({ db: handle.db, api: { scryptCost: 1024 } });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.server.address() as { port: number };
      const body = JSON.stringify({ filler: 'x'.repeat(10 * 1024 * 1024) });
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/order/next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MiB' });
    } finally {
      await server.close();
    }
  });
});
