/**
 * Orders: numbering under concurrency, the arithmetic of
 * update-line and submit against the domain reference (property and hand-computed
 * examples), read-only after submit, fetch, every lookup filter, roles and store scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { DbHandle } from '@pos/db';
import { INT64_MAX, LIMIT_MESSAGES, LINE_TOTAL_LIMIT, ORDER_TOTAL_LIMIT, PRICE_LIMIT, computeLine, isLineEmpty, parseMoney, parsePercent, summarizeOrder } from '@pos/domain';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';
import { addHouseCodes } from '../../../test/sales';

const M = (value: bigint | number | string) => ({ type: 'Money' as const, value: String(value) });
const P = (value: bigint | number | string) => ({ type: 'Percent' as const, value: String(value) });
/** Money and Percent wire objects from human text, e.g. $('19.99'), pct('7.25'). */
const $ = (text: string) => M(parseMoney(text));
const pct = (text: string) => P(parsePercent(text));

let handle: DbHandle;
let h: ApiHarness;
let owner: Person;
let manager: Person;
let cashier: Person;
let accountant: Person;
let other: Person;

/** Re-sends the store's current settings with `over` applied (updateSettings takes every field). */
async function changeSettings(p: Person, over: Record<string, unknown>) {
  const { success: _s, message: _m, statusCode: _c, storeUpdatedAt: _u, ...current } = await h.as(p).store.fetchSettings();
  return h.as(p).store.updateSettings({ ...current, ...over });
}

const EMPTY_TAX = (n: 1 | 2 | 3) => ({ [`tax${n}Enabled`]: false, [`tax${n}Percent`]: P(0), [`tax${n}Amount`]: M(0), [`tax${n}Description`]: '' });

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  owner = await signUpOwner(h);
  other = await signUpOwner(h);
  [manager, cashier, accountant] = await Promise.all([
    addStaff(h, owner, 'STORE_MANAGER'),
    addStaff(h, owner, 'STORE_STAFF'),
    addStaff(h, owner, 'STORE_ACCOUNTANT'),
  ]);
  await addHouseCodes(h, owner, HOUSE_CODES);
  await changeSettings(owner, {
    orderPrefix: 'A-',
    nextOrderNumber: 1,
    defaultVendorCommissionPercent: pct('20'),
    tax1ShortName: 'GST',
    tax1Percent: pct('5'),
    tax1Enabled: true,
    tax1ApplyByDefault: true,
    tax2ShortName: 'PST',
    tax2Percent: pct('7.25'),
    tax2Enabled: true,
    tax2ApplyByDefault: false,
    // Disabled: its applyByDefault must not preset anything.
    tax3ShortName: 'ECO',
    tax3Percent: pct('2.5'),
    tax3Enabled: false,
    tax3ApplyByDefault: true,
  });
  await changeSettings(other, { orderPrefix: 'A-', nextOrderNumber: 1 });
});
afterAll(() => handle.close());

// helpers --------------------------------------------------------------------------

/** What a client types into one line. Taxes: [enabled, percent micro-units, description]. */
interface LineSpec {
  itemCode: string;
  description: string;
  quantity: number;
  price: bigint;
  discountPercent: bigint;
  taxes: readonly [readonly [boolean, bigint, string], readonly [boolean, bigint, string], readonly [boolean, bigint, string]];
}

const noTax = [false, 0n, ''] as const;
/** The codes these tests sell, each one of the store's codes of no vendor (a submitted code must name one). */
const HOUSE_CODES = ['X1', 'A1', 'B2', 'F1', 'P1', 'Q2', 'ABC1', 'XYZ', 'OAKX', 'Q1'];
function spec(over: Partial<LineSpec>): LineSpec {
  return { itemCode: 'X1', description: 'Thing', quantity: 1, price: 0n, discountPercent: 0n, taxes: [noTax, noTax, noTax], ...over };
}

/** The update-line / submit fields of a line, as the client sends them. */
function lineBody(s: LineSpec) {
  const [t1, t2, t3] = s.taxes;
  return {
    itemCode: s.itemCode,
    quantity: s.quantity,
    price: M(s.price),
    discountPercent: P(s.discountPercent),
    tax1Enabled: t1[0],
    tax1Percent: P(t1[1]),
    tax1Description: t1[2],
    tax2Enabled: t2[0],
    tax2Percent: P(t2[1]),
    tax2Description: t2[2],
    tax3Enabled: t3[0],
    tax3Percent: P(t3[1]),
    tax3Description: t3[2],
  };
}

/** The domain reference's input for a line: a disabled tax counts as 0%. */
function referenceInput(s: LineSpec) {
  const percent = (t: readonly [boolean, bigint, string]) => (t[0] ? t[1] : 0n);
  return {
    quantity: s.quantity,
    price: s.price,
    discountPercent: s.discountPercent,
    taxPercents: [percent(s.taxes[0]), percent(s.taxes[1]), percent(s.taxes[2])] as const,
  };
}

/** The wire line the server must answer for `s`, every amount from the domain reference. */
function expectedLine(s: LineSpec, id: number, known = { knownItemCode: HOUSE_CODES.includes(s.itemCode.trim().toUpperCase()), warnOnNoControlCode: false }) {
  const a = computeLine(referenceInput(s));
  const tax = (n: 1 | 2 | 3) => {
    const [on, percent, description] = s.taxes[n - 1]!;
    return {
      [`tax${n}Enabled`]: on,
      [`tax${n}Percent`]: P(on ? percent : 0n),
      [`tax${n}Amount`]: M(a.taxes[n - 1]!),
      [`tax${n}Description`]: on ? description : '',
    };
  };
  return {
    id,
    itemCode: s.itemCode,
    description: s.description,
    quantity: s.quantity,
    price: M(s.price),
    discountPercent: P(s.discountPercent),
    amount: M(a.amount),
    discountAmount: M(a.discount),
    total: M(a.total),
    ...tax(1),
    ...tax(2),
    ...tax(3),
    ...known,
  };
}

/** A line of a completed order: none of its units refunded yet. */
function soldLine(s: LineSpec, id: number) {
  return { ...expectedLine(s, id), refundedQuantity: 0 };
}

function expectedSummary(specs: readonly LineSpec[]) {
  const s = summarizeOrder(specs.map(referenceInput));
  return { subtotal: M(s.subtotal), discount: M(s.discount), tax1: M(s.tax1), tax2: M(s.tax2), tax3: M(s.tax3), total: M(s.total) };
}

/** Saves `specs` line by line through update-line (each asking for the next line), as the editor does. */
async function enterLines(p: Person, specs: readonly LineSpec[]) {
  const next = await h.as(p).order.next();
  const ids = [next.nextOrderLineId];
  for (let i = 0; i < specs.length; i++) {
    const res = await h.as(p).order.updateLine({
      orderLineId: ids[i]!,
      itemDescription: specs[i]!.description,
      createNewLine: i < specs.length - 1,
      ...lineBody(specs[i]!),
    });
    if (res.newOrderLineId !== null) ids.push(res.newOrderLineId);
  }
  return { orderId: next.nextOrderId, orderNumber: next.nextOrderNumber, lineIds: ids };
}

async function submitLines(p: Person, specs: readonly LineSpec[], customerName = 'Customer') {
  const { orderId, lineIds, orderNumber } = await enterLines(p, specs);
  const res = await h.as(p).order.submit({
    orderId,
    customerName,
    items: specs.map((s, i) => ({ id: lineIds[i]!, description: s.description, ...lineBody(s) })),
  });
  return { orderId, orderNumber, lineIds, order: res.order };
}

async function storedLines(orderId: number) {
  return handle.db.selectFrom('order_lines').selectAll().where('order_id', '=', BigInt(orderId)).orderBy('id').execute();
}

/** created_at is never written by the API after insert: tests move it directly. */
async function setCreatedAt(orderId: number, iso: string) {
  await sql`update orders set created_at = ${new Date(iso)} where id = ${orderId}`.execute(handle.db);
}

async function storedOrder(orderId: number) {
  return handle.db.selectFrom('orders').selectAll().where('id', '=', BigInt(orderId)).executeTakeFirstOrThrow();
}

// /order/next ----------------------------------------------------------------------
describe('/order/next', () => {
  it('creates a DRAFT numbered orderPrefix + next number, with one empty line whose taxes come from each enabled tax applyByDefault', async () => {
    const before = await h.as(owner).store.fetchSettings();
    const next = await h.as(cashier).order.next();
    expect(next.nextOrderNumber).toBe(`A-${before.nextOrderNumber}`);
    expect((await h.as(owner).store.fetchSettings()).nextOrderNumber).toBe(before.nextOrderNumber + 1);

    const line = {
      id: next.nextOrderLineId,
      itemCode: '',
      description: '',
      quantity: 1,
      price: M(0),
      discountPercent: P(0),
      amount: M(0),
      discountAmount: M(0),
      total: M(0),
      tax1Enabled: true,
      tax1Percent: pct('5'),
      tax1Amount: M(0),
      tax1Description: 'GST',
      ...EMPTY_TAX(2),
      ...EMPTY_TAX(3),
      knownItemCode: false,
      warnOnNoControlCode: false,
    };
    expect(next).toMatchObject({ success: true, nextOrderId: next.order.id });
    expect(next.order).toMatchObject({
      orderNumber: next.nextOrderNumber,
      customerName: '',
      status: 'DRAFT',
      items: [line],
      subtotal: M(0),
      discount: M(0),
      tax1: M(0),
      tax2: M(0),
      tax3: M(0),
      total: M(0),
    });
    expect(await h.as(cashier).order.fetch({ orderId: next.nextOrderId })).toEqual({ success: true, order: next.order });
  });

  it("presets a new order's taxes from the store's current percent and short name", async () => {
    await changeSettings(owner, { tax1Enabled: false, tax2ApplyByDefault: true, tax2ShortName: 'HST', tax2Percent: pct('8.125') });
    try {
      const next = await h.as(cashier).order.next();
      expect(next.order.items).toEqual([
        expect.objectContaining({ ...EMPTY_TAX(1), tax2Enabled: true, tax2Percent: pct('8.125'), tax2Description: 'HST', ...EMPTY_TAX(3) }),
      ]);
    } finally {
      await changeSettings(owner, { tax1Enabled: true, tax2ApplyByDefault: false, tax2ShortName: 'PST', tax2Percent: pct('7.25') });
    }
  });

  it('gives 200 concurrent calls 200 distinct numbers, and skips used numbers when settings move the counter back', async () => {
    const busy = await signUpOwner(h);
    await changeSettings(busy, { orderPrefix: 'C-', nextOrderNumber: 1 });
    const burst = () => Promise.all(Array.from({ length: 200 }, () => h.as(busy).order.next()));

    const first = await burst();
    const firstNumbers = first.map((r) => r.nextOrderNumber);
    expect(new Set(firstNumbers).size).toBe(200);
    expect(new Set(first.map((r) => r.nextOrderId)).size).toBe(200);
    for (const n of firstNumbers) expect(n).toMatch(/^C-\d+$/);

    // Back onto numbers already used: each call must skip to a free one.
    await changeSettings(busy, { nextOrderNumber: 101 });
    const second = await burst();
    const all = [...firstNumbers, ...second.map((r) => r.nextOrderNumber)];
    expect(new Set(all).size).toBe(400);
    expect(new Set([...first, ...second].map((r) => r.nextOrderId)).size).toBe(400);

    const rows = await handle.db.selectFrom('orders').select(['id', 'order_number']).where('store_id', '=', BigInt(busy.storeId)).execute();
    expect(rows.map((r) => r.order_number).sort()).toEqual([...all].sort());
    const { lines } = await handle.db
      .selectFrom('order_lines')
      .select((eb) => eb.fn.countAll<bigint>().as('lines'))
      .where('store_id', '=', BigInt(busy.storeId))
      .executeTakeFirstOrThrow();
    expect(lines).toBe(400n);
  });
});

// arithmetic -----------------------------------------------------------------------
describe('order arithmetic (every rounding to whole cents half-to-even)', () => {
  const halfCents = fc.bigInt({ min: 0n, max: 9_999_999n }).map((cents) => cents * 10_000n + 5_000n);
  // Negative prices too (a line that takes money back), so the signs of the total's formula are tested.
  const priceArb = fc.oneof(
    fc.bigInt({ min: 0n, max: 100_000_000_000n }),
    fc.bigInt({ min: -100_000_000_000n, max: 0n }),
    halfCents,
    halfCents.map((price) => -price),
    fc.constantFrom(0n, 1n, -1n, 5_000n, 15_000n, 999_999n, 19_990_000n, -19_990_000n, 100_000_000_000n),
  );
  const percentArb = fc.oneof(fc.bigInt({ min: 0n, max: 100_000_000n }), fc.constantFrom(0n, 1n, 5_000_000n, 7_250_000n, 12_500_000n, 100_000_000n));
  const lineArb = (percents: readonly [bigint, bigint, bigint]) =>
    fc.record({
      itemCode: fc.constantFrom('', 'P1', 'q2'),
      description: fc.constantFrom('', 'Chair', 'Lamp shade'),
      quantity: fc.integer({ min: 0, max: 50 }),
      price: priceArb,
      discountPercent: fc.oneof(fc.constant(0n), percentArb),
      taxes: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()).map(
        ([a, b, c]) => [[a, percents[0], 'T1'] as const, [b, percents[1], 'T2'] as const, [c, percents[2], 'T3'] as const] as const,
      ),
    });
  const basketArb = fc
    .tuple(percentArb, percentArb, percentArb)
    .chain((percents) => fc.record({ lines: fc.array(lineArb(percents), { minLength: 1, maxLength: 8 }), customer: fc.string({ maxLength: 20 }) }));

  it("stores and answers exactly the domain reference for random baskets (update-line, submit, fetch): the totals the database sums are summarizeOrder's", async () => {
    const shop = await signUpOwner(h);
    await addHouseCodes(h, shop, HOUSE_CODES);
    await fc.assert(
      fc.asyncProperty(basketArb, async ({ lines, customer }) => {
        const next = await h.as(shop).order.next();
        const ids = [next.nextOrderLineId];
        for (let i = 0; i < lines.length; i++) {
          const res = await h.as(shop).order.updateLine({
            orderLineId: ids[i]!,
            itemDescription: lines[i]!.description,
            createNewLine: i < lines.length - 1,
            ...lineBody(lines[i]!),
            // Client amounts are never trusted.
            tax1Amount: M(123_456),
            tax2Amount: M(-1),
          });
          expect(res.line).toEqual(expectedLine(lines[i]!, ids[i]!));
          expect(res.summary).toEqual(expectedSummary(lines.slice(0, i + 1)));
          if (res.newOrderLineId !== null) ids.push(res.newOrderLineId);
        }
        const items = lines.map((s, i) => ({ id: ids[i]!, description: s.description, ...lineBody(s), total: M(1), tax3Amount: M(999) }));
        const kept = lines.map((s, i) => ({ s, id: ids[i]! })).filter(({ s }) => !isLineEmpty({ itemCode: s.itemCode, description: s.description, price: s.price }));
        if (kept.length === 0) {
          expect((await failureOf(h.as(shop).order.submit({ orderId: next.nextOrderId, customerName: customer, items }))).status).toBe(400);
          expect((await storedOrder(next.nextOrderId)).status).toBe('DRAFT');
          return;
        }
        const submitted = await h.as(shop).order.submit({ orderId: next.nextOrderId, customerName: customer, items });
        const order = {
          id: next.nextOrderId,
          orderNumber: next.nextOrderNumber,
          customerName: customer.trim(),
          status: 'COMPLETED',
          items: kept.map(({ s, id }) => expectedLine(s, id)),
          ...expectedSummary(kept.map(({ s }) => s)),
        };
        expect(submitted.order).toMatchObject(order);
        expect((await h.as(shop).order.fetch({ orderId: next.nextOrderId })).order).toMatchObject(order);

        // What the database holds, as bigint.
        const rows = await storedLines(next.nextOrderId);
        expect(rows.map((r) => r.id)).toEqual(kept.map(({ id }) => BigInt(id)));
        rows.forEach((row, i) => {
          const a = computeLine(referenceInput(kept[i]!.s));
          expect([row.amount, row.discount_amount, row.total, row.tax1_amount, row.tax2_amount, row.tax3_amount]).toEqual([
            a.amount,
            a.discount,
            a.total,
            ...a.taxes,
          ]);
        });
        const sum = summarizeOrder(kept.map(({ s }) => referenceInput(s)));
        const stored = await storedOrder(next.nextOrderId);
        expect([stored.subtotal, stored.discount_total, stored.tax1_total, stored.tax2_total, stored.tax3_total, stored.total]).toEqual([
          sum.subtotal,
          sum.discount,
          sum.tax1,
          sum.tax2,
          sum.tax3,
          sum.total,
        ]);
      }),
      { numRuns: 50 },
    );
    // 50 baskets of up to 8 lines take about 4 s on a quiet machine; a shared one has been
    // seen taking several times that, past the default of 30 s.
  }, 120_000);

  it('19.99 × 3 with 10% off and 7.25% tax: amount 59.97, discount 6.00, total 53.97, tax 3.91, order total 57.88', async () => {
    const { order } = await submitLines(cashier, [spec({ price: parseMoney('19.99'), quantity: 3, discountPercent: parsePercent('10'), taxes: [[true, parsePercent('7.25'), 'T'], noTax, noTax] })]);
    expect(order.items[0]).toMatchObject({ amount: $('59.97'), discountAmount: $('6.00'), total: $('53.97'), tax1Amount: $('3.91') });
    expect(order).toMatchObject({ subtotal: $('59.97'), discount: $('6.00'), tax1: $('3.91'), tax2: M(0), tax3: M(0), total: $('57.88') });
  });

  it("rounds exact half cents to even, per line (banker's rounding)", async () => {
    const gst = [true, parsePercent('5'), 'GST'] as const;
    const { order } = await submitLines(cashier, [
      spec({ price: parseMoney('0.50'), taxes: [gst, noTax, noTax] }), // 5% of 0.50 = 0.025 -> 0.02
      spec({ price: parseMoney('0.70'), taxes: [gst, noTax, noTax] }), // 5% of 0.70 = 0.035 -> 0.04
      spec({ price: parseMoney('0.10'), discountPercent: parsePercent('25'), taxes: [gst, noTax, noTax] }), // 25% of 0.10 = 0.025 -> 0.02; 5% of 0.08 -> 0.00
    ]);
    expect(order.items.map((l) => [l.discountAmount, l.total, l.tax1Amount])).toEqual([
      [M(0), $('0.50'), $('0.02')],
      [M(0), $('0.70'), $('0.04')],
      [$('0.02'), $('0.08'), M(0)],
    ]);
    expect(order).toMatchObject({ subtotal: $('1.30'), discount: $('0.02'), tax1: $('0.06'), total: $('1.34') });
  });

  it('keeps micro-units on amounts, rounds discounts and each of three taxes to cents', async () => {
    const { order } = await submitLines(cashier, [
      // 2469.12 − 86.42 (3.5%) = 2382.70; 5% = 119.135 -> 119.14; 7.25% = 172.74575 -> 172.75; 0.125% = 2.978375 -> 2.98
      spec({
        price: parseMoney('1234.56'),
        quantity: 2,
        discountPercent: parsePercent('3.5'),
        taxes: [[true, parsePercent('5'), 'A'], [true, parsePercent('7.25'), 'B'], [true, parsePercent('0.125'), 'C']],
      }),
      // 0.333333 × 3 = 0.999999; 10% = 0.0999999 -> 0.10
      spec({ price: parseMoney('0.333333'), quantity: 3, taxes: [noTax, [true, parsePercent('10'), 'B'], noTax] }),
    ]);
    expect(order.items.map((l) => [l.amount, l.discountAmount, l.total, l.tax1Amount, l.tax2Amount, l.tax3Amount])).toEqual([
      [$('2469.12'), $('86.42'), $('2382.70'), $('119.14'), $('172.75'), $('2.98')],
      [$('0.999999'), M(0), $('0.999999'), M(0), $('0.10'), M(0)],
    ]);
    expect(order).toMatchObject({
      subtotal: $('2470.119999'),
      discount: $('86.42'),
      tax1: $('119.14'),
      tax2: $('172.85'),
      tax3: $('2.98'),
      total: $('2678.669999'),
    });
  });

  it('answers 400 (never 500) when a line or the order leaves the business limits, and changes nothing', async () => {
    const { orderId, lineIds } = await enterLines(cashier, [spec({ price: PRICE_LIMIT, quantity: 10 })]);
    const afterFirst = await h.as(cashier).order.fetch({ orderId });
    expect(afterFirst.order.total).toEqual(M(LINE_TOTAL_LIMIT));

    // a price beyond the limit, either sign, even one that fits 64 bits
    for (const price of [PRICE_LIMIT + 1n, -PRICE_LIMIT - 1n, INT64_MAX]) {
      expect(await failureOf(h.as(cashier).order.updateLine({ orderLineId: lineIds[0]!, ...lineBody(spec({ price })) }))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: LIMIT_MESSAGES.price,
      });
    }
    // price × quantity beyond the line limit
    const times = await failureOf(h.as(cashier).order.updateLine({ orderLineId: lineIds[0]!, ...lineBody(spec({ price: PRICE_LIMIT, quantity: 11 })) }));
    expect(times).toMatchObject({ status: 400, message: LIMIT_MESSAGES.lineTotal });
    // lines each within the limit whose order total is not
    let lineId = lineIds[0]!;
    for (let i = 1; i < 10; i++) {
      const saved = await h.as(cashier).order.updateLine({ orderLineId: lineId, createNewLine: true, ...lineBody(spec({ price: PRICE_LIMIT, quantity: 10 })) });
      lineId = saved.newOrderLineId!;
      await h.as(cashier).order.updateLine({ orderLineId: lineId, ...lineBody(spec({ price: PRICE_LIMIT, quantity: 10 })) });
    }
    const atLimit = await h.as(cashier).order.fetch({ orderId });
    expect(atLimit.order.total).toEqual(M(ORDER_TOTAL_LIMIT));
    const { newOrderLineId } = await h.as(cashier).order.updateLine({ orderLineId: lineId, createNewLine: true, ...lineBody(spec({ price: PRICE_LIMIT, quantity: 10 })) });
    const over = await failureOf(h.as(cashier).order.updateLine({ orderLineId: newOrderLineId!, ...lineBody(spec({ price: parseMoney('0.01') })) }));
    expect(over).toMatchObject({ status: 400, message: LIMIT_MESSAGES.orderTotal });
    const overOnSubmit = await failureOf(
      h.as(cashier).order.submit({ orderId, items: [...atLimit.order.items.map((l) => ({ id: l.id })), { description: 'One more', price: $('0.01') }] }),
    );
    expect(overOnSubmit).toMatchObject({ status: 400, message: LIMIT_MESSAGES.orderTotal });
    expect((await h.as(cashier).order.fetch({ orderId })).order).toMatchObject({ status: 'DRAFT', total: M(ORDER_TOTAL_LIMIT) });
  });
});

// /order/update-line ---------------------------------------------------------------
describe('/order/update-line', () => {
  it('answers newOrderLineId and the new empty line with createNewLine, neither without', async () => {
    const next = await h.as(cashier).order.next();
    const first = await h.as(cashier).order.updateLine({ orderLineId: next.nextOrderLineId, itemDescription: 'Desk', ...lineBody(spec({ price: parseMoney('5') })) });
    expect(first).toMatchObject({ success: true, newOrderLineId: null, newLine: null });
    const second = await h.as(cashier).order.updateLine({
      orderLineId: next.nextOrderLineId,
      itemDescription: 'Desk',
      createNewLine: true,
      ...lineBody(spec({ price: parseMoney('5') })),
    });
    expect(second.newOrderLineId).toEqual(expect.any(Number));
    expect(second.newOrderLineId).not.toBe(next.nextOrderLineId);
    expect(second.newLine).toEqual({ ...next.order.items[0], id: second.newOrderLineId });
    const { order } = await h.as(cashier).order.fetch({ orderId: next.nextOrderId });
    expect(order.items.map((l) => l.id)).toEqual([next.nextOrderLineId, second.newOrderLineId]);
    expect(order.items[1]).toEqual(second.newLine);
  });

  it('recomputes every amount and ignores amounts the client sends', async () => {
    const next = await h.as(cashier).order.next();
    const s = spec({ price: parseMoney('19.99'), quantity: 3, discountPercent: parsePercent('10'), taxes: [[true, parsePercent('7.25'), 'T'], noTax, noTax] });
    const res = await h.as(cashier).order.updateLine({
      orderLineId: next.nextOrderLineId,
      itemDescription: s.description,
      ...lineBody(s),
      tax1Amount: $('1000'),
      tax2Amount: $('1'),
      ...({ amount: $('1'), total: $('1'), discountAmount: $('1') } as object),
    });
    expect(res.line).toEqual(expectedLine(s, next.nextOrderLineId));
    expect(res.line.tax1Amount).toEqual($('3.91'));
    expect(res.summary).toMatchObject({ total: $('57.88') });
    const [row] = await storedLines(next.nextOrderId);
    expect([row!.amount, row!.discount_amount, row!.total, row!.tax1_amount, row!.tax2_amount]).toEqual([59_970_000n, 6_000_000n, 53_970_000n, 3_910_000n, 0n]);
  });

  it('zeroes the percent and description of a tax toggled off', async () => {
    const next = await h.as(cashier).order.next();
    const res = await h.as(cashier).order.updateLine({
      orderLineId: next.nextOrderLineId,
      itemDescription: 'Vase',
      ...lineBody(spec({ price: parseMoney('10') })),
      tax1Enabled: false,
      tax1Percent: pct('5'),
      tax1Description: 'GST',
      tax2Enabled: true,
      tax2Percent: pct('7.25'),
      tax2Description: 'PST',
    });
    expect(res.line).toMatchObject({ ...EMPTY_TAX(1), tax2Enabled: true, tax2Percent: pct('7.25'), tax2Amount: $('0.72'), tax2Description: 'PST' });
    const [row] = await storedLines(next.nextOrderId);
    expect([row!.tax1_enabled, row!.tax1_percent, row!.tax1_description, row!.tax1_amount]).toEqual([false, 0n, '', 0n]);
  });

  it("links a code naming one of the store's live item codes (any case) and accepts an unknown one", async () => {
    const { vendor } = await h.as(owner).vendor.add({ tradeName: 'Oak & Co', contactName: 'Olive', contactEmail: 'olive@example.test', primaryPhone: '555-0101' });
    await h.as(owner).store.itemcode.add({ tag: 'OAK7', vendorId: vendor.id, warnOnNoControlCode: true, defaultCommissionPercent: pct('30') });
    await h.as(owner).store.itemcode.add({ tag: 'PINE', vendorId: vendor.id, warnOnNoControlCode: false });
    await h.as(other).store.itemcode.add({ tag: 'ELM', warnOnNoControlCode: true });
    const codes = await handle.db.selectFrom('item_codes').select(['id', 'tag']).where('store_id', '=', BigInt(owner.storeId)).execute();
    const idOf = (tag: string) => codes.find((c) => c.tag === tag)!.id;

    const cases = [
      ['oak7', { knownItemCode: true, warnOnNoControlCode: true }, idOf('OAK7'), parsePercent('30')],
      ['PINE', { knownItemCode: true, warnOnNoControlCode: false }, idOf('PINE'), parsePercent('20')],
      // Another store's code is unknown here.
      ['ELM', { knownItemCode: false, warnOnNoControlCode: false }, null, parsePercent('20')],
      ['NOPE42', { knownItemCode: false, warnOnNoControlCode: false }, null, parsePercent('20')],
    ] as const;
    for (const [code, known, itemCodeId, commission] of cases) {
      const next = await h.as(cashier).order.next();
      const s = spec({ itemCode: code, price: parseMoney('12') });
      const res = await h.as(cashier).order.updateLine({ orderLineId: next.nextOrderLineId, itemDescription: s.description, ...lineBody(s) });
      expect(res.line).toEqual(expectedLine(s, next.nextOrderLineId, known));
      expect((await h.as(cashier).order.fetch({ orderId: next.nextOrderId })).order.items[0]).toMatchObject({ itemCode: code, ...known });
      const [row] = await storedLines(next.nextOrderId);
      expect([row!.item_code_id, row!.commission_percent]).toEqual([itemCodeId, commission]);
    }

    // A deleted code (archived, since it was sold) is no longer live: not linked any more.
    await h.as(owner).store.itemcode.delete({ id: Number(idOf('PINE')) });
    const next = await h.as(cashier).order.next();
    const res = await h.as(cashier).order.updateLine({ orderLineId: next.nextOrderLineId, ...lineBody(spec({ itemCode: 'PINE', price: parseMoney('12') })) });
    expect(res.line).toMatchObject({ knownItemCode: false, warnOnNoControlCode: false });
    expect((await storedLines(next.nextOrderId))[0]!.item_code_id).toBeNull();
  });

  it("answers 404 for another store's line and leaves it unchanged", async () => {
    const theirs = await h.as(other).order.next();
    const failure = await failureOf(h.as(owner).order.updateLine({ orderLineId: theirs.nextOrderLineId, itemDescription: 'Mine', ...lineBody(spec({ price: 1n })) }));
    expect(failure.status).toBe(404);
    expect((await failureOf(h.as(owner).order.updateLine({ orderLineId: 2_000_000_000, ...lineBody(spec({})) }))).status).toBe(404);
    expect((await h.as(other).order.fetch({ orderId: theirs.nextOrderId })).order).toEqual(theirs.order);
  });

  it('answers 409 on a COMPLETED order and leaves it unchanged', async () => {
    const { orderId, lineIds } = await submitLines(cashier, [spec({ price: parseMoney('3') })]);
    const before = await h.as(cashier).order.fetch({ orderId });
    const failure = await failureOf(h.as(cashier).order.updateLine({ orderLineId: lineIds[0]!, itemDescription: 'Changed', createNewLine: true, ...lineBody(spec({ price: parseMoney('99') })) }));
    expect(failure.status).toBe(409);
    expect(await h.as(cashier).order.fetch({ orderId })).toEqual(before);
  });

  it.each([
    [{ quantity: -1 }, 'Quantity must not be negative'],
    [{ quantity: 2.5 }, 'Quantity must be a whole number'],
    [{ quantity: 'three' }, 'Quantity must be a whole number'],
    [{ price: 19.99 }, 'price'],
    [{ price: P(1) }, 'price'],
    [{ price: M('12.5') }, 'micro-units'],
    [{ price: M('9223372036854775808') }, 'Money value exceeds 64-bit long bounds'],
    [{ discountPercent: P(100_000_001) }, 'Discount: Percentage must be between 0% and 100%'],
    [{ tax2Percent: P(-1) }, 'Tax 2: Percentage must be between 0% and 100%'],
    [{ orderLineId: 'abc' }, 'orderLineId'],
  ])('answers 400 to %o and changes nothing', async (change, message) => {
    const next = await h.as(cashier).order.next();
    const failure = await failureOf(h.as(cashier).order.updateLine({ orderLineId: next.nextOrderLineId, ...lineBody(spec({ price: 5n })), ...change } as never));
    expect(failure.status).toBe(400);
    expect(failure.message).toContain(message);
    expect((await h.as(cashier).order.fetch({ orderId: next.nextOrderId })).order).toEqual(next.order);
  });
});

// /order/submit --------------------------------------------------------------------
describe('/order/submit', () => {
  it('drops empty lines, stores the trimmed customer name and completes the order', async () => {
    const a = spec({ itemCode: 'A1', description: 'Clock', price: parseMoney('40'), taxes: [[true, parsePercent('5'), 'GST'], noTax, noTax] });
    const { orderId, lineIds } = await enterLines(cashier, [a, spec({ itemCode: '', description: '', price: 0n, quantity: 3 })]);
    const added = spec({ itemCode: '', description: 'Gift wrap', price: parseMoney('2.50') });
    const res = await h.as(cashier).order.submit({
      orderId,
      customerName: '  Jane Doe  ',
      items: [
        { id: lineIds[0]!, description: a.description, ...lineBody(a) },
        { id: lineIds[1]!, description: '  ', ...lineBody(spec({ itemCode: ' ', price: 0n })) },
        { description: added.description, ...lineBody(added) },
        { description: '', ...lineBody(spec({ itemCode: '', price: 0n })) },
      ],
    });
    expect(res.success).toBe(true);
    expect(res.order).toMatchObject({ id: orderId, customerName: 'Jane Doe', status: 'COMPLETED', ...expectedSummary([a, added]) });
    expect(res.order.items).toHaveLength(2);
    expect(res.order.items[0]).toEqual(soldLine(a, lineIds[0]!));
    expect(res.order.items[1]).toMatchObject({ ...soldLine(added, res.order.items[1]!.id) });
    expect((await storedLines(orderId)).map((r) => r.id)).toEqual([BigInt(lineIds[0]!), BigInt(res.order.items[1]!.id)]);
    const row = await storedOrder(orderId);
    expect(row.status).toBe('COMPLETED');
    expect(row.completed_at).toBeInstanceOf(Date);
    expect(await h.as(cashier).order.fetch({ orderId })).toEqual({ success: true, order: res.order });
  });

  it("keeps every saved field a submitted line leaves out (a REST client's submit may carry no description or tax names)", async () => {
    const a = spec({
      itemCode: 'A1',
      description: 'Brass lamp',
      price: parseMoney('40'),
      quantity: 2,
      discountPercent: parsePercent('10'),
      taxes: [[true, parsePercent('5'), 'GST'], [true, parsePercent('8'), 'PST'], noTax],
    });
    const b = spec({ itemCode: 'B2', description: 'Quilt', price: parseMoney('15'), taxes: [[true, parsePercent('5'), 'GST'], noTax, noTax] });
    const { orderId, lineIds } = await enterLines(cashier, [a, b]);
    const before = await h.as(cashier).order.fetch({ orderId });
    const res = await h.as(cashier).order.submit({
      orderId,
      items: [
        // Only the quantity: description, code, price, discount and both taxes stay.
        { id: lineIds[0]!, quantity: 3, price: M(a.price) },
        // Only the first tax's percent: its name stays; the second tax stays off.
        { id: lineIds[1]!, tax1Percent: P(parsePercent('7')) },
      ],
    });
    const aNow = { ...a, quantity: 3 };
    const bNow = { ...b, taxes: [[true, parsePercent('7'), 'GST'], noTax, noTax] as LineSpec['taxes'] };
    expect(res.order.items).toEqual([soldLine(aNow, lineIds[0]!), soldLine(bNow, lineIds[1]!)]);
    expect(res.order).toMatchObject({ status: 'COMPLETED', customerName: before.order.customerName, ...expectedSummary([aNow, bNow]) });
  });

  it('starts a new submitted line blank: only what it carries is set', async () => {
    const { orderId, lineIds } = await enterLines(cashier, [spec({ description: 'Kept', price: parseMoney('3') })]);
    const res = await h.as(cashier).order.submit({ orderId, customerName: 'Ann', items: [{ id: lineIds[0]! }, { itemDescription: 'Gift card', price: $('5') }] });
    expect(res.order.items[1]).toEqual(soldLine(spec({ itemCode: '', description: 'Gift card', price: parseMoney('5') }), res.order.items[1]!.id));
    expect(res.order.items[0]).toMatchObject({ description: 'Kept', price: $('3') });
  });

  it('refuses an order with no non-empty line (400) and changes nothing', async () => {
    const next = await h.as(cashier).order.next();
    const empty = { id: next.nextOrderLineId, description: '', ...lineBody(spec({ itemCode: '', price: 0n })) };
    for (const items of [[], [empty], [empty, { description: ' ', ...lineBody(spec({ itemCode: '', price: 0n, quantity: 5 })) }]]) {
      const failure = await failureOf(h.as(cashier).order.submit({ orderId: next.nextOrderId, customerName: 'Nobody', items }));
      expect(failure.status).toBe(400);
      expect(await h.as(cashier).order.fetch({ orderId: next.nextOrderId })).toEqual({ success: true, order: next.order });
    }
  });

  it('is read-only once submitted: update-line and a second submit answer 409', async () => {
    const s = spec({ price: parseMoney('7') });
    const { orderId, lineIds, order } = await submitLines(cashier, [s], 'First');
    expect((await failureOf(h.as(cashier).order.updateLine({ orderLineId: lineIds[0]!, ...lineBody(spec({ price: 1n })) }))).status).toBe(409);
    const again = await failureOf(h.as(owner).order.submit({ orderId, customerName: 'Second', items: [{ id: lineIds[0]!, description: 'x', ...lineBody(spec({ price: 1n })) }] }));
    expect(again.status).toBe(409);
    expect((await h.as(cashier).order.fetch({ orderId })).order).toEqual(order);
  });

  it('answers 409 for PENDING (frozen awaiting approval), CANCELLED and REFUNDED orders too', async () => {
    for (const status of ['PENDING', 'CANCELLED', 'REFUNDED'] as const) {
      const next = await h.as(cashier).order.next();
      await handle.db.updateTable('orders').set({ status }).where('id', '=', BigInt(next.nextOrderId)).execute();
      const items = [{ id: next.nextOrderLineId, description: 'x', ...lineBody(spec({ price: 1n })) }];
      expect((await failureOf(h.as(cashier).order.submit({ orderId: next.nextOrderId, customerName: '', items }))).status).toBe(409);
      expect((await failureOf(h.as(cashier).order.updateLine({ orderLineId: next.nextOrderLineId, ...lineBody(spec({ price: 1n })) }))).status).toBe(409);
    }
  });

  it("answers 404 for a line of another order or store, and for another store's order, changing nothing", async () => {
    const mine = await h.as(cashier).order.next();
    const sibling = await h.as(cashier).order.next();
    const theirs = await h.as(other).order.next();
    for (const foreignLine of [sibling.nextOrderLineId, theirs.nextOrderLineId]) {
      const items = [
        { id: mine.nextOrderLineId, description: 'Mine', ...lineBody(spec({ price: parseMoney('1') })) },
        { id: foreignLine, description: 'Not mine', ...lineBody(spec({ price: parseMoney('2') })) },
      ];
      expect((await failureOf(h.as(cashier).order.submit({ orderId: mine.nextOrderId, customerName: 'X', items }))).status).toBe(404);
    }
    const items = [{ description: 'Mine', ...lineBody(spec({ price: parseMoney('1') })) }];
    expect((await failureOf(h.as(owner).order.submit({ orderId: theirs.nextOrderId, customerName: 'X', items }))).status).toBe(404);
    expect((await h.as(cashier).order.fetch({ orderId: mine.nextOrderId })).order).toEqual(mine.order);
    expect((await h.as(cashier).order.fetch({ orderId: sibling.nextOrderId })).order).toEqual(sibling.order);
    expect((await h.as(other).order.fetch({ orderId: theirs.nextOrderId })).order).toEqual(theirs.order);
  });
});

// /order/fetch ---------------------------------------------------------------------
describe('/order/fetch', () => {
  it('answers {success, order} with its items and every per-line tax field', async () => {
    const s = spec({
      itemCode: 'F1',
      description: 'Mirror',
      price: parseMoney('100'),
      quantity: 2,
      discountPercent: parsePercent('12.5'),
      taxes: [[true, parsePercent('5'), 'GST'], [false, 0n, ''], [true, parsePercent('1.5'), 'LUX']],
    });
    const { orderId, orderNumber, lineIds } = await submitLines(cashier, [s], 'Pat');
    const res = await h.as(manager).order.fetch({ orderId });
    const row = await storedOrder(orderId);
    expect(res).toEqual({
      success: true,
      order: {
        id: orderId,
        orderNumber,
        customerName: 'Pat',
        status: 'COMPLETED',
        // 200.00 − 25.00 = 175.00; 5% = 8.75; 1.5% = 2.625 -> 2.62
        items: [
          {
            id: lineIds[0],
            itemCode: 'F1',
            description: 'Mirror',
            quantity: 2,
            price: $('100'),
            discountPercent: pct('12.5'),
            amount: $('200'),
            discountAmount: $('25'),
            total: $('175'),
            tax1Enabled: true,
            tax1Percent: pct('5'),
            tax1Amount: $('8.75'),
            tax1Description: 'GST',
            ...EMPTY_TAX(2),
            tax3Enabled: true,
            tax3Percent: pct('1.5'),
            tax3Amount: $('2.62'),
            tax3Description: 'LUX',
            knownItemCode: true,
            warnOnNoControlCode: false,
            refundedQuantity: 0,
          },
        ],
        subtotal: $('200'),
        discount: $('25'),
        tax1: $('8.75'),
        tax2: M(0),
        tax3: $('2.62'),
        total: $('186.37'),
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        // Submitted without payments: paid in full by the store's Cash method.
        payments: [
          { id: expect.any(Number), paymentMethodId: expect.any(Number), name: 'Cash', isCash: true, amount: $('186.37'), applied: $('186.37'), customerFee: M(0), change: M(0) },
        ],
        customerFees: M(0),
        amountPaid: $('186.37'),
        changeDue: M(0),
        approvedBy: null,
        approvedAt: null,
        completedAt: row.completed_at!.toISOString(),
        cancelledAt: null,
        cancelReason: '',
        refunds: [],
      },
    });
  });

  it("answers 404 for another store's order and an unknown id; 400 for a bad id", async () => {
    const theirs = await h.as(other).order.next();
    expect((await failureOf(h.as(owner).order.fetch({ orderId: theirs.nextOrderId }))).status).toBe(404);
    expect((await failureOf(h.as(owner).order.fetch({ orderId: 2_000_000_000 }))).status).toBe(404);
    for (const orderId of [0, -1, 'abc', 1.5]) expect((await failureOf(h.as(owner).order.fetch({ orderId }))).status).toBe(400);
  });
});

// /order/lookup --------------------------------------------------------------------
describe('/order/lookup', () => {
  let shop: Person;
  const ids: Record<string, number> = {};

  /** The fixture: five orders with known numbers, customers, lines, totals and times. */
  beforeAll(async () => {
    shop = await signUpOwner(h);
    const foreign = await signUpOwner(h);
    for (const store of [shop, foreign]) await addHouseCodes(h, store, [...HOUSE_CODES, 'AB_C']);
    await changeSettings(shop, { orderPrefix: 'LK-', nextOrderNumber: 1 });
    await changeSettings(foreign, { orderPrefix: 'LK-', nextOrderNumber: 1 });
    const make = async (key: string, customer: string, lines: LineSpec[], createdAt: string, who = shop) => {
      const { orderId } = await submitLines(who, lines, customer);
      await setCreatedAt(orderId, createdAt);
      ids[key] = orderId;
    };
    await make('o1', 'Alice Smith', [spec({ itemCode: 'ABC1', description: 'Oak table', price: parseMoney('100') })], '2024-03-01T10:00:00Z');
    await make('o2', 'Bob 100% Real_Name', [spec({ itemCode: 'XYZ', description: 'Chair 50% off', price: parseMoney('50') })], '2024-03-02T10:00:00Z');
    await changeSettings(shop, { nextOrderNumber: 10 });
    await make(
      'o3',
      'ALICE Jones',
      [spec({ itemCode: 'AB_C', description: 'Lamp', price: parseMoney('200') }), spec({ itemCode: 'OAKX', description: 'Shade', price: parseMoney('50') })],
      '2024-03-03T10:00:00Z',
    );
    await make('o4', 'Carol', [spec({ itemCode: 'Q1', description: 'Victorian dresser', price: parseMoney('10') })], '2024-03-04T10:00:00Z');
    await changeSettings(shop, { nextOrderNumber: 20 });
    const draft = await h.as(shop).order.next();
    ids.o5 = draft.nextOrderId;
    await setCreatedAt(draft.nextOrderId, '2024-03-05T10:00:00Z');
    // Another store with look-alike orders: never in this store's results.
    await make('f1', 'Alice Foreign', [spec({ itemCode: 'ABC1', description: 'Oak table', price: parseMoney('100') })], '2024-03-03T12:00:00Z', foreign);
    await make('f2', 'Bob 100% Real_Name', [spec({ itemCode: 'AB_C', description: 'Chair 50% off', price: parseMoney('50') })], '2024-03-02T12:00:00Z', foreign);
  });

  const lookup = async (filters: Record<string, unknown>) => {
    const res = await h.as(shop).order.lookup(filters);
    expect(res.success).toBe(true);
    return res.orderStubs.map((s) => Object.entries(ids).find(([, id]) => id === s.id)?.[0] ?? `?${s.id}`);
  };

  it('answers stubs newest first, only of the caller store', async () => {
    const res = await h.as(shop).order.lookup({});
    expect(res.orderStubs.map((s) => s.id)).toEqual([ids.o5, ids.o4, ids.o3, ids.o2, ids.o1]);
    expect(res.orderStubs[2]).toEqual({ id: ids.o3, orderNumber: 'LK-10', customerName: 'ALICE Jones', createdAt: '2024-03-03T10:00:00.000Z', status: 'COMPLETED', total: $('250') });
    expect(res.orderStubs[0]).toMatchObject({ orderNumber: 'LK-20', customerName: '', status: 'DRAFT', total: M(0) });
  });

  it.each([
    ['order number, exact and case-insensitive', { orderNumber: 'lk-11' }, ['o4']],
    ['order number prefix', { orderNumber: 'LK-1' }, ['o4', 'o3', 'o1']],
    ['order number prefix (LK-2 and LK-20)', { orderNumber: 'LK-2' }, ['o5', 'o2']],
    ['order number that no order starts with', { orderNumber: 'K-1' }, []],
    ['customer substring, case-insensitive', { customer: 'alice' }, ['o3', 'o1']],
    ['customer upper case', { customer: 'SMITH' }, ['o1']],
    ['item keyword over descriptions', { itemKeyword: 'OAK' }, ['o3', 'o1']],
    ['item keyword over item codes', { itemKeyword: 'xyz' }, ['o2']],
    ['item keyword inside a description', { itemKeyword: 'torian dress' }, ['o4']],
    ['item keyword spanning code and description (matches neither)', { itemKeyword: 'abc1 oak' }, []],
    ['start date inclusive, with offset', { startDate: '2024-03-02T05:00:00-05:00' }, ['o5', 'o4', 'o3', 'o2']],
    ['start date in UTC', { startDate: '2024-03-04T10:00:00.000Z' }, ['o5', 'o4']],
    ['end date inclusive, with offset', { endDate: '2024-03-03T11:00:00+01:00' }, ['o3', 'o2', 'o1']],
    ['date range', { startDate: '2024-03-02T10:00:00Z', endDate: '2024-03-03T10:00:00Z' }, ['o3', 'o2']],
    ['min amount inclusive', { minAmount: $('50') }, ['o3', 'o2', 'o1']],
    ['max amount inclusive', { maxAmount: $('50') }, ['o5', 'o4', 'o2']],
    ['amount range, integer values accepted', { minAmount: { type: 'Money', value: 50_000_000 }, maxAmount: { type: 'Money', value: 100_000_000 } }, ['o2', 'o1']],
    ['customer and keyword', { customer: 'alice', itemKeyword: 'oak' }, ['o3', 'o1']],
    ['customer, keyword and min amount', { customer: 'alice', itemKeyword: 'oak', minAmount: $('200') }, ['o3']],
    ['customer, keyword and end date', { customer: 'alice', itemKeyword: 'oak', endDate: '2024-03-02T00:00:00Z' }, ['o1']],
    ['number prefix and customer', { orderNumber: 'LK-1', customer: 'ALICE' }, ['o3', 'o1']],
    ['number, dates and amounts', { orderNumber: 'lk-', startDate: '2024-03-01T10:00:00Z', endDate: '2024-03-04T10:00:00Z', minAmount: $('10'), maxAmount: $('100') }, ['o4', 'o2', 'o1']],
    ['every filter at once', { orderNumber: 'LK-1', customer: 'jones', itemKeyword: 'ab_c', startDate: '2024-03-03T10:00:00Z', endDate: '2024-03-03T10:00:00Z', minAmount: $('250'), maxAmount: $('250') }, ['o3']],
    ['filters matching nothing together', { customer: 'carol', itemKeyword: 'oak' }, []],
  ])('filters by %s', async (_name, filters, expected) => {
    expect(await lookup(filters)).toEqual(expected);
  });

  it.each([
    ['customer %', { customer: '%' }, ['o2']],
    ['customer _', { customer: '_' }, ['o2']],
    ['customer 100%', { customer: '100%' }, ['o2']],
    ['keyword _', { itemKeyword: '_' }, ['o3']],
    ['keyword 50%', { itemKeyword: '50%' }, ['o2']],
    ['keyword %', { itemKeyword: '%' }, ['o2']],
    ['order number %', { orderNumber: '%' }, []],
    ['order number LK-_', { orderNumber: 'LK-_' }, []],
    ['customer with a backslash', { customer: '\\' }, []],
  ])('matches LIKE wildcards literally: %s', async (_name, filters, expected) => {
    expect(await lookup(filters)).toEqual(expected);
  });

  it('trims text filters; empty or blank text and null mean no filter', async () => {
    expect(await lookup({ customer: '  alice  ', itemKeyword: '\toak ' })).toEqual(['o3', 'o1']);
    expect(await lookup({ orderNumber: ' LK-11 ' })).toEqual(['o4']);
    const all = ['o5', 'o4', 'o3', 'o2', 'o1'];
    expect(await lookup({ orderNumber: '', customer: '   ', itemKeyword: '' })).toEqual(all);
    expect(await lookup({ orderNumber: null, customer: null, itemKeyword: null, startDate: null, endDate: null, minAmount: null, maxAmount: null })).toEqual(all);
  });

  it('answers 400 to a date that is not ISO or a Money that is not one', async () => {
    for (const filters of [{ startDate: 'yesterday' }, { endDate: '03/01/2024' }, { minAmount: 50 }, { maxAmount: P(1) }, { minAmount: M('9223372036854775808') }]) {
      expect((await failureOf(h.as(shop).order.lookup(filters as never))).status).toBe(400);
    }
  });

  it('answers at most 500 stubs, the newest', async () => {
    const big = await signUpOwner(h);
    await sql`
      insert into orders (store_id, order_number, status, total, created_at)
      select ${big.storeId}, 'B-' || g, 'COMPLETED', g * 1000000, timestamptz '2024-01-01T00:00:00Z' + g * interval '1 minute'
      from generate_series(1, 520) g`.execute(handle.db);
    const { orderStubs } = await h.as(big).order.lookup({});
    expect(orderStubs).toHaveLength(500);
    expect(orderStubs.map((s) => s.orderNumber)).toEqual(Array.from({ length: 500 }, (_, i) => `B-${520 - i}`));
    const some = await h.as(big).order.lookup({ minAmount: $('421') });
    expect(some.orderStubs.map((s) => s.orderNumber)).toEqual(Array.from({ length: 100 }, (_, i) => `B-${520 - i}`));
  });

  it('answers each stub as /order/fetch answers that order: same time to the millisecond, same total, same name', async () => {
    const next = await h.as(shop).order.next();
    // A time with microseconds and an odd millisecond, as now() gives them; a name with
    // every character JSON must escape.
    const name = 'Ann "Nan" O\'Hara \\ \t\u0001 🫖 </script>';
    await sql`update orders set created_at = timestamptz '2025-06-07T08:09:10.987654Z', total = 123456789, customer_name = ${name} where id = ${next.nextOrderId}`.execute(handle.db);
    const [stub] = (await h.as(shop).order.lookup({ orderNumber: next.nextOrderNumber })).orderStubs;
    const { order } = await h.as(shop).order.fetch({ orderId: next.nextOrderId });
    expect(stub).toEqual({ id: next.nextOrderId, orderNumber: next.nextOrderNumber, customerName: name, createdAt: '2025-06-07T08:09:10.987Z', status: 'DRAFT', total: M(123456789n) });
    expect(stub!.createdAt).toBe(order.createdAt);
    expect(stub!.customerName).toBe(order.customerName);
  });

  it('answers no stubs as an empty list', async () => {
    expect((await h.as(shop).order.lookup({ orderNumber: 'no-such-order' })).orderStubs).toEqual([]);
  });
});

// roles ----------------------------------------------------------------------------
describe('/order/customer-name', () => {
  it("saves a draft's customer name: fetch and lookup show it, a cancel keeps it", async () => {
    const next = await h.as(cashier).order.next();
    const saved = await h.as(cashier).order.setCustomerName({ orderId: next.nextOrderId, customerName: '  Dana Whitfield ' });
    expect(saved.customerName).toBe('Dana Whitfield');
    expect((await h.as(cashier).order.fetch({ orderId: next.nextOrderId })).order.customerName).toBe('Dana Whitfield');
    const [stub] = (await h.as(cashier).order.lookup({ orderNumber: next.nextOrderNumber, status: 'DRAFT' })).orderStubs;
    expect(stub?.customerName).toBe('Dana Whitfield');

    // The name typed last travels with the cancel and stays with the cancelled order.
    const cancelled = await h.as(cashier).order.cancel({ orderId: next.nextOrderId, reason: 'Walked out', customerName: 'Dana W.' });
    expect(cancelled.order).toMatchObject({ status: 'CANCELLED', customerName: 'Dana W.' });
    const [after] = (await h.as(cashier).order.lookup({ orderNumber: next.nextOrderNumber })).orderStubs;
    expect(after?.customerName).toBe('Dana W.');
  });

  it('refuses an order that is no longer a draft, another store\'s order and a name too long, changing nothing', async () => {
    const next = await h.as(cashier).order.next();
    await h.as(cashier).order.setCustomerName({ orderId: next.nextOrderId, customerName: 'Kept' });
    expect((await failureOf(h.as(cashier).order.setCustomerName({ orderId: next.nextOrderId, customerName: 'x'.repeat(201) }))).status).toBe(400);
    expect((await failureOf(h.as(other).order.setCustomerName({ orderId: next.nextOrderId, customerName: 'Theirs' }))).status).toBe(404);
    await h.as(cashier).order.cancel({ orderId: next.nextOrderId, reason: 'Test' });
    expect((await failureOf(h.as(cashier).order.setCustomerName({ orderId: next.nextOrderId, customerName: 'Late' }))).status).toBe(409);
    expect((await h.as(cashier).order.fetch({ orderId: next.nextOrderId })).order.customerName).toBe('Kept');
  });
});

describe('roles', () => {
  it('lets STORE_STAFF, STORE_MANAGER and STORE_OWNER use every order path', async () => {
    for (const person of [cashier, manager, owner]) {
      const next = await h.as(person).order.next();
      const s = spec({ description: person.role, price: parseMoney('1') });
      await h.as(person).order.updateLine({ orderLineId: next.nextOrderLineId, itemDescription: s.description, ...lineBody(s) });
      const submitted = await h.as(person).order.submit({ orderId: next.nextOrderId, customerName: person.username, items: [{ id: next.nextOrderLineId, description: s.description, ...lineBody(s) }] });
      expect(submitted.order.status).toBe('COMPLETED');
      expect((await h.as(person).order.fetch({ orderId: next.nextOrderId })).order.customerName).toBe(person.username);
      expect((await h.as(person).order.lookup({ orderNumber: next.nextOrderNumber })).orderStubs.map((o) => o.id)).toContain(next.nextOrderId);
    }
  });

  it('answers 403 to a STORE_ACCOUNTANT on every order path and changes nothing', async () => {
    const next = await h.as(cashier).order.next();
    const before = await h.as(owner).store.fetchSettings();
    const body = lineBody(spec({ price: 1n }));
    // Thunks: a call made before its turn would reject with no one awaiting it yet.
    const calls = [
      () => h.as(accountant).order.next(),
      () => h.as(accountant).order.updateLine({ orderLineId: next.nextOrderLineId, ...body }),
      () => h.as(accountant).order.submit({ orderId: next.nextOrderId, customerName: 'x', items: [{ id: next.nextOrderLineId, description: 'x', ...body }] }),
      () => h.as(accountant).order.fetch({ orderId: next.nextOrderId }),
      () => h.as(accountant).order.lookup({}),
    ];
    for (const call of calls) expect((await failureOf(call())).status).toBe(403);
    expect((await h.as(owner).store.fetchSettings()).nextOrderNumber).toBe(before.nextOrderNumber);
    expect((await h.as(cashier).order.fetch({ orderId: next.nextOrderId })).order).toEqual(next.order);
  });

  it("answers 403 to a role the caller does not hold in that store, 401 without a session", async () => {
    expect((await failureOf(h.as(cashier, { role: 'STORE_MANAGER' }).order.lookup({}))).status).toBe(403);
    expect((await failureOf(h.as(owner, { storeId: other.storeId }).order.next())).status).toBe(403);
    expect((await failureOf(h.call({ storeId: owner.storeId, role: 'STORE_OWNER' }).order.next())).status).toBe(401);
  });
});
