/**
 * The order rules that span several repository calls: numbering
 * with a fresh draft, saving a line (recomputed with the domain's arithmetic, linked to
 * the store's item code when its code names one), read-only once no longer a draft, and
 * checkout (docs/SETTLEMENT.md, Checkout): submitting (empty lines dropped, totals
 * recomputed, the payments applied by the domain's planCheckout), completing (payments,
 * stock, the vendor ledger, the order's figures and its audit event in one transaction),
 * approving and cancelling.
 */
import { deserialize, serialize } from 'node:v8';
import type { Kysely } from 'kysely';
import superjson from 'superjson';
import type { Database } from '@pos/db';
import { IDEMPOTENCY_KEY_REUSED, type SubmitLine, type SubmitOrderInput, type UpdateLineInput } from '@pos/contracts';
import {
  assertLineWithinLimits,
  assertOrderWithinLimits,
  checkoutProblemMessage,
  computeLine,
  includes,
  isLineEmpty,
  isOrderEditable,
  movesMoneyOut,
  MONEY_OUT_NEEDS_APPROVAL,
  planCashInFull,
  planCheckout,
  presetLineTaxes,
  sumSavedLines,
  vendorFeePercentOf,
  vendorShare,
  type CheckoutPlan,
  type Role,
  type StoreTax,
  type TenderMethod,
  unknownItemCodeMessage,
} from '@pos/domain';
import type { Context } from '../../context';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../audit/audit.service';
import { verifyManagerApproval } from '../auth/auth.service';
import { idempotent, requestHash, sameRequest } from '../idempotency/idempotency.service';
import { itemsForLines, sellOrderItems } from '../item/item.service';
import type { ItemRow } from '../item/item.repository';
import type { ItemCodeRow } from '../itemcode/itemcode.repository';
import type { VendorSaleLine } from '../ledger/ledger.repository';
import { postOrderSale } from '../ledger/ledger.service';
import { resolveCodes, type ResolvedCode } from '../scan/scan.service';
import { journalSale } from '../books/books.service';
import { findCashMethod, findPaymentMethods, getSettings } from '../store/store.repository';
import { assertDayOpen } from '../reports/day-close.service';
import { PAYMENT_METHOD_NOT_FOUND } from '../store/store.service';
import * as repo from './order.repository';
import * as refundRepo from './refund.repository';

type Db = Kysely<Database>;

/** Who calls a checkout procedure: the call's context, the (store, role) it acts in and its user. */
export type Caller = Context & { storeId: number; role: Role; user: { id: bigint; username: string } };

function actorOfCaller(c: Caller): Actor {
  return { storeId: c.storeId, userId: c.user.id, role: c.role };
}
type Settings = Awaited<ReturnType<typeof getSettings>>;

export const ORDER_NOT_FOUND = 'No such order in this store';
export const LINE_NOT_FOUND = 'No such order line in this store';
/** Attempts at a free number when settings moved the counter back onto used numbers. */
const NUMBER_ATTEMPTS = 1000;

function assertEditable(status: string) {
  if (!isOrderEditable(status)) throw new AppError('CONFLICT', `This order is ${status} and can no longer be edited`);
}

/** The store's three taxes as its settings hold them. */
function storeTaxes(settings: Settings): [StoreTax, StoreTax, StoreTax] {
  const tax = (n: 1 | 2 | 3): StoreTax => ({
    shortName: settings[`tax${n}ShortName`],
    percent: settings[`tax${n}Percent`],
    enabled: settings[`tax${n}Enabled`],
    applyByDefault: settings[`tax${n}ApplyByDefault`],
  });
  return [tax(1), tax(2), tax(3)];
}

/** A fresh line: quantity 1, price zero, the store's preset taxes, the default vendor commission. */
function emptyLine(settings: Settings): repo.LineValues {
  const [t1, t2, t3] = presetLineTaxes(storeTaxes(settings));
  return {
    itemCode: '',
    itemCodeId: null,
    itemId: null,
    itemNumber: '',
    description: '',
    quantity: 1n,
    price: 0n,
    discountPercent: 0n,
    amount: 0n,
    discountAmount: 0n,
    total: 0n,
    taxes: [
      { ...t1, amount: 0n },
      { ...t2, amount: 0n },
      { ...t3, amount: 0n },
    ],
    commissionPercent: settings.defaultVendorCommissionPercent,
    vendorShare: 0n,
  };
}

/** What a client may say about a line; a tax flag left out follows its percent and description. */
type LineFields = Pick<UpdateLineInput, 'itemCode' | 'quantity' | 'price' | 'discountPercent'> & {
  /** The scanned item's number or alias ('' for a typed code and price). */
  itemNumber: string;
  description: string;
  tax1Enabled?: boolean | undefined;
  tax1Percent: bigint;
  tax1Description: string;
  tax2Enabled?: boolean | undefined;
  tax2Percent: bigint;
  tax2Description: string;
  tax3Enabled?: boolean | undefined;
  tax3Percent: bigint;
  tax3Description: string;
};

const TAX_SLOTS = [1, 2, 3] as const;

type ItemCode = ItemCodeRow | undefined;

/** What a line's code names in the store (scan.service.ts), if anything. */
async function lineCode(db: Db, storeId: number, itemCode: string): Promise<ResolvedCode | undefined> {
  return itemCode ? (await resolveCodes(db, storeId, [itemCode])).get(itemCode.toLowerCase()) : undefined;
}

/**
 * A line's stored values, every amount recomputed here; client amounts are ignored. The
 * commission is the line's item code's (`code`, the store's live code the line names),
 * or the store's default vendor commission for a code the store does not know. The
 * caller has checked the line's limits (assertLineWithinLimits).
 */
function lineValues(input: LineFields, code: ItemCode, settings: Pick<Settings, 'defaultVendorCommissionPercent'>, item?: ItemRow): repo.LineValues {
  const tax = (n: 1 | 2 | 3) => {
    const percent = input[`tax${n}Percent`];
    const description = input[`tax${n}Description`];
    const enabled = input[`tax${n}Enabled`] ?? (percent !== 0n || description !== '');
    return { enabled, percent: enabled ? percent : 0n, description: enabled ? description : '' };
  };
  const taxes = [tax(1), tax(2), tax(3)] as const;
  const amounts = computeLine({
    quantity: BigInt(input.quantity),
    price: input.price,
    discountPercent: input.discountPercent,
    taxPercents: [taxes[0].percent, taxes[1].percent, taxes[2].percent],
  });
  const commissionPercent = code?.defaultCommissionPercent ?? settings.defaultVendorCommissionPercent;
  return {
    itemCode: input.itemCode,
    itemCodeId: code?.id ?? null,
    itemId: item?.id ?? null,
    itemNumber: item?.itemNumber ?? '',
    description: input.description,
    quantity: BigInt(input.quantity),
    price: input.price,
    discountPercent: input.discountPercent,
    amount: amounts.amount,
    discountAmount: amounts.discount,
    total: amounts.total,
    taxes: [
      { ...taxes[0], amount: amounts.taxes[0] },
      { ...taxes[1], amount: amounts.taxes[1] },
      { ...taxes[2], amount: amounts.taxes[2] },
    ],
    commissionPercent,
    vendorShare: vendorShare(amounts.total, commissionPercent),
  };
}

/** A line just written, answered as listLines answers it: `resolved` is what its code names, if anything. */
function answeredLine(line: repo.WrittenLine, resolved: ResolvedCode | undefined): repo.LineRow {
  return repo.withItemNumber({ ...line, knownItemCode: resolved !== undefined, warnOnNoControlCode: resolved?.code?.warnOnNoControlCode ?? false });
}

/**
 * A line bound to an item (scanned) sells it: the item's code, description and price
 * replace what was typed; quantity, discount and taxes stay the line's.
 */
function fromItem(fields: LineFields, item: ItemRow | undefined): LineFields {
  return item ? { ...fields, itemCode: item.itemCode ?? '', description: item.description, price: item.price } : fields;
}

export async function loadOrder(db: Db, storeId: number, orderId: bigint | number) {
  const order = await repo.findOrder(db, storeId, orderId);
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [items, payments] = await Promise.all([repo.listLines(db, storeId, orderId), repo.listPayments(db, storeId, orderId)]);
  return withRefunds(db, storeId, { ...order, items, payments: payments.map(({ vendorFeePercent: _fee, ...p }) => p) });
}

/**
 * A completed (or refunded) order with its refunds and each line's units refunded; an
 * order that was never completed has neither, its lines as update-line answers them.
 */
async function withRefunds<O extends { id: bigint; status: string; items: { id: bigint }[] }>(
  db: Db,
  storeId: number,
  order: O,
): Promise<Omit<O, 'items'> & { items: (O['items'][number] & { refundedQuantity?: bigint })[]; refunds?: refundRepo.RefundRow[] }> {
  if (order.status !== 'COMPLETED' && order.status !== 'REFUNDED') return order;
  const [refunds, refunded] = await Promise.all([refundRepo.listRefunds(db, storeId, order.id), refundRepo.refundedQuantities(db, storeId, order.id)]);
  return { ...order, refunds, items: order.items.map((l) => ({ ...l, refundedQuantity: refunded.get(String(l.id)) ?? 0n })) };
}

export async function nextOrder(db: Db, storeId: number, userId: bigint) {
  return db.transaction().execute(async (trx) => {
    const settings = await getSettings(trx, storeId);
    for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
      const orderNumber = await repo.allocateOrderNumber(trx, storeId);
      const orderId = await repo.insertOrder(trx, storeId, orderNumber, userId);
      if (orderId === undefined) continue;
      const { id: lineId } = await repo.insertLine(trx, storeId, orderId, emptyLine(settings));
      await saveTotals(trx, storeId, orderId);
      return {
        success: true,
        message: 'OK',
        nextOrderId: orderId,
        nextOrderNumber: orderNumber,
        nextOrderLineId: lineId,
        storeUpdatedAt: settings.storeUpdatedAt,
        order: await loadOrder(trx, storeId, orderId),
      };
    }
    throw new AppError('CONFLICT', 'No free order number: raise Next Order Number in the store settings');
  });
}

/** Stores the order's totals; an order beyond the business limit is refused (the transaction rolls back). */
async function saveTotals(db: Db, storeId: number, orderId: bigint | number) {
  const totals = await repo.refreshOrderTotals(db, storeId, orderId);
  assertOrderWithinLimits(totals);
  return totals;
}

export async function updateLine(db: Db, storeId: number, input: UpdateLineInput) {
  return db.transaction().execute(async (trx) => {
    const found = await repo.findLineOrder(trx, storeId, input.orderLineId);
    if (!found) throw new AppError('NOT_FOUND', LINE_NOT_FOUND);
    const { orderId, status, ...settings } = found;
    assertEditable(status);
    const item = input.itemNumber ? (await itemsForLines(trx, storeId, [input.itemNumber])).get(input.itemNumber) : undefined;
    const fields = fromItem({ ...input, description: input.itemDescription }, item);
    assertLineWithinLimits(fields);
    const resolved = await lineCode(trx, storeId, fields.itemCode);
    const written = await repo.updateLine(trx, storeId, input.orderLineId, lineValues(fields, resolved?.code, settings, item));
    if (!written) throw new AppError('NOT_FOUND', LINE_NOT_FOUND);
    const newLine = input.createNewLine ? answeredLine(await repo.insertLine(trx, storeId, orderId, emptyLine(settings)), undefined) : null;
    const summary = await saveTotals(trx, storeId, orderId);
    return {
      success: true,
      message: 'OK',
      line: answeredLine(written, resolved),
      newOrderLineId: newLine?.id ?? null,
      newLine,
      summary,
    };
  });
}

/** A blank line: what a submitted line without an id starts from. */
const BLANK_LINE: LineFields = {
  itemCode: '',
  itemNumber: '',
  description: '',
  quantity: 1,
  price: 0n,
  discountPercent: 0n,
  tax1Enabled: false,
  tax1Percent: 0n,
  tax1Description: '',
  tax2Enabled: false,
  tax2Percent: 0n,
  tax2Description: '',
  tax3Enabled: false,
  tax3Percent: 0n,
  tax3Description: '',
};

function savedFields(line: repo.LineRow): LineFields {
  return {
    itemCode: line.itemCode,
    itemNumber: line.itemNumber ?? '',
    description: line.description,
    quantity: Number(line.quantity),
    price: line.price,
    discountPercent: line.discountPercent,
    tax1Enabled: line.tax1Enabled,
    tax1Percent: line.tax1Percent,
    tax1Description: line.tax1Description,
    tax2Enabled: line.tax2Enabled,
    tax2Percent: line.tax2Percent,
    tax2Description: line.tax2Description,
    tax3Enabled: line.tax3Enabled,
    tax3Percent: line.tax3Percent,
    tax3Description: line.tax3Description,
  };
}

/**
 * The submitted fields over the saved line (or a blank one): a field the body leaves
 * out keeps its value. A tax whose percent or description is sent without its flag is
 * enabled when either is set, as on update-line.
 */
function mergeLine(saved: LineFields, item: SubmitLine): LineFields {
  const sentDescription = item.description !== undefined || item.itemDescription !== undefined;
  const merged: LineFields = {
    itemCode: item.itemCode ?? saved.itemCode,
    itemNumber: item.itemNumber ?? saved.itemNumber,
    description: sentDescription ? item.description || item.itemDescription || '' : saved.description,
    quantity: item.quantity ?? saved.quantity,
    price: item.price ?? saved.price,
    discountPercent: item.discountPercent ?? saved.discountPercent,
    tax1Enabled: saved.tax1Enabled,
    tax1Percent: saved.tax1Percent,
    tax1Description: saved.tax1Description,
    tax2Enabled: saved.tax2Enabled,
    tax2Percent: saved.tax2Percent,
    tax2Description: saved.tax2Description,
    tax3Enabled: saved.tax3Enabled,
    tax3Percent: saved.tax3Percent,
    tax3Description: saved.tax3Description,
  };
  for (const n of TAX_SLOTS) {
    const percent = item[`tax${n}Percent`];
    const description = item[`tax${n}Description`];
    if (percent !== undefined) merged[`tax${n}Percent`] = percent;
    if (description !== undefined) merged[`tax${n}Description`] = description;
    const enabled = item[`tax${n}Enabled`];
    if (enabled !== undefined) merged[`tax${n}Enabled`] = enabled;
    else if (percent !== undefined || description !== undefined) merged[`tax${n}Enabled`] = undefined;
  }
  return merged;
}

/** A payment method as checkout applies it. */
type Tender = TenderMethod & { id: bigint; requiresManagerApproval: boolean };

/**
 * The methods the payments name, each a live method of this store (another store's is
 * unknown here); without payments, the order total in full by the store's Cash method
 * (nothing for a total of zero; a total below zero is handed back in cash).
 */
async function tendersFor(db: Db, storeId: number, payments: SubmitOrderInput['payments'], total: bigint) {
  if (payments === undefined) {
    const cash = await findCashMethod(db, storeId);
    if (!cash) throw new Error(`store ${storeId} has no Cash method`);
    return total !== 0n ? [{ method: cash as Tender, amount: total }] : [];
  }
  const found = new Map((await findPaymentMethods(db, storeId, [...new Set(payments.map((p) => BigInt(p.paymentMethodId)))])).map((m) => [m.id, m]));
  return payments.map((p) => {
    const method = found.get(BigInt(p.paymentMethodId));
    if (!method) throw new AppError('BAD_REQUEST', `${PAYMENT_METHOD_NOT_FOUND}: ${p.paymentMethodId}`);
    if (method.archived) throw new AppError('BAD_REQUEST', `${method.name} is no longer a payment method of this store`);
    return { method, amount: p.amount };
  });
}

/**
 * Whether a submit's payments need a manager's approval, read before its transaction, so
 * an approval is checked (a password hash, counted under the sign-in limits) outside it.
 */
async function needsApproval(db: Db, storeId: number, input: SubmitOrderInput): Promise<boolean> {
  if (!input.payments) return false;
  const methods = await findPaymentMethods(db, storeId, input.payments.map((p) => BigInt(p.paymentMethodId)));
  return methods.some((m) => m.requiresManagerApproval && !m.archived);
}

/** The figures an order's audit event keeps. */
function auditedCheckout(order: Awaited<ReturnType<typeof loadOrder>>) {
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    total: order.total,
    customerFees: order.customerFees,
    amountPaid: order.amountPaid,
    changeDue: order.changeDue,
    approvedBy: order.approvedBy,
    payments: order.payments.map((p) => ({ name: p.name, amount: p.amount, applied: p.applied, customerFee: p.customerFee, change: p.change })),
  };
}

/** Takes a completed order's stocked units; none may go below zero. */
async function takeStock(trx: Db, storeId: number, order: { id: bigint; orderNumber: string }, userId: bigint) {
  const taken = await repo.takeStock(trx, storeId, order.id, `Sold on order ${order.orderNumber}`, userId);
  const short = taken.find((t) => t.quantityAfter < 0n);
  if (short) throw new AppError('BAD_REQUEST', `Only ${short.quantityAfter + short.quantity} of ${short.sku} in stock`);
  await sellOrderItems(trx, storeId, order.id, userId);
}

/** Posts a completed order's vendor lines to the ledger with what each payment applied, then its journal in the books. */
async function postSale(
  trx: Db,
  storeId: number,
  order: { id: bigint; orderNumber: string; total: bigint },
  payments: readonly { applied: bigint; vendorFeePercent: bigint; isCash: boolean }[],
  userId: bigint,
  vendorLines?: readonly VendorSaleLine[],
) {
  await postOrderSale(
    trx,
    storeId,
    order,
    payments.map((p) => ({ applied: p.applied, vendorFeePercent: vendorFeePercentOf(p) })),
    userId,
    vendorLines,
  );
  await journalSale(trx, storeId, order, userId);
}

/**
 * Completes a paid order inside the caller's transaction: takes its stocked units (none
 * below zero), posts its vendor lines to the ledger with what each payment applied.
 */
async function complete(trx: Db, storeId: number, order: { id: bigint; orderNumber: string; total: bigint }, payments: readonly { applied: bigint; vendorFeePercent: bigint; isCash: boolean }[], userId: bigint) {
  await takeStock(trx, storeId, order, userId);
  await postSale(trx, storeId, order, payments, userId);
}

/**
 * Checkout. In one transaction: the lines saved, the totals recomputed, the payments
 * applied by the domain's planCheckout (refused with 400 and nothing stored when they
 * cannot pay the order), then either completed (payments, stock, ledger, the order's
 * figures) or, when a method needs a manager's approval and none was given, PENDING with
 * its payments stored; one ORDER_SUBMIT audit event either way. A submit repeated with
 * the same idempotency key for the same order answers what the first answered.
 */
export async function submitOrder(caller: Caller, input: SubmitOrderInput) {
  const { db, storeId } = caller;
  // STORE_STAFF move money out (a total below zero, a negative line) only with a manager's approval.
  const staff = !includes(caller.role, 'STORE_MANAGER');
  let approver: { id: bigint; username: string } | null = null;
  if (input.approval) {
    // Checked before the transaction: a refused approval leaves nothing but its count.
    if (input.idempotencyKey !== undefined) {
      const first = await repo.findSubmitAnswer(db, storeId, input.orderId, input.idempotencyKey);
      if (first !== undefined) return answered(first, input);
    }
    if ((await needsApproval(db, storeId, input)) || (staff && (await submitMovesMoneyOut(db, storeId, input)))) {
      approver = await verifyManagerApproval(caller, storeId, input.approval);
    }
  }
  return db.transaction().execute(async (trx) => {
    const order = await repo.lockOrderForSubmit(trx, storeId, input.orderId, input.idempotencyKey ?? null);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    if (order.answer !== null) return answered(order.answer, input);
    if (input.idempotencyKey !== undefined && !isOrderEditable(order.status)) {
      // The lock waited for a submit that committed since this statement's snapshot,
      // which cannot see that submit's key: read it again (only a submit leaves a draft).
      const first = await repo.findSubmitAnswer(trx, storeId, input.orderId, input.idempotencyKey);
      if (first !== undefined) return answered(first, input);
    }
    assertEditable(order.status);
    await assertDayOpen(trx, storeId);
    const lines = await saveLines(trx, storeId, input, order);
    const moneyOut = movesMoneyOut(lines.items, lines.totals.total);
    if (moneyOut && staff && approver === null) throw new AppError('FORBIDDEN', MONEY_OUT_NEEDS_APPROVAL);
    const tenders = await tendersFor(trx, storeId, input.payments, lines.totals.total);
    const plan: CheckoutPlan<Tender> = input.payments === undefined ? planCashInFull(lines.totals.total, tenders) : planCheckout(lines.totals.total, tenders);
    if (plan.problem) throw new AppError('BAD_REQUEST', checkoutProblemMessage(plan.problem));
    const waits = plan.tenders.some((t) => t.method.requiresManagerApproval) && approver === null;
    const approvedBy = moneyOut || plan.tenders.some((t) => t.method.requiresManagerApproval) ? approver : null;
    const payments = plan.tenders.map((t) => ({
      paymentMethodId: t.method.id,
      name: t.method.name,
      isCash: t.method.isCash,
      vendorFeePercent: t.method.vendorFeePercent,
      amount: t.amount,
      applied: t.applied,
      customerFee: t.customerFee,
      change: t.change,
    }));
    const paid = await repo.insertPayments(trx, storeId, order.id, payments);
    if (!waits) await takeStock(trx, storeId, order, caller.user.id);
    const outcome: repo.Outcome = {
      status: waits ? 'PENDING' : 'COMPLETED',
      customerFees: plan.customerFees,
      changeDue: plan.changeDue,
      amountPaid: waits ? 0n : plan.amountPaid,
      ...(input.customerName !== undefined ? { customerName: input.customerName } : {}),
      approvedBy: approvedBy?.id ?? null,
    };
    const saved = submitted(order, lines.totals, outcome, approvedBy ? approvedBy.username : order.approvedBy, lines.items, paid);
    await recordAudit(trx, actorOfCaller(caller), { action: 'ORDER_SUBMIT', targetType: 'order', targetId: order.id, after: auditedCheckout(saved) });
    const answer = { success: true, message: waits ? 'Order waits for a manager to approve its payments' : 'Order submitted', order: saved };
    if (input.idempotencyKey !== undefined) await repo.insertSubmitAnswer(trx, storeId, order.id, input.idempotencyKey, serialize(answer), requestHash(input));
    // Last, so the rows every sale of the store updates (its counters, ledger totals and
    // the vendor's balance) stay locked for as short a time as possible.
    if (!waits) await postSale(trx, storeId, { id: order.id, orderNumber: order.orderNumber, total: plan.total }, payments, caller.user.id, lines.vendorLines);
    await repo.saveOutcome(trx, storeId, order.id, lines.totals, outcome);
    return answer;
  });
}

type SubmitAnswer = { success: boolean; message: string; order: Awaited<ReturnType<typeof loadOrder>> };

/** A first answer kept with its idempotency key, as it was answered; 409 when it answered another request. */
function answered({ answer, requestHash: kept }: repo.KeptSubmit, input: SubmitOrderInput): SubmitAnswer {
  if (!sameRequest(kept, requestHash(input))) throw new AppError('CONFLICT', IDEMPOTENCY_KEY_REUSED);
  return answer instanceof Uint8Array ? (deserialize(answer) as SubmitAnswer) : superjson.deserialize<SubmitAnswer>(answer);
}

/**
 * The submitted order as loadOrder will read it once the submit's statements have run:
 * the order as locked with what saveOutcome stores over it (its time is the
 * transaction's, `now`), and the lines and payments as written. A draft has no refunds,
 * so a completed one answers none and each line none refunded.
 */
function submitted(
  locked: repo.OrderRow & { now: Date },
  totals: repo.OrderTotals,
  outcome: repo.Outcome,
  approvedBy: string | null,
  items: repo.LineRow[],
  payments: repo.PaymentRow[],
): Awaited<ReturnType<typeof loadOrder>> {
  // A Date of its own per field, as the database answers them (a shared one would send
  // the stored answer to superjson's slow path for its referential equality).
  const now = () => new Date(locked.now.getTime());
  const order = {
    id: locked.id,
    orderNumber: locked.orderNumber,
    customerName: outcome.customerName ?? locked.customerName,
    status: outcome.status,
    subtotal: totals.subtotal,
    discount: totals.discount,
    tax1: totals.tax1,
    tax2: totals.tax2,
    tax3: totals.tax3,
    total: totals.total,
    createdAt: locked.createdAt,
    updatedAt: now(),
    customerFees: outcome.customerFees,
    amountPaid: outcome.amountPaid,
    changeDue: outcome.changeDue,
    approvedBy,
    approvedAt: outcome.approvedBy !== null ? now() : locked.approvedAt,
    completedAt: outcome.status === 'COMPLETED' ? now() : locked.completedAt,
    cancelledAt: locked.cancelledAt,
    cancelReason: locked.cancelReason,
    items,
    payments: payments.map(({ vendorFeePercent: _fee, ...p }) => p),
  };
  if (order.status !== 'COMPLETED') return order;
  return { ...order, refunds: [], items: items.map((l) => ({ ...l, refundedQuantity: 0n })) };
}

/** How a saved line is named in a message: its description, else its item code, else its id. */
function savedLineLabel(line: repo.LineRow): string {
  return line.description || line.itemCode || `line ${line.id}`;
}

/**
 * The submitted lines merged over the saved ones (see mergeLine), empty lines dropped,
 * each within the business limits. A saved line listed twice is refused (400, naming
 * it): counted twice, it would post twice for one stored line.
 */
async function mergedLines(db: Db, storeId: number, input: SubmitOrderInput): Promise<{ id: number | undefined; fields: LineFields; item: ItemRow | undefined }[]> {
  const saved = input.items.some((item) => item.id !== undefined)
    ? new Map((await repo.listLines(db, storeId, input.orderId)).map((line) => [String(line.id), line]))
    : new Map<string, repo.LineRow>();
  const listed = new Set<string>();
  const merged: { id: number | undefined; fields: LineFields }[] = [];
  for (const item of input.items) {
    const savedLine = item.id !== undefined ? saved.get(String(item.id)) : undefined;
    if (item.id !== undefined && !savedLine) throw new AppError('NOT_FOUND', LINE_NOT_FOUND);
    if (savedLine) {
      if (listed.has(String(savedLine.id))) throw new AppError('BAD_REQUEST', `${savedLineLabel(savedLine)} is listed twice: give each line of the order once`);
      listed.add(String(savedLine.id));
    }
    merged.push({ id: item.id, fields: mergeLine(savedLine ? savedFields(savedLine) : BLANK_LINE, item) });
  }
  // A scanned line sells its item (404 for an unknown number, 409 once sold).
  const numbers = merged.flatMap((m) => (m.fields.itemNumber ? [m.fields.itemNumber] : []));
  const items = numbers.length > 0 ? await itemsForLines(db, storeId, numbers) : new Map<string, ItemRow>();
  const kept: { id: number | undefined; fields: LineFields; item: ItemRow | undefined }[] = [];
  for (const m of merged) {
    const bound = m.fields.itemNumber ? items.get(m.fields.itemNumber) : undefined;
    const fields = fromItem(m.fields, bound);
    if (isLineEmpty({ itemCode: fields.itemCode, description: fields.description, price: fields.price })) continue;
    assertLineWithinLimits(fields);
    kept.push({ id: m.id, fields, item: bound });
  }
  if (kept.length === 0) throw new AppError('BAD_REQUEST', 'An order needs at least one line with an item code, a description or a price');
  return kept;
}

/**
 * Whether the submitted order would move money out (packages/domain's movesMoneyOut),
 * read before the submit's transaction so a manager's approval is checked outside it;
 * the transaction decides again on the lines it saves.
 */
async function submitMovesMoneyOut(db: Db, storeId: number, input: SubmitOrderInput): Promise<boolean> {
  const values = (await mergedLines(db, storeId, input)).map((k) => lineValues(k.fields, undefined, { defaultVendorCommissionPercent: 0n }));
  return movesMoneyOut(values, sumSavedLines(values).total);
}

/**
 * Saves the submitted lines over the saved ones (see mergeLine), in line order: those
 * with an id updated, the order's other lines removed and the new ones added. Answers
 * the order's lines as listLines would, their totals, and the lines of a vendor's code
 * as the ledger posts them.
 */
async function saveLines(trx: Db, storeId: number, input: SubmitOrderInput, settings: Pick<Settings, 'defaultVendorCommissionPercent'>) {
  const kept = await mergedLines(trx, storeId, input);
  const resolved = await resolveCodes(
    trx,
    storeId,
    kept.flatMap((k) => (k.fields.itemCode ? [k.fields.itemCode] : [])),
  );
  const lines = kept.map((k) => {
    const found = k.fields.itemCode ? resolved.get(k.fields.itemCode.toLowerCase()) : undefined;
    // A code names a stock item or an item code; a line with no code is the store's own sale.
    if (k.fields.itemCode && !found) throw new AppError('BAD_REQUEST', unknownItemCodeMessage(k.fields.itemCode));
    return { id: k.id, found, code: found?.code, values: lineValues(k.fields, found?.code, settings, k.item) };
  });
  const written: { line: repo.WrittenLine; found: ResolvedCode | undefined; code: ItemCode; values: repo.LineValues }[] = [];
  for (const l of lines) {
    if (l.id === undefined) continue;
    const line = await repo.updateLine(trx, storeId, l.id, l.values);
    if (!line) throw new AppError('NOT_FOUND', LINE_NOT_FOUND);
    written.push({ line, found: l.found, code: l.code, values: l.values });
  }
  const added = lines.filter((l) => l.id === undefined);
  const inserted = await repo.replaceLines(
    trx,
    storeId,
    input.orderId,
    written.map((w) => w.line.id),
    added.map((l) => l.values),
  );
  inserted.forEach((line, i) => written.push({ line, found: added[i]!.found, code: added[i]!.code, values: added[i]!.values }));
  written.sort((a, b) => (a.line.id < b.line.id ? -1 : a.line.id > b.line.id ? 1 : 0));
  return {
    totals: sumSavedLines(written.map((w) => w.values)),
    items: written.map((w) => answeredLine(w.line, w.found)),
    vendorLines: written.flatMap(({ line, code, values }): VendorSaleLine[] =>
      code?.vendorId != null
        ? [
            {
              lineId: line.id,
              total: values.total,
              commissionPercent: values.commissionPercent,
              vendorId: BigInt(code.vendorId),
              itemCodeId: code.id,
              receivesSeparateStatement: code.receivesSeparateStatement,
              proportionalCcFee: code.proportionalCcFee,
            },
          ]
        : [],
    ),
  };
}

export const NOT_PENDING = (status: string) => `This order is ${status}: only a PENDING order waits for approval`;

/** A manager completes a PENDING order with the payments it was submitted with. */
export async function approveOrder(caller: Caller, input: { orderId: number; idempotencyKey?: string | undefined }) {
  const { storeId } = caller;
  const { orderId } = input;
  return idempotent(caller.db, { storeId, procedure: '/order/approve', input }, async (trx) => {
    const order = await repo.lockOrder(trx, storeId, orderId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    if (order.status !== 'PENDING') throw new AppError('CONFLICT', NOT_PENDING(order.status));
    await assertDayOpen(trx, storeId);
    const payments = await repo.listPayments(trx, storeId, orderId);
    await complete(trx, storeId, order, payments, caller.user.id);
    await repo.approveOrder(trx, storeId, orderId, caller.user.id);
    const saved = await loadOrder(trx, storeId, orderId);
    await recordAudit(trx, actorOfCaller(caller), { action: 'ORDER_APPROVE', targetType: 'order', targetId: order.id, before: { status: 'PENDING' }, after: auditedCheckout(saved) });
    return { success: true, message: 'Order approved', order: saved };
  });
}

/** Saves a DRAFT's customer name (any other status: 409), so a reload, a cancel or a lookup shows it. */
export async function setCustomerName(db: Db, storeId: number, orderId: number, customerName: string) {
  return db.transaction().execute(async (trx) => {
    const order = await repo.lockOrder(trx, storeId, orderId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    assertEditable(order.status);
    await repo.setCustomerName(trx, storeId, orderId, customerName);
    return { success: true, message: 'OK', customerName };
  });
}

/** Cancels a DRAFT (STORE_STAFF and above) or a PENDING order (STORE_MANAGER and above), with the reason. */
export async function cancelOrder(caller: Caller, input: { orderId: number; reason: string; idempotencyKey?: string | undefined; customerName?: string | undefined }) {
  const { storeId } = caller;
  const { orderId, reason, customerName } = input;
  return idempotent(caller.db, { storeId, procedure: '/order/cancel', input }, async (trx) => {
    const order = await repo.lockOrder(trx, storeId, orderId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    if (order.status !== 'DRAFT' && order.status !== 'PENDING') throw new AppError('CONFLICT', `This order is ${order.status} and can no longer be cancelled`);
    if (order.status === 'PENDING' && !includes(caller.role, 'STORE_MANAGER')) throw new AppError('FORBIDDEN', 'Only a manager may cancel an order that waits for approval');
    // A draft's name as the cashier left it is kept with it; a PENDING order keeps the name it was submitted with.
    await repo.cancelOrder(trx, storeId, orderId, caller.user.id, reason, order.status === 'DRAFT' ? customerName : undefined);
    const saved = await loadOrder(trx, storeId, orderId);
    await recordAudit(trx, actorOfCaller(caller), {
      action: 'ORDER_CANCEL',
      targetType: 'order',
      targetId: order.id,
      before: { status: order.status },
      after: { ...auditedCheckout(saved), reason },
    });
    return { success: true, message: 'Order cancelled', order: saved };
  });
}

export async function fetchOrder(db: Db, storeId: number, orderId: number) {
  return { success: true, order: await loadOrder(db, storeId, orderId) };
}
