/**
 * The offline till's SQL (docs/ARCHITECTURE.md, The offline till): devices, their
 * blocks of order numbers, and the offline sales received. Always within the caller's store.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { inStore } from '../../db-helpers';

type Db = Kysely<Database>;

/** Devices whose last report had sales not yet sent, the longest waiting first. */
export async function devicesWaiting(db: Db, storeId: number) {
  return db
    .selectFrom('devices')
    .select(['name as deviceName', 'pending', 'oldest_pending_at as oldestPendingAt', 'reported_at as reportedAt'])
    .where(inStore(storeId))
    .where('pending', '>', 0)
    .where('reported_at', 'is not', null)
    .orderBy('oldest_pending_at')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, reportedAt: r.reportedAt ?? new Date(0) })));
}
