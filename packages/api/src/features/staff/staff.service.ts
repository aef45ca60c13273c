/**
 * Staff rules of CONTRACT 5: an owner grants any store role, a manager only
 * STORE_STAFF (the same rule for revoking); the last owner stays.
 */
import type { z } from 'zod';
import type { ZAddStaffInput, ZAssignStaffInput, ZRevokeStaffInput } from '@pos/contracts';
import { canGrantRole, type Role } from '@pos/domain';
import type { Context } from '../../context';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db-errors';
import * as auth from '../auth/auth.repository';
import { takenError } from '../auth/auth.service';
import { hashPassword } from '../auth/tokens';
import * as repo from './staff.repository';

type StaffCtx = Context & { storeId: number; role: Role };

function assertMayGrant(ctx: StaffCtx, target: Role) {
  if (!canGrantRole(ctx.role, target)) {
    throw new AppError('FORBIDDEN', `A ${ctx.role} may not grant or revoke ${target}`);
  }
}

async function member(ctx: StaffCtx, userId: bigint | number) {
  const [row] = await repo.listStaff(ctx.db, ctx.storeId, userId);
  return row ?? null;
}

export async function addStaff(ctx: StaffCtx, input: z.output<typeof ZAddStaffInput>) {
  assertMayGrant(ctx, input.staffRole);
  const passwordHash = await hashPassword(input.password, ctx.config.scryptCost);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const taken = await auth.usernameOrEmailTaken(trx, input.username, input.email);
    if (taken) throw takenError(taken);
    try {
      const id = await auth.insertUser(trx, { username: input.username, email: input.email, passwordHash });
      await auth.insertRoleAssignment(trx, { storeId: ctx.storeId, userId: id, role: input.staffRole });
      return id;
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_lower')) throw takenError('username');
      if (isUniqueViolation(error, 'users_email_lower')) throw takenError('email');
      throw error;
    }
  });
  return { success: true, message: `${input.username} added as ${input.staffRole}`, member: await member(ctx, userId) };
}

export async function assignStaff(ctx: StaffCtx, input: z.output<typeof ZAssignStaffInput>) {
  assertMayGrant(ctx, input.staffRole);
  const user = await auth.findUserByLogin(ctx.db, input.usernameOrEmail);
  if (!user) throw new AppError('NOT_FOUND', 'No user with that username or e-mail');
  try {
    await auth.insertRoleAssignment(ctx.db, { storeId: ctx.storeId, userId: user.id, role: input.staffRole });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', `${user.username} already holds ${input.staffRole} in this store`);
    throw error;
  }
  return { success: true, message: `${user.username} now holds ${input.staffRole}`, member: await member(ctx, user.id) };
}

export async function revokeStaff(ctx: StaffCtx, input: z.output<typeof ZRevokeStaffInput>) {
  assertMayGrant(ctx, input.staffRole);
  await ctx.db.transaction().execute(async (trx) => {
    if (input.staffRole === 'STORE_OWNER') {
      const owners = await repo.lockAndCountOwners(trx, ctx.storeId);
      const isOwner = await repo.holdsRole(trx, ctx.storeId, input.userId, 'STORE_OWNER');
      if (isOwner && owners <= 1) throw new AppError('CONFLICT', 'The last owner cannot be revoked');
    }
    const removed = await repo.deleteAssignment(trx, ctx.storeId, input.userId, input.staffRole);
    if (removed === 0) throw new AppError('NOT_FOUND', 'That user does not hold that role in this store');
  });
  return { success: true, message: `${input.staffRole} revoked`, member: await member(ctx, input.userId) };
}
