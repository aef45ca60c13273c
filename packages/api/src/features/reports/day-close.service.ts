/**
 * A closed day stays closed (docs/SETTLEMENT.md): money that would land on a business
 * day already closed is refused, and the till asks whether today is closed. Apart from
 * reports.service.ts, so the ledger and the order services use it without a cycle.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { dayClosedMessage } from '@pos/contracts';
import { AppError } from '../../errors';
import { devicesWaiting } from '../offline/offline.repository';
import * as repo from './reports.repository';

type Db = Kysely<Database>;

/**
 * Refuses money moved on a business day that was closed (docs/SETTLEMENT.md, A closed
 * day stays closed): 409, inside the caller's transaction, which then holds the day's
 * lock shared until it commits, so a close that starts meanwhile waits and counts it.
 * `at`: the time the money moved when it is not now (an offline sale's time of sale),
 * whose business day must be open.
 */
export async function assertDayOpen(trx: Db, storeId: number, at: Date | null = null): Promise<void> {
  await repo.lockDayShared(trx, storeId);
  const { today, closed } = await repo.todayStatus(trx, storeId, at);
  if (closed) throw new AppError('CONFLICT', dayClosedMessage(today));
}

/**
 * The store's business day now and whether it was closed: what the till shows before a
 * sale; and the devices that reported offline sales not yet sent (the close warns).
 */
export async function dayStatus(db: Db, storeId: number) {
  const { today, closed } = await repo.todayStatus(db, storeId);
  return { success: true, today, closed, message: closed ? dayClosedMessage(today) : null, devicesWaiting: await devicesWaiting(db, storeId) };
}
