/**
 * Money out and line owners at checkout, probed through the REST door as a dishonest or careless
 * cashier would (docs/SETTLEMENT.md, Money out): a sale below zero or a negative line
 * moves money out and needs a manager, as a refund does; a saved line listed twice is
 * refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';
import { addCode, addVendor } from '../../../test/sales';
import { buildApp } from '../src/app';

let handle: DbHandle;
let h: ApiHarness;
let app: FastifyInstance;
let owner: Person;
let manager: Person;
let cashier: Person;
let eve: number;

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  app = await buildApp({ db: handle.db, api: { scryptCost: 1024 } });
  owner = await signUpOwner(h);
  manager = await addStaff(h, owner, 'STORE_MANAGER');
  cashier = await addStaff(h, owner, 'STORE_STAFF');
  eve = await addVendor(h, owner, { tradeName: 'Eve' });
  await addCode(h, owner, eve, { tag: 'EVE1', commissionPercent: 10_000_000n });
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const money = (dollars: number) => ({ type: 'Money' as const, value: String(BigInt(Math.round(dollars * 100)) * 10_000n) });
const as = (p: Person) => ({ tokenString: p.token, storeId: p.storeId, role: p.role });
const approvalOf = (p: Person, password = p.password) => ({ usernameOrEmail: p.username, password });

async function post(path: string, body: object) {
  const res = await app.inject({ method: 'POST', url: `/api/v1${path}`, payload: body });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read as untyped JSON, as in every REST door test
  return { status: res.statusCode, body: res.json<Record<string, any>>() };
}

/** A new draft of `person`'s, answered as /order/next answers it. */
async function draft(person: Person) {
  const res = await post('/order/next', as(person));
  expect(res.status).toBe(200);
  return res.body as { nextOrderId: string; nextOrderLineId: string };
}

type Line = { itemCode?: string; description?: string; quantity?: number; price: number };
const item = (l: Line) => ({ ...l, quantity: l.quantity ?? 1, price: money(l.price) });

/** What the order's money left behind: its status, its ledger entries and its payments. */
async function moneyOf(orderId: string) {
  const { rows: entries } = await sql<{ kind: string; amount: string }>`
    select kind, amount::text from ledger_entries where order_id = ${orderId} order by id`.execute(handle.db);
  const { rows: payments } = await sql<{ amount: string }>`select amount::text from order_payments where order_id = ${orderId} order by id`.execute(handle.db);
  const { rows: orders } = await sql<{ status: string; approved_by: string | null }>`select status, approved_by::text from orders where id = ${orderId}`.execute(handle.db);
  return { status: orders[0]!.status, approvedBy: orders[0]!.approved_by, entries, payments };
}

async function failedApprovals(person: Person) {
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from auth_attempts where kind = 'failure' and account = ${`user:${person.userId}`}`.execute(handle.db);
  return Number(rows[0]!.n);
}

const MONEY_OUT = "Manager approval failed: a sale below zero or a negative line needs a manager's approval";

describe('money out needs a manager', () => {
  const cases: [string, Line[]][] = [
    ['cash paid out from the drawer: one line EVE1 1 × −500.00, no payments', [{ itemCode: 'EVE1', description: 'Return', price: -500 }]],
    ['a vendor credited for goods nobody paid for: EVE1 +1,000.00 and a line of no code −1,000.00', [
      { itemCode: 'EVE1', description: 'Desk', price: 1000 },
      { description: 'Discount', price: -1000 },
    ]],
    ['a negative line under a positive total', [
      { itemCode: 'EVE1', description: 'Lamp', price: 40 },
      { description: 'Credit', price: -5 },
    ]],
  ];

  it.each(cases)('%s: refused for STORE_STAFF without an approval (403), nothing stored', async (_name, lines) => {
    const d = await draft(cashier);
    const res = await post('/order/submit', { ...as(cashier), orderId: d.nextOrderId, items: lines.map(item) });
    expect(res).toEqual({ status: 403, body: { success: false, code: 'FORBIDDEN', message: MONEY_OUT } });
    expect(await moneyOf(d.nextOrderId)).toEqual({ status: 'DRAFT', approvedBy: null, entries: [], payments: [] });
  });

  it.each(cases)('%s: a wrong approval is 403 Manager approval failed, counted as a failed sign-in of the manager', async (_name, lines) => {
    const d = await draft(cashier);
    const before = await failedApprovals(manager);
    const res = await post('/order/submit', { ...as(cashier), orderId: d.nextOrderId, items: lines.map(item), approval: approvalOf(manager, 'not the password') });
    expect(res).toEqual({ status: 403, body: { success: false, code: 'FORBIDDEN', message: 'Manager approval failed' } });
    expect(await failedApprovals(manager)).toBe(before + 1);
    expect((await moneyOf(d.nextOrderId)).status).toBe('DRAFT');
  });

  it('an approval by another cashier is refused as a failed approval', async () => {
    const other = await addStaff(h, owner, 'STORE_STAFF');
    const d = await draft(cashier);
    const res = await post('/order/submit', { ...as(cashier), orderId: d.nextOrderId, items: [item({ itemCode: 'EVE1', price: -500 })], approval: approvalOf(other) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Manager approval failed');
  });

  it("completes with a manager's approval, records who approved, and posts the return to the vendor", async () => {
    const d = await draft(cashier);
    const res = await post('/order/submit', { ...as(cashier), orderId: d.nextOrderId, items: [item({ itemCode: 'EVE1', description: 'Return', price: -500 })], approval: approvalOf(manager) });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'COMPLETED', total: money(-500), approvedBy: manager.username });
    const stored = await moneyOf(d.nextOrderId);
    expect(stored.approvedBy).toBe(String(manager.userId));
    expect(stored.entries).toEqual([
      { kind: 'SALE', amount: '-500000000' },
      { kind: 'COMMISSION', amount: '50000000' },
    ]);
  });

  it('the +1,000/−1,000 pair completes for a manager on their own, and an owner approving a cashier', async () => {
    const pair = [item({ itemCode: 'EVE1', description: 'Desk', price: 1000 }), item({ description: 'Discount', price: -1000 })];
    const byManager = await draft(manager);
    expect((await post('/order/submit', { ...as(manager), orderId: byManager.nextOrderId, items: pair })).body.order).toMatchObject({ status: 'COMPLETED', total: money(0) });
    const byCashier = await draft(cashier);
    const res = await post('/order/submit', { ...as(cashier), orderId: byCashier.nextOrderId, items: pair, approval: approvalOf(owner) });
    expect(res.body.order).toMatchObject({ status: 'COMPLETED', approvedBy: owner.username });
  });

  it('a saved line made negative by the submit is caught too (the saved price is not what counts)', async () => {
    const d = await draft(cashier);
    expect((await post('/order/update-line', { ...as(cashier), orderLineId: d.nextOrderLineId, itemCode: 'EVE1', price: money(20) })).status).toBe(200);
    const res = await post('/order/submit', { ...as(cashier), orderId: d.nextOrderId, items: [{ id: d.nextOrderLineId, price: money(-20) }] });
    expect(res.status).toBe(403);
    expect((await moneyOf(d.nextOrderId)).entries).toEqual([]);
  });

  it('an ordinary sale by STORE_STAFF needs no approval', async () => {
    const d = await draft(cashier);
    const res = await post('/order/submit', { ...as(cashier), orderId: d.nextOrderId, items: [item({ itemCode: 'EVE1', description: 'Vase', price: 25 })] });
    expect(res.body.order).toMatchObject({ status: 'COMPLETED', approvedBy: null });
  });
});

describe('a saved line listed twice', () => {
  it('is refused with 400 naming the line, and nothing is stored', async () => {
    const d = await draft(cashier);
    expect((await post('/order/update-line', { ...as(cashier), orderLineId: d.nextOrderLineId, itemCode: 'EVE1', itemDescription: 'Oak desk', price: money(1000) })).status).toBe(200);
    const line = { id: d.nextOrderLineId };
    const res = await post('/order/submit', { ...as(cashier), orderId: d.nextOrderId, items: [line, { ...line, price: money(10) }] });
    expect(res).toEqual({ status: 400, body: { success: false, code: 'BAD_REQUEST', message: 'Oak desk is listed twice: give each line of the order once' } });
    expect(await moneyOf(d.nextOrderId)).toEqual({ status: 'DRAFT', approvedBy: null, entries: [], payments: [] });
    const fetched = await post('/order/fetch', { ...as(cashier), orderId: d.nextOrderId });
    expect(fetched.body.order.total).toEqual(money(1000));
  });

  it('once is fine', async () => {
    const d = await draft(cashier);
    await post('/order/update-line', { ...as(cashier), orderLineId: d.nextOrderLineId, itemCode: 'EVE1', itemDescription: 'Oak desk', price: money(1000) });
    const res = await post('/order/submit', { ...as(cashier), orderId: d.nextOrderId, items: [{ id: d.nextOrderLineId }] });
    expect(res.body.order).toMatchObject({ status: 'COMPLETED', total: money(1000) });
    expect((await moneyOf(d.nextOrderId)).entries.filter((e) => e.kind === 'SALE')).toEqual([{ kind: 'SALE', amount: '1000000000' }]);
  });
});

describe('every line pays its owner', () => {
  let ruth: number;
  beforeAll(async () => {
    ruth = await addVendor(h, owner, { tradeName: 'Ruth Antiques', booth: '14B' });
    await addCode(h, owner, ruth, { tag: 'A101', commissionPercent: 20_000_000n });
    const add = async (sku: string, itemCode: string | null, price: number) =>
      expect((await post('/store/inventory/add', { ...as(owner), sku, description: `Stock ${sku}`, itemCode, price: money(price), quantityOnHand: 5 })).status).toBe(200);
    await add('100234', 'A101', 185);
    await add('HOUSE-9', null, 12);
  });

  it('a stock item sold by its SKU pays the vendor of its linked code, at that code’s commission, and takes the stock', async () => {
    const d = await draft(cashier);
    const res = await post('/order/submit', { ...as(cashier), orderId: d.nextOrderId, items: [item({ itemCode: '100234', description: 'Oak chair', price: 185 })] });
    expect(res.status).toBe(200);
    expect(res.body.order.items[0]).toMatchObject({ itemCode: '100234', knownItemCode: true });
    const { rows } = await sql<{ vendor_id: string; kind: string; amount: string; tag: string }>`
      select e.vendor_id::text, e.kind, e.amount::text, c.tag from ledger_entries e join order_lines l on l.id = e.order_line_id join item_codes c on c.id = l.item_code_id
      where e.order_id = ${d.nextOrderId} order by e.id`.execute(handle.db);
    expect(rows).toEqual([
      { vendor_id: String(ruth), kind: 'SALE', amount: '185000000', tag: 'A101' },
      { vendor_id: String(ruth), kind: 'COMMISSION', amount: '-37000000', tag: 'A101' },
    ]);
    const stock = await post('/store/inventory/list', { ...as(cashier), search: '100234' });
    expect(stock.body.items[0].quantityOnHand).toBe(4);
  });

  it('a stock item of no code stays the store’s own sale, and a line with no code too', async () => {
    const d = await draft(cashier);
    const res = await post('/order/submit', { ...as(cashier), orderId: d.nextOrderId, items: [item({ itemCode: 'house-9', price: 12 }), item({ description: 'Gift wrap', price: 3 })] });
    expect(res.body.order).toMatchObject({ status: 'COMPLETED', total: money(15) });
    expect((await moneyOf(d.nextOrderId)).entries).toEqual([]);
  });

  it('a mistyped code is refused at submit (400 Unknown item code A1O1), and nothing is stored', async () => {
    const d = await draft(cashier);
    const res = await post('/order/submit', { ...as(cashier), orderId: d.nextOrderId, items: [item({ itemCode: 'A1O1', description: 'Chair', price: 185 })] });
    expect(res).toEqual({ status: 400, body: { success: false, code: 'BAD_REQUEST', message: 'Unknown item code A1O1' } });
    expect(await moneyOf(d.nextOrderId)).toEqual({ status: 'DRAFT', approvedBy: null, entries: [], payments: [] });
  });

  it('a saved line keeps its typed code (update-line takes any code; the answer says it is unknown) and submit refuses it', async () => {
    const d = await draft(cashier);
    const saved = await post('/order/update-line', { ...as(cashier), orderLineId: d.nextOrderLineId, itemCode: 'A1O1', price: money(185) });
    expect(saved.body.line).toMatchObject({ itemCode: 'A1O1', knownItemCode: false });
    const res = await post('/order/submit', { ...as(cashier), orderId: d.nextOrderId, items: [{ id: d.nextOrderLineId }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown item code A1O1');
  });

  it('/item/scan answers what a code names and who is paid for it; 404 for neither', async () => {
    // A scanned SKU answers the item it is the alias of, under the item's own number.
    const bySku = await post('/item/scan', { ...as(cashier), code: '100234' });
    expect(bySku).toMatchObject({
      status: 200,
      body: {
        success: true,
        kind: 'ITEM',
        itemCode: 'A101',
        vendor: { id: ruth, tradeName: 'Ruth Antiques', booth: '14B' },
        description: 'Stock 100234',
        price: money(185),
        item: { alias: '100234', status: 'ACTIVE', vendor: { id: ruth, tradeName: 'Ruth Antiques' } },
        unsellable: null,
      },
    });
    expect(bySku.body.code).toBe(bySku.body.item.itemNumber);
    expect((await post('/item/scan', { ...as(cashier), code: 'a101' })).body).toMatchObject({ kind: 'ITEM_CODE', code: 'A101', vendor: { tradeName: 'Ruth Antiques', booth: '14B' }, price: null });
    expect((await post('/item/scan', { ...as(cashier), code: 'HOUSE-9' })).body).toMatchObject({ kind: 'ITEM', itemCode: null, vendor: null, price: money(12) });
    expect(await post('/item/scan', { ...as(cashier), code: 'A1O1' })).toEqual({ status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Unknown item code A1O1' } });
    const elsewhere = await signUpOwner(h);
    expect((await post('/item/scan', { ...as(elsewhere), code: 'A101' })).status).toBe(404);
  });
});

describe('the Z report counts a return as cash handed back', () => {
  it('a manager-approved sale below zero is a cash return, not cash tendered below zero; the drawer reconciles', async () => {
    const shop = await signUpOwner(h);
    const [till, boss] = [await addStaff(h, shop, 'STORE_STAFF'), await addStaff(h, shop, 'STORE_MANAGER')];
    const { paymentMethods } = await h.as(shop).store.payment.list({});
    const cash = paymentMethods.find((m) => m.isCash)!;
    const sale = await draft(till);
    const sold = await post('/order/submit', { ...as(till), orderId: sale.nextOrderId, items: [item({ description: 'Lamp', price: 40 })], payments: [{ paymentMethodId: cash.id, amount: money(50) }] });
    expect(sold.body.order).toMatchObject({ status: 'COMPLETED', changeDue: money(10) });
    const ret = await draft(till);
    const returned = await post('/order/submit', { ...as(till), orderId: ret.nextOrderId, items: [item({ description: 'Returned vase', price: -25 })], approval: approvalOf(boss) });
    expect(returned.body.order).toMatchObject({ status: 'COMPLETED', total: money(-25), approvedBy: boss.username });

    const z = await post('/reports/end-of-day', { ...as(boss), openingCash: money(100), countedCash: money(115) });
    expect(z.status).toBe(200);
    expect(z.body.report.cash).toEqual({
      opening: money(100),
      taken: money(40),
      tendered: money(50),
      change: money(10),
      refunds: money(0),
      returns: money(25),
      payouts: money(0),
      expected: money(115),
      counted: money(115),
      overShort: money(0),
    });
    expect(z.body.report.payments).toEqual([
      expect.objectContaining({ name: 'Cash', orders: 2, applied: money(15), tendered: money(50), change: money(10), refunds: money(0), returns: money(25) }),
    ]);
  });
});
