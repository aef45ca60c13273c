/**
 * Completing a paid order inside its checkout's (or approval's) transaction: its stocked
 * units taken (none below zero), its items sold, its vendor lines posted to the ledger
 * with what each payment applied, and its balanced journal written by the books.
 */
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '@pos/db';
import { vendorFeePercentOf, type SalePaymentForBooks } from '@pos/domain';
import { AppError } from '../../errors';
import { journalSale, saleJournalWrites } from '../books/books.service';
import { sellOrderItems } from '../item/item.service';
import { entriesWrites, type VendorSaleLine } from '../ledger/ledger.repository';
import { orderSaleEntries, postOrderSale } from '../ledger/ledger.service';
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
 * What completing a paid order writes to the ledger and the books, computed before any
 * of it is written: the parts of the one statement that also saves the order's outcome
 * (order.repository's saveOutcome; run it through refusingOverflow). Same entries and
 * journal as postSale.
 */
export async function saleWrites(
  trx: Db,
  storeId: number,
  order: CompletedOrder,
  payments: readonly (SalePayment & SalePaymentForBooks)[],
  userId: bigint,
  vendorLines?: readonly VendorSaleLine[],
): Promise<RawBuilder<unknown>[]> {
  const entries = await orderSaleEntries(
    trx,
    storeId,
    order,
    payments.map((p) => ({ applied: p.applied, vendorFeePercent: vendorFeePercentOf(p) })),
    userId,
    vendorLines,
  );
  const journal = await saleJournalWrites(trx, storeId, order, entries, payments, userId);
  const ledger = entriesWrites(storeId, entries);
  return ledger ? [ledger, journal] : [journal];
}

/**
 * Completes a paid order inside the caller's transaction: takes its stocked units (none
 * below zero), posts its vendor lines to the ledger with what each payment applied.
 */
export async function complete(trx: Db, storeId: number, order: CompletedOrder, payments: readonly SalePayment[], userId: bigint) {
  await takeStock(trx, storeId, order, userId);
  await postSale(trx, storeId, order, payments, userId);
}
