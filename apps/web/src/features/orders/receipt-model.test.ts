import { describe, expect, it } from 'vitest';
import type { OrderPayment } from '@pos/contracts';
import { receiptModel } from './receipt-model';
import { money, percent, serverLine, serverOrder } from './test-fixtures';

const $ = (dollars: string) => money(BigInt(Math.round(Number(dollars) * 100)) * 10_000n);
const gst = (amount: string) => ({ tax1Enabled: true, tax1Percent: percent(5_000_000), tax1Description: 'GST', tax1Amount: $(amount) });

function payment(over: Partial<OrderPayment> & { id: number; name: string }): OrderPayment {
  return { paymentMethodId: over.id, isCash: false, amount: $('0'), applied: $('0'), customerFee: $('0'), change: $('0'), ...over };
}

/** The worked example of docs/SETTLEMENT.md, as the server stores it. */
const WORKED = serverOrder(
  [
    serverLine({ id: 1, itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: $('40'), discountPercent: percent(10_000_000), discountAmount: $('8'), total: $('72'), ...gst('3.60') }),
    serverLine({ id: 2, itemCode: 'BO1', description: 'Chair', quantity: 1, price: $('25'), total: $('25'), ...gst('1.25') }),
    serverLine({ id: 3, description: 'Gift wrap', quantity: 1, price: $('3'), total: $('3'), ...gst('0.15') }),
  ],
  {
    orderNumber: 'K-7',
    customerName: 'Worked Example',
    status: 'COMPLETED',
    subtotal: $('108'),
    discount: $('8'),
    tax1: $('5'),
    total: $('105'),
    payments: [
      payment({ id: 1, name: 'Card', amount: $('60'), applied: $('60'), customerFee: $('1.45') }),
      payment({ id: 2, name: 'Cash', isCash: true, amount: $('50'), applied: $('45'), change: $('5') }),
    ],
    customerFees: $('1.45'),
    amountPaid: $('106.45'),
    changeDue: $('5'),
    completedAt: '2026-05-01T19:04:00.000Z',
  },
);

describe('a receipt', () => {
  it('shows the worked example: lines with their taxes, totals, payments with fees, change', () => {
    const r = receiptModel(WORKED, { name: 'Blue Door Antiques', address: '12 Harbour Street\n\n Halifax NS B3J 1A1 ', timeZone: 'America/Halifax' });
    expect(r).toMatchObject({ storeName: 'Blue Door Antiques', addressLines: ['12 Harbour Street', 'Halifax NS B3J 1A1'], orderNumber: 'K-7', customerName: 'Worked Example', approvedBy: null });
    // Completed at 19:04 UTC: 4:04 PM in Halifax (ADT).
    expect(r.date).toMatch(/^May 1, 2026, 4:04\sPM$/u); // a space or a narrow no-break space before PM, as the ICU gives
    expect(r.lines).toEqual([
      { id: 1, text: '2 × Lamp', total: '$72.00', details: ['ADA1, $40.00 each, 10% off (-$8.00)', 'GST 5%: $3.60'] },
      { id: 2, text: '1 × Chair', total: '$25.00', details: ['BO1, $25.00 each', 'GST 5%: $1.25'] },
      { id: 3, text: '1 × Gift wrap', total: '$3.00', details: ['$3.00 each', 'GST 5%: $0.15'] },
    ]);
    expect(r.totals).toEqual([
      { key: 'subtotal', label: 'Subtotal', value: '$108.00' },
      { key: 'discount', label: 'Discount', value: '-$8.00' },
      { key: 'tax1', label: 'GST', value: '$5.00' },
      { key: 'total', label: 'Total', value: '$105.00' },
    ]);
    expect(r.payments).toEqual([
      { label: 'Card', value: '$60.00' },
      { label: 'Card fee', value: '$1.45' },
      { label: 'Cash tendered', value: '$50.00' },
    ]);
    expect(r.settlement).toEqual([
      { label: 'Customer fees', value: '$1.45' },
      { label: 'Amount paid', value: '$106.45' },
      { label: 'Change', value: '$5.00' },
    ]);
  });

  it('has no address lines without an address, names a line by its code without a description, and says who approved', () => {
    const order = serverOrder([serverLine({ id: 1, itemCode: 'VASE1', quantity: 1, price: $('10'), total: $('10') })], {
      status: 'COMPLETED',
      subtotal: $('10'),
      total: $('10'),
      payments: [payment({ id: 3, name: 'House Account', amount: $('10'), applied: $('10') })],
      amountPaid: $('10'),
      approvedBy: 'mgr1',
    });
    const r = receiptModel(order, { name: 'Shop', address: '', timeZone: 'UTC' });
    expect(r.addressLines).toEqual([]);
    expect(r.lines[0]).toMatchObject({ text: '1 × VASE1', details: ['VASE1, $10.00 each'] });
    expect(r.totals.map((t) => t.label)).toEqual(['Subtotal', 'Total']);
    expect(r.payments).toEqual([{ label: 'House Account', value: '$10.00' }]);
    expect(r.settlement).toEqual([
      { label: 'Amount paid', value: '$10.00' },
      { label: 'Change', value: '$0.00' },
    ]);
    expect(r.approvedBy).toBe('mgr1');
  });
});
