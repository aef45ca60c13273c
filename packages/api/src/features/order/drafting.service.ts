/**
 * Drafting an order at the till: a fresh draft under the store's next free number with
 * one empty line, saving a line (recomputed with the domain's arithmetic, linked to the
 * store's item code when its code names one, a scanned item's fields over the typed
 * ones), and the customer's name. Only a DRAFT is changed; every save stores the
 * order's totals, refused beyond the business limits.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { UpdateLineInput } from '@pos/contracts';
import { assertLineWithinLimits, assertOrderWithinLimits } from '@pos/domain';
import { AppError } from '../../errors';
import { itemsForLines } from '../item/item.service';
import { getSettings } from '../store/store.repository';
import { answeredLine, assertEditable, emptyLine, fromItem, lineCode, lineValues } from './order-lines';
import { LINE_NOT_FOUND, loadOrder, ORDER_NOT_FOUND } from './order-read';
import * as repo from './order.repository';

type Db = Kysely<Database>;

/** Attempts at a free number when settings moved the counter back onto used numbers. */
const NUMBER_ATTEMPTS = 1000;

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
    return { success: true, message: 'OK', line: answeredLine(written, resolved), newOrderLineId: newLine?.id ?? null, newLine, summary };
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
