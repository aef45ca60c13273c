import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CENT,
  planRefundLines,
  refundLinesProblemMessage,
  refundPaymentsProblem,
  refundPaymentsProblemMessage,
  refundableMethods,
  refundableQuantity,
  suggestRefundPayments,
  type RefundLineSource,
} from '../src/index';

const $ = (text: string) => {
  const [whole, frac = ''] = text.split('.');
  const negative = text.startsWith('-');
  const micro = BigInt(whole!.replace('-', '')) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
  return negative ? -micro : micro;
};

/** The worked example's lines: ADA1 2 units 72.00 + GST 3.60, BO1 25.00 + 1.25, gift wrap 3.00 + 0.15. */
const ADA1: RefundLineSource = { id: 1, label: 'Lamp', quantity: 2n, total: $('72'), taxes: [$('3.60'), 0n, 0n], refundedQuantity: 0n };
const BO1: RefundLineSource = { id: 2, label: 'Chair', quantity: 1n, total: $('25'), taxes: [$('1.25'), 0n, 0n], refundedQuantity: 0n };
const WRAP: RefundLineSource = { id: 3, label: 'Gift wrap', quantity: 1n, total: $('3'), taxes: [$('0.15'), 0n, 0n], refundedQuantity: 0n };
/** Paid Card 60.00 and Cash 50.00 tendered, 45.00 kept. */
const PAID = [
  { paymentMethodId: 10, name: 'Card', isCash: false, applied: $('60') },
  { paymentMethodId: 11, name: 'Cash', isCash: true, applied: $('45') },
];

describe('planRefundLines', () => {
  it("gives back BO1's 25.00 and its GST 1.25: 26.25", () => {
    const plan = planRefundLines([ADA1, BO1, WRAP], [{ orderLineId: 2, quantity: 1n }]);
    expect(plan.problem).toBeNull();
    expect([plan.total, plan.taxes, plan.amount]).toEqual([$('25'), [$('1.25'), 0n, 0n], $('26.25')]);
  });

  it('gives back an ADA1 unit at a time, 37.80 each, the second taking what remains', () => {
    const first = planRefundLines([ADA1], [{ orderLineId: 1, quantity: 1n }]);
    const second = planRefundLines([{ ...ADA1, refundedQuantity: 1n }], [{ orderLineId: 1, quantity: 1n }]);
    expect([first.amount, second.amount]).toEqual([$('37.80'), $('37.80')]);
    // A line of 3 units at 10.00 with 0.50 tax: shares of the units refunded so far are
    // rounded (3.33, 6.67, 10.00 and 0.17, 0.33, 0.50), each refund takes the difference.
    const odd: RefundLineSource = { id: 4, label: 'Odd', quantity: 3n, total: $('10'), taxes: [$('0.50'), 0n, 0n], refundedQuantity: 0n };
    const amounts = [0n, 1n, 2n].map((before) => planRefundLines([{ ...odd, refundedQuantity: before }], [{ orderLineId: 4, quantity: 1n }]));
    expect(amounts.map((p) => [p.total, p.taxes[0]])).toEqual([
      [$('3.33'), $('0.17')],
      [$('3.34'), $('0.16')],
      [$('3.33'), $('0.17')],
    ]);
  });

  it('leaves out lines asked for no units, and refuses nothing at all, too many, twice, or another line', () => {
    expect(planRefundLines([ADA1, BO1], [{ orderLineId: 1, quantity: 0n }, { orderLineId: 2, quantity: 1n }]).lines.map((l) => l.line.id)).toEqual([2]);
    const message = (requested: { orderLineId: number; quantity: bigint }[], lines = [ADA1, BO1]) => {
      const problem = planRefundLines(lines, requested).problem;
      return problem && refundLinesProblemMessage(problem);
    };
    expect(message([{ orderLineId: 1, quantity: 0n }])).toBe('Choose at least one unit to refund');
    expect(message([])).toBe('Choose at least one unit to refund');
    expect(message([{ orderLineId: 1, quantity: 3n }])).toBe('Only 2 of Lamp can still be refunded');
    expect(message([{ orderLineId: 1, quantity: 2n }], [{ ...ADA1, refundedQuantity: 1n }])).toBe('Only 1 of Lamp can still be refunded');
    expect(message([{ orderLineId: 2, quantity: 1n }], [{ ...BO1, refundedQuantity: 1n }])).toBe('Every unit of Chair has been refunded already');
    expect(message([{ orderLineId: 1, quantity: 1n }, { orderLineId: 1, quantity: 1n }])).toBe('Lamp is listed twice: give each line once with the units to refund');
    expect(message([{ orderLineId: 99, quantity: 1n }])).toBe('No such order line in this order');
  });

  it('refundableQuantity never goes below zero', () => {
    expect(refundableQuantity({ quantity: 2n, refundedQuantity: 0n })).toBe(2n);
    expect(refundableQuantity({ quantity: 2n, refundedQuantity: 2n })).toBe(0n);
    expect(refundableQuantity({ quantity: 0n, refundedQuantity: 0n })).toBe(0n);
  });
});

describe('refund payments', () => {
  it('a method may return what it took (cash: what the drawer kept) less earlier refunds', () => {
    expect(refundableMethods(PAID, [])).toEqual([
      { paymentMethodId: 10, name: 'Card', isCash: false, took: $('60'), returned: 0n, left: $('60') },
      { paymentMethodId: 11, name: 'Cash', isCash: true, took: $('45'), returned: 0n, left: $('45') },
    ]);
    const twoCards = [...PAID, { paymentMethodId: 10, name: 'Card', isCash: false, applied: $('5') }];
    expect(refundableMethods(twoCards, [{ paymentMethodId: 10, amount: $('26.25') }]).map((m) => m.left)).toEqual([$('38.75'), $('45')]);
  });

  it('pre-fills in proportion to what each method may return, in cents, adding up exactly', () => {
    const methods = refundableMethods(PAID, []);
    expect(suggestRefundPayments($('26.25'), methods)).toEqual([
      { paymentMethodId: 10, amount: $('15') },
      { paymentMethodId: 11, amount: $('11.25') },
    ]);
    expect(suggestRefundPayments($('0.01'), methods)).toEqual([{ paymentMethodId: 10, amount: $('0.01') }]);
    expect(suggestRefundPayments($('105'), methods)).toEqual([
      { paymentMethodId: 10, amount: $('60') },
      { paymentMethodId: 11, amount: $('45') },
    ]);
    expect(suggestRefundPayments(0n, methods)).toEqual([]);
  });

  it('refuses payments that do not add up, a method beyond what it may return, one the order was not paid by', () => {
    const methods = refundableMethods(PAID, [{ paymentMethodId: 11, amount: $('40') }]);
    const message = (amount: string, payments: { paymentMethodId: number; amount: bigint }[]) => {
      const problem = refundPaymentsProblem($(amount), payments, methods);
      return problem && refundPaymentsProblemMessage(problem);
    };
    expect(message('26.25', [{ paymentMethodId: 10, amount: $('26.25') }])).toBeNull();
    expect(message('26.25', [{ paymentMethodId: 10, amount: $('26') }])).toBe('Refund payments add up to $26.00, not the $26.25 the customer gets back');
    expect(message('26.25', [{ paymentMethodId: 11, amount: $('26.25') }])).toBe('Cash took $45.00 on this order and can return at most $5.00 more');
    expect(message('70', [{ paymentMethodId: 10, amount: $('35') }, { paymentMethodId: 10, amount: $('35') }])).toBe('Card took $60.00 on this order and cannot return more');
    expect(message('5', [{ paymentMethodId: 12, amount: $('5') }])).toBe('A refund goes back only to a payment method this order was paid by');
    expect(message('5', [{ paymentMethodId: 10, amount: 0n }])).toBe('Every refund payment must be more than $0.00');
    expect(message('-5', [])).toBe('A refund gives money back: these units come to -$5.00');
    expect(message('0', [])).toBeNull();
  });

  it('property: a suggestion within what the methods may return is always accepted', () => {
    const centsArb = (max: number) => fc.integer({ min: 0, max }).map((c) => BigInt(c) * CENT);
    fc.assert(
      fc.property(fc.array(centsArb(50_000), { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 1000 }), (lefts, per) => {
        const methods = lefts.map((left, i) => ({ paymentMethodId: i + 1, name: `M${i}`, isCash: i === 0, took: left, returned: 0n, left }));
        const room = lefts.reduce((a, b) => a + b, 0n);
        const amount = ((room * BigInt(per)) / 1000n / CENT) * CENT;
        const suggested = suggestRefundPayments(amount, methods);
        expect(refundPaymentsProblem(amount, suggested, methods)).toBeNull();
      }),
    );
  });
});
