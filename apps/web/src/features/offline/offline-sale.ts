/**
 * An offline sale, pure (docs/ARCHITECTURE.md, The offline till): what a typed or scanned
 * entry names in the snapshot, which payment methods the till may take with no network
 * and why the others not, the sale's figures (packages/domain: the lines' arithmetic of
 * order-lines.ts, checkout's planCheckout, the limits' offlineSaleRefusal, exactly as
 * online), and the outbox entry with its receipt.
 */
import { fromWire, toMoneyWire } from '@pos/contracts';
import { checkoutProblemMessage, formatDateTimeIn, formatMoney, offlineSaleRefusal, planCheckout, type CheckoutPlan, type OrderSummary, type TenderMethod } from '@pos/domain';
import { carriedTaxName, emptyLine, lineAmounts, lineIsComplete, linesMoveMoneyOut, storeTaxesFrom, summarizeLines, TAX_SLOT_INDEXES, toSubmitLine, type LineState, type StoreTaxes } from '../orders/order-lines';
import { addressLinesOf, lineDetails, type ReceiptModel, type ReceiptRow, type ReceiptStore } from '../orders/receipt-model';
import type { DeviceSnapshotWire, OfflineSaleLineWire, SnapshotMethod } from './device-api';
import type { DeviceRecord, OutboxEntry } from './device-db';
import { snapshotLimits } from './device-sync';
import { newIdempotencyKey } from '../../lib/idempotency';
import { newUuid } from './uuid';

export const UNKNOWN_ENTRY = (text: string) => `${text} is not an item number or item code this till knows offline`;
export const NEEDS_APPROVAL_OFFLINE = "Needs a manager's approval, which needs the network";
export const NOT_OFFLINE_METHOD = 'Not marked "May be taken offline"';
export const MONEY_OUT_OFFLINE = "A sale below zero or a negative line needs a manager's approval, which needs the network";
export const UNAVAILABLE_OFFLINE = 'Refunds, approvals and cancels of orders need the network; they come back when the till is online.';

export function snapshotTaxes(snapshot: DeviceSnapshotWire): StoreTaxes {
  return storeTaxesFrom(snapshot.store.taxes);
}

/**
 * The line an entry makes: a tagged item's number fills code, description and price (a
 * scan); an item code starts a line for that vendor to describe and price; null when the
 * snapshot knows neither. Numbers and codes are matched as the server does, case aside.
 */
export function lineForEntry(snapshot: DeviceSnapshotWire, text: string, key: string): LineState | null {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return null;
  const taxes = snapshotTaxes(snapshot);
  const vendorOf = (code: string) => {
    const found = snapshot.itemCodes.find((c) => c.code.toLowerCase() === code.toLowerCase());
    return found ? { known: true, vendor: found.vendorName ? { tradeName: found.vendorName, booth: found.booth } : null } : null;
  };
  const item = snapshot.items.find((i) => i.itemNumber.toLowerCase() === wanted);
  if (item) {
    const owner = vendorOf(item.itemCode);
    return { ...emptyLine(key, null, taxes), itemNumber: item.itemNumber, itemCode: item.itemCode, description: item.description, price: fromWire(item.price), scan: { code: item.itemNumber, known: true, vendor: owner?.vendor ?? null, unsellable: null } };
  }
  const code = snapshot.itemCodes.find((c) => c.code.toLowerCase() === wanted);
  if (code) {
    const owner = vendorOf(code.code);
    return { ...emptyLine(key, null, taxes), itemCode: code.code, scan: { code: code.code, known: true, vendor: owner?.vendor ?? null, unsellable: null } };
  }
  return null;
}

export interface OfflineMethod extends TenderMethod {
  id: number;
}

/** The methods the till may take offline (Cash; those marked offlineAllowed without approval), and why each other is not. */
export function offlineMethods(methods: readonly SnapshotMethod[]): { allowed: OfflineMethod[]; unavailable: { name: string; reason: string }[] } {
  const allowed: OfflineMethod[] = [];
  const unavailable: { name: string; reason: string }[] = [];
  for (const m of methods) {
    if (!m.isCash && m.requiresManagerApproval) unavailable.push({ name: m.name, reason: NEEDS_APPROVAL_OFFLINE });
    else if (!m.isCash && !m.offlineAllowed) unavailable.push({ name: m.name, reason: NOT_OFFLINE_METHOD });
    else
      allowed.push({
        id: m.id,
        name: m.name,
        isCash: m.isCash,
        vendorFeePercent: fromWire(m.vendorFeePercent),
        customerFeePercent: fromWire(m.customerFeePercent),
        customerFeeAmount: fromWire(m.customerFeeAmount),
        minimumAmount: fromWire(m.minimumAmount),
      });
  }
  // Cash first: the till's default tender.
  allowed.sort((a, b) => Number(b.isCash) - Number(a.isCash));
  return { allowed, unavailable };
}

export interface OfflineFigures {
  lines: LineState[];
  summary: OrderSummary;
  plan: CheckoutPlan<OfflineMethod>;
}

/** The sale's figures, or why it cannot be taken: the lines, the payments, the limits. */
export function offlineFigures(
  lines: readonly LineState[],
  tenders: readonly { method: OfflineMethod; amount: bigint }[],
  context: { snapshot: DeviceSnapshotWire; pending: number; pendingTotal: bigint; lastSyncAt: number | null; now: Date },
): { figures: OfflineFigures | null; refusal: string | null } {
  const kept = lines.filter((l) => lineIsComplete(l));
  const summary = summarizeLines(kept);
  if (kept.length === 0 || summary === null) return { figures: null, refusal: kept.length === 0 ? 'Add at least one complete line (code, description, price)' : 'The sale is too large' };
  const plan = planCheckout(summary.total, tenders);
  const figures = { lines: kept, summary, plan };
  if (kept.length < lines.filter((l) => l.itemCode.trim() !== '' || l.description.trim() !== '').length) return { figures, refusal: 'Every line needs an item code, a description and a price' };
  if (linesMoveMoneyOut(kept, summary.total)) return { figures, refusal: MONEY_OUT_OFFLINE };
  const limit = offlineSaleRefusal(
    snapshotLimits(context.snapshot),
    { pending: context.pending, pendingTotal: context.pendingTotal, offlineSince: context.lastSyncAt === null ? null : new Date(context.lastSyncAt) },
    summary.total,
    context.now,
  );
  if (limit) return { figures, refusal: limit };
  if (plan.problem) return { figures, refusal: checkoutProblemMessage(plan.problem) };
  return { figures, refusal: null };
}

/** A line as /offline/replay takes it (a submit's line, no id). */
export function replayLine(line: LineState): OfflineSaleLineWire {
  const { id: _id, ...rest } = toSubmitLine(line);
  void _id;
  return rest;
}

/** The printed receipt of an offline sale: the same rows as a stored order's, marked offline. */
export function offlineReceipt(figures: OfflineFigures, sale: { orderNumber: string; soldAt: Date; customerName: string }, store: ReceiptStore): ReceiptModel {
  const { lines, summary, plan } = figures;
  const receiptLines = lines.map((line, i) => {
    const amounts = lineAmounts(line);
    const taxes = TAX_SLOT_INDEXES.filter((slot) => line.taxes[slot].enabled).map((slot) => ({ name: line.taxes[slot].description || `Tax ${slot + 1}`, percent: line.taxes[slot].percent, amount: amounts?.taxes[slot] ?? 0n }));
    const what = line.description.trim() || line.itemCode.trim() || 'Item';
    return { id: i + 1, text: `${line.quantity} × ${what}`, total: formatMoney(amounts?.total ?? 0n), details: lineDetails(line.itemCode, line.price, line.discountPercent, amounts?.discount ?? 0n, taxes) };
  });
  const totals: ReceiptRow[] = [{ key: 'subtotal', label: 'Subtotal', value: formatMoney(summary.subtotal) }];
  if (summary.discount !== 0n) totals.push({ key: 'discount', label: 'Discount', value: `-${formatMoney(summary.discount)}` });
  const taxFields = ['tax1', 'tax2', 'tax3'] as const;
  TAX_SLOT_INDEXES.forEach((slot) => {
    const amount = summary[taxFields[slot]];
    if (amount !== 0n) totals.push({ key: taxFields[slot], label: carriedTaxName(slot, lines) || `Tax ${slot + 1}`, value: formatMoney(amount) });
  });
  totals.push({ key: 'total', label: 'Total', value: formatMoney(summary.total) });
  const payments = plan.tenders.flatMap((t): ReceiptRow[] => {
    if (t.method.isCash) return [{ label: `${t.method.name} tendered`, value: formatMoney(t.amount) }];
    const rows = [{ label: t.method.name, value: formatMoney(t.applied) }];
    if (t.customerFee !== 0n) rows.push({ label: `${t.method.name} fee`, value: formatMoney(t.customerFee) });
    return rows;
  });
  const settlement: ReceiptRow[] = [];
  if (plan.customerFees !== 0n) settlement.push({ label: 'Customer fees', value: formatMoney(plan.customerFees) });
  settlement.push({ label: 'Amount paid', value: formatMoney(plan.amountPaid) }, { label: 'Change', value: formatMoney(plan.changeDue) });
  return {
    storeName: store.name,
    addressLines: addressLinesOf(store.address),
    orderNumber: sale.orderNumber,
    date: formatDateTimeIn(sale.soldAt, store.timeZone),
    customerName: sale.customerName,
    lines: receiptLines,
    totals,
    payments,
    settlement,
    approvedBy: null,
    offline: true,
  };
}

/** The outbox entry of a sale, made with the device's next number inside the transaction that takes it. */
export function outboxEntry(figures: OfflineFigures, sale: { soldAt: Date; customerName: string }, store: ReceiptStore) {
  return (orderNumber: string, device: DeviceRecord): OutboxEntry => ({
    storeId: device.storeId,
    deviceId: device.deviceId,
    clientId: newUuid(),
    idempotencyKey: newIdempotencyKey(),
    orderNumber,
    soldAt: sale.soldAt.toISOString(),
    customerName: sale.customerName.trim(),
    items: figures.lines.map(replayLine),
    payments: figures.plan.tenders.map((t) => ({ paymentMethodId: t.method.id, amount: toMoneyWire(t.amount) })),
    total: figures.summary.total.toString(),
    tries: 0,
    lastError: null,
    stuck: false,
    nextTryAt: 0,
    receipt: offlineReceipt(figures, { orderNumber, soldAt: sale.soldAt, customerName: sale.customerName.trim() }, store),
  });
}
