import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@pos/contracts';
import { checkoutProblemMessage } from '@pos/domain';
import {
  amountDue,
  quickCashAmounts,
  setQuickCash,
  addPayment,
  approvalMethods,
  attemptFor,
  canComplete,
  checkoutMethodsFrom,
  checkoutRequest,
  enterAction,
  initialCheckout,
  methodForKey,
  methodKeys,
  methodOptionLabel,
  methodTerms,
  previewCheckout,
  previewProblem,
  removePayment,
  reopenCheckout,
  rowAmount,
  setRowAmount,
  setRowMethod,
  tidyAmount,
  type CheckoutValues,
} from './checkout-state';

const money = (v: string) => ({ type: 'Money' as const, value: v });
const percent = (v: string) => ({ type: 'Percent' as const, value: v });
const $ = (dollars: string) => BigInt(Math.round(Number(dollars) * 100)) * 10_000n;

function wireMethod(over: Partial<PaymentMethod> & { id: number; name: string }): PaymentMethod {
  return {
    vendorFeePercent: percent('0'),
    customerFeePercent: percent('0'),
    customerFeeAmount: money('0'),
    minimumAmount: money('0'),
    requiresManagerApproval: false,
    offlineAllowed: false,
    isCash: false,
    ...over,
  };
}

// As the store lists them: Card first, Cash after (the panel puts Cash first).
const METHODS = checkoutMethodsFrom([
  wireMethod({ id: 7, name: 'Card', vendorFeePercent: percent('3000000'), customerFeePercent: percent('2000000'), customerFeeAmount: money('250000'), minimumAmount: money('5000000') }),
  wireMethod({ id: 1, name: 'Cash', isCash: true }),
  wireMethod({ id: 9, name: 'House Account', requiresManagerApproval: true }),
]);
const [CASH, CARD, HOUSE] = METHODS as [(typeof METHODS)[number], (typeof METHODS)[number], (typeof METHODS)[number]];
const TOTAL = $('105.00');

describe('payment methods in the panel', () => {
  it('lists Cash first, then the others in the store order, in micro-units', () => {
    expect(METHODS.map((m) => m.name)).toEqual(['Cash', 'Card', 'House Account']);
    expect(CARD).toMatchObject({ id: 7, customerFeePercent: 2_000_000n, customerFeeAmount: 250_000n, minimumAmount: 5_000_000n, isCash: false });
  });

  it('gives Cash F2 and the other methods F3, F4, then F6 onwards (F5 reloads the page)', () => {
    const many = checkoutMethodsFrom([wireMethod({ id: 1, name: 'Cash', isCash: true }), ...[2, 3, 4, 5, 6, 7, 8].map((id) => wireMethod({ id, name: `M${id}` }))]);
    expect([...methodKeys(many).entries()]).toEqual([
      [1, 'F2'],
      [2, 'F3'],
      [3, 'F4'],
      [4, 'F6'],
      [5, 'F7'],
      [6, 'F8'],
      [7, 'F9'],
    ]);
    expect(methodForKey('F5', many)).toBeUndefined();
    expect(methodForKey('F6', many)?.name).toBe('M4');
    expect(methodForKey('F3', METHODS)).toBe(CARD);
    expect(methodForKey('F2', METHODS)).toBe(CASH);
  });

  it("says what each method costs, its minimum, and whether it needs a manager's approval", () => {
    expect(methodTerms(CARD)).toBe('2% + $0.25 fee, minimum $5.00');
    expect(methodTerms(CASH)).toBe('no fee, gives change');
    expect(methodTerms(HOUSE)).toBe("no fee, needs a manager's approval");
    expect(methodOptionLabel(CARD, 'F3')).toBe('Card (F3): 2% + $0.25 fee, minimum $5.00');
  });
});

describe('the worked example: 105.00 paid by Card 60.00 and Cash 50.00', () => {
  it('opens with the whole total on Cash, which completes at once', () => {
    const values = initialCheckout(TOTAL, METHODS);
    expect(values.payments).toEqual([{ key: expect.any(String), paymentMethodId: CASH.id, amountText: '105.00' }]);
    const preview = previewCheckout(TOTAL, values, METHODS);
    expect(canComplete(preview)).toBe(true);
    expect(enterAction(preview)).toEqual({ kind: 'complete' });
  });

  it('F3 makes the row Card; 60.00 leaves 45.00, which Enter adds as a Cash row; 50.00 tendered gives 5.00 change', () => {
    let values = initialCheckout(TOTAL, METHODS);
    values = setRowMethod(values, 0, methodForKey('F3', METHODS)!.id);
    values = setRowAmount(values, 0, '60');
    let preview = previewCheckout(TOTAL, values, METHODS);
    expect(preview.plan.tenders[0]).toMatchObject({ applied: $('60'), customerFee: $('1.45') });
    expect(preview.plan.remaining).toBe($('45'));
    expect(checkoutProblemMessage(preview.plan.problem!)).toBe('Payments cover $60.00 of $105.00');
    expect(canComplete(preview)).toBe(false);
    expect(enterAction(preview)).toEqual({ kind: 'add' });

    values = addPayment(values, TOTAL, METHODS);
    expect(values.payments[1]).toMatchObject({ paymentMethodId: CASH.id, amountText: '45.00' });
    values = setRowAmount(values, 1, '50');
    preview = previewCheckout(TOTAL, values, METHODS);
    expect(preview.plan).toMatchObject({ customerFees: $('1.45'), amountPaid: $('106.45'), changeDue: $('5'), cashTendered: $('50'), remaining: 0n, problem: null });
    expect(enterAction(preview)).toEqual({ kind: 'complete' });
    expect(checkoutRequest(values, METHODS)).toEqual({
      payments: [
        { paymentMethodId: CARD.id, amount: { type: 'Money', value: '60000000' } },
        { paymentMethodId: CASH.id, amount: { type: 'Money', value: '50000000' } },
      ],
    });
  });
});

describe('an order with nothing to pay', () => {
  it('opens without a payment, completes at once, and sends no payments', () => {
    const values = initialCheckout(0n, METHODS);
    expect(values.payments).toEqual([]);
    const preview = previewCheckout(0n, values, METHODS);
    expect(canComplete(preview)).toBe(true);
    expect(enterAction(preview)).toEqual({ kind: 'complete' });
    expect(checkoutRequest(values, METHODS)).toEqual({});
  });

  it('a total below zero (a return) is handed back by Cash without a payment; with a payment it cannot be paid', () => {
    const values = initialCheckout(-1_000_000n, METHODS);
    const preview = previewCheckout(-1_000_000n, values, METHODS);
    expect(preview.handBack).toBe(1_000_000n);
    expect(canComplete(preview)).toBe(true);
    expect(checkoutRequest(values, METHODS)).toEqual({});
    const paid = previewCheckout(-1_000_000n, addPayment(values, -1_000_000n, METHODS), METHODS);
    expect(paid.handBack).toBe(0n);
    expect(checkoutProblemMessage(previewProblem(paid)!)).toBe('An order total below zero (-$1.00) cannot be paid');
    expect(canComplete(paid)).toBe(false);
  });
});

describe('rows as typed', () => {
  it('reads amounts with the domain rules; an unreadable one is pointed at and blocks completion', () => {
    expect(rowAmount('1,234.5')).toEqual({ amount: $('1234.5'), error: null });
    expect(rowAmount('  ')).toEqual({ amount: null, error: null });
    expect(rowAmount('12x')).toEqual({ amount: null, error: expect.any(String) });
    const values = setRowAmount(addPayment(initialCheckout(TOTAL, METHODS), TOTAL, METHODS), 1, 'abc');
    const preview = previewCheckout(TOTAL, values, METHODS);
    expect(preview.rowErrors).toEqual([null, expect.any(String)]);
    expect(canComplete(preview)).toBe(false);
    expect(enterAction(preview)).toEqual({ kind: 'problem', row: 1 });
  });

  it('points at a card payment below its minimum', () => {
    let values = setRowAmount(initialCheckout(TOTAL, METHODS), 0, '101');
    values = setRowAmount(setRowMethod(addPayment(values, TOTAL, METHODS), 1, CARD.id), 1, '4');
    const preview = previewCheckout(TOTAL, values, METHODS);
    expect(checkoutProblemMessage(preview.plan.problem!)).toBe('Minimum amount for Card is $5.00');
    expect(enterAction(preview)).toEqual({ kind: 'problem', row: 1 });
  });

  it('a second payment after Cash is the first other method; the last row cannot be removed', () => {
    const values = addPayment(setRowAmount(initialCheckout(TOTAL, METHODS), 0, '100'), TOTAL, METHODS);
    expect(values.payments[1]).toMatchObject({ paymentMethodId: CARD.id, amountText: '5.00' });
    expect(removePayment(values, 0).payments.map((r) => r.paymentMethodId)).toEqual([CARD.id]);
    const one = initialCheckout(TOTAL, METHODS);
    expect(removePayment(one, 0)).toBe(one);
  });

  it('tidies a readable amount and leaves unreadable text for the cashier to fix', () => {
    expect(tidyAmount('60')).toBe('60.00');
    expect(tidyAmount('12x')).toBe('12x');
  });
});

describe("a method that needs a manager's approval", () => {
  const onHouse = (mode: CheckoutValues['approvalMode']): CheckoutValues => ({
    ...setRowMethod(initialCheckout(TOTAL, METHODS), 0, HOUSE.id),
    approvalMode: mode,
    usernameOrEmail: 'mgr',
    password: 'secret',
  });

  it('sends the credentials when approving now, none when leaving the order pending', () => {
    expect(approvalMethods(onHouse('approve'), METHODS)).toEqual(['House Account']);
    expect(checkoutRequest(onHouse('approve'), METHODS).approval).toEqual({ usernameOrEmail: 'mgr', password: 'secret' });
    expect(checkoutRequest(onHouse('pending'), METHODS).approval).toBeUndefined();
  });

  it('sends no credentials when no method needs them', () => {
    const values = { ...initialCheckout(TOTAL, METHODS), usernameOrEmail: 'mgr', password: 'secret' };
    expect(approvalMethods(values, METHODS)).toEqual([]);
    expect(checkoutRequest(values, METHODS).approval).toBeUndefined();
  });
});

describe('the idempotency key', () => {
  let n = 0;
  const newKey = () => `key-${++n}`;

  it('is reused for the same request (a double press or a retry) and new for a changed one', () => {
    const values = initialCheckout(TOTAL, METHODS);
    const first = attemptFor(null, checkoutRequest(values, METHODS), newKey);
    const retry = attemptFor(first, checkoutRequest(values, METHODS), newKey);
    expect(retry.key).toBe(first.key);
    const changed = attemptFor(first, checkoutRequest(setRowAmount(values, 0, '110'), METHODS), newKey);
    expect(changed.key).not.toBe(first.key);
  });
});

describe('going back to the lines and opening the panel again', () => {
  it('keeps what was typed for the same total, and starts afresh for another', () => {
    const values = setRowAmount(setRowMethod(initialCheckout(TOTAL, METHODS), 0, CARD.id), 0, '60');
    const memo = { total: TOTAL, values, attempt: null };
    expect(reopenCheckout(memo, TOTAL, METHODS)).toBe(memo);
    const fresh = reopenCheckout(memo, $('110'), METHODS);
    expect(fresh.values.payments).toEqual([{ key: expect.any(String), paymentMethodId: CASH.id, amountText: '110.00' }]);
  });

  it('starts afresh when a method typed for has gone from the list', () => {
    const values = setRowMethod(initialCheckout(TOTAL, METHODS), 0, 999);
    expect(reopenCheckout({ total: TOTAL, values, attempt: null }, TOTAL, METHODS).values.payments[0]?.paymentMethodId).toBe(CASH.id);
  });
});

describe('quick cash and the amount due', () => {
  it('offers the exact amount and the next $5, $10, $20, $50 and $100 above it, each once', () => {
    expect(quickCashAmounts($('37.40'))).toEqual([$('37.40'), $('40'), $('50'), $('100')]);
    expect(quickCashAmounts($('40'))).toEqual([$('40'), $('45'), $('50'), $('60'), $('100')]);
    expect(quickCashAmounts($('105'))).toEqual([$('105'), $('110'), $('120'), $('150'), $('200')]);
    expect(quickCashAmounts(0n)).toEqual([]);
  });

  it('a button makes the last row Cash tendering that amount', () => {
    const start = initialCheckout(TOTAL, METHODS);
    const card = setRowMethod(start, 0, CARD.id);
    const next = setQuickCash(card, METHODS, $('110'));
    expect(next.payments).toHaveLength(1);
    expect(next.payments[0]).toMatchObject({ paymentMethodId: CASH.id, amountText: '110.00' });
    expect(previewCheckout(TOTAL, next, METHODS).plan.changeDue).toBe($('5'));
  });

  it('the amount due falls to what is left as payments are added', () => {
    const start = initialCheckout(TOTAL, METHODS);
    expect(amountDue(TOTAL, start, METHODS)).toBe(TOTAL);
    const card = setRowAmount(setRowMethod(start, 0, CARD.id), 0, '60.00');
    const added = addPayment(card, TOTAL, METHODS);
    expect(amountDue(TOTAL, added, METHODS)).toBe($('45'));
    expect(quickCashAmounts(amountDue(TOTAL, added, METHODS))[0]).toBe($('45'));
  });
});
