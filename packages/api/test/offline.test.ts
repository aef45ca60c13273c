/**
 * The offline till's server half on the real database: devices and their number blocks,
 * the replay of an offline sale through the same submit as a checkout (its number, its
 * time of sale, vendor postings, a balanced journal), exactly once per client id also
 * when sent twice at once, the refusals kept for a manager, and the manager's Complete
 * anyway and Void; the snapshot a till sells from.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';

let handle: DbHandle;
let h: ApiHarness;

const M = (value: bigint | number | string) => ({ type: 'Money' as const, value: String(value) });
const dollars = (d: number) => M(BigInt(Math.round(d * 100)) * 10_000n);
const P = (percent: number) => ({ type: 'Percent' as const, value: String(BigInt(percent) * 1_000_000n) });

interface Shop {
  owner: Person;
  manager: Person;
  cashier: Person;
  vendorId: number;
  cashId: number;
  cardId: number;
}

async function openShop(): Promise<Shop> {
  const owner = await signUpOwner(h);
  const [manager, cashier] = await Promise.all([addStaff(h, owner, 'STORE_MANAGER'), addStaff(h, owner, 'STORE_STAFF')]);
  const vendorId = (await h.as(owner).vendor.add({ tradeName: 'Jane Doe Antiques', contactName: 'Jane', contactEmail: `jane${randomUUID().slice(0, 6)}@example.test`, primaryPhone: '555-0100' })).vendor.id;
  await h.as(owner).store.itemcode.add({ tag: 'JANE1', vendorId, defaultCommissionPercent: P(20) });
  const methods = (await h.as(owner).store.payment.list()).paymentMethods;
  const card = await h.as(owner).store.payment.create({
    name: 'Card terminal',
    vendorFeePercent: P(3),
    customerFeePercent: P(0),
    customerFeeAmount: M(0),
    minimumAmount: M(0),
    offlineAllowed: true,
  });
  return { owner, manager, cashier, vendorId, cashId: methods.find((m) => m.isCash)!.id, cardId: card.paymentMethod.id };
}

async function device(shop: Shop, by: Person = shop.cashier, name = 'Front till') {
  const deviceId = randomUUID();
  await h.as(by).device.register({ deviceId, name });
  const { numbers } = await h.as(by).device.reserveNumbers({ deviceId, idempotencyKey: randomUUID() });
  return { deviceId, numbers: [...numbers] };
}

/** A typed sale of JANE1 at `price`, paid in cash. */
function sale(shop: Shop, dev: { deviceId: string; numbers: string[] }, price: number, over: Record<string, unknown> = {}) {
  return {
    deviceId: dev.deviceId,
    clientId: randomUUID(),
    orderNumber: dev.numbers.shift()!,
    soldAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    customerName: 'Walk-in',
    items: [{ itemCode: 'JANE1', description: 'Blue vase', price: dollars(price), quantity: 1 }],
    payments: [{ paymentMethodId: shop.cashId, amount: dollars(price) }],
    idempotencyKey: randomUUID(),
    ...over,
  };
}

async function ordersNumbered(storeId: number, orderNumber: string) {
  return handle.db.selectFrom('orders').select(['id', 'status', 'created_at', 'completed_at', 'created_by']).where('store_id', '=', BigInt(storeId)).where('order_number', '=', orderNumber).execute();
}

async function moneyRowsOf(orderId: number) {
  const count = async (table: 'order_payments' | 'ledger_entries' | 'journals') =>
    Number((await handle.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('order_id', '=', BigInt(orderId)).executeTakeFirstOrThrow()).n);
  return { payments: await count('order_payments'), entries: await count('ledger_entries'), journals: await count('journals') };
}

/** An order's ledger entries (kind, amount, vendor) and its sale journal's legs. */
async function postingsOf(orderId: bigint) {
  const entries = (await handle.db.selectFrom('ledger_entries').select(['kind', 'amount', 'vendor_id']).where('order_id', '=', orderId).orderBy('id').execute()).map((e) => [e.kind, e.amount, e.vendor_id]);
  const { rows } = await sql<{ legs: Record<string, string> }>`
    select json_object_agg(l.account, l.amount::text order by l.account) as legs from journals j join journal_legs l on l.journal_id = j.id
    where j.order_id = ${orderId} and j.kind = 'SALE'`.execute(handle.db);
  return { entries, legs: rows[0]?.legs ?? {} };
}

async function auditOf(storeId: number, action: string) {
  return handle.db.selectFrom('audit_events').select(['target_id', 'after', 'actor_id']).where('store_id', '=', BigInt(storeId)).where('action', '=', action).orderBy('id').execute();
}

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle?.close());

describe('devices and their number blocks', () => {
  it('registers a till (again: renamed), reserves 25 numbers with the prefix; two devices reserving at once never share a number', async () => {
    const shop = await openShop();
    const deviceId = randomUUID();
    expect((await h.as(shop.cashier).device.register({ deviceId, name: 'Till 1' })).device).toEqual({ deviceId, name: 'Till 1' });
    expect((await h.as(shop.cashier).device.register({ deviceId, name: 'Till by the door' })).device.name).toBe('Till by the door');
    const other = randomUUID();
    await h.as(shop.cashier).device.register({ deviceId: other, name: 'Till 2' });
    const [a, b, c] = await Promise.all([
      h.as(shop.cashier).device.reserveNumbers({ deviceId, idempotencyKey: randomUUID() }),
      h.as(shop.cashier).device.reserveNumbers({ deviceId: other, idempotencyKey: randomUUID() }),
      h.as(shop.cashier).order.next(),
    ]);
    expect(a.numbers).toHaveLength(25);
    expect(b.numbers).toHaveLength(25);
    const all = [...a.numbers, ...b.numbers, c.nextOrderNumber];
    expect(new Set(all).size).toBe(51);
    const { orderPrefix } = await h.as(shop.cashier).store.fetchSettings();
    expect(a.numbers.every((n) => n.startsWith(orderPrefix))).toBe(true);
    // The same key answers the same block; an unknown device is 404.
    const key = randomUUID();
    const first = await h.as(shop.cashier).device.reserveNumbers({ deviceId, idempotencyKey: key });
    expect((await h.as(shop.cashier).device.reserveNumbers({ deviceId, idempotencyKey: key })).numbers).toEqual(first.numbers);
    expect(await failureOf(h.as(shop.cashier).device.reserveNumbers({ deviceId: randomUUID() }))).toMatchObject({ status: 404 });
  });

  it('the snapshot holds what the till sells from: taxes, methods (which may be taken offline), codes with their vendors, items still for sale, the cashier', async () => {
    const shop = await openShop();
    await h.as(shop.owner).store.itemcode.add({ tag: 'HOUSE', vendorId: null, defaultCommissionPercent: P(0) });
    const kept = (await h.as(shop.owner).item.add({ itemCode: 'JANE1', description: 'Brass lamp', price: dollars(45), quantity: 1 })).item;
    const sold = (await h.as(shop.owner).item.add({ itemCode: 'JANE1', description: 'Tin toy', price: dollars(12), quantity: 1 })).item;
    const order = await h.as(shop.cashier).order.next();
    await h.as(shop.cashier).order.submit({ orderId: order.nextOrderId, items: [{ itemNumber: sold.itemNumber }] });
    const snap = await h.as(shop.cashier).device.snapshot({});
    const settings = await h.as(shop.owner).store.fetchSettings();
    expect(snap.store.taxes).toEqual(Object.fromEntries(Object.entries(settings).filter(([k]) => /^tax\d/.test(k))));
    expect(snap.store.limits).toEqual({ offlineMaxSales: settings.offlineMaxSales, offlineMaxTotal: settings.offlineMaxTotal, offlineMaxHours: settings.offlineMaxHours });
    expect(snap.paymentMethods.map((m) => [m.name, m.offlineAllowed])).toEqual(expect.arrayContaining([['Cash', true], ['Card terminal', true]]));
    expect(snap.itemCodes.map((c) => [c.code, c.vendorName])).toEqual([['HOUSE', ''], ['JANE1', 'Jane Doe Antiques']]);
    expect(snap.items.map((i) => [i.itemNumber, i.description, i.price])).toEqual([[kept.itemNumber, 'Brass lamp', dollars(45)]]);
    expect(snap.cashier).toEqual({ userId: shop.cashier.userId, name: shop.cashier.username });
  });

  it('a report names the device in day status; skipped numbers are never sold under', async () => {
    const shop = await openShop();
    const dev = await device(shop, shop.cashier, 'Back till');
    expect((await h.as(shop.cashier).order.dayStatus()).devicesWaiting).toEqual([]);
    const oldest = new Date(Date.now() - 3_600_000).toISOString();
    const skipped = dev.numbers.slice(-2);
    await h.as(shop.cashier).device.report({ deviceId: dev.deviceId, pending: 3, oldestPendingAt: oldest, skippedNumbers: skipped });
    const { devicesWaiting } = await h.as(shop.manager).order.dayStatus();
    expect(devicesWaiting).toMatchObject([{ deviceName: 'Back till', pending: 3, oldestPendingAt: oldest }]);
    const refused = await failureOf(h.as(shop.cashier).offline.replay(sale(shop, { ...dev, numbers: [skipped[0]!] }, 10)));
    expect(refused).toMatchObject({ status: 409, message: `Order number ${skipped[0]} was already reported skipped` });
    await h.as(shop.cashier).device.report({ deviceId: dev.deviceId, pending: 0, oldestPendingAt: null, skippedNumbers: [] });
    expect((await h.as(shop.cashier).order.dayStatus()).devicesWaiting).toEqual([]);
  });
});

describe('/offline/replay', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });

  it('completes the sale under the device number at its time of sale, with vendor postings and a balanced journal', async () => {
    const dev = await device(shop);
    const input = sale(shop, dev, 50, { payments: [{ paymentMethodId: shop.cardId, amount: dollars(30) }, { paymentMethodId: shop.cashId, amount: dollars(20) }] });
    const answer = await h.as(shop.cashier).offline.replay(input);
    expect(answer.status).toBe('COMPLETED');
    if (answer.status !== 'COMPLETED') return;
    expect(answer.order).toMatchObject({ orderNumber: input.orderNumber, status: 'COMPLETED', total: dollars(50), completedAt: input.soldAt, createdAt: input.soldAt });
    const [order] = await ordersNumbered(shop.owner.storeId, input.orderNumber);
    expect(order!.completed_at!.toISOString()).toBe(input.soldAt);
    expect(order!.created_by).toBe(BigInt(shop.cashier.userId));
    // The same sale rung up online: the replay posted and journalled exactly what it does.
    const online = await h.as(shop.cashier).order.next();
    const submitted = await h.as(shop.cashier).order.submit({ orderId: online.nextOrderId, items: input.items, payments: input.payments });
    const [replayed, rung] = [await postingsOf(order!.id), await postingsOf(BigInt(submitted.order.id))];
    expect(replayed.entries).toEqual(rung.entries);
    expect(replayed.entries.map((e) => e[0])).toEqual(expect.arrayContaining(['SALE', 'COMMISSION']));
    expect(replayed.entries.find((e) => e[0] === 'SALE')?.[1]).toBe(50_000_000n);
    expect(replayed.legs).toEqual(rung.legs);
    expect(Object.values(replayed.legs).reduce((sum, v) => sum + BigInt(v), 0n)).toBe(0n);
    const number = await handle.db.selectFrom('device_numbers').select('status').where('order_number', '=', input.orderNumber).where('store_id', '=', BigInt(shop.owner.storeId)).executeTakeFirstOrThrow();
    expect(number.status).toBe('USED');
  });

  it('a sale sent again, and one sent twice at once, is one sale with one payment and one posting set', async () => {
    const dev = await device(shop);
    const input = sale(shop, dev, 40);
    const first = await h.as(shop.cashier).offline.replay(input);
    const again = await h.as(shop.cashier).offline.replay({ ...input, idempotencyKey: randomUUID() });
    expect(again).toEqual(first);
    const twice = sale(shop, dev, 25);
    const [x, y] = await Promise.all([h.as(shop.cashier).offline.replay(twice), h.as(shop.cashier).offline.replay({ ...twice, idempotencyKey: randomUUID() })]);
    expect(x).toEqual(y);
    for (const n of [input.orderNumber, twice.orderNumber]) {
      const orders = await ordersNumbered(shop.owner.storeId, n);
      expect(orders).toHaveLength(1);
      expect(await moneyRowsOf(Number(orders[0]!.id))).toEqual({ payments: 1, entries: 2, journals: 1 });
    }
    // The same client id with another sale is 409.
    expect(await failureOf(h.as(shop.cashier).offline.replay({ ...input, customerName: 'Someone else' }))).toMatchObject({ status: 409 });
  });

  it('refuses a number that is not one of the device’s (409), keeping nothing', async () => {
    const dev = await device(shop);
    const other = await device(shop, shop.cashier, 'Other till');
    const input = sale(shop, { ...dev, numbers: [other.numbers[0]!] }, 15);
    expect(await failureOf(h.as(shop.cashier).offline.replay(input))).toMatchObject({ status: 409, message: `Order number ${other.numbers[0]} was not reserved by this device` });
    expect(await failureOf(h.as(shop.cashier).offline.replay({ ...input, orderNumber: 'NOPE-1' }))).toMatchObject({ status: 409 });
    expect(await ordersNumbered(shop.owner.storeId, other.numbers[0]!)).toEqual([]);
    expect(await handle.db.selectFrom('offline_sales').select('id').where('client_id', '=', input.clientId).execute()).toEqual([]);
    // The device keeps the sale and sends it again under its own number: completed.
    expect((await h.as(shop.cashier).offline.replay({ ...input, orderNumber: dev.numbers[0]! })).status).toBe('COMPLETED');
  });

  it('the same single item sold on two devices at once: one completes, the other needs attention', async () => {
    const item = (await h.as(shop.cashier).item.add({ itemCode: 'JANE1', description: 'Cameo brooch', price: dollars(35), quantity: 1 })).item;
    const [d1, d2] = await Promise.all([device(shop, shop.cashier, 'Till A'), device(shop, shop.cashier, 'Till B')]);
    const line = { items: [{ itemNumber: item.itemNumber }] };
    const answers = await Promise.all([h.as(shop.cashier).offline.replay(sale(shop, d1, 35, line)), h.as(shop.cashier).offline.replay(sale(shop, d2, 35, line))]);
    expect(answers.map((a) => a.status).sort()).toEqual(['COMPLETED', 'NEEDS_ATTENTION']);
    const refused = answers.find((a) => a.status === 'NEEDS_ATTENTION');
    expect(refused).toMatchObject({ reason: expect.stringMatching(new RegExp(`^Item ${item.itemNumber} was sold on order `)) });
    const list = await h.as(shop.manager).offline.attention({});
    expect(list.sales.find((s) => refused?.status === 'NEEDS_ATTENTION' && s.id === refused.attentionId)).toMatchObject({ status: 'OPEN', total: dollars(35), cashierName: shop.cashier.username });
  });

  it('keeps for a manager a sale paid by a method not taken offline, or archived since', async () => {
    const dev = await device(shop);
    const plain = await h.as(shop.owner).store.payment.create({ name: 'Cheque', vendorFeePercent: P(0), customerFeePercent: P(0), customerFeeAmount: M(0), minimumAmount: M(0) });
    const byCheque = await h.as(shop.cashier).offline.replay(sale(shop, dev, 12, { payments: [{ paymentMethodId: plain.paymentMethod.id, amount: dollars(12) }] }));
    expect(byCheque).toMatchObject({ status: 'NEEDS_ATTENTION', reason: 'Cheque may not be taken offline' });
    const gone = await h.as(shop.owner).store.payment.create({ name: 'Old terminal', vendorFeePercent: P(0), customerFeePercent: P(0), customerFeeAmount: M(0), minimumAmount: M(0), offlineAllowed: true });
    await h.as(shop.owner).store.payment.delete({ id: gone.paymentMethod.id });
    const archived = await h.as(shop.cashier).offline.replay(sale(shop, dev, 12, { payments: [{ paymentMethodId: gone.paymentMethod.id, amount: dollars(12) }] }));
    expect(archived).toMatchObject({ status: 'NEEDS_ATTENTION', reason: 'Old terminal is no longer a payment method of this store' });
    expect(await failureOf(h.as(shop.owner).store.payment.create({ name: 'Needs OK', vendorFeePercent: P(0), customerFeePercent: P(0), customerFeeAmount: M(0), minimumAmount: M(0), requiresManagerApproval: true, offlineAllowed: true }))).toMatchObject({ status: 400 });
  });

  it('a manager completes a kept sale anyway (the sold item sold again as an override) or voids it with a reason, each audited; staff may not', async () => {
    const item = (await h.as(shop.cashier).item.add({ itemCode: 'JANE1', description: 'Silver spoon', price: dollars(8), quantity: 1 })).item;
    const dev = await device(shop);
    const line = { items: [{ itemNumber: item.itemNumber }], payments: [{ paymentMethodId: shop.cashId, amount: dollars(8) }] };
    expect((await h.as(shop.cashier).offline.replay(sale(shop, dev, 8, line))).status).toBe('COMPLETED');
    const kept = sale(shop, dev, 8, line);
    const refused = await h.as(shop.cashier).offline.replay(kept);
    if (refused.status !== 'NEEDS_ATTENTION') throw new Error('expected a refusal');

    expect((await failureOf(h.as(shop.cashier).offline.attention({}))).status).toBe(403);
    expect((await failureOf(h.as(shop.cashier).offline.resolve({ id: refused.attentionId, action: 'COMPLETE' }))).status).toBe(403);
    expect(await failureOf(h.as(shop.manager).offline.resolve({ id: refused.attentionId, action: 'VOID', reason: '  ' }))).toMatchObject({ status: 400, message: 'Reason is required to void a sale' });

    const done = await h.as(shop.manager).offline.resolve({ id: refused.attentionId, action: 'COMPLETE', reason: 'Customer paid; the spoon was a pair', idempotencyKey: randomUUID() });
    expect(done.sale).toMatchObject({ status: 'COMPLETED', resolvedBy: shop.manager.username, resolution: 'Customer paid; the spoon was a pair' });
    const [order] = await ordersNumbered(shop.owner.storeId, kept.orderNumber);
    expect(order!.status).toBe('COMPLETED');
    expect(order!.completed_at!.toISOString()).toBe(kept.soldAt);
    expect(await moneyRowsOf(Number(order!.id))).toEqual({ payments: 1, entries: 2, journals: 1 });
    const completeEvents = await auditOf(shop.owner.storeId, 'OFFLINE_SALE_COMPLETE');
    expect(completeEvents.at(-1)).toMatchObject({ target_id: String(refused.attentionId), actor_id: BigInt(shop.manager.userId), after: { overriddenItems: [item.itemNumber] } });
    expect(await failureOf(h.as(shop.manager).offline.resolve({ id: refused.attentionId, action: 'VOID', reason: 'late' }))).toMatchObject({ status: 409 });
    // A resend of the kept sale still answers its first answer.
    expect(await h.as(shop.cashier).offline.replay(kept)).toEqual(refused);

    const again = await h.as(shop.cashier).offline.replay(sale(shop, dev, 8, line));
    if (again.status !== 'NEEDS_ATTENTION') throw new Error('expected a refusal');
    const voided = await h.as(shop.owner).offline.resolve({ id: again.attentionId, action: 'VOID', reason: 'Rung up twice' });
    expect(voided.sale).toMatchObject({ status: 'VOIDED', resolution: 'Rung up twice', orderId: null });
    expect((await auditOf(shop.owner.storeId, 'OFFLINE_SALE_VOID')).at(-1)).toMatchObject({ target_id: String(again.attentionId), after: { status: 'VOIDED', resolution: 'Rung up twice' } });
  });
});

describe('closed days and the Z report', () => {
  it('a sale of a closed day needs attention; completed anyway it lands on today; the Z report counts replayed sales', async () => {
    const shop = await openShop();
    const dev = await device(shop);
    const { today } = await h.as(shop.manager).order.dayStatus();
    const before = await h.as(shop.manager).reports.endOfDay.report({ openingCash: M(0) });
    const replayed = await h.as(shop.cashier).offline.replay(sale(shop, dev, 20));
    expect(replayed.status).toBe('COMPLETED');
    const after = await h.as(shop.manager).reports.endOfDay.report({ openingCash: M(0) });
    expect(BigInt(after.report.sales.orders) - BigInt(before.report.sales.orders)).toBe(1n);
    expect(BigInt(after.report.cash.taken.value) - BigInt(before.report.cash.taken.value)).toBe(20_000_000n);

    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await h.as(shop.manager).reports.endOfDay.close({ date: yesterday, openingCash: M(0), countedCash: M(0) });
    const late = sale(shop, dev, 9, { soldAt: new Date(Date.now() - 86_400_000).toISOString() });
    const refused = await h.as(shop.cashier).offline.replay(late);
    expect(refused).toMatchObject({ status: 'NEEDS_ATTENTION', reason: `The business day ${yesterday} is closed; no more money can be taken or paid out today` });
    if (refused.status !== 'NEEDS_ATTENTION') return;
    await h.as(shop.manager).offline.resolve({ id: refused.attentionId, action: 'COMPLETE' });
    const [order] = await ordersNumbered(shop.owner.storeId, late.orderNumber);
    expect(order!.created_at.toISOString()).toBe(late.soldAt);
    expect(Date.now() - order!.completed_at!.getTime()).toBeLessThan(60_000);
  });

  it('a sale past the store’s offline limits is completed and flagged in the audit trail', async () => {
    const shop = await openShop();
    const settings = await h.as(shop.owner).store.fetchSettings();
    const { success: _s, message: _m, statusCode: _c, storeUpdatedAt: _u, nextOrderNumber, ...rest } = settings;
    await h.as(shop.owner).store.updateSettings({ ...rest, nextOrderNumber: Number(nextOrderNumber), offlineMaxTotal: dollars(30) });
    expect((await h.as(shop.owner).store.fetchSettings()).offlineMaxTotal).toEqual(dollars(30));
    const dev = await device(shop);
    expect((await h.as(shop.cashier).offline.replay(sale(shop, dev, 20))).status).toBe('COMPLETED');
    expect(await auditOf(shop.owner.storeId, 'OFFLINE_SALE_OVER_LIMIT')).toEqual([]);
    const over = sale(shop, dev, 20);
    expect((await h.as(shop.cashier).offline.replay(over)).status).toBe('COMPLETED');
    const flagged = await auditOf(shop.owner.storeId, 'OFFLINE_SALE_OVER_LIMIT');
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.after).toMatchObject({ orderNumber: over.orderNumber, limit: expect.stringContaining('$40.00') });
  });
});
