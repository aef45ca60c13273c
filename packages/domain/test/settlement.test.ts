import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CENT,
  PERCENT_100,
  cardFeeShare,
  checkoutProblemMessage,
  computeLine,
  customerFee,
  customerRefundOf,
  lineRefund,
  linePostings,
  netOf,
  planCheckout,
  refundShare,
  summarizeOrder,
  type LineInput,
  type TenderMethod,
} from '../src/index';

const $ = (text: string) => {
  const [whole, frac = ''] = text.split('.');
  const negative = text.startsWith('-');
  const micro = BigInt(whole!.replace('-', '')) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
  return negative ? -micro : micro;
};
const pct = (text: string) => $(text); // percent micro-units have the same scale

const CASH: TenderMethod = { name: 'Cash', isCash: true, vendorFeePercent: 0n, customerFeePercent: 0n, customerFeeAmount: 0n, minimumAmount: 0n };
const CARD: TenderMethod = {
  name: 'Card',
  isCash: false,
  vendorFeePercent: pct('3'),
  customerFeePercent: pct('2'),
  customerFeeAmount: $('0.25'),
  minimumAmount: $('5.00'),
};
const GST = pct('5');

/** The worked example's basket: ADA1 2 × 40.00 less 10 %, BO1 25.00, gift wrap 3.00, all with GST 5 %. */
const ADA1: LineInput = { quantity: 2, price: $('40'), discountPercent: pct('10'), taxPercents: [GST, 0n, 0n] };
const BO1: LineInput = { quantity: 1, price: $('25'), discountPercent: 0n, taxPercents: [GST, 0n, 0n] };
const WRAP: LineInput = { quantity: 1, price: $('3'), discountPercent: 0n, taxPercents: [GST, 0n, 0n] };

describe('the worked example, to the cent', () => {
  const summary = summarizeOrder([ADA1, BO1, WRAP]);
  const plan = planCheckout(summary.total, [
    { method: CARD, amount: $('60') },
    { method: CASH, amount: $('50') },
  ]);
  const payments = plan.tenders.map((t) => ({ applied: t.applied, vendorFeePercent: t.method.vendorFeePercent }));
  const ada = linePostings({ total: computeLine(ADA1).total, commissionPercent: pct('10'), proportionalCcFee: true }, summary.total, payments);
  const bo = linePostings({ total: computeLine(BO1).total, commissionPercent: pct('35'), proportionalCcFee: false }, summary.total, payments);

  it('totals the order: subtotal 108.00, discount 8.00, GST 5.00, total 105.00', () => {
    expect(computeLine(ADA1)).toMatchObject({ total: $('72'), taxes: [$('3.60'), 0n, 0n] });
    expect(computeLine(BO1).taxes[0]).toBe($('1.25'));
    expect(computeLine(WRAP).taxes[0]).toBe($('0.15'));
    expect(summary).toMatchObject({ subtotal: $('108'), discount: $('8'), tax1: $('5'), total: $('105') });
  });

  it('takes Card 60.00 with a 1.45 customer fee and Cash 50.00 with 5.00 change: 106.45 paid', () => {
    expect(plan.problem).toBeNull();
    expect(plan.tenders.map((t) => [t.applied, t.customerFee, t.change])).toEqual([
      [$('60'), $('1.45'), 0n],
      [$('45'), 0n, $('5')],
    ]);
    expect(plan.customerFees).toBe($('1.45'));
    expect(plan.changeDue).toBe($('5'));
    expect(plan.amountPaid).toBe($('106.45'));
  });

  it('posts Ada 72.00 − 7.20 − 1.23 = 63.57 and Bo 25.00 − 8.75 = 16.25', () => {
    expect(ada).toEqual({ sale: $('72'), commission: $('-7.20'), cardFee: $('-1.23') });
    expect(netOf(ada)).toBe($('63.57'));
    expect(bo).toEqual({ sale: $('25'), commission: $('-8.75'), cardFee: 0n });
    expect(netOf(bo)).toBe($('16.25'));
  });

  it('loses not one micro-unit: vendors 79.82 + commission 15.95 + card fees 1.23 + own sale 3.00 + GST 5.00 + fee 1.45 = 106.45', () => {
    const vendorsNet = netOf(ada) + netOf(bo);
    const commission = -(ada.commission + bo.commission);
    const cardFees = -(ada.cardFee + bo.cardFee);
    expect([vendorsNet, commission, cardFees]).toEqual([$('79.82'), $('15.95'), $('1.23')]);
    expect(vendorsNet + commission + cardFees + computeLine(WRAP).total + summary.tax1 + plan.customerFees).toBe(plan.amountPaid);
  });

  it('refunds BO1: SALE −25.00, COMMISSION +8.75, and the customer gets 26.25', () => {
    const r = lineRefund({ quantity: 1n, total: $('25'), taxes: [$('1.25'), 0n, 0n], postings: bo, refundedQuantity: 0n }, 1n);
    expect(r.reversal).toEqual({ sale: $('-25'), commission: $('8.75'), cardFee: 0n });
    expect(customerRefundOf(r)).toBe($('26.25'));
  });

  it('refunds ADA1 a unit at a time: card fee back 0.62, then 0.61', () => {
    const line = { quantity: 2n, total: $('72'), taxes: [$('3.60'), 0n, 0n] as const, postings: ada };
    const first = lineRefund({ ...line, refundedQuantity: 0n }, 1n);
    const second = lineRefund({ ...line, refundedQuantity: 1n }, 1n);
    expect(first.reversal).toEqual({ sale: $('-36'), commission: $('3.60'), cardFee: $('0.62') });
    expect(second.reversal).toEqual({ sale: $('-36'), commission: $('3.60'), cardFee: $('0.61') });
    expect(netOf(ada) + netOf(first.reversal) + netOf(second.reversal)).toBe(0n);
    expect(customerRefundOf(first) + customerRefundOf(second)).toBe($('75.60'));
  });
});

describe('planCheckout refusals', () => {
  it('says how much of the total the payments cover', () => {
    const plan = planCheckout($('105'), [{ method: CARD, amount: $('60') }, { method: CASH, amount: $('40') }]);
    expect(plan.problem).toEqual({ kind: 'UNCOVERED', paid: $('100'), total: $('105') });
    expect(checkoutProblemMessage(plan.problem!)).toBe('Payments cover $100.00 of $105.00');
    expect(plan.remaining).toBe($('5'));
  });

  it('refuses a card payment below its minimum, naming the method and the minimum', () => {
    const plan = planCheckout($('10'), [{ method: CARD, amount: $('4.99') }, { method: CASH, amount: $('10') }]);
    expect(checkoutProblemMessage(plan.problem!)).toBe('Minimum amount for Card is $5.00');
  });

  it('refuses non-cash payments that exceed the total (cash may exceed it: that is change)', () => {
    expect(planCheckout($('10'), [{ method: CARD, amount: $('10.01') }]).problem?.kind).toBe('NON_CASH_EXCEEDS_TOTAL');
    expect(planCheckout($('10'), [{ method: CASH, amount: $('100') }]).problem).toBeNull();
  });

  it('refuses a zero or negative payment and a negative total', () => {
    expect(planCheckout($('10'), [{ method: CASH, amount: 0n }, { method: CASH, amount: $('10') }]).problem).toEqual({ kind: 'NOT_POSITIVE', index: 0 });
    expect(planCheckout($('-1'), []).problem?.kind).toBe('NEGATIVE_TOTAL');
  });

  it('completes an order of zero with no payment', () => {
    expect(planCheckout(0n, [])).toMatchObject({ problem: null, amountPaid: 0n, changeDue: 0n });
  });

  it('charges no fee on cash, whatever the method says', () => {
    expect(customerFee({ ...CASH, customerFeePercent: pct('50'), customerFeeAmount: $('1') }, $('10'))).toBe(0n);
  });
});

const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => BigInt(c) * CENT);
const percentMicro = fc.integer({ min: 0, max: 100_000 }).map((thousandths) => BigInt(thousandths) * 1_000n);
const basket = fc.array(
  fc.record({
    quantity: fc.integer({ min: 1, max: 20 }),
    price: cents(1, 50_000),
    discountPercent: percentMicro.map((p) => p / 2n),
    taxPercents: fc.tuple(percentMicro.map((p) => p / 5n), percentMicro.map((p) => p / 10n), fc.constant(0n)),
  }),
  { minLength: 1, maxLength: 8 },
);
const cardMethod: fc.Arbitrary<TenderMethod> = fc.record({
  name: fc.constant('Card'),
  isCash: fc.constant(false),
  vendorFeePercent: percentMicro.map((p) => p / 10n),
  customerFeePercent: percentMicro.map((p) => p / 10n),
  customerFeeAmount: cents(0, 100),
  minimumAmount: fc.constant(0n),
});

describe('planCheckout properties', () => {
  it('for random baskets and splits: paid = total + fees, change = cash − (total − non-cash) ≥ 0, all in cents', () => {
    fc.assert(
      fc.property(basket, fc.array(fc.tuple(cardMethod, fc.integer({ min: 1, max: 1000 })), { maxLength: 3 }), cents(0, 10_000), (lines, cards, extraCash) => {
        const { total } = summarizeOrder(lines);
        // Card payments take random parts of the total (in cents); cash covers the rest and more.
        let left = total;
        const payments = cards.flatMap(([method, weight]) => {
          const amount = ((left * BigInt(weight)) / 1000n / CENT) * CENT;
          left -= amount;
          return amount > 0n ? [{ method, amount }] : [];
        });
        const cash = left + extraCash;
        if (cash > 0n) payments.push({ method: CASH, amount: cash });
        const plan = planCheckout(total, payments);
        expect(plan.problem).toBeNull();
        const nonCash = payments.filter((p) => !p.method.isCash).reduce((s, p) => s + p.amount, 0n);
        expect(plan.amountPaid).toBe(total + plan.customerFees);
        expect(plan.changeDue).toBe(cash - (total - nonCash));
        expect(plan.changeDue >= 0n).toBe(true);
        expect(plan.tenders.reduce((s, t) => s + t.applied, 0n)).toBe(total);
        for (const figure of [plan.amountPaid, plan.changeDue, plan.customerFees, ...plan.tenders.map((t) => t.applied)]) {
          expect(figure % CENT).toBe(0n);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('ledger postings properties', () => {
  it('card-fee shares of all lines come to the vendor fees of the payments, within half a cent a line', () => {
    fc.assert(
      fc.property(basket, cardMethod, fc.integer({ min: 0, max: 100 }), (lines, card, cardPart) => {
        const { total } = summarizeOrder(lines);
        fc.pre(total > 0n);
        const applied = ((total * BigInt(cardPart)) / 100n / CENT) * CENT;
        const payments = [
          { applied, vendorFeePercent: card.vendorFeePercent },
          { applied: total - applied, vendorFeePercent: 0n },
        ];
        const shares = lines.map((l) => cardFeeShare(computeLine(l).total, total, payments));
        // Exact fee on the part of the total before tax, in micro-units × lines: each share is off by ≤ ½ cent.
        const preTax = lines.reduce((s, l) => s + computeLine(l).total, 0n);
        const exactTimesDenominator = preTax * applied * card.vendorFeePercent;
        const denominator = total * PERCENT_100;
        const sum = shares.reduce((s, v) => s + v, 0n);
        const diff = sum * denominator - exactTimesDenominator;
        expect((diff < 0n ? -diff : diff) <= (BigInt(lines.length) * CENT * denominator) / 2n).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('refundShare', () => {
  it('any sequence of partial refunds takes back exactly the full amount, each share in cents and never past it', () => {
    fc.assert(
      fc.property(cents(-100_000, 100_000), fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 10 }), (full, steps) => {
        const lineQuantity = BigInt(steps.reduce((s, n) => s + n, 0));
        let before = 0n;
        let taken = 0n;
        for (const step of steps) {
          const share = refundShare(full, lineQuantity, before, BigInt(step));
          expect(share % CENT).toBe(0n);
          taken += share;
          before += BigInt(step);
          const absTaken = taken < 0n ? -taken : taken;
          expect(absTaken <= (full < 0n ? -full : full)).toBe(true);
        }
        expect(taken).toBe(full);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses more units than are left', () => {
    expect(() => refundShare($('10'), 2n, 1n, 2n)).toThrow(RangeError);
  });
});
