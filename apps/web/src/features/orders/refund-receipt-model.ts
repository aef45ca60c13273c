/**
 * What a refund's receipt says, from the refund the server stored (never recomputed): the
 * store, the refund's number, its order's number and the customer, when, each line's
 * units given back with their share of its total and taxes, the totals, how the money
 * went back, the reason, and who made and approved it. Laid out like a sale's receipt.
 */
import { fromWire, type Order, type Refund } from '@pos/contracts';
import { formatDateTimeIn, formatMoney } from '@pos/domain';
import { addressLinesOf, type ReceiptLine, type ReceiptRow, type ReceiptStore } from './receipt-model';
import { taxNamesOf } from './refund-form';

export interface RefundReceiptModel {
  storeName: string;
  addressLines: string[];
  refundNumber: string;
  orderNumber: string;
  date: string;
  customerName: string;
  lines: ReceiptLine[];
  totals: ReceiptRow[];
  payments: ReceiptRow[];
  reason: string;
  /** 'Refunded by ann', with ', approved by bob' when a manager approved it. */
  by: string;
}

const TAX_FIELDS = ['tax1', 'tax2', 'tax3'] as const;

export function refundReceiptModel(order: Order, refund: Refund, store: ReceiptStore): RefundReceiptModel {
  const taxNames = taxNamesOf(order);
  const lines = refund.lines.map((l): ReceiptLine => {
    const index = order.items.findIndex((i) => i.id === l.orderLineId);
    const item = order.items[index];
    const what = item ? item.description.trim() || item.itemCode.trim() || 'Item' : 'Item';
    const details: string[] = [];
    if (item && item.itemCode.trim() !== '') details.push(`${item.itemCode.trim()}, ${l.quantity} of ${item.quantity} sold`);
    else if (item) details.push(`${l.quantity} of ${item.quantity} sold`);
    TAX_FIELDS.forEach((field, slot) => {
      const amount = fromWire(l[field]);
      if (amount !== 0n) details.push(`${taxNames[slot]}: ${formatMoney(amount)}`);
    });
    return { id: l.orderLineId, text: `${l.quantity} × ${what}`, total: formatMoney(fromWire(l.total)), details };
  });
  const totals: ReceiptRow[] = [{ key: 'subtotal', label: 'Items', value: formatMoney(fromWire(refund.total)) }];
  TAX_FIELDS.forEach((field, slot) => {
    const amount = fromWire(refund[field]);
    if (amount !== 0n) totals.push({ key: field, label: taxNames[slot]!, value: formatMoney(amount) });
  });
  totals.push({ key: 'total', label: 'Total refunded', value: formatMoney(fromWire(refund.amount)) });
  return {
    storeName: store.name,
    addressLines: addressLinesOf(store.address),
    refundNumber: refund.number,
    orderNumber: order.orderNumber,
    date: formatDateTimeIn(refund.createdAt, store.timeZone),
    customerName: order.customerName,
    lines,
    totals,
    payments: refund.payments.map((p) => ({ label: `${p.name} refunded`, value: formatMoney(fromWire(p.amount)) })),
    reason: refund.reason,
    by: `Refunded by ${refund.createdBy ?? 'someone no longer on file'}${refund.approvedBy ? `, approved by ${refund.approvedBy}` : ''}`,
  };
}
