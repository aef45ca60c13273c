/**
 * The order rules of CONTRACT 4 and 5 that span several repository calls: numbering
 * with a fresh draft, saving a line (recomputed with the domain's arithmetic, linked to
 * the store's item code when its code names one), submitting (empty lines dropped,
 * totals recomputed, COMPLETED), and read-only once no longer a draft.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { SubmitLine, UpdateLineInput } from '@pos/contracts';
import { computeLine, isLineEmpty, vendorShare } from '@pos/domain';
import { AppError } from '../../errors';
import { findItemCodeByTag } from '../itemcode/itemcode.repository';
import { getSettings } from '../store/store.repository';
import * as repo from './order.repository';

type Db = Kysely<Database>;
type Settings = Awaited<ReturnType<typeof getSettings>>;

const EDITABLE = new Set(['DRAFT', 'PENDING']);
export const ORDER_NOT_FOUND = 'No such order in this store';
export const LINE_NOT_FOUND = 'No such order line in this store';
/** Attempts at a free number when settings moved the counter back onto used numbers. */
const NUMBER_ATTEMPTS = 1000;

function assertEditable(status: string) {
  if (!EDITABLE.has(status)) throw new AppError('CONFLICT', `This order is ${status} and can no longer be edited`);
}

/** A fresh line: quantity 1, price zero, taxes preset from each enabled tax's applyByDefault. */
function emptyLine(settings: Settings): repo.LineValues {
  const preset = (n: 1 | 2 | 3): repo.TaxValues => {
    const on = settings[`tax${n}Enabled`] && settings[`tax${n}ApplyByDefault`];
    return { enabled: on, percent: on ? settings[`tax${n}Percent`] : 0n, amount: 0n, description: on ? settings[`tax${n}ShortName`] : '' };
  };
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
    taxes: [preset(1), preset(2), preset(3)],
    commissionPercent: settings.defaultVendorCommissionPercent,
    vendorShare: 0n,
  };
}

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

/**
 * A line's stored values, every amount recomputed here; client amounts are ignored. The
 * commission is the line's item code's, or the store's default vendor commission for a
 * code the store does not know.
 */
async function lineValues(db: Db, storeId: number, input: LineFields, settings: Settings): Promise<repo.LineValues> {
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

async function loadOrder(db: Db, storeId: number, orderId: bigint | number) {
  const order = await repo.findOrder(db, storeId, orderId);
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return { ...order, items: await repo.listLines(db, storeId, orderId) };
}

export async function nextOrder(db: Db, storeId: number, userId: bigint) {
  return db.transaction().execute(async (trx) => {
    const settings = await getSettings(trx, storeId);
    for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
      const orderNumber = await repo.allocateOrderNumber(trx, storeId);
      const orderId = await repo.insertOrder(trx, storeId, orderNumber, userId);
      if (orderId === undefined) continue;
      const lineId = await repo.insertLine(trx, storeId, orderId, emptyLine(settings));
      await repo.refreshOrderTotals(trx, storeId, orderId);
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

export async function updateLine(db: Db, storeId: number, input: UpdateLineInput) {
  return db.transaction().execute(async (trx) => {
    const found = await repo.findLineOrder(trx, storeId, input.orderLineId);
    if (!found) throw new AppError('NOT_FOUND', LINE_NOT_FOUND);
    assertEditable(found.status);
    const settings = await getSettings(trx, storeId);
    await repo.updateLine(trx, storeId, input.orderLineId, await lineValues(trx, storeId, { ...input, description: input.itemDescription }, settings));
    const newOrderLineId = input.createNewLine ? await repo.insertLine(trx, storeId, found.orderId, emptyLine(settings)) : null;
    const summary = await repo.refreshOrderTotals(trx, storeId, found.orderId);
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

function submittedLine(item: SubmitLine): LineFields {
  return { ...item, description: item.description || item.itemDescription || '' };
}

export async function submitOrder(db: Db, storeId: number, input: { orderId: number; customerName: string; items: SubmitLine[] }) {
  return db.transaction().execute(async (trx) => {
    const order = await repo.lockOrder(trx, storeId, input.orderId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    assertEditable(order.status);
    const settings = await getSettings(trx, storeId);
    const existing = new Set((await repo.lineIdsOfOrder(trx, storeId, input.orderId)).map(String));
    const kept: bigint[] = [];
    for (const item of input.items) {
      const fields = submittedLine(item);
      if (isLineEmpty({ itemCode: fields.itemCode, description: fields.description, price: fields.price })) continue;
      if (item.id !== undefined && !existing.has(String(item.id))) throw new AppError('NOT_FOUND', LINE_NOT_FOUND);
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
    await repo.refreshOrderTotals(trx, storeId, input.orderId, { customerName: input.customerName, complete: true });
    return { success: true, message: 'Order submitted', order: await loadOrder(trx, storeId, input.orderId) };
  });
}

export async function fetchOrder(db: Db, storeId: number, orderId: number) {
  return { success: true, order: await loadOrder(db, storeId, orderId) };
}
