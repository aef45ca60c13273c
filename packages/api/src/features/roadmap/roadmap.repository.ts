/** Roadmap entries: all their SQL, always within the caller's store. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { RoadmapEntryInput } from '@pos/contracts';
import { inStore } from '../../db-helpers';

type Db = Kysely<Database>;

const COLUMNS = [
  'id',
  'title',
  'description',
  'requestor',
  'estimated_completion as estimatedCompletion',
  'actual_completion as actualCompletion',
  'status',
] as const;

function values(e: RoadmapEntryInput) {
  return {
    title: e.title,
    description: e.description,
    requestor: e.requestor,
    estimated_completion: e.estimatedCompletion,
    actual_completion: e.actualCompletion,
    status: e.status,
  };
}

export async function listEntries(db: Db, storeId: number) {
  return db.selectFrom('roadmap_entries').select(COLUMNS).where(inStore(storeId)).orderBy('estimated_completion').orderBy('id').execute();
}

export async function insertEntry(db: Db, storeId: number, e: RoadmapEntryInput) {
  return db.insertInto('roadmap_entries').values({ store_id: BigInt(storeId), ...values(e) }).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function updateEntry(db: Db, storeId: number, id: number, e: RoadmapEntryInput) {
  return db
    .updateTable('roadmap_entries')
    .set({ ...values(e), updated_at: sql`now()` })
    .where('id', '=', BigInt(id))
    .where(inStore(storeId))
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteEntry(db: Db, storeId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('roadmap_entries').where('id', '=', BigInt(id)).where(inStore(storeId)).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
