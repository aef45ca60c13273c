/**
 * Sign-up, login, logout, password change, creating users and the first administrator:
 * the rules that need more than one repository call (sign-in limits, equal answers for
 * unknown user and wrong password, revoking other sessions, free names and e-mails). The limits are counted here, in the database, so every
 * door, batch, spelling of a path and server process counts alike (docs/API.md).
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '@pos/db';
import type { ZLoginInput, ZPasswordInput, ZSignupInput, LoginOutput } from '@pos/contracts';
import { includes, isValidTimeZone, MESSAGES, type Role } from '@pos/domain';
import type { ApiConfig, Context } from '../../context';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db-errors';
import * as repo from './auth.repository';
import { hashGateFor } from './hash-gate';
import { dummyPasswordHash, hashPassword, hashToken, needsRehash, newToken, verifyPassword } from './tokens';

type LoginResult = z.input<typeof import('@pos/contracts').ZLoginOutput>;

const INVALID_LOGIN = 'Invalid username or password';

/** Runs password hashing under the process's bound; a 503 for a full queue says to retry in a second. */
async function gated<T>(ctx: Context, work: () => Promise<T>): Promise<T> {
  try {
    return await hashGateFor(ctx.config).run(work);
  } catch (error) {
    if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') ctx.setResponseHeader('retry-after', '1');
    throw error;
  }
}

/** A password hashed under the process's bound on concurrent hashing. */
export function hashPasswordGated(ctx: Context, password: string): Promise<string> {
  return gated(ctx, () => hashPassword(password, ctx.config.scryptCost));
}

function tooMany(ctx: Context, seconds: number, what: string): AppError {
  ctx.setResponseHeader('retry-after', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  return new AppError('TOO_MANY_REQUESTS', `${what} Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`);
}

/**
 * Records an attempt in its key's turn (an (account, address) pair; an address's
 * sign-ups): the attempts of one key are numbered and committed one after another, so
 * each one counts every attempt numbered before it, however many arrive at once.
 */
function recordAttemptInTurn(ctx: Context, key: string, attempt: Parameters<typeof repo.recordAttempt>[1]): Promise<bigint> {
  return ctx.db.transaction().execute(async (trx) => {
    await repo.takeAttemptTurn(trx, key);
    return repo.recordAttempt(trx, attempt);
  });
}

const lastPruned = new WeakMap<ApiConfig, number>();

/** Deletes old attempt records and dead sessions, at most once per prune interval per process. */
async function pruneNow(ctx: Context): Promise<void> {
  const now = Date.now();
  const last = lastPruned.get(ctx.config);
  if (last !== undefined && now - last < ctx.config.pruneIntervalMs) return;
  lastPruned.set(ctx.config, now);
  const { failureWindowMs, signupWindowMs } = ctx.config.signInLimits;
  await repo.pruneAuthRecords(ctx.db, Math.max(failureWindowMs, signupWindowMs));
}

/**
 * Checks a password under the sign-in limits. The attempt is recorded (pending, in its
 * pair's turn) before anything else, so simultaneous attempts on one (account, address)
 * pair (a batch, several processes) count each other in the order they were recorded
 * and no more than the limit are ever checked; it is refused with 429 while the pair, or
 * the address across accounts, already holds its limit of failures within the window.
 * Then a wrong password is kept as a failure, a right one forgets the pair's failures,
 * and a refusal or an error records nothing.
 * Pending attempts do not count toward the address limit, so many tills signing in at
 * once from one address are never refused.
 */
async function passwordMatches(ctx: Context, account: string, password: string, storedHash: string | null, authorized = true): Promise<boolean> {
  const limits = ctx.config.signInLimits;
  const attemptId = await recordAttemptInTurn(ctx, `pair ${account} ${ctx.ip}`, { kind: 'pending', account, address: ctx.ip });
  let outcome: 'failure' | 'success' | 'none' = 'none';
  try {
    const wait =
      (await repo.secondsUntilUnder(ctx.db, { kinds: ['pending', 'failure'], address: ctx.ip, account }, limits.failuresPerAccountAddress, limits.failureWindowMs, attemptId)) ??
      (await repo.secondsUntilUnder(ctx.db, { kinds: ['failure'], address: ctx.ip }, limits.failuresPerAddress, limits.failureWindowMs, attemptId));
    if (wait !== null) throw tooMany(ctx, wait, 'Too many failed sign-in attempts.');
    const valid = await gated(ctx, () => verifyPassword(password, storedHash ?? dummyPasswordHash(ctx.config.scryptCost)));
    outcome = valid && storedHash !== null && authorized ? 'success' : 'failure';
    return outcome === 'success';
  } finally {
    if (outcome === 'success') await repo.clearPairFailures(ctx.db, attemptId, account, ctx.ip);
    else if (outcome === 'failure') await repo.markFailure(ctx.db, attemptId);
    else await repo.forgetAttempt(ctx.db, attemptId).catch(() => undefined);
  }
}

export const MANAGER_APPROVAL_FAILED = 'Manager approval failed';

/**
 * A manager's approval given at the till: the credentials of a user who holds
 * STORE_MANAGER or a role including it in this store. Checked under the sign-in limits
 * like a login of that account from this address; a wrong password, an unknown name or
 * a user without the role is counted as a failed sign-in and answered 403. The count is
 * written on its own connection, so it stays when the caller's transaction rolls back.
 * Answers the approving user.
 */
export async function verifyManagerApproval(ctx: Context, storeId: number, approval: { usernameOrEmail: string; password: string }): Promise<{ id: bigint; username: string }> {
  await pruneNow(ctx);
  const name = approval.usernameOrEmail.toLowerCase();
  const user = await repo.findUserByLogin(ctx.db, name);
  const account = user ? `user:${user.id}` : `name:${name}`;
  const authorized = user ? (await repo.storeRolesOf(ctx.db, user.id, storeId)).some((role) => includes(role, 'STORE_MANAGER')) : false;
  const matches = await passwordMatches(ctx, account, approval.password, user?.passwordHash ?? null, authorized);
  if (!user || !matches) throw new AppError('FORBIDDEN', MANAGER_APPROVAL_FAILED);
  return { id: user.id, username: user.username };
}

/**
 * Opens a session for the user and answers as /login does; a user whose password a manager
 * reset is answered `mustChangePassword: true` (they change it before any store work).
 */
export async function startSession(ctx: Context, user: { id: bigint; username: string; email: string; mustChangePassword?: boolean }, message: string): Promise<LoginResult> {
  const token = newToken();
  await repo.insertSession(ctx.db, { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ctx.config.sessionTtlMs) });
  const roles = await repo.listAssignments(ctx.db, user.id);
  ctx.setSessionCookie(token, ctx.config.sessionTtlMs);
  const answer = { success: true, message, userId: user.id, username: user.username, email: user.email, token, roles };
  return user.mustChangePassword ? { ...answer, mustChangePassword: true } : answer;
}

/**
 * The account whose username or e-mail and password these are, checked under the sign-in
 * limits as a login is (401 for a wrong pair, 429 past the limits, 403 for a disabled
 * account); a password hashed at an older cost is rehashed.
 */
export async function verifyCredentials(ctx: Context, input: z.output<typeof ZLoginInput>): Promise<repo.UserRow> {
  await pruneNow(ctx);
  const name = input.usernameOrEmail.toLowerCase();
  const user = await repo.findUserByLogin(ctx.db, name);
  // Failures count per account, however it is named (username or e-mail, any case);
  // for a name no account has, per name.
  const account = user ? `user:${user.id}` : `name:${name}`;
  const matches = await passwordMatches(ctx, account, input.password, user?.passwordHash ?? null);
  if (!user || !matches) throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
  if (user.disabled) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED);
  if (needsRehash(user.passwordHash, ctx.config.scryptCost)) {
    await repo.updatePasswordHash(ctx.db, user.id, await hashPasswordGated(ctx, input.password), user.mustChangePassword);
  }
  return user;
}

export const ACCOUNT_DISABLED = 'This account is disabled: ask your store manager';

export async function login(ctx: Context, input: z.output<typeof ZLoginInput>): Promise<LoginResult> {
  return startSession(ctx, await verifyCredentials(ctx, input), 'Login successful');
}

/**
 * Counts a new account made from the caller's address (a sign-up, an invitation accepted
 * with a new account); 429 past the limit of sign-ups per address, recording nothing.
 */
export async function countSignup(ctx: Context): Promise<void> {
  await pruneNow(ctx);
  const { signupsPerAddress, signupWindowMs } = ctx.config.signInLimits;
  const attemptId = await recordAttemptInTurn(ctx, `signup ${ctx.ip}`, { kind: 'signup', address: ctx.ip });
  const wait = await repo.secondsUntilUnder(ctx.db, { kinds: ['signup'], address: ctx.ip }, signupsPerAddress, signupWindowMs, attemptId);
  if (wait !== null) {
    await repo.forgetAttempt(ctx.db, attemptId);
    throw tooMany(ctx, wait, 'Too many sign-ups from this address.');
  }
}

export async function signup(ctx: Context, input: z.output<typeof ZSignupInput>): Promise<LoginResult> {
  await countSignup(ctx);
  const passwordHash = await hashPasswordGated(ctx, input.password);
  const timeZone = input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : 'UTC';
  const user = await ctx.db.transaction().execute(async (trx) => {
    const storeId = await repo.insertStore(trx, input.storeName, timeZone);
    const userId = await createUser(trx, { username: input.username, email: input.email, passwordHash }, { storeId, role: 'STORE_OWNER' });
    return { id: userId, username: input.username, email: input.email };
  });
  return startSession(ctx, user, 'Signup successful');
}

/**
 * Creates a user holding one role in one store, inside the caller's transaction (sign-up,
 * a staff member added, the first administrator). A username or e-mail already taken,
 * case-insensitively, is a 409 that says which, also when another call takes it at the
 * same moment.
 */
export async function createUser(
  trx: Kysely<Database>,
  user: { username: string; email: string; passwordHash: string },
  assignment: { storeId: bigint | number; role: Role; vendorId?: bigint | null },
): Promise<bigint> {
  const taken = await repo.usernameOrEmailTaken(trx, user.username, user.email);
  if (taken) throw takenError(taken);
  try {
    const userId = await repo.insertUser(trx, user);
    await repo.insertRoleAssignment(trx, { ...assignment, userId });
    return userId;
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_lower')) throw takenError('username');
    if (isUniqueViolation(error, 'users_email_lower')) throw takenError('email');
    throw error;
  }
}

function takenError(what: 'username' | 'email'): AppError {
  return new AppError('CONFLICT', what === 'username' ? 'Username is already taken' : 'Email is already registered');
}

/** A wrong current password counts as a failed sign-in of the account from this address. */
export async function changePassword(ctx: Context & { user: { id: bigint }; sessionId: bigint }, input: z.output<typeof ZPasswordInput>) {
  const user = await repo.findUserById(ctx.db, ctx.user.id);
  if (!user || !(await passwordMatches(ctx, `user:${user.id}`, input.currentPassword, user.passwordHash))) {
    throw new AppError('BAD_REQUEST', 'Current password is incorrect');
  }
  const passwordHash = await hashPasswordGated(ctx, input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    // The user's own new password: a reset's must-change is met.
    await repo.updatePasswordHash(trx, ctx.user.id, passwordHash, false);
    await repo.revokeOtherSessions(trx, ctx.user.id, ctx.sessionId);
  });
  return { success: true, message: MESSAGES.passwordChanged };
}

export async function logout(ctx: Context & { sessionId: bigint }) {
  await repo.revokeSession(ctx.db, ctx.sessionId);
  ctx.setSessionCookie(null);
  return { success: true, message: 'Logged out' };
}

export type { LoginOutput };

/** The first administrator's account, from ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD. */
export interface AdminSeed {
  username: string;
  email: string;
  password: string;
}

/**
 * A start-up duty: creates the first ABSOLUTE_ADMIN once, if no user has its username,
 * holding the role on the platform store.
 */
export async function ensureAdmin(db: Kysely<Database>, seed: AdminSeed, scryptCost: number): Promise<'created' | 'exists'> {
  const existing = await repo.findUserByLogin(db, seed.username);
  if (existing) return 'exists';
  const passwordHash = await hashPassword(seed.password, scryptCost);
  await db.transaction().execute(async (trx) => {
    const storeId = await repo.findPlatformStoreId(trx);
    await createUser(trx, { username: seed.username, email: seed.email, passwordHash }, { storeId, role: 'ABSOLUTE_ADMIN' });
  });
  return 'created';
}
