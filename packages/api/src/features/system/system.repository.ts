/** Platform-wide reads for the system roles: stores and users across every store. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';

type Db = Kysely<Database>;

export async function countStores(db: Db): Promise<bigint> {
  const row = await db.selectFrom('stores').select((eb) => eb.fn.countAll<bigint>().as('n')).where('is_platform', '=', false).executeTakeFirstOrThrow();
  return row.n;
}

export async function countUsers(db: Db): Promise<bigint> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
  return row.n;
}

/** Stores with a completed order in the last 30 days. */
export async function countActiveStores(db: Db): Promise<bigint> {
  const row = await db
    .selectFrom('stores as s')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('s.is_platform', '=', false)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('orders as o')
          .select('o.id')
          .whereRef('o.store_id', '=', 's.id')
          .where('o.status', '=', 'COMPLETED')
          .where('o.completed_at', '>', sql<Date>`now() - interval '30 days'`),
      ),
    )
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function listStores(db: Db, page: number, pageSize: number) {
  return db
    .selectFrom('stores as s')
    .select([
      's.id',
      's.name',
      's.time_zone as timeZone',
      's.created_at as createdAt',
      (eb) =>
        eb
          .selectFrom('role_assignments as ra')
          .select(sql<bigint>`count(distinct ra.user_id)`.as('n'))
          .whereRef('ra.store_id', '=', 's.id')
          .as('userCount'),
    ])
    .where('s.is_platform', '=', false)
    .orderBy('s.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}

export async function listUsers(db: Db, page: number, pageSize: number) {
  const users = await db
    .selectFrom('users')
    .select(['id as userId', 'username', 'email', 'created_at as createdAt'])
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  if (users.length === 0) return [];
  const assignments = await db
    .selectFrom('role_assignments as ra')
    .innerJoin('stores as s', 's.id', 'ra.store_id')
    .select(['ra.user_id as userId', 'ra.store_id as storeId', 's.name as storeName', 'ra.role'])
    .where(
      'ra.user_id',
      'in',
      users.map((u) => u.userId),
    )
    .orderBy('ra.id')
    .execute();
  return users.map((u) => ({ ...u, roles: assignments.filter((a) => a.userId === u.userId) }));
}
