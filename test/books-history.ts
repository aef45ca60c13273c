/**
 * Random store histories for the books' property tests, played with the domain's own
 * rules only (no database): sales with split tender, negative lines and own lines;
 * refunds of some units and of the last ones, paid back as the refund dialog suggests;
 * rent, adjustments, payouts by every method and closed days, over several days.
 *
 * Each event's journal is computed by the books' leg functions, and beside it the vendor
 * ledger entries the ledger service posts for it, computed here the way that service does
 * (settlement's linePostings for a sale; refundShare of each kind the sale posted for a
 * refund), so a test can compare the two. Also kept: what the drawer, each clearing
 * account and each tax should hold, counted from the events themselves.
 */
import fc from 'fast-check';
import {
  CENT,
  addDays,
  adjustmentJournal,
  computeLine,
  dayCloseJournal,
  deductsRent,
  linePostings,
  payoutJournal,
  payoutProblem,
  planCheckout,
  planRefundLines,
  refundJournal,
  refundPaymentsProblem,
  refundShare,
  refundableMethods,
  rentEntryAmount,
  rentJournal,
  saleJournal,
  suggestRefundPayments,
  summarizeOrder,
  vendorAccount,
  type AccountKey,
  type ChartInput,
  type JournalKind,
  type JournalLeg,
  type LedgerEntryForBooks,
  type LinePostings,
  type PayoutMethod,
  type TenderMethod,
  type VendorAccountRef,
} from '@pos/domain';

const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => BigInt(c) * CENT);
const percentArb = fc.oneof(fc.integer({ min: 0, max: 60 }).map((p) => BigInt(p) * 1_000_000n), fc.integer({ min: 0, max: 60_000_000 }).map(BigInt));

const lineArb = fc.record({
  code: fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 20 }) }, { weight: 1, arbitrary: fc.constant('own' as const) }),
  quantity: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) }, { weight: 1, arbitrary: fc.constant(0) }),
  // Mostly goods; now and then a negative line (a return rung up, a markdown).
  price: fc.oneof({ weight: 5, arbitrary: cents(1, 30_000) }, { weight: 1, arbitrary: cents(-20_000, -1) }),
  // Now and then a price finer than cents, as a price typed with more decimals is kept.
  finePrice: fc.oneof({ weight: 4, arbitrary: fc.constant(0n) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 9_999 }).map(BigInt) }),
  discount: fc.oneof(fc.constant(0n), percentArb.map((p) => p / 2n)),
  taxes: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
});

const stepArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
      cards: fc.array(fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 100 })), { maxLength: 2 }),
      change: cents(0, 2_000),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      order: fc.nat({ max: 50 }),
      // A line, and how many of its units: one, a few, or every one left.
      picks: fc.array(fc.tuple(fc.nat({ max: 20 }), fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 5 }), fc.constant('rest' as const))), { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rent' as const), rent: cents(1, 50_000), which: fc.nat({ max: 255 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adjust' as const), account: fc.nat({ max: 20 }), amount: cents(-5_000, 5_000).filter((a) => a !== 0n) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      account: fc.nat({ max: 20 }),
      share: fc.integer({ min: 1, max: 100 }),
      method: fc.constantFrom<PayoutMethod>('CASH', 'CHECK', 'ACH', 'STORE_CREDIT'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), difference: cents(-2_000, 2_000) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'next-day' as const }) },
);

/** Names that collide once made slugs ('Ada' and 'ada'), one with none ('&'), and others. */
const VENDOR_NAMES = ['Ada', 'Bo & Co.', 'ada', 'Çelik Antiques', '&', 'Zed'];

export const historyArb = fc.record({
  vendors: fc.array(fc.constantFrom(...VENDOR_NAMES), { minLength: 1, maxLength: 3 }),
  codes: fc.array(
    fc.record({ vendor: fc.nat({ max: 2 }), commission: percentArb, proportionalCcFee: fc.boolean(), separate: fc.boolean() }),
    { minLength: 1, maxLength: 5 },
  ),
  cards: fc.array(
    fc.record({
      vendorFeePercent: percentArb.map((p) => p / 10n),
      customerFeePercent: percentArb.map((p) => p / 10n),
      customerFeeAmount: cents(0, 100),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  taxPercents: fc.tuple(percentArb.map((p) => p / 5n), percentArb.map((p) => p / 10n), fc.oneof(fc.constant(0n), percentArb.map((p) => p / 20n))),
  steps: fc.array(stepArb, { minLength: 2, maxLength: 25 }),
});
export type HistoryScenario = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;

/** One event of the history: its journal and the ledger entries the ledger service posts for it. */
export interface HistoryJournal {
  id: bigint;
  kind: JournalKind;
  day: string;
  reference: string;
  legs: JournalLeg[];
  ledger: LedgerEntryForBooks[];
}

export interface History {
  chart: ChartInput;
  journals: HistoryJournal[];
  /** What each asset and tax account should hold, counted from the events (debit above zero). */
  expected: Map<AccountKey, bigint>;
  /** How many refunds took a line's last units. */
  lastUnitRefunds: number;
}

interface Method extends TenderMethod {
  id: bigint;
}

interface SoldLine {
  account: VendorAccountRef | null;
  quantity: bigint;
  total: bigint;
  taxes: [bigint, bigint, bigint];
  postings: LinePostings | null;
  refundedQuantity: bigint;
}

interface Sale {
  number: string;
  lines: SoldLine[];
  paid: { paymentMethodId: number; name: string; isCash: boolean; applied: bigint }[];
  refunds: { paymentMethodId: number; amount: bigint }[];
}

export const FIRST_DAY = '2026-11-02';

export function playHistory(s: HistoryScenario): History {
  const cash: Method = { id: 1n, name: 'Cash', isCash: true, vendorFeePercent: 0n, customerFeePercent: 0n, customerFeeAmount: 0n, minimumAmount: 0n };
  const cards: Method[] = s.cards.map((c, i) => ({ id: BigInt(i + 2), name: i === 0 ? 'Card' : `Card ${i + 1}`, isCash: false, minimumAmount: 0n, ...c }));
  const methodById = new Map([cash, ...cards].map((m) => [Number(m.id), m]));
  const vendorIds = s.vendors.map((_, i) => BigInt(10 + i));
  const codes = s.codes.map((c, i) => {
    const vendorId = vendorIds[c.vendor % vendorIds.length]!;
    return { ...c, id: BigInt(100 + i), vendorId, account: { vendorId, itemCodeId: c.separate ? BigInt(100 + i) : null } };
  });
  const accounts: VendorAccountRef[] = [
    ...vendorIds.map((vendorId) => ({ vendorId, itemCodeId: null })),
    ...codes.filter((c) => c.separate).map((c) => c.account),
  ];
  const chart: ChartInput = {
    paymentMethods: [cash, ...cards].map((m) => ({ id: m.id, name: m.name, isCash: m.isCash })),
    taxes: [
      { slot: 1, shortName: 'GST' },
      { slot: 2, shortName: 'PST' },
      { slot: 3, shortName: '' },
    ],
    vendors: s.vendors.map((name, i) => ({ id: vendorIds[i]!, name })),
    separateStatementCodes: codes.filter((c) => c.separate).map((c) => ({ id: c.id, vendorId: c.vendorId, code: `C${c.id}` })),
  };

  const journals: HistoryJournal[] = [];
  const expected = new Map<AccountKey, bigint>();
  const count = (account: AccountKey, amount: bigint) => expected.set(account, (expected.get(account) ?? 0n) + amount);
  const balances = new Map<AccountKey, bigint>();
  const sales: Sale[] = [];
  let day = FIRST_DAY;
  let lastUnitRefunds = 0;
  const record = (kind: JournalKind, reference: string, legs: JournalLeg[], ledger: LedgerEntryForBooks[]) => {
    journals.push({ id: BigInt(journals.length + 1), kind, day, reference, legs, ledger });
    for (const e of ledger) balances.set(vendorAccount(e), (balances.get(vendorAccount(e)) ?? 0n) + e.amount);
  };

  for (const step of s.steps) {
    switch (step.kind) {
      case 'sale': {
        const inputs = step.lines.map((l) => ({
          line: l,
          input: {
            quantity: l.quantity,
            price: l.price + (l.price < 0n ? -l.finePrice : l.finePrice),
            discountPercent: l.discount,
            taxPercents: s.taxPercents.map((p, i) => (l.taxes[i] ? p : 0n)) as [bigint, bigint, bigint],
          },
        }));
        const { total } = summarizeOrder(inputs.map((i) => i.input));
        // As checkout plans it: card parts of the total, cash for the rest with change;
        // a total below zero is handed back in cash.
        let tenders: { method: Method; applied: bigint; customerFee: bigint }[];
        if (total < 0n) tenders = [{ method: cash, applied: total, customerFee: 0n }];
        else {
          let left = total;
          const payments = step.cards.flatMap(([card, share]) => {
            const amount = ((left * BigInt(share)) / 100n / CENT) * CENT;
            left -= amount;
            return amount > 0n ? [{ method: cards[card % cards.length]!, amount }] : [];
          });
          if (left + step.change > 0n) payments.push({ method: cash, amount: left + step.change });
          const plan = planCheckout(total, payments);
          if (plan.problem) throw new Error(`the history planned a refused checkout: ${plan.problem.kind}`);
          tenders = plan.tenders;
        }
        const applied = tenders.map((t) => ({ applied: t.applied, vendorFeePercent: t.method.isCash ? 0n : t.method.vendorFeePercent }));
        const lines: SoldLine[] = inputs.map(({ line, input }) => {
          const amounts = computeLine(input);
          const code = line.code === 'own' ? null : codes[line.code % (codes.length + 1)];
          const posted = code ? linePostings({ total: amounts.total, commissionPercent: code.commission, proportionalCcFee: code.proportionalCcFee }, total, applied) : null;
          return { account: code?.account ?? null, quantity: BigInt(input.quantity), total: amounts.total, taxes: amounts.taxes, postings: posted, refundedQuantity: 0n };
        });
        const payments = tenders.map((t) => ({ paymentMethodId: t.method.id, isCash: t.method.isCash, applied: t.applied, customerFee: t.customerFee }));
        const legs = saleJournal({
          lines: lines.map((l) => ({ vendorAccount: l.account, total: l.total, taxes: l.taxes, postings: l.postings })),
          payments,
        });
        // The ledger service posts SALE, and COMMISSION and CARD_FEE when not zero, per vendor line.
        const ledger = lines.flatMap((l) =>
          l.account && l.postings ? [l.postings.sale, l.postings.commission, l.postings.cardFee].filter((a, k) => k === 0 || a !== 0n).map((amount) => ({ ...l.account!, amount })) : [],
        );
        const number = `A-${sales.length + 1}`;
        record('SALE', number, legs, ledger);
        for (const p of payments) count(p.isCash ? 'drawer' : `clearing:${p.paymentMethodId}`, p.applied + p.customerFee);
        for (const l of lines) l.taxes.forEach((t, i) => count(`sales-tax:${(i + 1) as 1 | 2 | 3}`, -t));
        sales.push({
          number,
          lines,
          paid: tenders.map((t) => ({ paymentMethodId: Number(t.method.id), name: t.method.name, isCash: t.method.isCash, applied: t.applied })),
          refunds: [],
        });
        break;
      }
      case 'refund': {
        if (sales.length === 0) break;
        const sale = sales[step.order % sales.length]!;
        const sources = sale.lines.map((l, i) => ({ id: i, label: `line ${i + 1}`, quantity: l.quantity, total: l.total, taxes: l.taxes, refundedQuantity: l.refundedQuantity }));
        const asked = new Map<number, bigint>();
        for (const [pick, units] of step.picks) {
          const i = pick % sale.lines.length;
          const left = sale.lines[i]!.quantity - sale.lines[i]!.refundedQuantity;
          if (left > 0n && !asked.has(i)) asked.set(i, units === 'rest' || BigInt(units) > left ? left : BigInt(units));
        }
        const plan = planRefundLines(sources, [...asked].map(([orderLineId, quantity]) => ({ orderLineId, quantity })));
        if (plan.problem || plan.amount < 0n) break; // refused by the server: nothing to book
        const methods = refundableMethods(sale.paid, sale.refunds);
        const back = suggestRefundPayments(plan.amount, methods);
        if (refundPaymentsProblem(plan.amount, back, methods)) break;
        const payments = back.map((p) => ({ paymentMethodId: BigInt(p.paymentMethodId), isCash: methodById.get(p.paymentMethodId)!.isCash, amount: p.amount }));
        const legs = refundJournal({
          lines: plan.lines.map((l) => {
            const sold = sale.lines[l.line.id]!;
            return {
              vendorAccount: sold.account,
              line: { quantity: sold.quantity, total: sold.total, taxes: sold.taxes, postings: sold.postings ?? { sale: 0n, commission: 0n, cardFee: 0n }, refundedQuantity: sold.refundedQuantity },
              quantity: l.quantity,
            };
          }),
          payments,
        });
        // The ledger service reverses each kind the sale posted by its share (refundShare), posting non-zero shares.
        const ledger = plan.lines.flatMap((l) => {
          const sold = sale.lines[l.line.id]!;
          if (!sold.account || !sold.postings) return [];
          return [sold.postings.sale, sold.postings.commission, sold.postings.cardFee]
            .map((posted) => -refundShare(posted, sold.quantity, sold.refundedQuantity, l.quantity))
            .filter((amount) => amount !== 0n)
            .map((amount) => ({ ...sold.account!, amount }));
        });
        record('REFUND', `${sale.number}-R${sale.refunds.length + 1}`, legs, ledger);
        for (const p of payments) count(p.isCash ? 'drawer' : `clearing:${p.paymentMethodId}`, -p.amount);
        plan.taxes.forEach((t, i) => count(`sales-tax:${(i + 1) as 1 | 2 | 3}`, t));
        for (const l of plan.lines) {
          const sold = sale.lines[l.line.id]!;
          sold.refundedQuantity += l.quantity;
          if (sold.refundedQuantity === sold.quantity) lastUnitRefunds++;
        }
        sale.refunds.push(...back);
        break;
      }
      case 'rent': {
        const entries = accounts.flatMap((account, i) => {
          const amount = rentEntryAmount(step.rent, deductsRent((step.which >> i) % 2 === 1, null));
          return amount === null ? [] : [{ ...account, amount }];
        });
        if (entries.length > 0) record('RENT', day.slice(0, 7), rentJournal(entries), entries);
        break;
      }
      case 'adjust': {
        const entry = { ...accounts[step.account % accounts.length]!, amount: step.amount };
        record('ADJUSTMENT', `adjustment ${journals.length + 1}`, adjustmentJournal(entry), [entry]);
        break;
      }
      case 'payout': {
        const account = accounts[step.account % accounts.length]!;
        const balance = balances.get(vendorAccount(account)) ?? 0n;
        const amount = ((balance * BigInt(step.share)) / 100n / CENT) * CENT;
        if (payoutProblem(amount, balance) !== null) break;
        record('PAYOUT', `payout ${journals.length + 1}`, payoutJournal(step.method, [{ ...account, amount }]), [{ ...account, amount: -amount }]);
        if (step.method === 'CASH') count('drawer', -amount);
        break;
      }
      case 'close': {
        const expectedCash = expected.get('drawer') ?? 0n;
        const legs = dayCloseJournal({ countedCash: expectedCash + step.difference, expectedCash });
        if (legs.length > 0) record('DAY_CLOSE', day, legs, []);
        count('drawer', step.difference);
        break;
      }
      case 'next-day':
        day = addDays(day, 1);
        break;
    }
  }
  return { chart, journals, expected, lastUnitRefunds };
}
