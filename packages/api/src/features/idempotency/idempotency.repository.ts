/** Idempotency keys of the calls that move money (docs/API.md, Idempotency). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { inStore } from '../../db-helpers';

type Db = Kysely<Database>;

export interface KeyScope {
  storeId: number;
  /** The procedure's REST path. */
  procedure: string;
  key: string;
}

/**
 * Makes calls with one key take turns until the transaction ends (a transaction-level
 * advisory lock on the store, procedure and key), so the second reads the first's key.
 */
export async function lockKey(db: Db, scope: KeyScope): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('idempotency'), hashtext(${`${scope.storeId} ${scope.procedure} ${scope.key}`}))`.execute(db);
}

/** The hash of the request and the first answer kept with this key, or undefined. */
export async function findKey(db: Db, scope: KeyScope): Promise<{ requestHash: Uint8Array; answer: Uint8Array } | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash as requestHash', 'answer'])
    .where(inStore(scope.storeId))
    .where('procedure', '=', scope.procedure)
    .where('key', '=', scope.key)
    .executeTakeFirst();
}

export async function insertKey(db: Db, scope: KeyScope, requestHash: Uint8Array, answer: Uint8Array): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({ store_id: scope.storeId, procedure: scope.procedure, key: scope.key, request_hash: requestHash, answer })
    .execute();
}
