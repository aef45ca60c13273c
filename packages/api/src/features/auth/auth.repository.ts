/**
 * Users, role assignments, sessions and sign-in attempts: all the SQL of identity.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { Role } from '@pos/domain';
import { compiledByShape, inStore, inStoreSlot } from '../../db-helpers';

type Db = Kysely<Database>;

export interface UserRow {
  id: bigint;
  username: string;
  email: string;
  passwordHash: string;
  mustChangePassword: boolean;
  disabled: boolean;
}

const USER_COLUMNS = ['id', 'username', 'email', 'password_hash as passwordHash', 'must_change_password as mustChangePassword', sql<boolean>`disabled_at is not null`.as('disabled')] as const;

export async function findUserByLogin(db: Db, usernameOrEmail: string): Promise<UserRow | undefined> {
  const key = usernameOrEmail.trim().toLowerCase();
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', key), eb(sql`lower(email)`, '=', key)]))
    .orderBy(sql`lower(username) = ${key}`, 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findUserById(db: Db, userId: bigint | number): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', BigInt(userId)).executeTakeFirst();
}

export async function insertUser(db: Db, user: { username: string; email: string; passwordHash: string }): Promise<bigint> {
  const row = await db
    .insertInto('users')
    .values({ username: user.username, email: user.email, password_hash: user.passwordHash })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function usernameOrEmailTaken(db: Db, username: string, email: string): Promise<'username' | 'email' | null> {
  const rows = await db
    .selectFrom('users')
    .select([sql<boolean>`lower(username) = ${username.toLowerCase()}`.as('sameName')])
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb(sql`lower(email)`, '=', email.toLowerCase())]))
    .execute();
  if (rows.some((r) => r.sameName)) return 'username';
  return rows.length > 0 ? 'email' : null;
}

/** A new password: `mustChange` when a manager set it (the user changes it at the next sign-in). */
export async function updatePasswordHash(db: Db, userId: bigint | number, passwordHash: string, mustChange = false): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, must_change_password: mustChange }).where('id', '=', BigInt(userId)).execute();
}

/** Ends every session of a user (disabled, or their password reset by a manager). */
export async function revokeAllSessions(db: Db, userId: bigint | number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', BigInt(userId)).where('revoked_at', 'is', null).execute();
}

export async function insertStore(db: Db, name: string, timeZone = 'UTC'): Promise<bigint> {
  const row = await db.insertInto('stores').values({ name, time_zone: timeZone }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findPlatformStoreId(db: Db): Promise<bigint> {
  const row = await db.selectFrom('stores').select('id').where('is_platform', '=', true).executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRoleAssignment(db: Db, a: { storeId: bigint | number; userId: bigint | number; role: Role; vendorId?: bigint | null }): Promise<void> {
  await db
    .insertInto('role_assignments')
    .values({ store_id: BigInt(a.storeId), user_id: BigInt(a.userId), role: a.role, vendor_id: a.vendorId ?? null })
    .execute();
}

export interface AssignmentRow {
  storeId: bigint;
  storeName: string;
  role: Role;
  vendorId?: bigint;
  vendorName?: string;
}

/** A user's role assignments, oldest first (the first becomes current after login). */
export async function listAssignments(db: Db, userId: bigint | number): Promise<AssignmentRow[]> {
  const rows = await db
    .selectFrom('role_assignments as ra')
    .innerJoin('stores as s', 's.id', 'ra.store_id')
    .leftJoin('vendors as v', 'v.id', 'ra.vendor_id')
    .select(['ra.store_id as storeId', 's.name as storeName', 'ra.role', 'ra.vendor_id as vendorId', 'v.trade_name as vendorName'])
    .where('ra.user_id', '=', BigInt(userId))
    .orderBy('ra.id')
    .execute();
  // Only a VENDOR assignment names a vendor.
  return rows.map(({ vendorId, vendorName, ...r }) => ({ ...r, role: r.role as Role, ...(vendorId !== null ? { vendorId, vendorName: vendorName ?? '' } : {}) }));
}

/** The roles a user holds in one store. */
export async function storeRolesOf(db: Db, userId: bigint | number, storeId: number): Promise<Role[]> {
  const rows = await db.selectFrom('role_assignments').select('role').where('user_id', '=', BigInt(userId)).where(inStore(storeId)).execute();
  return rows.map((r) => r.role as Role);
}

export async function insertSession(db: Db, s: { userId: bigint | number; tokenHash: string; expiresAt: Date }): Promise<bigint> {
  const row = await db
    .insertInto('sessions')
    .values({ user_id: BigInt(s.userId), token_hash: s.tokenHash, expires_at: s.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface SessionIdentity {
  sessionId: bigint;
  userId: bigint;
  username: string;
  email: string;
  lastUsedAt: Date;
  holdsRole: boolean;
  /** The vendor of a claimed VENDOR assignment the user holds (else null). */
  vendorId: bigint | null;
  mustChangePassword: boolean;
}

/**
 * The live session behind a token hash and, in the same round trip, whether its user
 * holds the claimed (storeId, role) right now: a revoked role stops working at once.
 */
export async function findSessionIdentity(
  db: Db,
  tokenHash: string,
  claim: { storeId: number; role: Role } | null,
): Promise<SessionIdentity | undefined> {
  const shape = claim === null ? 'none' : claim.role === 'VENDOR' ? 'vendor' : 'role';
  const { rows } = await sessionStatement(db, shape, tokenHash, claim ? BigInt(claim.storeId) : null, claim?.role ?? null);
  return rows[0];
}

/**
 * Every signed-in call runs it, so it is compiled once per shape: 'none' (no claim),
 * 'role' (a store role claimed), 'vendor' (VENDOR claimed; the assignment's vendor too).
 */
const sessionStatement = compiledByShape((_db: Db, shape: string, tokenHash: string, store: bigint | null, role: string | null) => {
  const holds =
    shape === 'none'
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from role_assignments ra where ra.user_id = s.user_id and ${inStoreSlot(store!, 'ra')} and ra.role = ${role})`;
  const vendor =
    shape === 'vendor'
      ? sql<bigint | null>`(select ra.vendor_id from role_assignments ra where ra.user_id = s.user_id and ${inStoreSlot(store!, 'ra')} and ra.role = 'VENDOR')`
      : sql<bigint | null>`null::int8`;
  return sql<SessionIdentity>`
    select s.id as "sessionId", s.user_id as "userId", u.username, u.email, s.last_used_at as "lastUsedAt", ${holds} as "holdsRole", ${vendor} as "vendorId",
      u.must_change_password as "mustChangePassword"
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > now()`;
});

export async function touchSession(db: Db, sessionId: bigint): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: sql`now()` }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Db, sessionId: bigint): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeOtherSessions(db: Db, userId: bigint | number, keepSessionId: bigint): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', BigInt(userId))
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export type AttemptKind = 'pending' | 'failure' | 'signup';

export interface AttemptMatch {
  kinds: readonly AttemptKind[];
  address: string;
  /** Only this account's attempts; every account's when absent. */
  account?: string;
}

/** Records an attempt (a sign-in failure, or a sign-up) now; answers its id. */
export async function recordAttempt(db: Db, a: { kind: AttemptKind; address: string; account?: string }): Promise<bigint> {
  const row = await db
    .insertInto('auth_attempts')
    .values({ kind: a.kind, address: a.address, account: a.account ?? '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Waits, inside the caller's transaction, until no other transaction is recording an
 * attempt of the same key, and holds the key until the caller's transaction ends.
 */
export async function takeAttemptTurn(db: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('auth_attempts'), hashtext(${key}))`.execute(db);
}

export async function forgetAttempt(db: Db, id: bigint): Promise<void> {
  await db.deleteFrom('auth_attempts').where('id', '=', id).execute();
}

/** A pending attempt whose password was wrong: kept as a failure. */
export async function markFailure(db: Db, id: bigint): Promise<void> {
  await db.updateTable('auth_attempts').set({ kind: 'failure' }).where('id', '=', id).execute();
}

/**
 * Seconds until fewer than `limit` matching attempts recorded before attempt `ownId`
 * fall within the window, or null when there are fewer already: the `limit`-th newest
 * one must leave the window first. Counting only earlier attempts lets simultaneous
 * ones through in the order they were recorded, up to the limit.
 */
export async function secondsUntilUnder(db: Db, match: AttemptMatch, limit: number, windowMs: number, ownId: bigint): Promise<number | null> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  let query = db
    .selectFrom('auth_attempts')
    .select(sql<number>`greatest(1, ceil(extract(epoch from (attempted_at + ${window} - now()))))::int`.as('seconds'))
    .where('kind', 'in', match.kinds)
    .where('address', '=', match.address)
    .where('id', '<', ownId)
    .where('attempted_at', '>', sql<Date>`now() - ${window}`);
  if (match.account !== undefined) query = query.where('account', '=', match.account);
  const row = await query
    .orderBy('attempted_at', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.seconds) : null;
}

/** A successful sign-in forgets its own attempt and the failures of its (account, address) pair. */
export async function clearPairFailures(db: Db, ownId: bigint, account: string, address: string): Promise<void> {
  await db
    .deleteFrom('auth_attempts')
    .where((eb) => eb.or([eb('id', '=', ownId), eb.and([eb('kind', '=', 'failure'), eb('account', '=', account), eb('address', '=', address)])]))
    .execute();
}

/** Rows deleted per table per pruning, so one pruning never holds the tables long. */
const PRUNE_BATCH = 10_000;

/**
 * Deletes attempts older than `keepMs` (no limit looks that far back), and sessions that
 * expired or were revoked more than a day ago; answers how many of each went.
 */
export async function pruneAuthRecords(db: Db, keepMs: number): Promise<{ attempts: number; sessions: number }> {
  const attempts = await db
    .deleteFrom('auth_attempts')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('auth_attempts')
        .select('id')
        .where('attempted_at', '<', sql<Date>`now() - make_interval(secs => ${keepMs / 1000})`)
        .limit(PRUNE_BATCH),
    )
    .executeTakeFirst();
  const sessions = await db
    .deleteFrom('sessions')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id')
        .where((w) => w.or([w('expires_at', '<', sql<Date>`now()`), w('revoked_at', '<', sql<Date>`now() - interval '1 day'`)]))
        .limit(PRUNE_BATCH),
    )
    .executeTakeFirst();
  return { attempts: Number(attempts.numDeletedRows), sessions: Number(sessions.numDeletedRows) };
}
