/**
 * What a receipt says, worked out from the order the server stored (never recomputed):
 * the store, the order's number and date, each line with its price, discount and taxes,
 * the totals, each payment with its customer fee, and the change.
 */
import { fromWire, type Order, type OrderPayment } from '@pos/contracts';
import { formatDateTimeIn, formatMoney, formatPercent } from '@pos/domain';
import { carriedTaxName, lineFromServer, TAX_SLOT_INDEXES } from './order-lines';

export interface ReceiptStore {
  name: string;
  /** Postal address, one line per line; '' when the settings have none. */
  address: string;
  /** IANA zone the store's dates are shown in; undefined until known (no date shown). */
  timeZone: string | undefined;
}

export interface ReceiptRow {
  label: string;
  value: string;
  /** A total's name as the order summary calls it (subtotal, discount, tax1..3, total). */
  key?: string;
}

export interface ReceiptLine {
  id: number;
  /** '2 × Lamp' */
  text: string;
  total: string;
  /** Smaller lines under it: code, unit price and discount; each tax. */
  details: string[];
}

export interface ReceiptModel {
  storeName: string;
  addressLines: string[];
  orderNumber: string;
  date: string;
  customerName: string;
  lines: ReceiptLine[];
  totals: ReceiptRow[];
  payments: ReceiptRow[];
  /** Amount paid (the total plus customer fees) and the change. */
  settlement: ReceiptRow[];
  approvedBy: string | null;
  /** Rung up with no network: the receipt says so (its number is final all the same). */
  offline?: boolean;
}

const TAX_FIELDS = ['tax1', 'tax2', 'tax3'] as const;

/** A store's address as the receipt prints it: one line per line typed, blank ones left out. */
export function addressLinesOf(address: string): string[] {
  return address
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** The lines under an item: its code and unit price with any discount; each tax it carries. */
export function lineDetails(code: string, price: bigint, discountPercent: bigint, discount: bigint, taxes: readonly { name: string; percent: bigint; amount: bigint }[]): string[] {
  const unit = [code.trim(), `${formatMoney(price)} each`].filter((part) => part !== '');
  if (discountPercent !== 0n) unit.push(`${formatPercent(discountPercent)} off (-${formatMoney(discount)})`);
  return [unit.join(', '), ...taxes.map((t) => `${t.name} ${formatPercent(t.percent)}: ${formatMoney(t.amount)}`)];
}

function paymentRows(payment: OrderPayment): ReceiptRow[] {
  if (payment.isCash) return [{ label: `${payment.name} tendered`, value: formatMoney(fromWire(payment.amount)) }];
  const rows = [{ label: payment.name, value: formatMoney(fromWire(payment.applied)) }];
  const fee = fromWire(payment.customerFee);
  if (fee !== 0n) rows.push({ label: `${payment.name} fee`, value: formatMoney(fee) });
  return rows;
}

export function receiptModel(order: Order, store: ReceiptStore): ReceiptModel {
  const states = order.items.map((item) => lineFromServer(String(item.id), item));
  const lines = order.items.map((item, i): ReceiptLine => {
    const line = states[i]!;
    const taxes = TAX_SLOT_INDEXES.filter((slot) => line.taxes[slot].enabled).map((slot) => ({
      name: line.taxes[slot].description || `Tax ${slot + 1}`,
      percent: line.taxes[slot].percent,
      amount: fromWire(item[`${TAX_FIELDS[slot]}Amount`]),
    }));
    const details = lineDetails(item.itemCode, line.price, line.discountPercent, fromWire(item.discountAmount), taxes);
    const what = item.description.trim() || item.itemCode.trim() || 'Item';
    return { id: item.id, text: `${item.quantity} × ${what}`, total: formatMoney(fromWire(item.total)), details };
  });

  const totals: ReceiptRow[] = [{ key: 'subtotal', label: 'Subtotal', value: formatMoney(fromWire(order.subtotal)) }];
  const discount = fromWire(order.discount);
  if (discount !== 0n) totals.push({ key: 'discount', label: 'Discount', value: `-${formatMoney(discount)}` });
  TAX_SLOT_INDEXES.forEach((slot) => {
    const amount = fromWire(order[TAX_FIELDS[slot]]);
    if (amount !== 0n) totals.push({ key: TAX_FIELDS[slot], label: carriedTaxName(slot, states) || `Tax ${slot + 1}`, value: formatMoney(amount) });
  });
  totals.push({ key: 'total', label: 'Total', value: formatMoney(fromWire(order.total)) });

  const settlement: ReceiptRow[] = [];
  const fees = fromWire(order.customerFees);
  if (fees !== 0n) settlement.push({ label: 'Customer fees', value: formatMoney(fees) });
  if (order.payments.length > 0) {
    settlement.push({ label: 'Amount paid', value: formatMoney(fromWire(order.amountPaid)) });
    settlement.push({ label: 'Change', value: formatMoney(fromWire(order.changeDue)) });
  }

  return {
    storeName: store.name,
    addressLines: addressLinesOf(store.address),
    orderNumber: order.orderNumber,
    date: formatDateTimeIn(order.completedAt ?? order.createdAt, store.timeZone),
    customerName: order.customerName,
    lines,
    totals,
    payments: order.payments.flatMap(paymentRows),
    settlement,
    approvedBy: order.approvedBy,
  };
}
