/**
 * Scan to sell: a line bound to an item by its number takes the item's code, description
 * and price; completing the order takes its units (never below zero, also when two tills
 * sell the last unit at once), credits the item's vendor, and refuses a sold item with
 * 409 before any money is taken; a refund puts it back ACTIVE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';

let handle: DbHandle;
let h: ApiHarness;
let owner: Person;
let manager: Person;
let cashier: Person;
let vendorId: number;

const M = (value: bigint | number | string) => ({ type: 'Money' as const, value: String(value) });
const dollars = (d: number) => M(BigInt(Math.round(d * 100)) * 10_000n);

async function intake(description: string, price: number, quantity = 1) {
  return (await h.as(cashier).item.add({ itemCode: 'JANE1', description, price: dollars(price), quantity })).item;
}

/** A draft with one line scanned: the line as update-line answered it. */
async function scanned(itemNumber: string) {
  const next = await h.as(cashier).order.next();
  const answer = await h.as(cashier).order.updateLine({ orderLineId: next.nextOrderLineId, itemNumber });
  return { orderId: next.nextOrderId, orderNumber: next.nextOrderNumber, line: answer.line };
}

function ledgerOf(vendor: number) {
  return handle.db.selectFrom('ledger_entries').select(['kind', 'amount', 'order_id']).where('vendor_id', '=', BigInt(vendor)).orderBy('id').execute();
}

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  owner = await signUpOwner(h);
  [manager, cashier] = await Promise.all([addStaff(h, owner, 'STORE_MANAGER'), addStaff(h, owner, 'STORE_STAFF')]);
  vendorId = (await h.as(owner).vendor.add({ tradeName: 'Jane Doe Antiques', contactName: 'Jane', contactEmail: 'jane@example.test', primaryPhone: '555-0100' })).vendor.id;
  await h.as(owner).store.itemcode.add({ tag: 'JANE1', vendorId, defaultCommissionPercent: { type: 'Percent', value: '20000000' } });
});
afterAll(() => handle?.close());

describe('scan to sell', () => {
  it('a scanned number fills the line with the item’s code, description and price, quantity 1', async () => {
    const item = await intake('Cameo brooch', 35);
    const { line } = await scanned(item.itemNumber);
    expect(line).toMatchObject({ itemNumber: item.itemNumber, itemCode: 'JANE1', description: 'Cameo brooch', price: dollars(35), quantity: 1, total: dollars(35), knownItemCode: true });
  });

  it('an unknown number is 404; typed codes and prices still sell as before', async () => {
    const next = await h.as(cashier).order.next();
    expect(await failureOf(h.as(cashier).order.updateLine({ orderLineId: next.nextOrderLineId, itemNumber: '99999999' }))).toMatchObject({ status: 404, message: 'No item 99999999 in this store' });
    const answer = await h.as(cashier).order.updateLine({ orderLineId: next.nextOrderLineId, itemCode: 'JANE1', price: dollars(12), itemDescription: 'Typed' });
    expect(answer.line.itemNumber).toBeUndefined();
  });

  it('completing takes the item, SOLD with a SALE movement, credits its vendor; scanning it again is 409 naming the order; a refund makes it ACTIVE', async () => {
    const item = await intake('Oak rocking chair', 120);
    const { orderId, orderNumber, line } = await scanned(item.itemNumber);
    const before = (await ledgerOf(vendorId)).length;
    const { order } = await h.as(cashier).order.submit({ orderId, items: [{ id: line.id }] });
    expect(order.status).toBe('COMPLETED');
    expect(order.items[0]).toMatchObject({ itemNumber: item.itemNumber, total: dollars(120) });
    const sale = (await ledgerOf(vendorId)).slice(before);
    expect(sale.every((e) => e.order_id === BigInt(orderId))).toBe(true);
    expect(sale.find((e) => e.kind === 'SALE')?.amount).toBe(120_000_000n);
    expect(sale.reduce((sum, e) => sum + e.amount, 0n)).toBe(96_000_000n);

    const sold = await h.as(cashier).item.fetch({ itemId: item.id });
    expect(sold.item).toMatchObject({ status: 'SOLD', quantity: 0 });
    expect(sold.movements.at(-1)).toMatchObject({ kind: 'SALE', quantityDelta: -1, quantityAfter: 0, orderNumber });

    const message = `Item ${item.itemNumber} was sold on order ${orderNumber}`;
    const next = await h.as(cashier).order.next();
    expect(await failureOf(h.as(cashier).order.updateLine({ orderLineId: next.nextOrderLineId, itemNumber: item.itemNumber }))).toMatchObject({ status: 409, message });
    expect(await failureOf(h.as(cashier).order.submit({ orderId: next.nextOrderId, items: [{ itemNumber: item.itemNumber }] }))).toMatchObject({ status: 409, message });
    // The till asks before saving the line: the scan answers the item, SOLD, and why it cannot be sold.
    expect(await h.as(cashier).scan.code({ code: item.itemNumber })).toMatchObject({ kind: 'ITEM', item: { itemNumber: item.itemNumber, status: 'SOLD' }, unsellable: message });

    const cash = (await h.as(owner).store.payment.list()).paymentMethods.find((m) => m.isCash)!;
    await h.as(manager).order.refund({ orderId, lines: [{ orderLineId: line.id, quantity: 1 }], payments: [{ paymentMethodId: cash.id, amount: dollars(120) }], reason: 'Changed mind' });
    const back = await h.as(cashier).item.fetch({ itemId: item.id });
    expect(back.item).toMatchObject({ status: 'ACTIVE', quantity: 1 });
    expect(back.movements.at(-1)).toMatchObject({ kind: 'REFUND', quantityDelta: 1, quantityAfter: 1, orderNumber });
    expect((await scanned(item.itemNumber)).line.description).toBe('Oak rocking chair');
    expect(await h.as(cashier).scan.code({ code: item.itemNumber })).toMatchObject({ item: { status: 'ACTIVE' }, unsellable: null });
  });

  it('a stack sells unit by unit; more than is left is refused and nothing is stored', async () => {
    const item = await intake('Teacup', 4, 3);
    const a = await scanned(item.itemNumber);
    await h.as(cashier).order.submit({ orderId: a.orderId, items: [{ id: a.line.id, quantity: 2 }] });
    expect((await h.as(cashier).item.fetch({ itemId: item.id })).item).toMatchObject({ status: 'ACTIVE', quantity: 1 });
    const b = await scanned(item.itemNumber);
    expect(await failureOf(h.as(cashier).order.submit({ orderId: b.orderId, items: [{ id: b.line.id, quantity: 2 }] }))).toMatchObject({ status: 409, message: `Only 1 of item ${item.itemNumber} left` });
    expect((await h.as(cashier).order.fetch({ orderId: b.orderId })).order.status).toBe('DRAFT');
  });

  it('two tills sell the last unit at once: one completes, one is refused 409, nothing else changes', async () => {
    const item = await intake('Silver locket', 60);
    const [one, two] = [await scanned(item.itemNumber), await scanned(item.itemNumber)];
    const results = await Promise.allSettled([
      h.as(cashier).order.submit({ orderId: one.orderId, items: [{ id: one.line.id }] }),
      h.as(cashier).order.submit({ orderId: two.orderId, items: [{ id: two.line.id }] }),
    ]);
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const winner = done[0]!.value.order;
    const loser = winner.id === one.orderId ? two : one;
    expect(await failureOf(Promise.reject((refused[0] as PromiseRejectedResult).reason as Error))).toMatchObject({ status: 409, message: `Item ${item.itemNumber} was sold on order ${winner.orderNumber}` });
    expect((await h.as(cashier).order.fetch({ orderId: loser.orderId })).order).toMatchObject({ status: 'DRAFT', payments: [] });
    const ledger = await ledgerOf(vendorId);
    expect(ledger.filter((e) => e.order_id === BigInt(loser.orderId))).toEqual([]);
    expect(ledger.filter((e) => e.order_id === BigInt(winner.id) && e.kind === 'SALE')).toHaveLength(1);
    const fetched = await h.as(cashier).item.fetch({ itemId: item.id });
    expect(fetched.item).toMatchObject({ status: 'SOLD', quantity: 0 });
    expect(fetched.movements.filter((m) => m.kind === 'SALE')).toHaveLength(1);
  });
});
