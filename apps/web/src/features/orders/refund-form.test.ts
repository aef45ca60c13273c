import { describe, expect, it } from 'vitest';
import type { Order, OrderPayment, Refund } from '@pos/contracts';
import { EMPTY_REFUND_FORM, canRefund, checkRefund, methodsOf, paymentAmounts, planOf, refundInput, taxNamesOf, unitsLeft, type RefundFormValues } from './refund-form';
import { refundReceiptModel } from './refund-receipt-model';
import { money, serverLine, serverOrder } from './test-fixtures';

const $ = (text: string) => BigInt(Math.round(Number(text) * 100)) * 10_000n;

function payment(id: number, name: string, isCash: boolean, applied: string): OrderPayment {
  return { id, paymentMethodId: id, name, isCash, amount: money($(applied)), applied: money($(applied)), customerFee: money(0), change: money(0) };
}

/** The worked example, completed: ADA1 2 units 72.00 + GST 3.60, BO1 25.00 + 1.25, gift wrap; Card 60.00, Cash 45.00 kept. */
function example(over: Partial<Order> = {}, refundedAda = 0): Order {
  const gst = { tax1Enabled: true, tax1Description: 'GST' };
  return {
    ...serverOrder(
      [
        serverLine({ id: 1, itemCode: 'ADA1', description: 'Lamp', quantity: 2, total: money($('72')), tax1Amount: money($('3.60')), ...gst, refundedQuantity: refundedAda }),
        serverLine({ id: 2, itemCode: 'BO1', description: 'Chair', quantity: 1, total: money($('25')), tax1Amount: money($('1.25')), ...gst }),
        serverLine({ id: 3, description: 'Gift wrap', quantity: 1, total: money($('3')), tax1Amount: money($('0.15')), ...gst }),
      ],
      { status: 'COMPLETED', orderNumber: 'A-7' },
    ),
    payments: [payment(10, 'Card', false, '60'), payment(11, 'Cash', true, '45')],
    customerFees: money($('1.45')),
    amountPaid: money($('106.45')),
    changeDue: money($('5')),
    approvedBy: null,
    approvedAt: null,
    completedAt: '2026-05-01T12:00:00.000Z',
    cancelledAt: null,
    cancelReason: '',
    ...over,
  };
}

const form = (over: Partial<RefundFormValues>): RefundFormValues => ({ ...EMPTY_REFUND_FORM, reason: 'Chipped', ...over });

describe('the refund dialog figures', () => {
  it("BO1: 25.00 and GST 1.25, 26.25 back, split over Card and Cash in proportion to what each took", () => {
    const order = example();
    const values = form({ quantities: { '2': '1' } });
    const plan = planOf(order, values);
    expect([plan.total, plan.taxes[0], plan.amount]).toEqual([$('25'), $('1.25'), $('26.25')]);
    expect([...paymentAmounts(methodsOf(order), plan.amount, values)]).toEqual([
      [10, $('15')],
      [11, $('11.25')],
    ]);
    expect(checkRefund(order, values, false)).toEqual({ problem: null, fields: {} });
    expect(refundInput(order, values, false)).toEqual({
      orderId: 10,
      lines: [{ orderLineId: 2, quantity: 1 }],
      payments: [
        { paymentMethodId: 10, amount: money($('15')) },
        { paymentMethodId: 11, amount: money($('11.25')) },
      ],
      reason: 'Chipped',
    });
    expect(taxNamesOf(order)).toEqual(['GST', 'Tax 2', 'Tax 3']);
  });

  it('payments the user set stay as set; a sum that is off or a method beyond its share is said as the server says it', () => {
    const order = example();
    const values = form({ quantities: { '2': '1' }, payments: { '10': $('26.25') } });
    expect(checkRefund(order, values, false).problem).toBeNull();
    expect(refundInput(order, values, false).payments).toEqual([{ paymentMethodId: 10, amount: money($('26.25')) }]);
    expect(checkRefund(order, form({ quantities: { '2': '1' }, payments: { '10': $('20') } }), false).problem).toBe(
      'Refund payments add up to $20.00, not the $26.25 the customer gets back',
    );
    expect(checkRefund(order, form({ quantities: { '1': '2', '2': '1' }, payments: { '11': $('101.85') } }), false).problem).toBe(
      'Cash took $45.00 on this order and cannot return more',
    );
  });

  it('refuses more units than are left, and asks a staff member for a manager and everyone for a reason', () => {
    const order = example({}, 1);
    expect(unitsLeft(order)).toBe(3n);
    expect(checkRefund(order, form({ quantities: { '1': '2' } }), false).problem).toBe('Only 1 of Lamp can still be refunded');
    expect(checkRefund(order, { ...EMPTY_REFUND_FORM, quantities: { '1': '1' } }, true).fields).toEqual({
      reason: 'Reason is required',
      managerUsername: 'Manager username or e-mail is required',
      managerPassword: 'Manager password is required',
    });
    const values = form({ quantities: { '1': '1' }, managerUsername: ' boss ', managerPassword: 'pw' });
    expect(refundInput(order, values, true).approval).toEqual({ usernameOrEmail: 'boss', password: 'pw' });
    expect(refundInput(order, values, false).approval).toBeUndefined();
  });

  it('the second ADA1 unit takes what remains; what earlier refunds returned is no longer returnable', () => {
    const earlier: Refund = {
      id: 1,
      number: 'A-7-R1',
      reason: 'x',
      total: money($('36')),
      tax1: money($('1.80')),
      tax2: money(0),
      tax3: money(0),
      amount: money($('37.80')),
      createdBy: 'ann',
      approvedBy: null,
      createdAt: '2026-05-01T12:00:00.000Z',
      lines: [{ orderLineId: 1, quantity: 1, total: money($('36')), tax1: money($('1.80')), tax2: money(0), tax3: money(0) }],
      payments: [{ paymentMethodId: 11, name: 'Cash', isCash: true, amount: money($('37.80')) }],
    };
    const order = example({ refunds: [earlier] }, 1);
    expect(methodsOf(order).map((m) => [m.name, m.left])).toEqual([
      ['Card', $('60')],
      ['Cash', $('7.20')],
    ]);
    expect(planOf(order, form({ quantities: { '1': '1' } })).amount).toBe($('37.80'));
  });

  it('a completed order with a unit left can be refunded; a refunded or a draft one cannot', () => {
    expect(canRefund(example())).toBe(true);
    expect(canRefund(example({ status: 'REFUNDED' }))).toBe(false);
    expect(canRefund(example({ status: 'DRAFT' }))).toBe(false);
  });
});

describe("a refund's receipt", () => {
  it('says what came back, line by line, with its taxes, the total refunded and how it was paid back', () => {
    const refund: Refund = {
      id: 1,
      number: 'A-7-R1',
      reason: 'Wobbly leg',
      total: money($('25')),
      tax1: money($('1.25')),
      tax2: money(0),
      tax3: money(0),
      amount: money($('26.25')),
      createdBy: 'ann',
      approvedBy: 'bob',
      createdAt: '2026-05-01T12:00:00.000Z',
      lines: [{ orderLineId: 2, quantity: 1, total: money($('25')), tax1: money($('1.25')), tax2: money(0), tax3: money(0) }],
      payments: [
        { paymentMethodId: 10, name: 'Card', isCash: false, amount: money($('15')) },
        { paymentMethodId: 11, name: 'Cash', isCash: true, amount: money($('11.25')) },
      ],
    };
    const r = refundReceiptModel(example({ customerName: 'Dora' }), refund, { name: 'Mall', address: '1 Main St\n\nSpringfield', timeZone: 'UTC' });
    expect(r).toEqual({
      storeName: 'Mall',
      addressLines: ['1 Main St', 'Springfield'],
      refundNumber: 'A-7-R1',
      orderNumber: 'A-7',
      // Intl puts a narrow no-break space before PM on some ICU versions, a space on others.
      date: expect.stringMatching(/^May 1, 2026, 12:00\sPM$/u),
      customerName: 'Dora',
      lines: [{ id: 2, text: '1 × Chair', total: '$25.00', details: ['BO1, 1 of 1 sold', 'GST: $1.25'] }],
      totals: [
        { key: 'subtotal', label: 'Items', value: '$25.00' },
        { key: 'tax1', label: 'GST', value: '$1.25' },
        { key: 'total', label: 'Total refunded', value: '$26.25' },
      ],
      payments: [
        { label: 'Card refunded', value: '$15.00' },
        { label: 'Cash refunded', value: '$11.25' },
      ],
      reason: 'Wobbly leg',
      by: 'Refunded by ann, approved by bob',
    });
  });
});
