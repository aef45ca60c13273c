/**
 * Properties of the vendor ledger, through the server on a real database, for random
 * stores: vendors of every type whose codes have random commissions, some passing card
 * fees through, some receiving a separate statement; random baskets (own sales, stock
 * items sold by their SKU, negative lines and whole returns below zero among them),
 * completed one after another while codes' commissions change; rent, adjustments and payouts in between. Checked (docs/SETTLEMENT.md):
 * - every micro-unit lands once: each vendor line posts its SALE, its COMMISSION and its
 *   CARD_FEE, no other line posts anything, and amount paid = Σ SALE + own sales +
 *   taxes + customer fees, Σ SALE = Σ vendors' net + commissions + card fees;
 * - Σ entries of each account and of each vendor = its balance, as stored and as listed,
 *   and the store's totals owed and owing are the sums of its balances;
 * - the books agree: every journal balances, each vendor account is minus its ledger balance;
 * - for random periods, opening + entries = closing, and the three are exactly the
 *   entries before, within and up to the end of the period by the store's days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { DbHandle, LedgerKind } from '@pos/db';
import { CENT, addDays, cardFeeShare, commissionAmount, planCheckout, summarizeOrder, type AppliedPayment } from '@pos/domain';
import { expectBooksMatchLedger } from '../../../test/books-check';
import { createTestDb } from '../../../test/db';
import { createApiHarness, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';
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

// ---- generators -------------------------------------------------------------------------

const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => BigInt(c) * CENT);
/** A percent in micro-units, often a round one. */
const percentArb = fc.oneof(fc.integer({ min: 0, max: 60 }).map((p) => BigInt(p) * 1_000_000n), fc.integer({ min: 0, max: 60_000_000 }).map(BigInt));

const codeArb = fc.record({ commission: percentArb, proportionalCcFee: fc.boolean(), receivesSeparateStatement: fc.boolean() });
const vendorArb = fc.record({
  vendorType: fc.constantFrom('VENDOR' as const, 'VENDOR_CONSIGNMENT' as const, 'CONSIGNMENT' as const),
  rent: cents(0, 30_000),
  deductRent: fc.boolean(),
  codes: fc.array(codeArb, { minLength: 1, maxLength: 3 }),
});

/** A line: a vendor's code (by index into the store's codes), no code, or a stock item's SKU (linked to a vendor's code); now and then a negative price (a return rung up). */
const lineArb = fc.record({
  code: fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 20 }) }, { weight: 1, arbitrary: fc.constant('own' as const) }, { weight: 1, arbitrary: fc.constant('stock' as const) }),
  quantity: fc.integer({ min: 0, max: 4 }),
  price: fc.oneof({ weight: 4, arbitrary: cents(0, 40_000) }, { weight: 1, arbitrary: cents(-40_000, -1) }),
  discount: fc.oneof(fc.constant(0n), percentArb),
  taxed: fc.boolean(),
});

/** How an order is split between Card, Debit and cash: shares of the total, and the cash tendered past it. */
const splitArb = fc.record({ card: fc.integer({ min: 0, max: 100 }), debit: fc.integer({ min: 0, max: 100 }), change: cents(0, 2_000) });
type Split = fc.Arbitrary<{ card: number; debit: number; change: bigint } | null>;

/** The splits the orders are paid by; null: the submit carries no payments (paid in full by the store's Cash). */
const ORDER_SPLITS: Split = fc.option(splitArb, { nil: null, freq: 4 });

/** Card and Debit parts of the total (Card only at or above its minimum) and cash for the rest, tendered with change. */
function paymentsFor(total: bigint, split: { card: number; debit: number; change: bigint } | null, methods: Methods): SalePayment[] {
  // A total below zero is handed back in cash: the submit carries no payments.
  if (split === null || total < 0n) return [];
  const part = (share: number) => ((total * BigInt(share)) / 200n / CENT) * CENT;
  const payments: SalePayment[] = [];
  const card = part(split.card);
  if (card > 0n && card >= methods.card.minimumAmount) payments.push({ method: methods.card, amount: card });
  const debit = part(split.debit);
  if (debit > 0n) payments.push({ method: methods.debit, amount: debit });
  const rest = total - payments.reduce((sum, p) => sum + p.amount, 0n);
  // Cash for the rest, tendered with change; nothing at all for an order of zero paid by nothing else (no payments: Cash).
  if ((rest > 0n || payments.length === 0) && rest + split.change > 0n) payments.push({ method: methods.cash, amount: rest + split.change });
  return payments;
}

interface Methods {
  card: SaleMethod;
  debit: SaleMethod;
  cash: SaleMethod;
}

const scenarioArb = fc.record({
  vendors: fc.array(vendorArb, { minLength: 1, maxLength: 3 }),
  orders: fc.array(
    fc.record({
      lines: fc.array(lineArb, { minLength: 1, maxLength: 6 }),
      /** A code whose commission changes after this order, and its new percent. */
      recommission: fc.option(fc.tuple(fc.nat({ max: 20 }), percentArb), { nil: null }),
      split: ORDER_SPLITS,
    }),
    { minLength: 1, maxLength: 4 },
  ),
  rent: fc.boolean(),
  adjustments: fc.array(fc.tuple(fc.nat({ max: 20 }), cents(-20_000, 20_000).filter((v) => v !== 0n)), { maxLength: 3 }),
  payouts: fc.array(fc.tuple(fc.nat({ max: 20 }), fc.integer({ min: 1, max: 100 })), { maxLength: 3 }),
  /** Entries of the past (fixtures): days before today, an account, an amount. */
  past: fc.array(fc.tuple(fc.integer({ min: 1, max: 90 }), fc.nat({ max: 20 }), cents(-10_000, 10_000)), { maxLength: 8 }),
  periods: fc.array(fc.tuple(fc.integer({ min: -100, max: 5 }), fc.integer({ min: 0, max: 120 }), fc.nat({ max: 20 })), { minLength: 1, maxLength: 4 }),
});

// ---- the checks ------------------------------------------------------------------------------

interface Code {
  id: number;
  tag: string;
  vendorId: number;
  commission: bigint;
  proportionalCcFee: boolean;
  receivesSeparateStatement: boolean;
}

interface Entry {
  vendorId: bigint;
  itemCodeId: bigint | null;
  kind: LedgerKind;
  amount: bigint;
  orderLineId: bigint | null;
}

async function entriesOfOrder(orderId: bigint): Promise<Entry[]> {
  const rows = await handle.db
    .selectFrom('ledger_entries')
    .select(['vendor_id as vendorId', 'item_code_id as itemCodeId', 'kind', 'amount', 'order_line_id as orderLineId'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows;
}

async function linesOfOrder(orderId: bigint) {
  return handle.db
    .selectFrom('order_lines as l')
    .leftJoin('item_codes as c', 'c.id', 'l.item_code_id')
    .select(['l.id', 'l.total', 'l.commission_percent as commissionPercent', 'c.id as codeId', 'c.vendor_id as vendorId'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();
}

/** Each vendor line posts SALE, COMMISSION and CARD_FEE to its account; others post nothing; the order conserves every micro-unit. */
async function expectSaleLandsOnce(sale: Awaited<ReturnType<typeof completeSale>>, codes: Map<number, Code>, applied: AppliedPayment[]) {
  const entries = await entriesOfOrder(sale.orderId);
  const lines = await linesOfOrder(sale.orderId);
  let commissions = 0n;
  let cardFees = 0n;
  let sales = 0n;
  const expected: Entry[] = [];
  for (const line of lines) {
    const code = line.codeId === null ? undefined : codes.get(Number(line.codeId));
    if (!code || line.vendorId === null) continue;
    // The line keeps the percent its code had when it was sold.
    expect(line.commissionPercent).toBe(code.commission);
    const account = { vendorId: BigInt(code.vendorId), itemCodeId: code.receivesSeparateStatement ? BigInt(code.id) : null, orderLineId: line.id };
    const commission = commissionAmount(line.total, line.commissionPercent);
    const cardFee = code.proportionalCcFee ? cardFeeShare(line.total, sale.total, applied) : 0n;
    expected.push({ ...account, kind: 'SALE', amount: line.total });
    if (commission !== 0n) expected.push({ ...account, kind: 'COMMISSION', amount: -commission });
    if (cardFee !== 0n) expected.push({ ...account, kind: 'CARD_FEE', amount: -cardFee });
    sales += line.total;
    commissions += commission;
    cardFees += cardFee;
  }
  expect(entries).toEqual(expected);
  for (const e of entries) expect(e.amount % CENT).toBe(0n);
  const net = entries.reduce((s, e) => s + e.amount, 0n);
  expect(sale.amountPaid).toBe(sales + sale.ownSales + sale.taxes + sale.customerFees);
  expect(sales).toBe(net + commissions + cardFees);
}

/** Σ entries of every account and vendor of the store = its balance, stored and listed. */
async function expectBalancesAreSums(owner: Person) {
  const { rows: accounts } = await sql<{ vendorId: bigint; key: bigint; sum: string; balance: bigint | null }>`
    select e.vendor_id as "vendorId", coalesce(e.item_code_id, 0) as key, sum(e.amount)::text as sum, a.balance
    from ledger_entries e left join ledger_accounts a on a.vendor_id = e.vendor_id and a.account_key = coalesce(e.item_code_id, 0)
    where e.store_id = ${owner.storeId} group by 1, 2, a.balance`.execute(handle.db);
  for (const a of accounts) expect(a.balance).toBe(BigInt(a.sum));
  const { rows: vendors } = await sql<{ id: bigint; sum: string; balance: bigint }>`
    select v.id, coalesce((select sum(amount) from ledger_entries e where e.vendor_id = v.id), 0)::text as sum, v.outstanding_statement_balance as balance
    from vendors v where v.store_id = ${owner.storeId}`.execute(handle.db);
  // The store's totals owed and owing, kept by trigger, are the sums of its balances.
  const { rows: totals } = await sql<{ kept: string; summed: string }>`
    select (select concat_ws('/', sum(owed), sum(owing), sum(accounts_owed), sum(accounts_owing)) from ledger_store_totals where store_id = ${owner.storeId} having count(*) > 0) as kept,
           (select concat_ws('/', coalesce(sum(balance) filter (where balance > 0), 0), coalesce(sum(balance) filter (where balance < 0), 0),
                             count(*) filter (where balance > 0), count(*) filter (where balance < 0))
            from ledger_accounts where store_id = ${owner.storeId}) as summed`.execute(handle.db);
  if (totals[0]!.kept !== null) expect(totals[0]!.kept).toBe(totals[0]!.summed);
  const listed = (await h.as(owner).vendor.list({ pageSize: 100 })).vendors;
  for (const v of vendors) {
    expect(v.balance).toBe(BigInt(v.sum));
    expect(listed.find((l) => l.id === Number(v.id))?.outstandingStatementBalance.value).toBe(v.sum);
  }
}

/** A statement's opening, entries and closing are exactly the account's entries before, within and through the period. */
async function expectStatementAddsUp(owner: Person, account: { vendorId: number; itemCodeId: number | null }, from: string, to: string) {
  const s = await h.as(owner).vendor.statement({ ...account, from, to });
  const { rows } = await sql<{ before: string; within: string; through: string; n: string }>`
    select coalesce(sum(amount) filter (where d < ${from}), 0)::text as before,
           coalesce(sum(amount) filter (where d between ${from} and ${to}), 0)::text as within,
           coalesce(sum(amount) filter (where d <= ${to}), 0)::text as through,
           count(*) filter (where d between ${from} and ${to})::text as n
    from (select amount, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as d from ledger_entries
          where store_id = ${owner.storeId} and vendor_id = ${account.vendorId}
            and ${account.itemCodeId === null ? sql`item_code_id is null` : sql`item_code_id = ${account.itemCodeId}`}) x`.execute(handle.db);
  const truth = rows[0]!;
  const opening = BigInt(s.openingBalance.value);
  const within = s.entries.reduce((sum, e) => sum + BigInt(e.amount.value), 0n);
  const closing = BigInt(s.closingBalance.value);
  expect(opening + within).toBe(closing);
  expect([opening, within, closing, s.entries.length]).toEqual([BigInt(truth.before), BigInt(truth.within), BigInt(truth.through), Number(truth.n)]);
  for (const e of s.entries) expect(e.day >= from && e.day <= to).toBe(true);
  const totals = Object.values(s.totals).reduce((sum, t) => sum + BigInt(t.value), 0n);
  expect(totals).toBe(within);
}

describe('the vendor ledger, for random stores, baskets and periods', () => {
  it('lands every micro-unit once, keeps balances equal to their entries, and adds statements up', async () => {
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
        const codes = new Map<number, Code>();
        const codeList: Code[] = [];
        const accounts: { vendorId: number; itemCodeId: number | null }[] = [];
        for (const [vi, v] of scenario.vendors.entries()) {
          const vendorId = await addVendor(h, owner, { tradeName: `V${run}x${vi}`, vendorType: v.vendorType, monthlyRent: v.rent, deductMonthlyRent: v.deductRent });
          accounts.push({ vendorId, itemCodeId: null });
          for (const [ci, c] of v.codes.entries()) {
            const tag = `P${run}V${vi}C${ci}`;
            const id = await addCode(h, owner, vendorId, { tag, commissionPercent: c.commission, proportionalCcFee: c.proportionalCcFee, receivesSeparateStatement: c.receivesSeparateStatement, monthlyRent: 1_000_000n });
            const code = { id, tag, vendorId, ...c };
            codes.set(id, code);
            codeList.push(code);
            if (c.receivesSeparateStatement) accounts.push({ vendorId, itemCodeId: id });
          }
        }

        // A stock item linked to the first code: sold by its SKU, it pays that code's vendor.
        const sku = `SKU-${run}`;
        await h.as(owner).store.inventory.add({ sku, price: money(0n), itemCode: codeList[0]!.tag, quantityOnHand: 1_000 });

        for (const order of scenario.orders) {
          const lines = order.lines.map((l, i) => ({
            itemCode: l.code === 'own' ? '' : l.code === 'stock' ? sku : codeList[l.code % codeList.length]!.tag,
            description: `Item ${i}`,
            quantity: l.quantity,
            price: l.price,
            discountPercent: l.discount,
            taxPercent: l.taxed ? 5_000_000n : 0n,
          }));
          const total = summarizeOrder(lines.map((l) => ({ ...l, taxPercents: [l.taxPercent, 0n, 0n] as const }))).total;
          const payments = paymentsFor(total, order.split, methods);
          const sale = await completeSale(h, handle.db, owner, lines, payments);
          const plan = planCheckout(sale.total, payments.length > 0 ? payments : sale.total > 0n ? [{ method: methods.cash, amount: sale.total }] : []);
          await expectSaleLandsOnce(sale, codes, plan.tenders.map((t) => ({ applied: t.applied, vendorFeePercent: t.method.isCash ? 0n : t.method.vendorFeePercent })));
          if (order.recommission) {
            const [index, commission] = order.recommission;
            const code = codeList[index % codeList.length]!;
            await h.as(owner).store.itemcode.edit({ id: code.id, tag: code.tag, vendorId: code.vendorId, defaultCommissionPercent: percent(commission), proportionalCcFee: code.proportionalCcFee, receivesSeparateStatement: code.receivesSeparateStatement });
            code.commission = commission;
          }
        }

        if (scenario.rent) await h.as(owner).vendor.rent.post({ month: (await h.as(owner).vendor.accounts({})).month });
        for (const [index, amount] of scenario.adjustments) {
          await h.as(owner).vendor.adjust({ ...accounts[index % accounts.length]!, amount: money(amount), memo: 'Property adjustment' });
        }
        for (const [index, share] of scenario.payouts) {
          const account = accounts[index % accounts.length]!;
          const balance = BigInt((await h.as(owner).vendor.statement(account)).closingBalance.value);
          const amount = (((balance * BigInt(share)) / 100n) / CENT) * CENT;
          if (amount > 0n) await h.as(owner).vendor.payout({ ...account, amount: money(amount), method: 'CASH', reference: '' });
        }
        // Everything so far went through the API: the books agree with the ledger.
        await expectBooksMatchLedger(handle.db, owner.storeId);
        const { today } = await h.as(owner).vendor.accounts({});
        for (const [daysAgo, index, amount] of scenario.past) {
          const account = accounts[index % accounts.length]!;
          await handle.db
            .insertInto('ledger_entries')
            .values({ store_id: BigInt(owner.storeId), vendor_id: BigInt(account.vendorId), item_code_id: account.itemCodeId === null ? null : BigInt(account.itemCodeId), kind: 'ADJUSTMENT', amount, memo: 'past', created_at: new Date(`${addDays(today, -daysAgo)}T12:00:00Z`) })
            .execute();
        }

        await expectBalancesAreSums(owner);
        for (const [offset, length, index] of scenario.periods) {
          const from = addDays(today, offset);
          await expectStatementAddsUp(owner, accounts[index % accounts.length]!, from, addDays(from, Math.min(length, 365)));
        }
      }),
      { numRuns: 12, endOnFailure: true },
    );
  }, 180_000);
});
