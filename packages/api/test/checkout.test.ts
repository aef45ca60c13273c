/**
 * Checkout on a real database (docs/SETTLEMENT.md, Checkout): the worked example from the
 * submit to the vendors' ledger; a submit without payments paid by the store's Cash
 * method; every refusal with its message and nothing stored; a manager's approval given
 * right, wrong (403, counted as a failed sign-in) or not at all (PENDING, frozen);
 * approve and cancel by role; idempotency keys; concurrent submits of one order and
 * concurrent sales of the last units in stock; the Cash method every store has, which
 * cannot be deleted and charges nothing; the lookup's status filter.
 */
import { deserialize } from 'node:v8';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '@pos/db';
import { parseMoney, parsePercent } from '@pos/domain';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';
import { addCardMethod, cashMethodOf, openExampleShop, type ExampleShop, type SaleMethod } from '../../../test/sales';

const $ = parseMoney;
const M = (text: string) => ({ type: 'Money' as const, value: String(parseMoney(text)) });
const P = (text: string) => ({ type: 'Percent' as const, value: String(parsePercent(text)) });

let handle: DbHandle;
let h: ApiHarness;

type Shop = ExampleShop;
const openShop = () => openExampleShop(h);

const gst = { tax1Enabled: true, tax1Percent: P('5'), tax1Description: 'GST' };
/** The worked example's three lines: total 105.00. */
const EXAMPLE_ITEMS = [
  { itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: M('40'), discountPercent: P('10'), ...gst },
  { itemCode: 'BO1', description: 'Chair', quantity: 1, price: M('25'), ...gst },
  { itemCode: '', description: 'Gift wrap', quantity: 1, price: M('3'), ...gst },
];

/** How a rejected call failed, as the REST door would answer it. */
const rejected = (reason: unknown) => failureOf(Promise.reject(reason instanceof Error ? reason : new Error(String(reason))));

const pay = (method: SaleMethod | { id: number }, amount: string) => ({ paymentMethodId: method.id, amount: M(amount) });
/** A method without fees whose payments need a manager's approval. */
const addApprovalMethod = (shop: { owner: Person }, name: string) => addCardMethod(h, shop.owner, { name, vendorFeePercent: 0n, requiresManagerApproval: true });

async function draft(person: Person) {
  return (await h.as(person).order.next()).nextOrderId;
}

/** What checkout stores for an order: its row, payments, ledger entries, audit events, submit keys, lines. */
async function stored(orderId: number) {
  const id = BigInt(orderId);
  const order = await handle.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const payments = await handle.db.selectFrom('order_payments').selectAll().where('order_id', '=', id).orderBy('id').execute();
  const entries = await handle.db.selectFrom('ledger_entries').select(['vendor_id', 'kind', 'amount']).where('order_id', '=', id).orderBy('id').execute();
  const { rows: audit } = await sql<{ action: string; after: Record<string, unknown> }>`
    select action, after from audit_events where target_type = 'order' and target_id = ${String(orderId)} order by id`.execute(handle.db);
  const lines = await handle.db.selectFrom('order_lines').select(['id', 'item_code', 'description', 'quantity', 'price']).where('order_id', '=', id).orderBy('id').execute();
  const keys = await handle.db.selectFrom('order_submit_keys').select('key').where('order_id', '=', id).execute();
  return { order, payments, entries, audit, lines, keys };
}

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle.close());

describe('the worked example, through /order/submit', () => {
  it('stores Card 60.00 (fee 1.45) and Cash 50.00 (change 5.00), amount paid 106.45, and posts Ada +72.00 −7.20 −1.23, Bo +25.00 −8.75', async () => {
    const shop = await openShop();
    const orderId = await draft(shop.cashier);
    const answer = await h.as(shop.cashier).order.submit({
      orderId,
      customerName: 'Worked Example',
      items: EXAMPLE_ITEMS,
      payments: [pay(shop.card, '60'), pay(shop.cash, '50')],
      idempotencyKey: 'till-1-sale-1',
    });
    expect(answer.order).toMatchObject({
      status: 'COMPLETED',
      subtotal: M('108'),
      discount: M('8'),
      tax1: M('5'),
      total: M('105'),
      customerFees: M('1.45'),
      amountPaid: M('106.45'),
      changeDue: M('5'),
      approvedBy: null,
      payments: [
        { paymentMethodId: shop.card.id, name: 'Card', isCash: false, amount: M('60'), applied: M('60'), customerFee: M('1.45'), change: M('0') },
        { paymentMethodId: shop.cash.id, name: 'Cash', isCash: true, amount: M('50'), applied: M('45'), customerFee: M('0'), change: M('5') },
      ],
    });
    expect(answer.order.completedAt).not.toBeNull();
    expect((await h.as(shop.manager).order.fetch({ orderId })).order).toEqual(answer.order);

    const s = await stored(orderId);
    expect(s.entries).toEqual([
      { vendor_id: BigInt(shop.ada), kind: 'SALE', amount: $('72') },
      { vendor_id: BigInt(shop.ada), kind: 'COMMISSION', amount: $('-7.20') },
      { vendor_id: BigInt(shop.ada), kind: 'CARD_FEE', amount: $('-1.23') },
      { vendor_id: BigInt(shop.bo), kind: 'SALE', amount: $('25') },
      { vendor_id: BigInt(shop.bo), kind: 'COMMISSION', amount: $('-8.75') },
    ]);
    // The payments keep a snapshot of their method's vendor fee.
    expect(s.payments.map((p) => [p.method_name, p.vendor_fee_percent, p.amount, p.applied, p.customer_fee, p.change])).toEqual([
      ['Card', parsePercent('3'), $('60'), $('60'), $('1.45'), 0n],
      ['Cash', 0n, $('50'), $('45'), 0n, $('5')],
    ]);
    expect(s.audit.map((a) => a.action)).toEqual(['ORDER_SUBMIT']);
    expect(s.audit[0]!.after).toMatchObject({ status: 'COMPLETED', total: '105000000', amountPaid: '106450000', customerFees: '1450000', changeDue: '5000000' });

    // Conservation: amount paid = Σ SALE + own sales + tax + customer fees; Σ SALE = Σ net + commissions + card fees.
    const sales = s.entries.filter((e) => e.kind === 'SALE').reduce((sum, e) => sum + e.amount, 0n);
    const net = s.entries.reduce((sum, e) => sum + e.amount, 0n);
    const commissions = -s.entries.filter((e) => e.kind === 'COMMISSION').reduce((sum, e) => sum + e.amount, 0n);
    const cardFees = -s.entries.filter((e) => e.kind === 'CARD_FEE').reduce((sum, e) => sum + e.amount, 0n);
    expect([net, commissions, cardFees]).toEqual([$('79.82'), $('15.95'), $('1.23')]);
    expect(sales + $('3') + $('5') + $('1.45')).toBe($('106.45'));
    expect(sales).toBe(net + commissions + cardFees);
    const balances = await handle.db.selectFrom('vendors').select('outstanding_statement_balance as b').where('id', 'in', [BigInt(shop.ada), BigInt(shop.bo)]).orderBy('id').execute();
    expect(balances.map((b) => b.b)).toEqual([$('63.57'), $('16.25')]);
  });

  it("pays SPEC's body alone (no payments) in full by the store's Cash method", async () => {
    const shop = await openShop();
    const orderId = await draft(shop.cashier);
    const answer = await h.as(shop.cashier).order.submit({ orderId, customerName: 'Cash customer', items: EXAMPLE_ITEMS });
    expect(answer.order).toMatchObject({
      status: 'COMPLETED',
      total: M('105'),
      customerFees: M('0'),
      amountPaid: M('105'),
      changeDue: M('0'),
      payments: [{ paymentMethodId: shop.cash.id, name: 'Cash', isCash: true, amount: M('105'), applied: M('105'), customerFee: M('0'), change: M('0') }],
    });
    // Cash carries no card fee: Ada pays none.
    expect((await stored(orderId)).entries.map((e) => e.kind)).toEqual(['SALE', 'COMMISSION', 'SALE', 'COMMISSION']);
  });
});

describe('refusals: 400 with the message, and nothing stored', () => {
  let shop: Shop;
  let other: Person;
  let archived: SaleMethod;
  beforeAll(async () => {
    shop = await openShop();
    other = await signUpOwner(h);
    archived = await addCardMethod(h, shop.owner, { name: 'Old Card', vendorFeePercent: 0n });
    await h.as(shop.owner).store.payment.delete({ id: archived.id });
  });

  type Payments = { paymentMethodId: number; amount: ReturnType<typeof M> }[];
  const cases: [string, (s: Shop) => Payments | Promise<Payments>, string | RegExp][] = [
    ['payments that leave part of the total unpaid', (s) => [pay(s.card, '60'), pay(s.cash, '40')], 'Payments cover $100.00 of $105.00'],
    ['non-cash payments beyond the total', (s) => [pay(s.card, '106')], 'Payments other than cash ($106.00) exceed the total of $105.00'],
    ['a non-cash payment below its minimum', (s) => [pay(s.card, '4.99'), pay(s.cash, '100.01')], 'Minimum amount for Card is $5.00'],
    ['an archived method', () => [pay(archived, '105')], 'Old Card is no longer a payment method of this store'],
    ['an unknown method', () => [pay({ id: 987654 }, '105')], 'No such payment method in this store: 987654'],
    [
      "another store's method",
      async () => {
        const theirs = await cashMethodOf(h, other);
        return [pay(theirs, '105')];
      },
      /^No such payment method in this store: \d+$/,
    ],
  ];

  it.each(cases)('%s', async (_name, payments, message) => {
    const orderId = await draft(shop.cashier);
    const before = await stored(orderId);
    const failure = await failureOf(
      h.as(shop.cashier).order.submit({ orderId, customerName: 'Refused', items: EXAMPLE_ITEMS, payments: await payments(shop), idempotencyKey: 'refused-1' }),
    );
    expect(failure).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(failure.message).toMatch(typeof message === 'string' ? new RegExp(`^${message.replace(/[$.()]/g, '\\$&')}$`) : message);
    // Nothing stored: the draft as it was (its one empty line), no payment, entry, event or key.
    expect(await stored(orderId)).toEqual(before);
    expect(before.order.status).toBe('DRAFT');
  });

  it('answers 400 for an order total below zero paid by payments, and a payment amount of zero', async () => {
    const orderId = await draft(shop.cashier);
    const negative = [{ description: 'Return', quantity: 1, price: M('-10') }];
    expect(await failureOf(h.as(shop.manager).order.submit({ orderId, items: negative, payments: [pay(shop.cash, '10')] }))).toMatchObject({
      status: 400,
      message: 'An order total below zero (-$10.00) cannot be paid',
    });
    expect((await failureOf(h.as(shop.cashier).order.submit({ orderId, items: EXAMPLE_ITEMS, payments: [pay(shop.cash, '0')] }))).status).toBe(400);
    expect((await stored(orderId)).order.status).toBe('DRAFT');
  });

  it("hands a total below zero back in cash when submitted without payments (a cashier's with a manager's approval)", async () => {
    const orderId = await draft(shop.cashier);
    const items = [{ description: 'Return', quantity: 1, price: M('-10') }];
    expect((await failureOf(h.as(shop.cashier).order.submit({ orderId, items }))).status).toBe(403);
    const approval = { usernameOrEmail: shop.manager.username, password: shop.manager.password };
    const answer = await h.as(shop.cashier).order.submit({ orderId, items, approval });
    expect(answer.order).toMatchObject({
      status: 'COMPLETED',
      total: M('-10'),
      amountPaid: M('-10'),
      approvedBy: shop.manager.username,
      payments: [{ isCash: true, amount: M('-10'), applied: M('-10'), change: M('0') }],
    });
  });
});

describe("a payment method that requires a manager's approval", () => {
  let shop: Shop;
  let house: SaleMethod;
  let accountant: Person;
  beforeAll(async () => {
    shop = await openShop();
    accountant = await addStaff(h, shop.owner, 'STORE_ACCOUNTANT');
    house = await addApprovalMethod(shop, 'House Account');
  });

  it("completes with a manager's approval, and records who approved (a STORE_OWNER holds the role too)", async () => {
    for (const approver of [shop.manager, shop.owner]) {
      const orderId = await draft(shop.cashier);
      const answer = await h.as(shop.cashier).order.submit({
        orderId,
        items: EXAMPLE_ITEMS,
        payments: [pay(house, '100'), pay(shop.cash, '5')],
        approval: { usernameOrEmail: approver.email.toUpperCase(), password: approver.password },
      });
      expect(answer.order).toMatchObject({ status: 'COMPLETED', approvedBy: approver.username, amountPaid: M('105') });
      expect(answer.order.approvedAt).not.toBeNull();
      const s = await stored(orderId);
      expect(s.order.approved_by).toBe(BigInt(approver.userId));
      expect(s.entries.length).toBeGreaterThan(0);
    }
  });

  async function failures(person: Person, ip = '127.0.0.1') {
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from auth_attempts where kind = 'failure' and account = ${`user:${person.userId}`} and address = ${ip}`.execute(handle.db);
    return Number(rows[0]!.n);
  }

  it.each([
    ['a wrong password', (s: Shop) => ({ usernameOrEmail: s.manager.username, password: 'not the password' }), (s: Shop) => s.manager],
    ['a user without the role (a cashier)', (s: Shop) => ({ usernameOrEmail: s.cashier.username, password: s.cashier.password }), (s: Shop) => s.cashier],
    ['an accountant', () => ({ usernameOrEmail: accountant.username, password: accountant.password }), () => accountant],
  ])('refuses %s with 403, stores nothing, and counts it as a failed sign-in', async (_name, approval, counted) => {
    const orderId = await draft(shop.cashier);
    const before = await stored(orderId);
    const failed = await failures(counted(shop));
    expect(
      await failureOf(h.as(shop.cashier).order.submit({ orderId, items: EXAMPLE_ITEMS, payments: [pay(house, '105')], approval: approval(shop) })),
    ).toEqual({ status: 403, code: 'FORBIDDEN', message: 'Manager approval failed' });
    expect(await stored(orderId)).toEqual(before);
    expect(await failures(counted(shop))).toBe(failed + 1);
  });

  it("refuses a manager of another store, and an unknown name, with the same 403", async () => {
    const elsewhere = await signUpOwner(h);
    for (const approval of [{ usernameOrEmail: elsewhere.username, password: elsewhere.password }, { usernameOrEmail: 'nobody-at-all', password: 'x' }]) {
      const orderId = await draft(shop.cashier);
      expect(await failureOf(h.as(shop.cashier).order.submit({ orderId, items: EXAMPLE_ITEMS, payments: [pay(house, '105')], approval }))).toMatchObject({
        status: 403,
        message: 'Manager approval failed',
      });
    }
  });

  it('counts failed approvals with failed logins: past the limit even the right password is refused (429)', async () => {
    const ip = '10.9.8.7';
    const limited = createApiHarness(handle.db, { ip, config: { signInLimits: { ...h.config.signInLimits, failuresPerAccountAddress: 3 } } });
    for (let i = 0; i < 3; i++) {
      const orderId = await draft(shop.cashier);
      expect((await failureOf(limited.as(shop.cashier).order.submit({ orderId, items: EXAMPLE_ITEMS, payments: [pay(house, '105')], approval: { usernameOrEmail: shop.manager.username, password: 'wrong' } }))).status).toBe(403);
    }
    expect(await failures(shop.manager, ip)).toBe(3);
    const orderId = await draft(shop.cashier);
    const right = { usernameOrEmail: shop.manager.username, password: shop.manager.password };
    expect((await failureOf(limited.as(shop.cashier).order.submit({ orderId, items: EXAMPLE_ITEMS, payments: [pay(house, '105')], approval: right }))).status).toBe(429);
    expect((await failureOf(limited.call().auth.login(right))).status).toBe(429);
    expect((await stored(orderId)).order.status).toBe('DRAFT');
  });

  it('without an approval, stores the payments and waits PENDING: lines and payments frozen (409), counted on the manager dashboard', async () => {
    const pendingBefore = (await h.as(shop.manager).dashboard.storeManager()).pendingOrders;
    const next = await h.as(shop.cashier).order.next();
    const answer = await h.as(shop.cashier).order.submit({ orderId: next.nextOrderId, items: EXAMPLE_ITEMS, payments: [pay(house, '100'), pay(shop.cash, '10')] });
    expect(answer.order).toMatchObject({ status: 'PENDING', amountPaid: M('0'), changeDue: M('5'), approvedBy: null, completedAt: null });
    expect(answer.order.payments.map((p) => [p.name, p.applied.value])).toEqual([
      ['House Account', String($('100'))],
      ['Cash', String($('5'))],
    ]);
    const s = await stored(next.nextOrderId);
    expect([s.payments.length, s.entries.length, s.audit.map((a) => a.action)]).toEqual([2, 0, ['ORDER_SUBMIT']]);
    expect((await h.as(shop.manager).dashboard.storeManager()).pendingOrders).toBe(pendingBefore + 1);

    const lineId = answer.order.items[0]!.id;
    expect((await failureOf(h.as(shop.cashier).order.updateLine({ orderLineId: lineId, itemDescription: 'Changed' }))).status).toBe(409);
    expect((await failureOf(h.as(shop.cashier).order.submit({ orderId: next.nextOrderId, items: EXAMPLE_ITEMS, payments: [pay(shop.cash, '200')] }))).status).toBe(409);
    expect((await failureOf(h.as(shop.cashier).order.submit({ orderId: next.nextOrderId, items: EXAMPLE_ITEMS }))).status).toBe(409);
    expect(await stored(next.nextOrderId)).toEqual(s);

    // A manager approves it: completed with the payments it was submitted with.
    expect((await failureOf(h.as(shop.cashier).order.approve({ orderId: next.nextOrderId }))).status).toBe(403);
    const approved = await h.as(shop.manager).order.approve({ orderId: next.nextOrderId });
    expect(approved.order).toMatchObject({ status: 'COMPLETED', approvedBy: shop.manager.username, amountPaid: M('105'), changeDue: M('5'), payments: answer.order.payments });
    const after = await stored(next.nextOrderId);
    expect(after.payments).toEqual(s.payments);
    expect(after.entries.map((e) => e.kind)).toEqual(['SALE', 'COMMISSION', 'SALE', 'COMMISSION']);
    expect(after.audit.map((a) => a.action)).toEqual(['ORDER_SUBMIT', 'ORDER_APPROVE']);
    expect((await h.as(shop.manager).dashboard.storeManager()).pendingOrders).toBe(pendingBefore);
    expect(await failureOf(h.as(shop.manager).order.approve({ orderId: next.nextOrderId }))).toMatchObject({ status: 409, message: 'This order is COMPLETED: only a PENDING order waits for approval' });
  });
});

describe('the answer is the order as /order/fetch reads it after the submit, its totals its lines\' sums', () => {
  it('with lines updated, added and dropped, a manager approval, PENDING, without a customer name and without payments', async () => {
    const shop = await openShop();
    const house = await addApprovalMethod(shop, 'House Account');
    const approval = { usernameOrEmail: shop.manager.username, password: shop.manager.password };
    const submits = [
      (orderId: number, lineId: number) => ({ orderId, customerName: 'Approved', items: [{ id: lineId, ...EXAMPLE_ITEMS[0]! }, ...EXAMPLE_ITEMS.slice(1)], payments: [pay(house, '105')], approval }),
      (orderId: number, lineId: number) => ({ orderId, items: [...EXAMPLE_ITEMS, { id: lineId }], payments: [pay(house, '100'), pay(shop.cash, '20')] }),
      (orderId: number) => ({ orderId, items: [EXAMPLE_ITEMS[1]!, { description: '' }, EXAMPLE_ITEMS[0]!], idempotencyKey: 'k' }),
    ];
    for (const submit of submits) {
      const next = await h.as(shop.cashier).order.next();
      // A second saved line, left out of the submit: removed.
      await h.as(shop.cashier).order.updateLine({ orderLineId: next.nextOrderLineId, itemCode: 'BO1', itemDescription: 'Stool', price: M('7'), createNewLine: true });
      const answer = await h.as(shop.cashier).order.submit(submit(next.nextOrderId, next.nextOrderLineId));
      expect((await h.as(shop.manager).order.fetch({ orderId: next.nextOrderId })).order).toEqual(answer.order);
      // The totals it stored are its lines' sums, as refreshOrderTotals would store them.
      const { rows } = await sql<{ same: boolean }>`
        select o.subtotal = s.subtotal and o.discount_total = s.discount and o.tax1_total = s.tax1 and o.tax2_total = s.tax2 and o.tax3_total = s.tax3
               and o.total = s.subtotal - s.discount + s.tax1 + s.tax2 + s.tax3 and o.vendor_share_total = s.vendor_share as same
        from orders o, (select sum(amount) as subtotal, sum(discount_amount) as discount, sum(tax1_amount) as tax1, sum(tax2_amount) as tax2,
                               sum(tax3_amount) as tax3, sum(vendor_share) as vendor_share
                        from order_lines where order_id = ${next.nextOrderId}) s
        where o.id = ${next.nextOrderId}`.execute(handle.db);
      expect(rows[0]!.same).toBe(true);
    }
  });
});

describe('/order/approve and /order/cancel', () => {
  let shop: Shop;
  let house: SaleMethod;
  beforeAll(async () => {
    shop = await openShop();
    house = await addApprovalMethod(shop, 'Layaway');
  });

  async function pending() {
    const orderId = await draft(shop.cashier);
    await h.as(shop.cashier).order.submit({ orderId, items: EXAMPLE_ITEMS, payments: [pay(house, '105')] });
    return orderId;
  }

  it('approve answers 409 for a DRAFT and 404 for another store', async () => {
    const orderId = await draft(shop.cashier);
    expect((await failureOf(h.as(shop.manager).order.approve({ orderId }))).status).toBe(409);
    const stranger = await signUpOwner(h);
    expect((await failureOf(h.as(stranger).order.approve({ orderId: await pending() }))).status).toBe(404);
  });

  it('a cashier cancels a DRAFT with the reason; one ORDER_CANCEL event', async () => {
    const orderId = await draft(shop.cashier);
    const answer = await h.as(shop.cashier).order.cancel({ orderId, reason: 'Customer walked out' });
    expect(answer.order).toMatchObject({ status: 'CANCELLED', cancelReason: 'Customer walked out' });
    expect(answer.order.cancelledAt).not.toBeNull();
    const s = await stored(orderId);
    expect(s.order.cancelled_by).toBe(BigInt(shop.cashier.userId));
    expect(s.audit.map((a) => a.action)).toEqual(['ORDER_CANCEL']);
    expect((await failureOf(h.as(shop.cashier).order.updateLine({ orderLineId: Number(s.lines[0]!.id) }))).status).toBe(409);
  });

  it('a PENDING order is cancelled by a manager, not a cashier (403); a COMPLETED or CANCELLED one by nobody (409)', async () => {
    const orderId = await pending();
    expect(await failureOf(h.as(shop.cashier).order.cancel({ orderId, reason: 'No' }))).toMatchObject({ status: 403 });
    expect((await stored(orderId)).order.status).toBe('PENDING');
    const answer = await h.as(shop.manager).order.cancel({ orderId, reason: 'Card declined' });
    expect(answer.order).toMatchObject({ status: 'CANCELLED', cancelReason: 'Card declined' });
    const s = await stored(orderId);
    expect([s.entries.length, s.audit.map((a) => a.action)]).toEqual([0, ['ORDER_SUBMIT', 'ORDER_CANCEL']]);
    expect((await failureOf(h.as(shop.manager).order.cancel({ orderId, reason: 'Again' }))).status).toBe(409);
    expect((await failureOf(h.as(shop.manager).order.approve({ orderId }))).status).toBe(409);
    const done = await draft(shop.cashier);
    await h.as(shop.cashier).order.submit({ orderId: done, items: EXAMPLE_ITEMS });
    expect((await failureOf(h.as(shop.owner).order.cancel({ orderId: done, reason: 'Too late' }))).status).toBe(409);
  });

  it('cancel needs a reason (400)', async () => {
    const orderId = await draft(shop.cashier);
    expect((await failureOf(h.as(shop.cashier).order.cancel({ orderId, reason: '  ' }))).status).toBe(400);
  });
});

describe('idempotency and concurrency', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });

  it('answers a repeated key with the first answer and stores one payment set', async () => {
    const orderId = await draft(shop.cashier);
    const body = { orderId, items: EXAMPLE_ITEMS, payments: [pay(shop.card, '60'), pay(shop.cash, '50')], idempotencyKey: 'k-1' };
    const first = await h.as(shop.cashier).order.submit(body);
    const again = await h.as(shop.cashier).order.submit(body);
    expect(again).toEqual(first);
    // The same key with another body is refused, and changes nothing.
    expect(await failureOf(h.as(shop.cashier).order.submit({ ...body, payments: [pay(shop.cash, '200')] }))).toMatchObject({
      status: 409,
      message: 'This idempotency key was already used for a different request',
    });
    const s = await stored(orderId);
    expect([s.payments.length, s.entries.length, s.audit.length, s.keys.length]).toEqual([2, 5, 1, 1]);
    // Another key for the completed order is a new submit: 409.
    expect((await failureOf(h.as(shop.cashier).order.submit({ ...body, idempotencyKey: 'k-2' }))).status).toBe(409);
  });

  it('answers a key kept as superjson text, as answers were kept before they were kept as values', async () => {
    const orderId = await draft(shop.cashier);
    const body = { orderId, items: EXAMPLE_ITEMS, payments: [pay(shop.card, '60'), pay(shop.cash, '50')], idempotencyKey: 'k-before' };
    const first = await h.as(shop.cashier).order.submit(body);
    const kept = await handle.db.selectFrom('order_submit_keys').select(['id', 'answer', 'answer_value']).where('order_id', '=', BigInt(orderId)).executeTakeFirstOrThrow();
    expect(kept.answer).toBeNull();
    const text = superjson.stringify(deserialize(kept.answer_value!));
    await sql`update order_submit_keys set answer = ${text}::jsonb, answer_value = null where id = ${kept.id}`.execute(handle.db);
    expect(await h.as(shop.cashier).order.submit(body)).toEqual(first);
  });

  it('completes an order once under 50 concurrent submits (with and without one key)', async () => {
    for (const key of [undefined, 'same-key']) {
      const orderId = await draft(shop.cashier);
      const body = { orderId, items: EXAMPLE_ITEMS, payments: [pay(shop.card, '60'), pay(shop.cash, '50')], ...(key ? { idempotencyKey: key } : {}) };
      const results = await Promise.allSettled(Array.from({ length: 50 }, () => h.as(shop.cashier).order.submit(body)));
      const ok = results.filter((r) => r.status === 'fulfilled');
      if (key) {
        expect(ok.length).toBe(50);
        for (const r of ok) expect(r.value).toEqual(ok[0]!.value);
      } else {
        expect(ok.length).toBe(1);
        for (const r of results) if (r.status === 'rejected') expect((await rejected(r.reason)).status).toBe(409);
      }
      const s = await stored(orderId);
      expect([s.order.status, s.payments.length, s.entries.length, s.audit.length]).toEqual(['COMPLETED', 2, 5, 1]);
    }
  });
});

describe('stock', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });

  async function stockOf(sku: string) {
    return (await handle.db.selectFrom('items').select('quantity').where('alias', '=', sku).where('store_id', '=', BigInt(shop.owner.storeId)).executeTakeFirstOrThrow()).quantity;
  }

  it('takes the quantity of a line whose item code is a SKU on completion, with its movement', async () => {
    await h.as(shop.owner).store.inventory.add({ sku: 'VASE-1', price: M('12'), quantityOnHand: 10 });
    const orderId = await draft(shop.cashier);
    await h.as(shop.cashier).order.submit({ orderId, items: [{ itemCode: 'vase-1', description: 'Vase', quantity: 3, price: M('12') }, { itemCode: 'VASE-1', description: 'Vase', quantity: 1, price: M('12') }] });
    expect(await stockOf('VASE-1')).toBe(6n);
    const { rows } = await sql<{ kind: string; delta: string; after: string; orderId: string }>`
      select m.kind, m.quantity_delta::text as delta, m.quantity_after::text as after, m.order_id::text as "orderId" from item_movements m join items i on i.id = m.item_id
      where i.alias = 'VASE-1' and i.store_id = ${shop.owner.storeId} order by m.id`.execute(handle.db);
    expect(rows.at(-1)).toMatchObject({ kind: 'SALE', delta: '-4', after: '6', orderId: String(orderId) });
  });

  it('refuses to sell more than is on hand (400) and stores nothing; a PENDING order takes none until approved', async () => {
    await h.as(shop.owner).store.inventory.add({ sku: 'CLOCK-2', price: M('30'), quantityOnHand: 2 });
    const orderId = await draft(shop.cashier);
    const before = await stored(orderId);
    expect(await failureOf(h.as(shop.cashier).order.submit({ orderId, items: [{ itemCode: 'CLOCK-2', description: 'Clock', quantity: 3, price: M('30') }] }))).toMatchObject({
      status: 400,
      message: 'Only 2 of CLOCK-2 in stock',
    });
    expect(await stored(orderId)).toEqual(before);
    expect(await stockOf('CLOCK-2')).toBe(2n);
  });

  it('never goes below zero: 20 concurrent sales of the last 5 units sell exactly 5', async () => {
    await h.as(shop.owner).store.inventory.add({ sku: 'LAMP-7', price: M('20'), quantityOnHand: 5 });
    const orders = await Promise.all(Array.from({ length: 20 }, () => draft(shop.cashier)));
    const results = await Promise.allSettled(
      orders.map((orderId) => h.as(shop.cashier).order.submit({ orderId, items: [{ itemCode: 'LAMP-7', description: 'Lamp', quantity: 1, price: M('20') }], payments: [pay(shop.cash, '21')] })),
    );
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(5);
    for (const r of results) {
      if (r.status === 'rejected') expect(await rejected(r.reason)).toMatchObject({ status: 400, message: 'Only 0 of LAMP-7 in stock' });
    }
    expect(await stockOf('LAMP-7')).toBe(0n);
    expect((await handle.db.selectFrom('items').select('status').where('alias', '=', 'LAMP-7').where('store_id', '=', BigInt(shop.owner.storeId)).executeTakeFirstOrThrow()).status).toBe('SOLD');
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from order_payments where order_id = any(${orders.map(BigInt)}::int8[])`.execute(handle.db);
    expect(rows[0]!.n).toBe('5');
  });
});

describe('the Cash method', () => {
  it('a store signed up now has exactly one, with no fees; it cannot be deleted and its fees stay zero (400), its name may change', async () => {
    const owner = await signUpOwner(h);
    const { paymentMethods } = await h.as(owner).store.payment.list();
    expect(paymentMethods).toEqual([
      { id: expect.any(Number), name: 'Cash', isCash: true, vendorFeePercent: P('0'), customerFeePercent: P('0'), customerFeeAmount: M('0'), minimumAmount: M('0'), requiresManagerApproval: false, offlineAllowed: true },
    ]);
    const cash = paymentMethods[0]!;
    expect(await failureOf(h.as(owner).store.payment.delete({ id: cash.id }))).toMatchObject({ status: 400, message: "The Cash method cannot be deleted: it is the store's default tender" });
    const plain = { id: cash.id, name: 'Cash', vendorFeePercent: P('0'), customerFeePercent: P('0'), customerFeeAmount: M('0'), minimumAmount: M('0'), requiresManagerApproval: false };
    for (const change of [{ vendorFeePercent: P('1') }, { customerFeeAmount: M('0.25') }, { minimumAmount: M('1') }, { requiresManagerApproval: true }]) {
      expect(await failureOf(h.as(owner).store.payment.update({ ...plain, ...change }))).toMatchObject({ status: 400, message: 'The Cash method has no fees, no minimum amount and no manager approval' });
    }
    // Cash is always taken offline, whatever a save says.
    expect((await h.as(owner).store.payment.update({ ...plain, name: 'Cash (drawer)', offlineAllowed: false })).paymentMethod).toMatchObject({ name: 'Cash (drawer)', isCash: true, offlineAllowed: true });
    expect((await h.as(owner).store.payment.list()).paymentMethods.map((m) => [m.name, m.isCash])).toEqual([['Cash (drawer)', true]]);
    // The database holds the same rules.
    await expect(sql`update payment_methods set archived_at = now() where id = ${cash.id}`.execute(handle.db)).rejects.toThrow(/payment_methods_cash_plain/);
    await expect(
      sql`insert into payment_methods (store_id, name, is_cash, vendor_fee_percent, customer_fee_percent, customer_fee_amount, minimum_amount) values (${owner.storeId}, 'Cash 2', true, 0, 0, 0, 0)`.execute(handle.db),
    ).rejects.toThrow(/payment_methods_one_cash/);
  });
});

describe('/order/lookup by status', () => {
  it('answers only the orders of that status', async () => {
    const shop = await openShop();
    const completed = await draft(shop.cashier);
    await h.as(shop.cashier).order.submit({ orderId: completed, items: EXAMPLE_ITEMS });
    const cancelled = await draft(shop.cashier);
    await h.as(shop.cashier).order.cancel({ orderId: cancelled, reason: 'Test' });
    const open = await draft(shop.cashier);
    const ids = async (status: 'DRAFT' | 'COMPLETED' | 'CANCELLED' | 'PENDING') => (await h.as(shop.cashier).order.lookup({ status })).orderStubs.map((s) => s.id);
    expect(await ids('COMPLETED')).toEqual([completed]);
    expect(await ids('CANCELLED')).toEqual([cancelled]);
    expect(await ids('DRAFT')).toEqual([open]);
    expect(await ids('PENDING')).toEqual([]);
    expect((await h.as(shop.cashier).order.lookup({})).orderStubs.map((s) => s.id)).toEqual([open, cancelled, completed]);
    expect((await failureOf(h.as(shop.cashier).order.lookup({ status: 'PAID' as never }))).status).toBe(400);
  });
});
