/**
 * Refunds through the server on a real database (docs/SETTLEMENT.md, Refunds): the worked
 * example's refunds after Bo's payout, to the cent, in the ledger, the refunds' records
 * and the order; who may refund (a staff member only with a manager's credentials, a
 * wrong one counted as a failed sign-in); every refusal (too many units, payments that do
 * not add up or exceed a method's take, an order not completed, another store's order)
 * leaves nothing behind; stock comes back; and two refunds of the last unit at the same
 * moment make one refund and one reversal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '@pos/db';
import { parseMoney, parsePercent } from '@pos/domain';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';
import { addCardMethod, addCode, addVendor, cashMethodOf, completeSale, type CompletedSale, type SaleMethod } from '../../../test/sales';

const $ = parseMoney;
const M = (text: string) => ({ type: 'Money' as const, value: String(parseMoney(text)) });
const GST = parsePercent('5');

let handle: DbHandle;
let h: ApiHarness;

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle.close());

/** Everything a refund may write, counted for one store. */
async function footprint(storeId: number) {
  const { rows } = await sql<{ refunds: string; lines: string; payments: string; entries: string; audits: string; stock: string; refunded: string }>`
    select (select count(*) from refunds where store_id = ${storeId})::text as refunds,
           (select count(*) from refund_lines where store_id = ${storeId})::text as lines,
           (select count(*) from refund_payments where store_id = ${storeId})::text as payments,
           (select count(*) from ledger_entries where store_id = ${storeId})::text as entries,
           (select count(*) from audit_events where store_id = ${storeId})::text as audits,
           (select coalesce(sum(quantity), 0) from items where store_id = ${storeId})::text as stock,
           (select count(*) from orders where store_id = ${storeId} and status = 'REFUNDED')::text as refunded`.execute(handle.db);
  return rows[0]!;
}

/** A refund's ledger entries: [trade name, kind, amount]. */
async function reversalsOf(refundId: number) {
  const { rows } = await sql<{ tradeName: string; kind: string; amount: string }>`
    select v.trade_name as "tradeName", e.kind, e.amount::text as amount
    from ledger_entries e join vendors v on v.id = e.vendor_id
    where e.refund_id = ${refundId} order by e.id`.execute(handle.db);
  return rows.map((r) => [r.tradeName, r.kind, BigInt(r.amount)]);
}

async function lineIdsOf(orderId: bigint): Promise<Record<string, number>> {
  const rows = await handle.db.selectFrom('order_lines').select(['id', 'description']).where('order_id', '=', orderId).execute();
  return Object.fromEntries(rows.map((r) => [r.description, Number(r.id)]));
}

interface Example {
  owner: Person;
  manager: Person;
  accountant: Person;
  card: SaleMethod;
  cash: SaleMethod;
  ada: number;
  bo: number;
  sale: CompletedSale;
  lines: Record<string, number>;
}

/** The worked example's store, sale, rent and payout to Bo. */
async function workedExample(): Promise<Example> {
  const owner = await signUpOwner(h);
  const manager = await addStaff(h, owner, 'STORE_MANAGER');
  const accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
  const current = await h.as(owner).store.fetchSettings();
  await h.as(owner).store.updateSettings({ ...current, tax1ShortName: 'GST', tax1Percent: { type: 'Percent', value: String(GST) }, tax1Enabled: true, tax1ApplyByDefault: true });
  const card = await addCardMethod(h, owner, { vendorFeePercent: parsePercent('3'), customerFeePercent: parsePercent('2'), customerFeeAmount: $('0.25'), minimumAmount: $('5') });
  const cash = await cashMethodOf(h, owner);
  const ada = await addVendor(h, owner, { tradeName: 'Ada', vendorType: 'VENDOR', monthlyRent: $('150'), deductMonthlyRent: true });
  const bo = await addVendor(h, owner, { tradeName: 'Bo', vendorType: 'CONSIGNMENT' });
  await addCode(h, owner, ada, { tag: 'ADA1', commissionPercent: parsePercent('10'), proportionalCcFee: true });
  await addCode(h, owner, bo, { tag: 'BO1', commissionPercent: parsePercent('35') });
  const sale = await completeSale(
    h,
    handle.db,
    owner,
    [
      { itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: $('40'), discountPercent: parsePercent('10'), taxPercent: GST },
      { itemCode: 'BO1', description: 'Chair', quantity: 1, price: $('25'), taxPercent: GST },
      { itemCode: '', description: 'Gift wrap', quantity: 1, price: $('3'), taxPercent: GST },
    ],
    [
      { method: card, amount: $('60') },
      { method: cash, amount: $('50') },
    ],
  );
  await h.as(manager).vendor.rent.post({ month: (await h.as(manager).vendor.accounts({})).month });
  await h.as(accountant).vendor.payout({ vendorId: bo, amount: M('16.25'), method: 'CHECK', reference: '1001' });
  return { owner, manager, accountant, card, cash, ada, bo, sale, lines: await lineIdsOf(sale.orderId) };
}

describe('the worked example', () => {
  let x: Example;
  beforeAll(async () => {
    x = await workedExample();
  });

  it('refunds BO1 after the payout: SALE −25.00, COMMISSION +8.75, Bo at −16.25, the customer gets 26.25', async () => {
    const answer = await h.as(x.manager).order.refund({
      orderId: Number(x.sale.orderId),
      lines: [{ orderLineId: x.lines.Chair!, quantity: 1 }],
      payments: [{ paymentMethodId: x.card.id, amount: M('26.25') }],
      reason: 'Wobbly leg',
    });
    expect(answer.refund).toMatchObject({
      number: `${x.sale.orderNumber}-R1`,
      reason: 'Wobbly leg',
      total: M('25'),
      tax1: M('1.25'),
      amount: M('26.25'),
      createdBy: x.manager.username,
      approvedBy: null,
      lines: [{ orderLineId: x.lines.Chair, quantity: 1, total: M('25'), tax1: M('1.25') }],
      payments: [{ paymentMethodId: x.card.id, name: 'Card', isCash: false, amount: M('26.25') }],
    });
    expect(await reversalsOf(answer.refund.id)).toEqual([
      ['Bo', 'SALE', $('-25')],
      ['Bo', 'COMMISSION', $('8.75')],
    ]);
    const boNow = await h.as(x.accountant).vendor.statement({ vendorId: x.bo });
    expect(boNow.closingBalance).toEqual(M('-16.25'));
    expect(boNow.entries.slice(-2).map((e) => [e.kind, e.description, e.orderNumber, e.amount.value])).toEqual([
      ['SALE', `Refund ${x.sale.orderNumber}-R1: Chair`, x.sale.orderNumber, String($('-25'))],
      ['COMMISSION', `Refund ${x.sale.orderNumber}-R1: Chair`, x.sale.orderNumber, String($('8.75'))],
    ]);
    expect(answer.order.status).toBe('COMPLETED');
    expect(answer.order.items.map((i) => [i.description, i.refundedQuantity])).toEqual([
      ['Lamp', 0],
      ['Chair', 1],
      ['Gift wrap', 0],
    ]);
  });

  it('refunds ADA1 one unit at a time: CARD_FEE back 0.62 then 0.61, and the line nets to zero', async () => {
    const first = await h.as(x.owner).order.refund({
      orderId: Number(x.sale.orderId),
      lines: [{ orderLineId: x.lines.Lamp!, quantity: 1 }],
      payments: [{ paymentMethodId: x.cash.id, amount: M('37.80') }],
      reason: 'Shade torn',
    });
    expect([first.refund.number, first.refund.amount]).toEqual([`${x.sale.orderNumber}-R2`, M('37.80')]);
    expect(await reversalsOf(first.refund.id)).toEqual([
      ['Ada', 'SALE', $('-36')],
      ['Ada', 'COMMISSION', $('3.60')],
      ['Ada', 'CARD_FEE', $('0.62')],
    ]);
    // Cash kept 45.00 and returned 37.80: 7.20 is all it may still return.
    expect(
      await failureOf(
        h.as(x.owner).order.refund({ orderId: Number(x.sale.orderId), lines: [{ orderLineId: x.lines.Lamp!, quantity: 1 }], payments: [{ paymentMethodId: x.cash.id, amount: M('37.80') }], reason: 'x' }),
      ),
    ).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Cash took $45.00 on this order and can return at most $7.20 more' });
    const second = await h.as(x.owner).order.refund({
      orderId: Number(x.sale.orderId),
      lines: [{ orderLineId: x.lines.Lamp!, quantity: 1 }],
      payments: [
        { paymentMethodId: x.card.id, amount: M('33.75') },
        { paymentMethodId: x.cash.id, amount: M('4.05') },
      ],
      reason: 'Pair returned',
    });
    expect([second.refund.number, second.refund.amount]).toEqual([`${x.sale.orderNumber}-R3`, M('37.80')]);
    expect(await reversalsOf(second.refund.id)).toEqual([
      ['Ada', 'SALE', $('-36')],
      ['Ada', 'COMMISSION', $('3.60')],
      ['Ada', 'CARD_FEE', $('0.61')],
    ]);
    const { rows } = await sql<{ kind: string; sum: string }>`
      select kind, sum(amount)::text as sum from ledger_entries where order_line_id = ${x.lines.Lamp} group by kind order by kind`.execute(handle.db);
    expect(rows).toEqual([
      { kind: 'CARD_FEE', sum: '0' },
      { kind: 'COMMISSION', sum: '0' },
      { kind: 'SALE', sum: '0' },
    ]);
    // Ada: −86.43 after rent; the refunds take back her 63.57.
    expect((await h.as(x.accountant).vendor.statement({ vendorId: x.ada })).closingBalance).toEqual(M('-150'));
    expect(second.order.status).toBe('COMPLETED');
  });

  it('the last unit back marks the order REFUNDED; the order lists its refunds, oldest first', async () => {
    const last = await h.as(x.owner).order.refund({
      orderId: Number(x.sale.orderId),
      lines: [{ orderLineId: x.lines['Gift wrap']!, quantity: 1 }],
      payments: [{ paymentMethodId: x.cash.id, amount: M('3.15') }],
      reason: 'Not needed',
    });
    expect(await reversalsOf(last.refund.id)).toEqual([]);
    expect(last.order.status).toBe('REFUNDED');
    const { order } = await h.as(x.owner).order.fetch({ orderId: Number(x.sale.orderId) });
    expect(order.status).toBe('REFUNDED');
    expect(order.refunds!.map((r) => [r.number, r.amount.value])).toEqual([
      [`${x.sale.orderNumber}-R1`, String($('26.25'))],
      [`${x.sale.orderNumber}-R2`, String($('37.80'))],
      [`${x.sale.orderNumber}-R3`, String($('37.80'))],
      [`${x.sale.orderNumber}-R4`, String($('3.15'))],
    ]);
    // Everything paid is back but the customer fee: 106.45 − 1.45.
    expect(order.refunds!.reduce((sum, r) => sum + BigInt(r.amount.value), 0n)).toBe($('105'));
    expect(order.items.map((i) => i.refundedQuantity)).toEqual([2, 1, 1]);
    // Nothing is left to refund.
    expect(
      await failureOf(h.as(x.owner).order.refund({ orderId: Number(x.sale.orderId), lines: [{ orderLineId: x.lines.Chair!, quantity: 1 }], payments: [], reason: 'again' })),
    ).toMatchObject({ status: 400, message: 'Every unit of Chair has been refunded already' });
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from audit_events where store_id = ${x.owner.storeId} and action = 'ORDER_REFUND'`.execute(handle.db);
    expect(rows[0]!.n).toBe('4');
  });
});

describe('refusals leave nothing behind', () => {
  let owner: Person;
  let cash: SaleMethod;
  let sale: CompletedSale;
  let line: number;
  beforeAll(async () => {
    owner = await signUpOwner(h);
    cash = await cashMethodOf(h, owner);
    const vendor = await addVendor(h, owner, { tradeName: 'Cy' });
    await addCode(h, owner, vendor, { tag: 'CY1', commissionPercent: parsePercent('20') });
    sale = await completeSale(h, handle.db, owner, [{ itemCode: 'CY1', description: 'Vase', quantity: 3, price: $('10') }]);
    line = Object.values(await lineIdsOf(sale.orderId))[0]!;
  });

  const body = (over: Record<string, unknown> = {}) => ({
    orderId: Number(sale.orderId),
    lines: [{ orderLineId: line, quantity: 1 }],
    payments: [{ paymentMethodId: cash.id, amount: M('10') }],
    reason: 'Cracked',
    ...over,
  });

  type Change = (line: number, cashId: number) => Record<string, unknown>;
  it.each<[string, Change, string]>([
    ['more units than were sold', (l) => ({ lines: [{ orderLineId: l, quantity: 4 }] }), 'Only 3 of Vase can still be refunded'],
    ['no unit at all', (l) => ({ lines: [{ orderLineId: l, quantity: 0 }] }), 'Choose at least one unit to refund'],
    ['a line of no order of the store', () => ({ lines: [{ orderLineId: 999_999_999, quantity: 1 }] }), 'No such order line in this order'],
    ['payments short of the amount', (_l, c) => ({ payments: [{ paymentMethodId: c, amount: M('9.99') }] }), 'Refund payments add up to $9.99, not the $10.00 the customer gets back'],
    ['no payments for money owed', () => ({ payments: [] }), 'Refund payments add up to $0.00, not the $10.00 the customer gets back'],
    [
      'a method beyond what it took',
      (l, c) => ({ lines: [{ orderLineId: l, quantity: 3 }], payments: [{ paymentMethodId: c, amount: M('30.01') }] }),
      'Cash took $30.00 on this order and cannot return more',
    ],
    ['no reason', () => ({ reason: '  ' }), 'Reason is required'],
  ])('refuses %s (400)', async (_what, change, message) => {
    const before = await footprint(owner.storeId);
    expect(await failureOf(h.as(owner).order.refund(body(change(line, cash.id)) as never))).toEqual({ status: 400, code: 'BAD_REQUEST', message });
    expect(await footprint(owner.storeId)).toEqual(before);
  });

  it('refuses a method the order was not paid by', async () => {
    const card = await addCardMethod(h, owner, { name: 'Visa', vendorFeePercent: 0n });
    const before = await footprint(owner.storeId);
    expect(await failureOf(h.as(owner).order.refund(body({ payments: [{ paymentMethodId: card.id, amount: M('10') }] })))).toMatchObject({
      status: 400,
      message: 'A refund goes back only to a payment method this order was paid by',
    });
    expect(await footprint(owner.storeId)).toEqual(before);
  });

  it('refuses an order that is not completed (400), and answers another store\'s order as not found (404)', async () => {
    const draft = await h.as(owner).order.next({});
    const before = await footprint(owner.storeId);
    expect(await failureOf(h.as(owner).order.refund(body({ orderId: draft.nextOrderId, lines: [{ orderLineId: draft.nextOrderLineId, quantity: 1 }] })))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: `Only a completed order can be refunded: order ${draft.nextOrderNumber} is DRAFT`,
    });
    const other = await signUpOwner(h);
    expect(await failureOf(h.as(other).order.refund(body()))).toMatchObject({ status: 404, message: 'No such order in this store' });
    expect(await footprint(owner.storeId)).toEqual(before);
  });
});

describe('who may refund', () => {
  let owner: Person;
  let manager: Person;
  let cashier: Person;
  let accountant: Person;
  let cash: SaleMethod;
  let sale: CompletedSale;
  let line: number;
  beforeAll(async () => {
    owner = await signUpOwner(h);
    manager = await addStaff(h, owner, 'STORE_MANAGER');
    cashier = await addStaff(h, owner, 'STORE_STAFF');
    accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
    cash = await cashMethodOf(h, owner);
    sale = await completeSale(h, handle.db, owner, [{ itemCode: '', description: 'Print', quantity: 5, price: $('4') }]);
    line = Object.values(await lineIdsOf(sale.orderId))[0]!;
  });
  const body = (approval?: { usernameOrEmail: string; password: string }) => ({
    orderId: Number(sale.orderId),
    lines: [{ orderLineId: line, quantity: 1 }],
    payments: [{ paymentMethodId: cash.id, amount: M('4') }],
    reason: 'Faded',
    ...(approval ? { approval } : {}),
  });
  const failedSignIns = async (userId: number) => {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from auth_attempts where account = ${`user:${userId}`} and kind = 'failure'`.execute(handle.db);
    return Number(rows[0]!.n);
  };

  it("refuses a staff member without a manager's approval, and with a wrong one, counted as the manager's failed sign-in", async () => {
    const before = await footprint(owner.storeId);
    expect(await failureOf(h.as(cashier).order.refund(body()))).toEqual({ status: 403, code: 'FORBIDDEN', message: "A refund by STORE_STAFF needs a manager's approval" });
    const failures = await failedSignIns(manager.userId);
    expect(await failureOf(h.as(cashier).order.refund(body({ usernameOrEmail: manager.username, password: 'not the password' })))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Manager approval failed',
    });
    expect(await failedSignIns(manager.userId)).toBe(failures + 1);
    expect(await footprint(owner.storeId)).toEqual(before);
    // Another cashier's right password approves nothing.
    const other = await addStaff(h, owner, 'STORE_STAFF');
    const withOther = await footprint(owner.storeId);
    expect(await failureOf(h.as(cashier).order.refund(body({ usernameOrEmail: other.username, password: other.password })))).toMatchObject({ status: 403, message: 'Manager approval failed' });
    expect(await footprint(owner.storeId)).toEqual(withOther);
  });

  it("makes a staff member's refund with a manager's credentials, recording who made it and who approved it", async () => {
    const answer = await h.as(cashier).order.refund(body({ usernameOrEmail: manager.email, password: manager.password }));
    expect(answer.refund).toMatchObject({ createdBy: cashier.username, approvedBy: manager.username, amount: M('4') });
    const { rows } = await sql<{ actor_id: string; actor_role: string; after: Record<string, unknown> }>`
      select actor_id::text, actor_role, after from audit_events where store_id = ${owner.storeId} and action = 'ORDER_REFUND'`.execute(handle.db);
    expect(rows).toEqual([
      {
        actor_id: String(cashier.userId),
        actor_role: 'STORE_STAFF',
        after: {
          orderNumber: sale.orderNumber,
          refund: `${sale.orderNumber}-R1`,
          status: 'COMPLETED',
          reason: 'Faded',
          lines: ['1 × Print'],
          payments: ['Cash $4.00'],
          total: String($('4')),
          taxes: '0',
          amount: String($('4')),
          approvedBy: manager.username,
        },
      },
    ]);
  });

  it('lets a manager and an owner refund on their own; refuses an accountant (403)', async () => {
    expect((await h.as(manager).order.refund(body())).refund.approvedBy).toBeNull();
    expect((await h.as(owner).order.refund(body())).refund.number).toBe(`${sale.orderNumber}-R3`);
    expect((await failureOf(h.as(accountant).order.refund(body()))).status).toBe(403);
  });
});

describe('stock', () => {
  it('puts refunded units of an inventory item back on hand', async () => {
    const owner = await signUpOwner(h);
    const cash = await cashMethodOf(h, owner);
    const vendor = await addVendor(h, owner, { tradeName: 'Dee' });
    await addCode(h, owner, vendor, { tag: 'DEE1', commissionPercent: parsePercent('25') });
    await h.as(owner).store.inventory.add({ sku: 'DEE1', description: 'Mug', price: M('6'), itemCode: 'DEE1', quantityOnHand: 10 });
    const sale = await completeSale(h, handle.db, owner, [{ itemCode: 'DEE1', description: 'Mug', quantity: 4, price: $('6') }]);
    const onHand = async () => (await h.as(owner).store.inventory.list({ search: 'DEE1' })).items[0]!.quantityOnHand;
    expect(await onHand()).toBe(6);
    const line = Object.values(await lineIdsOf(sale.orderId))[0]!;
    await h.as(owner).order.refund({ orderId: Number(sale.orderId), lines: [{ orderLineId: line, quantity: 3 }], payments: [{ paymentMethodId: cash.id, amount: M('18') }], reason: 'Chipped set' });
    expect(await onHand()).toBe(9);
  });
});

describe('two refunds of the last unit at the same moment', () => {
  it('makes one: the other answers 400, and the ledger holds one reversal', async () => {
    const owner = await signUpOwner(h);
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    const cash = await cashMethodOf(h, owner);
    const vendor = await addVendor(h, owner, { tradeName: 'Eve' });
    await addCode(h, owner, vendor, { tag: 'EVE1', commissionPercent: parsePercent('30') });
    for (let round = 0; round < 5; round++) {
      const sale = await completeSale(h, handle.db, owner, [{ itemCode: 'EVE1', description: 'Clock', quantity: 1, price: $('50') }]);
      const line = Object.values(await lineIdsOf(sale.orderId))[0]!;
      const body = { orderId: Number(sale.orderId), lines: [{ orderLineId: line, quantity: 1 }], payments: [{ paymentMethodId: cash.id, amount: M('50') }], reason: 'Stopped' };
      // failureOf answers how a call failed, and throws when it succeeded: 'made'.
      const outcomes = await Promise.all([h.as(owner).order.refund(body), h.as(manager).order.refund(body)].map((call) => failureOf(call).catch(() => 'made' as const)));
      expect(outcomes.filter((o) => o === 'made')).toHaveLength(1);
      expect(outcomes.find((o) => o !== 'made')).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Every unit of Clock has been refunded already' });
      const { rows } = await sql<{ refunds: string; reversals: string; net: string; audits: string }>`
        select (select count(*) from refunds where order_id = ${sale.orderId})::text as refunds,
               (select count(*) from ledger_entries where order_id = ${sale.orderId} and refund_id is not null and kind = 'SALE')::text as reversals,
               (select sum(amount) from ledger_entries where order_id = ${sale.orderId})::text as net,
               (select count(*) from audit_events where store_id = ${owner.storeId} and action = 'ORDER_REFUND' and target_id = ${String(sale.orderId)})::text as audits`.execute(handle.db);
      expect(rows[0]).toEqual({ refunds: '1', reversals: '1', net: '0', audits: '1' });
    }
  });
});

describe('the database', () => {
  it('refuses UPDATE and DELETE of refunds, their lines and payments', async () => {
    for (const table of ['refunds', 'refund_lines', 'refund_payments']) {
      await expect(sql`update ${sql.table(table)} set store_id = store_id`.execute(handle.db)).rejects.toThrow();
      await expect(sql`delete from ${sql.table(table)}`.execute(handle.db)).rejects.toThrow();
    }
  });
});
