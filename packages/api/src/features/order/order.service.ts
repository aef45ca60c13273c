/**
 * The order rules that span several repository calls: numbering
 * with a fresh draft, saving a line (recomputed with the domain's arithmetic, linked to
 * the store's item code when its code names one), submitting (empty lines dropped,
 * totals recomputed, COMPLETED), and read-only once no longer a draft.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { SubmitLine, SubmitOrderInput, UpdateLineInput } from '@pos/contracts';
import {
  assertLineWithinLimits,
  assertOrderWithinLimits,
  computeLine,
  isLineEmpty,
  isOrderEditable,
  presetLineTaxes,
  vendorShare,
  type StoreTax,
} from '@pos/domain';
import { AppError } from '../../errors';
import { findItemCodeByTag } from '../itemcode/itemcode.repository';
import { getSettings } from '../store/store.repository';
import * as repo from './order.repository';
import * as refundRepo from './refund.repository';

type Db = Kysely<Database>;
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

/**
 * A line's stored values, every amount recomputed here; client amounts are ignored. The
 * commission is the line's item code's, or the store's default vendor commission for a
 * code the store does not know.
 */
async function lineValues(db: Db, storeId: number, input: LineFields, settings: Settings): Promise<repo.LineValues> {
  assertLineWithinLimits(input);
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
  const code = input.itemCode ? await findItemCodeByTag(db, storeId, input.itemCode) : undefined;
  const commissionPercent = code?.defaultCommissionPercent ?? settings.defaultVendorCommissionPercent;
  return {
    itemCode: input.itemCode,
    itemCodeId: code?.id ?? null,
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

export async function loadOrder(db: Db, storeId: number, orderId: bigint | number) {
  const order = await repo.findOrder(db, storeId, orderId);
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return withRefunds(db, storeId, { ...order, items: await repo.listLines(db, storeId, orderId) });
}

/** An order with its refunds and each line's units refunded (none before a refund). */
async function withRefunds<O extends { id: bigint; status: string; items: { id: bigint }[] }>(db: Db, storeId: number, order: O) {
  if (order.status !== 'COMPLETED' && order.status !== 'REFUNDED') return { ...order, refunds: [], items: order.items.map((l) => ({ ...l, refundedQuantity: 0n })) };
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
      const lineId = await repo.insertLine(trx, storeId, orderId, emptyLine(settings));
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
async function saveTotals(db: Db, storeId: number, orderId: bigint | number, extra?: Parameters<typeof repo.refreshOrderTotals>[3]) {
  const totals = await repo.refreshOrderTotals(db, storeId, orderId, extra);
  assertOrderWithinLimits(totals);
  return totals;
}

export async function updateLine(db: Db, storeId: number, input: UpdateLineInput) {
  return db.transaction().execute(async (trx) => {
    const found = await repo.findLineOrder(trx, storeId, input.orderLineId);
    if (!found) throw new AppError('NOT_FOUND', LINE_NOT_FOUND);
    assertEditable(found.status);
    const settings = await getSettings(trx, storeId);
    await repo.updateLine(trx, storeId, input.orderLineId, await lineValues(trx, storeId, { ...input, description: input.itemDescription }, settings));
    const newOrderLineId = input.createNewLine ? await repo.insertLine(trx, storeId, found.orderId, emptyLine(settings)) : null;
    const summary = await saveTotals(trx, storeId, found.orderId);
    const ids = newOrderLineId ? [BigInt(input.orderLineId), newOrderLineId] : [BigInt(input.orderLineId)];
    const lines = await repo.listLines(trx, storeId, found.orderId, ids);
    return {
      success: true,
      message: 'OK',
      line: lines.find((l) => l.id === BigInt(input.orderLineId))!,
      newOrderLineId,
      newLine: lines.find((l) => l.id === newOrderLineId) ?? null,
      summary,
    };
  });
}

/** A blank line: what a submitted line without an id starts from. */
const BLANK_LINE: LineFields = {
  itemCode: '',
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

export async function submitOrder(db: Db, storeId: number, input: SubmitOrderInput) {
  return db.transaction().execute(async (trx) => {
    const order = await repo.lockOrder(trx, storeId, input.orderId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    assertEditable(order.status);
    const settings = await getSettings(trx, storeId);
    const saved = new Map((await repo.listLines(trx, storeId, input.orderId)).map((line) => [String(line.id), line]));
    const kept: bigint[] = [];
    for (const item of input.items) {
      const savedLine = item.id !== undefined ? saved.get(String(item.id)) : undefined;
      if (item.id !== undefined && !savedLine) throw new AppError('NOT_FOUND', LINE_NOT_FOUND);
      const fields = mergeLine(savedLine ? savedFields(savedLine) : BLANK_LINE, item);
      if (isLineEmpty({ itemCode: fields.itemCode, description: fields.description, price: fields.price })) continue;
      const values = await lineValues(trx, storeId, fields, settings);
      if (item.id !== undefined) {
        await repo.updateLine(trx, storeId, item.id, values);
        kept.push(BigInt(item.id));
      } else {
        kept.push(await repo.insertLine(trx, storeId, input.orderId, values));
      }
    }
    if (kept.length === 0) throw new AppError('BAD_REQUEST', 'An order needs at least one line with an item code, a description or a price');
    await repo.deleteLinesExcept(trx, storeId, input.orderId, kept);
    await saveTotals(trx, storeId, input.orderId, { ...(input.customerName !== undefined ? { customerName: input.customerName } : {}), complete: true });
    return { success: true, message: 'Order submitted', order: await loadOrder(trx, storeId, input.orderId) };
  });
}

export async function fetchOrder(db: Db, storeId: number, orderId: number) {
  return { success: true, order: await loadOrder(db, storeId, orderId) };
}
