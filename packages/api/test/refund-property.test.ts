/**
 * Refunds, as a property through the server on a real database: for random stores, random
 * sales (paid by card, debit and cash), payouts and partial refunds in random order
 * (docs/SETTLEMENT.md, Refunds). After every step:
 * - conservation, per order: what the till kept (amount paid less the refunds paid back)
 *   = the vendor lines' SALE entries (reversals included) + own sales not refunded +
 *   taxes not refunded + customer fees; and each vendor line's SALE entries = its total
 *   less what its refunds gave back of it;
 * - every fully refunded line nets to exactly zero in the ledger, kind by kind;
 * - per order and payment method, refunds never return more than the method took (cash:
 *   what the drawer kept), and each refund's payments add up to its amount;
 * - every account's and vendor's balance is the sum of its entries;
 * and a refund of more units than are left is refused, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { DbHandle } from '@pos/db';
import type { Order } from '@pos/contracts';
import { CENT, planRefundLines, refundableMethods, refundableQuantity, suggestRefundPayments, summarizeOrder } from '@pos/domain';
import { expectBooksMatchLedger } from '../../../test/books-check';
import { createTestDb } from '../../../test/db';
import { createApiHarness, failureOf, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';
import { addCardMethod, addCode, addVendor, cashMethodOf, completeSale, type SaleMethod, type SalePayment } from '../../../test/sales';

let handle: DbHandle;
let h: ApiHarness;
let run = 0;

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle.close());

const money = (v: bigint) => ({ type: 'Money' as const, value: String(v) });
const percent = (v: bigint) => ({ type: 'Percent' as const, value: String(v) });
const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => BigInt(c) * CENT);
const percentArb = fc.oneof(fc.integer({ min: 0, max: 60 }).map((p) => BigInt(p) * 1_000_000n), fc.integer({ min: 0, max: 60_000_000 }).map(BigInt));

const codeArb = fc.record({ commission: percentArb, proportionalCcFee: fc.boolean(), receivesSeparateStatement: fc.boolean() });
const lineArb = fc.record({
  code: fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 20 }) }, { weight: 1, arbitrary: fc.constant('own' as const) }),
  quantity: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 2, max: 7 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 1 }) }),
  price: cents(1, 30_000),
  discount: fc.oneof(fc.constant(0n), percentArb),
  taxed: fc.boolean(),
});
const stepArb = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sale' as const), lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }), card: fc.nat({ max: 100 }), debit: fc.nat({ max: 100 }), change: cents(0, 2_000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payout' as const), account: fc.nat({ max: 20 }), share: fc.integer({ min: 1, max: 100 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      order: fc.nat({ max: 20 }),
      // A line and how many of its units (1 + this, modulo what is left): mostly one unit at a time.
      picks: fc.array(fc.tuple(fc.nat({ max: 20 }), fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat({ max: 20 }) })), { minLength: 1, maxLength: 3 }),
      tooMany: fc.boolean(),
    }),
  },
);
const scenarioArb = fc.record({
  codes: fc.array(codeArb, { minLength: 1, maxLength: 4 }),
  vendors: fc.integer({ min: 1, max: 2 }),
  steps: fc.array(stepArb, { minLength: 2, maxLength: 12 }),
});

interface Methods {
  card: SaleMethod;
  debit: SaleMethod;
  cash: SaleMethod;
}

/**
 * Card and Debit parts of the total (Card only at or above its minimum) and cash for the
 * rest, tendered with change; nothing for a total of nothing tendered without change (the
 * till submits no payments, as an order paid in cash in full).
 */
function paymentsFor(total: bigint, split: { card: number; debit: number; change: bigint }, methods: Methods): SalePayment[] {
  const part = (share: number) => ((total * BigInt(share)) / 200n / CENT) * CENT;
  const payments: SalePayment[] = [];
  const card = part(split.card);
  if (card > 0n && card >= methods.card.minimumAmount) payments.push({ method: methods.card, amount: card });
  const debit = part(split.debit);
  if (debit > 0n) payments.push({ method: methods.debit, amount: debit });
  const rest = total - payments.reduce((sum, p) => sum + p.amount, 0n);
  if (rest > 0n || (payments.length === 0 && split.change > 0n)) payments.push({ method: methods.cash, amount: rest + split.change });
  return payments;
}

async function fetchOrder(owner: Person, orderId: bigint): Promise<Order> {
  return (await h.as(owner).order.fetch({ orderId: Number(orderId) })).order;
}

/** The checks that hold after every step, for every order of the store. */
async function expectInvariants(owner: Person, orders: readonly { orderId: bigint; customerFees: bigint; amountPaid: bigint }[]) {
  for (const sale of orders) {
    const { rows: lines } = await sql<{ id: string; quantity: string; total: string; taxes: string; vendor: boolean; refundedQty: string; refundedTotal: string; refundedTaxes: string; sale: string; kinds: string }>`
      select l.id::text, l.quantity::text, l.total::text, (l.tax1_amount + l.tax2_amount + l.tax3_amount)::text as taxes,
             exists (select 1 from ledger_entries e where e.order_line_id = l.id) as vendor,
             coalesce((select sum(quantity) from refund_lines r where r.order_line_id = l.id), 0)::text as "refundedQty",
             coalesce((select sum(total) from refund_lines r where r.order_line_id = l.id), 0)::text as "refundedTotal",
             coalesce((select sum(tax1 + tax2 + tax3) from refund_lines r where r.order_line_id = l.id), 0)::text as "refundedTaxes",
             coalesce((select sum(amount) from ledger_entries e where e.order_line_id = l.id and e.kind = 'SALE'), 0)::text as sale,
             coalesce((select string_agg(kind || '=' || s, ',' order by kind) from (select kind, sum(amount) as s from ledger_entries e where e.order_line_id = l.id group by kind) k), '') as kinds
      from order_lines l where l.order_id = ${sale.orderId} order by l.id`.execute(handle.db);
    let kept = 0n;
    for (const l of lines) {
      const left = BigInt(l.total) - BigInt(l.refundedTotal);
      // A vendor line's SALE entries follow what its refunds gave back of it.
      if (l.vendor) expect(BigInt(l.sale)).toBe(left);
      // Fully refunded: every kind of entry of the line nets to exactly zero.
      if (BigInt(l.quantity) > 0n && l.refundedQty === l.quantity && l.vendor) expect(l.kinds.split(',').every((k) => k.endsWith('=0'))).toBe(true);
      kept += left + BigInt(l.taxes) - BigInt(l.refundedTaxes);
    }
    const { rows: refunds } = await sql<{ amount: string; paid: string }>`
      select r.amount::text, coalesce((select sum(p.amount) from refund_payments p where p.refund_id = r.id), 0)::text as paid
      from refunds r where r.order_id = ${sale.orderId}`.execute(handle.db);
    for (const r of refunds) expect(r.paid).toBe(r.amount);
    const back = refunds.reduce((sum, r) => sum + BigInt(r.amount), 0n);
    expect(sale.amountPaid - back).toBe(kept + sale.customerFees);
    const order = await fetchOrder(owner, sale.orderId);
    for (const m of refundableMethods(
      order.payments.map((p) => ({ paymentMethodId: p.paymentMethodId, name: p.name, isCash: p.isCash, applied: BigInt(p.applied.value) })),
      (order.refunds ?? []).flatMap((r) => r.payments.map((p) => ({ paymentMethodId: p.paymentMethodId, amount: BigInt(p.amount.value) }))),
    )) {
      expect(m.returned <= m.took).toBe(true);
    }
    const everyUnitBack = order.items.every((i) => refundableQuantity({ quantity: BigInt(i.quantity), refundedQuantity: BigInt(i.refundedQuantity ?? 0) }) === 0n);
    // An order with no unit to give back (all its lines of quantity 0) is never refunded.
    expect(order.status).toBe(refunds.length > 0 && everyUnitBack ? 'REFUNDED' : 'COMPLETED');
  }
  const { rows: accounts } = await sql<{ sum: string; balance: string | null }>`
    select sum(e.amount)::text as sum, a.balance::text as balance
    from ledger_entries e left join ledger_accounts a on a.vendor_id = e.vendor_id and a.account_key = coalesce(e.item_code_id, 0)
    where e.store_id = ${owner.storeId} group by e.vendor_id, coalesce(e.item_code_id, 0), a.balance`.execute(handle.db);
  for (const a of accounts) expect(a.balance).toBe(a.sum);
  const { rows: vendors } = await sql<{ sum: string; balance: string }>`
    select coalesce((select sum(amount) from ledger_entries e where e.vendor_id = v.id), 0)::text as sum, v.outstanding_statement_balance::text as balance
    from vendors v where v.store_id = ${owner.storeId}`.execute(handle.db);
  for (const v of vendors) expect(v.balance).toBe(v.sum);
}

describe('refunds, for random sales, payouts and partial refunds in random order', () => {
  it('conserve every micro-unit, net fully refunded lines to zero, and never return more than a method took', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        run += 1;
        const owner = await signUpOwner(h);
        const settings = await h.as(owner).store.fetchSettings();
        await h.as(owner).store.updateSettings({ ...settings, tax1ShortName: 'GST', tax1Percent: percent(5_000_000n), tax1Enabled: true });
        const methods: Methods = {
          card: await addCardMethod(h, owner, { name: 'Card', vendorFeePercent: 3_000_000n, customerFeePercent: 2_000_000n, customerFeeAmount: 250_000n, minimumAmount: 5_000_000n }),
          debit: await addCardMethod(h, owner, { name: 'Debit', vendorFeePercent: 1_750_000n }),
          cash: await cashMethodOf(h, owner),
        };
        const vendorIds: number[] = [];
        for (let v = 0; v < scenario.vendors; v++) vendorIds.push(await addVendor(h, owner, { tradeName: `R${run}V${v}` }));
        const tags: string[] = [];
        const accounts: { vendorId: number; itemCodeId: number | null }[] = vendorIds.map((vendorId) => ({ vendorId, itemCodeId: null }));
        for (const [i, c] of scenario.codes.entries()) {
          const tag = `R${run}C${i}`;
          const vendorId = vendorIds[i % vendorIds.length]!;
          const id = await addCode(h, owner, vendorId, { tag, commissionPercent: c.commission, proportionalCcFee: c.proportionalCcFee, receivesSeparateStatement: c.receivesSeparateStatement });
          tags.push(tag);
          if (c.receivesSeparateStatement) accounts.push({ vendorId, itemCodeId: id });
        }

        const orders: { orderId: bigint; customerFees: bigint; amountPaid: bigint }[] = [];
        for (const step of scenario.steps) {
          if (step.kind === 'sale') {
            const lines = step.lines.map((l, i) => ({
              itemCode: l.code === 'own' ? '' : tags[l.code % tags.length]!,
              description: `Item ${i}`,
              quantity: l.quantity,
              price: l.price,
              discountPercent: l.discount,
              taxPercent: l.taxed ? 5_000_000n : 0n,
            }));
            const total = summarizeOrder(lines.map((l) => ({ ...l, taxPercents: [l.taxPercent, 0n, 0n] as const }))).total;
            const sale = await completeSale(h, handle.db, owner, lines, paymentsFor(total, step, methods));
            orders.push(sale);
          } else if (step.kind === 'payout') {
            const account = accounts[step.account % accounts.length]!;
            const balance = BigInt((await h.as(owner).vendor.statement(account)).closingBalance.value);
            const amount = ((balance * BigInt(step.share)) / 100n / CENT) * CENT;
            if (amount > 0n) await h.as(owner).vendor.payout({ ...account, amount: money(amount), method: 'CASH', reference: '' });
          } else {
            if (orders.length === 0) continue;
            const sale = orders[step.order % orders.length]!;
            const order = await fetchOrder(owner, sale.orderId);
            const open = order.items.filter((i) => i.quantity - (i.refundedQuantity ?? 0) > 0);
            if (open.length === 0) continue;
            const requested = new Map<number, number>();
            for (const [li, q] of step.picks) {
              const item = open[li % open.length]!;
              requested.set(item.id, 1 + (q % (item.quantity - (item.refundedQuantity ?? 0))));
            }
            const lines = [...requested].map(([orderLineId, quantity]) => ({ orderLineId, quantity }));
            if (step.tooMany) {
              const [first] = lines;
              const item = open.find((i) => i.id === first!.orderLineId)!;
              const over = [{ orderLineId: first!.orderLineId, quantity: item.quantity - (item.refundedQuantity ?? 0) + 1 }];
              const before = await sql<{ n: string }>`select (select count(*) from refunds where store_id = ${owner.storeId}) + (select count(*) from ledger_entries where store_id = ${owner.storeId}) as n`.execute(handle.db);
              expect((await failureOf(h.as(owner).order.refund({ orderId: order.id, lines: over, payments: [], reason: 'too many' }))).status).toBe(400);
              const after = await sql<{ n: string }>`select (select count(*) from refunds where store_id = ${owner.storeId}) + (select count(*) from ledger_entries where store_id = ${owner.storeId}) as n`.execute(handle.db);
              expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
            }
            const plan = planRefundLines(
              order.items.map((i) => ({
                id: i.id,
                label: i.description,
                quantity: BigInt(i.quantity),
                total: BigInt(i.total.value),
                taxes: [BigInt(i.tax1Amount.value), BigInt(i.tax2Amount.value), BigInt(i.tax3Amount.value)] as const,
                refundedQuantity: BigInt(i.refundedQuantity ?? 0),
              })),
              lines.map((l) => ({ orderLineId: l.orderLineId, quantity: BigInt(l.quantity) })),
            );
            const methodsLeft = refundableMethods(
              order.payments.map((p) => ({ paymentMethodId: p.paymentMethodId, name: p.name, isCash: p.isCash, applied: BigInt(p.applied.value) })),
              (order.refunds ?? []).flatMap((r) => r.payments.map((p) => ({ paymentMethodId: p.paymentMethodId, amount: BigInt(p.amount.value) }))),
            );
            const payments = suggestRefundPayments(plan.amount, methodsLeft).map((p) => ({ paymentMethodId: p.paymentMethodId, amount: money(p.amount) }));
            const answer = await h.as(owner).order.refund({ orderId: order.id, lines, payments, reason: 'Property refund' });
            expect(BigInt(answer.refund.amount.value)).toBe(plan.amount);
          }
          await expectInvariants(owner, orders);
        }
        await expectBooksMatchLedger(handle.db, owner.storeId);
      }),
      { numRuns: 15, endOnFailure: true },
    );
  }, 180_000);
});
