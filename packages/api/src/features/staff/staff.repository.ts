/** The store's people: who holds which role in one store. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { Role } from '@pos/domain';
import { inStore } from '../../db-helpers';

type Db = Kysely<Database>;

export interface StaffRow {
  userId: bigint;
  username: string;
  email: string;
  roles: Role[];
  disabled: boolean;
  mustChangePassword: boolean;
}

export async function listStaff(db: Db, storeId: number, onlyUserId?: bigint | number): Promise<StaffRow[]> {
  let query = db
    .selectFrom('role_assignments as ra')
    .innerJoin('users as u', 'u.id', 'ra.user_id')
    .select([
      'u.id as userId',
      'u.username',
      'u.email',
      sql<Role[]>`array_agg(ra.role order by ra.role)`.as('roles'),
      sql<boolean>`u.disabled_at is not null`.as('disabled'),
      'u.must_change_password as mustChangePassword',
    ])
    .where(inStore(storeId, 'ra'))
    .groupBy(['u.id', 'u.username', 'u.email', 'u.disabled_at', 'u.must_change_password'])
    .orderBy(sql`lower(u.username)`);
  if (onlyUserId !== undefined) query = query.where('u.id', '=', BigInt(onlyUserId));
  return query.execute();
}

/** A user's username and the roles they hold in one store (none: an empty list); undefined for no such user. */
export async function memberRoles(db: Db, storeId: number, userId: bigint | number): Promise<{ username: string; roles: Role[] } | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('role_assignments as ra', (join) => join.onRef('ra.user_id', '=', 'u.id').on(inStore(storeId, 'ra')))
    .select(['u.username', sql<Role[]>`coalesce(array_agg(ra.role order by ra.role) filter (where ra.role is not null), '{}')`.as('roles')])
    .where('u.id', '=', BigInt(userId))
    .groupBy('u.username')
    .executeTakeFirst();
}

export async function holdsRole(db: Db, storeId: number, userId: bigint | number, role: Role): Promise<boolean> {
  const row = await db
    .selectFrom('role_assignments')
    .select('id')
    .where(inStore(storeId))
    .where('user_id', '=', BigInt(userId))
    .where('role', '=', role)
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks the store's owner assignments (so two revocations cannot both pass) and counts them. */
export async function lockAndCountOwners(db: Db, storeId: number): Promise<number> {
  const rows = await db
    .selectFrom('role_assignments')
    .select('id')
    .where(inStore(storeId))
    .where('role', '=', 'STORE_OWNER')
    .forUpdate()
    .execute();
  return rows.length;
}

export async function deleteAssignment(db: Db, storeId: number, userId: bigint | number, role: Role): Promise<number> {
  const result = await db
    .deleteFrom('role_assignments')
    .where(inStore(storeId))
    .where('user_id', '=', BigInt(userId))
    .where('role', '=', role)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether the user holds a role in a store other than this one (a manager here may not disable or reset them). */
export async function holdsRoleElsewhere(db: Db, storeId: number, userId: bigint | number): Promise<boolean> {
  const row = await db
    .selectFrom('role_assignments')
    .select('id')
    .where('user_id', '=', BigInt(userId))
    .where('store_id', '<>', BigInt(storeId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Disables a user (stamping when) or enables them again; answers whether they were disabled before. */
export async function setUserDisabled(db: Db, userId: bigint | number, disabled: boolean): Promise<boolean> {
  const before = await db.selectFrom('users').select(sql<boolean>`disabled_at is not null`.as('disabled')).where('id', '=', BigInt(userId)).forUpdate().executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ disabled_at: disabled ? sql`coalesce(disabled_at, now())` : null })
    .where('id', '=', BigInt(userId))
    .execute();
  return before.disabled;
}
