/**
 * Sign-up, login, logout and password change: the rules of CONTRACT 2 that need more
 * than one repository call (throttling, equal answers for unknown user and wrong
 * password, revoking other sessions).
 */
import type { z } from 'zod';
import type { ZLoginInput, ZPasswordInput, ZSignupInput, LoginOutput } from '@pos/contracts';
import { isValidTimeZone } from '@pos/domain';
import type { Context } from '../../context';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db-errors';
import * as repo from './auth.repository';
import { DUMMY_PASSWORD_HASH, hashPassword, hashToken, newToken, verifyPassword } from './tokens';

type LoginResult = z.input<typeof import('@pos/contracts').ZLoginOutput>;

const INVALID_LOGIN = 'Invalid username or password';

export async function startSession(ctx: Context, user: { id: bigint; username: string; email: string }, message: string): Promise<LoginResult> {
  const token = newToken();
  await repo.insertSession(ctx.db, { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ctx.config.sessionTtlMs) });
  const roles = await repo.listAssignments(ctx.db, user.id);
  ctx.setSessionCookie(token, ctx.config.sessionTtlMs);
  return { success: true, message, userId: user.id, username: user.username, email: user.email, token, roles };
}

export async function login(ctx: Context, input: z.output<typeof ZLoginInput>): Promise<LoginResult> {
  const name = input.usernameOrEmail.toLowerCase();
  const user = await repo.findUserByLogin(ctx.db, name);
  // Failures count per account, however it is named (username or e-mail, any case);
  // for a name no account has, per name.
  const identifier = user ? `user:${user.id}` : `name:${name}`;
  const failures = await repo.countRecentLoginFailures(ctx.db, identifier, ctx.config.loginFailureWindowMs);
  if (failures >= ctx.config.loginFailureLimit) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many failed login attempts. Please wait a few minutes and try again.');
  }
  const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !valid) {
    await repo.recordLoginFailure(ctx.db, identifier);
    throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
  }
  if (failures > 0) await repo.clearLoginFailures(ctx.db, identifier);
  return startSession(ctx, user, 'Login successful');
}

export async function signup(ctx: Context, input: z.output<typeof ZSignupInput>): Promise<LoginResult> {
  const passwordHash = await hashPassword(input.password, ctx.config.scryptCost);
  const user = await ctx.db.transaction().execute(async (trx) => {
    const taken = await repo.usernameOrEmailTaken(trx, input.username, input.email);
    if (taken) throw takenError(taken);
    try {
      const storeId = await repo.insertStore(trx, input.storeName, input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : 'UTC');
      const userId = await repo.insertUser(trx, { username: input.username, email: input.email, passwordHash });
      await repo.insertRoleAssignment(trx, { storeId, userId, role: 'STORE_OWNER' });
      return { id: userId, username: input.username, email: input.email };
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_lower')) throw takenError('username');
      if (isUniqueViolation(error, 'users_email_lower')) throw takenError('email');
      throw error;
    }
  });
  return startSession(ctx, user, 'Signup successful');
}

export function takenError(what: 'username' | 'email'): AppError {
  return new AppError('CONFLICT', what === 'username' ? 'Username is already taken' : 'Email is already registered');
}

export async function changePassword(ctx: Context & { user: { id: bigint }; sessionId: bigint }, input: z.output<typeof ZPasswordInput>) {
  if (input.newPassword !== input.confirmPassword) throw new AppError('BAD_REQUEST', 'New passwords do not match');
  const user = await repo.findUserById(ctx.db, ctx.user.id);
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError('BAD_REQUEST', 'Current password is incorrect');
  }
  const passwordHash = await hashPassword(input.newPassword, ctx.config.scryptCost);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updatePasswordHash(trx, ctx.user.id, passwordHash);
    await repo.revokeOtherSessions(trx, ctx.user.id, ctx.sessionId);
  });
  return { success: true, message: 'Password changed successfully' };
}

export async function logout(ctx: Context & { sessionId: bigint }) {
  await repo.revokeSession(ctx.db, ctx.sessionId);
  ctx.setSessionCookie(null);
  return { success: true, message: 'Logged out' };
}

export type { LoginOutput };
