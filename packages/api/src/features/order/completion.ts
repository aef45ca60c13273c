/**
 * Completing a paid order inside its checkout's (or approval's) transaction: its stocked
 * units taken (none below zero), its items sold, its vendor lines posted to the ledger
 * with what each payment applied, and its balanced journal written by the books.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { vendorFeePercentOf } from '@pos/domain';
import { AppError } from '../../errors';
import { journalSale } from '../books/books.service';
import { sellOrderItems } from '../item/item.service';
import type { VendorSaleLine } from '../ledger/ledger.repository';
import { postOrderSale } from '../ledger/ledger.service';
import * as repo from './order.repository';

type Db = Kysely<Database>;
/**
 * The order being completed, as the ledger and the books name it; `completedAt` when it
 * completed at another time than now (an offline sale's time of sale), which dates its
 * entries and its journal's business day.
 */
type CompletedOrder = { id: bigint; orderNumber: string; total: bigint; completedAt?: Date | undefined };
/** A payment of the order: what it applied, and whether (and at what percent) vendors share its card fee. */
type SalePayment = { applied: bigint; vendorFeePercent: bigint; isCash: boolean };

/** Takes a completed order's stocked units; none may go below zero. */
export async function takeStock(trx: Db, storeId: number, order: { id: bigint; orderNumber: string }, userId: bigint) {
  const taken = await repo.takeStock(trx, storeId, order.id, `Sold on order ${order.orderNumber}`, userId);
  const short = taken.find((t) => t.quantityAfter < 0n);
  if (short) throw new AppError('BAD_REQUEST', `Only ${short.quantityAfter + short.quantity} of ${short.sku} in stock`);
  await sellOrderItems(trx, storeId, order.id, userId);
}

/** Posts a completed order's vendor lines to the ledger with what each payment applied, then its journal in the books. */
export async function postSale(trx: Db, storeId: number, order: CompletedOrder, payments: readonly SalePayment[], userId: bigint, vendorLines?: readonly VendorSaleLine[]) {
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
export async function complete(trx: Db, storeId: number, order: CompletedOrder, payments: readonly SalePayment[], userId: bigint) {
  await takeStock(trx, storeId, order, userId);
  await postSale(trx, storeId, order, payments, userId);
}
