/**
 * Staff rules: an owner grants any store role, a manager only STORE_STAFF (the same
 * rule for revoking); the last owner stays. Anyone may leave a store role of their own,
 * but the last owner of a store. Each change records its audit event in its own
 * transaction: the user's username and roles in the store before and after.
 */
import type { z } from 'zod';
import type { ZAddStaffInput, ZAddStoreInput, ZAssignStaffInput, ZLeaveStoreInput, ZResetStaffPasswordInput, ZRevokeStaffInput, ZSetStaffDisabledInput } from '@pos/contracts';
import { canGrantRole, type Role, type StoreRole } from '@pos/domain';
import type { Context } from '../../context';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db-errors';
import * as auth from '../auth/auth.repository';
import { createUser, hashPasswordGated } from '../auth/auth.service';
import { actorOf, recordAudit, type Actor } from '../audit/audit.service';
import * as repo from './staff.repository';
import { getTimeZone } from '../store/store.repository';

type StaffCtx = Context & { storeId: number; role: Role; user: { id: bigint } };
type Db = Context['db'];

/**
 * Records a change of one user's roles in the actor's store, read back after the change
 * inside its transaction: the roles before are those now, with `role` put back (for a
 * grant, taken out).
 */
async function recordRoleChange(trx: Db, actor: Actor, action: 'STAFF_ADD' | 'STAFF_ASSIGN' | 'STAFF_REVOKE' | 'STAFF_LEAVE', userId: bigint | number, role: StoreRole) {
  const now = await repo.memberRoles(trx, actor.storeId, userId);
  if (!now) throw new Error(`user ${userId} vanished inside its own staff change`);
  const granted = action === 'STAFF_ADD' || action === 'STAFF_ASSIGN';
  const rolesBefore = granted ? now.roles.filter((r) => r !== role) : [...now.roles, role];
  const after = { username: now.username, roles: [...now.roles].sort() };
  const before = action === 'STAFF_ADD' ? null : { username: now.username, roles: rolesBefore.sort() };
  await recordAudit(trx, actor, { action, targetType: 'user', targetId: userId, before, after });
}

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
  const passwordHash = await hashPasswordGated(ctx, input.password);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const id = await createUser(trx, { username: input.username, email: input.email, passwordHash }, { storeId: ctx.storeId, role: input.staffRole });
    await recordRoleChange(trx, actorOf(ctx), 'STAFF_ADD', id, input.staffRole);
    return id;
  });
  return { success: true, message: `${input.username} added as ${input.staffRole}`, member: await member(ctx, userId) };
}

/**
 * Gives an existing user a role here. The answer names the user only by what the
 * caller typed: a caller who knows a username learns no e-mail, and the reverse.
 */
export async function assignStaff(ctx: StaffCtx, input: z.output<typeof ZAssignStaffInput>) {
  assertMayGrant(ctx, input.staffRole);
  const user = await auth.findUserByLogin(ctx.db, input.usernameOrEmail);
  if (!user) throw new AppError('NOT_FOUND', 'No user with that username or e-mail');
  const byUsername = user.username.toLowerCase() === input.usernameOrEmail.toLowerCase();
  const typed = byUsername ? user.username : user.email;
  await ctx.db.transaction().execute(async (trx) => {
    try {
      await auth.insertRoleAssignment(trx, { storeId: ctx.storeId, userId: user.id, role: input.staffRole });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', `${typed} already holds ${input.staffRole} in this store`);
      throw error;
    }
    await recordRoleChange(trx, actorOf(ctx), 'STAFF_ASSIGN', user.id, input.staffRole);
  });
  const row = await member(ctx, user.id);
  const named = row && (byUsername ? { userId: row.userId, username: row.username, roles: row.roles } : { userId: row.userId, email: row.email, roles: row.roles });
  return { success: true, message: `${typed} now holds ${input.staffRole}`, member: named };
}

/**
 * Deletes one assignment inside the caller's transaction; the store's owner rows are
 * locked first, so two owners leaving or revoking each other cannot both pass.
 */
async function removeAssignment(trx: Db, storeId: number, userId: bigint | number, role: StoreRole, messages: { lastOwner: string; notHeld: string }) {
  if (role === 'STORE_OWNER') {
    const owners = await repo.lockAndCountOwners(trx, storeId);
    const isOwner = await repo.holdsRole(trx, storeId, userId, 'STORE_OWNER');
    if (isOwner && owners <= 1) throw new AppError('CONFLICT', messages.lastOwner);
  }
  const removed = await repo.deleteAssignment(trx, storeId, userId, role);
  if (removed === 0) throw new AppError('NOT_FOUND', messages.notHeld);
}

export async function revokeStaff(ctx: StaffCtx, input: z.output<typeof ZRevokeStaffInput>) {
  assertMayGrant(ctx, input.staffRole);
  await ctx.db.transaction().execute(async (trx) => {
    await removeAssignment(trx, ctx.storeId, input.userId, input.staffRole, {
      lastOwner: 'The last owner cannot be revoked',
      notHeld: 'That user does not hold that role in this store',
    });
    await recordRoleChange(trx, actorOf(ctx), 'STAFF_REVOKE', input.userId, input.staffRole);
  });
  return { success: true, message: `${input.staffRole} revoked`, member: await member(ctx, input.userId) };
}

export const LAST_OWNER_LEAVING = 'You are the last owner of this store and cannot leave it; make someone else an owner first';

export async function leaveStore(ctx: Context & { user: { id: bigint } }, input: z.output<typeof ZLeaveStoreInput>) {
  const { storeId, role } = input.assignment;
  await ctx.db.transaction().execute(async (trx) => {
    await removeAssignment(trx, storeId, ctx.user.id, role, { lastOwner: LAST_OWNER_LEAVING, notHeld: 'You do not hold that role in that store' });
    // Whoever leaves acts in the store and role they give up.
    await recordRoleChange(trx, { storeId, userId: ctx.user.id, role }, 'STAFF_LEAVE', ctx.user.id, role);
  });
  return { success: true, message: `You no longer hold ${role} in that store`, roles: await auth.listAssignments(ctx.db, ctx.user.id) };
}

/**
 * An owner opens another store: the store (in the zone given, else the current store's)
 * and the caller as its STORE_OWNER, recorded in the new store's audit trail; the answer
 * carries the caller's assignments for the stored session.
 */
export async function addStore(ctx: Context & { user: { id: bigint }; storeId: number }, input: z.output<typeof ZAddStoreInput>) {
  const timeZone = input.timeZone ?? (await getTimeZone(ctx.db, ctx.storeId));
  const storeId = await ctx.db.transaction().execute(async (trx) => {
    const id = await auth.insertStore(trx, input.storeName, timeZone);
    await auth.insertRoleAssignment(trx, { storeId: id, userId: ctx.user.id, role: 'STORE_OWNER' });
    await recordRoleChange(trx, { storeId: Number(id), userId: ctx.user.id, role: 'STORE_OWNER' }, 'STAFF_ADD', ctx.user.id, 'STORE_OWNER');
    return id;
  });
  return {
    success: true,
    message: `Store ${input.storeName} opened; you are its owner`,
    store: { id: storeId, name: input.storeName, timeZone },
    roles: await auth.listAssignments(ctx.db, ctx.user.id),
  };
}

/**
 * A member this caller may reset or disable: someone else, holding roles here only (a
 * manager of one store does not lock a person out of another), each a role the caller
 * may grant (a manager acts on staff, an owner on anyone but themselves).
 */
async function manageableMember(ctx: StaffCtx, trx: Db, userId: number) {
  if (BigInt(userId) === ctx.user.id) throw new AppError('FORBIDDEN', 'Change your own password on the Account page; you cannot disable yourself');
  const found = await repo.memberRoles(trx, ctx.storeId, userId);
  if (!found || found.roles.length === 0) throw new AppError('NOT_FOUND', 'That user is not a member of this store');
  for (const role of found.roles) {
    if (!canGrantRole(ctx.role, role)) throw new AppError('FORBIDDEN', `A ${ctx.role} may not reset or disable a ${role}`);
  }
  if (await repo.holdsRoleElsewhere(trx, ctx.storeId, userId)) throw new AppError('FORBIDDEN', 'That user also works in another store: an administrator resets or disables them');
  return found;
}

/** Gives a member a temporary password; they must change it at the next sign-in, and their sessions end. */
export async function resetStaffPassword(ctx: StaffCtx, input: z.output<typeof ZResetStaffPasswordInput>) {
  const passwordHash = await hashPasswordGated(ctx, input.password);
  const username = await ctx.db.transaction().execute(async (trx) => {
    const found = await manageableMember(ctx, trx, input.userId);
    await auth.updatePasswordHash(trx, input.userId, passwordHash, true);
    await auth.revokeAllSessions(trx, input.userId);
    await recordAudit(trx, actorOf(ctx), { action: 'STAFF_PASSWORD_RESET', targetType: 'user', targetId: input.userId, before: null, after: { username: found.username, mustChangePassword: true } });
    return found.username;
  });
  return { success: true, message: `${username}'s password was reset: they change it at their next sign-in`, member: await member(ctx, input.userId) };
}

/** Disables a member (they cannot sign in; their sessions end) or enables them again. */
export async function setStaffDisabled(ctx: StaffCtx, input: z.output<typeof ZSetStaffDisabledInput>) {
  const username = await ctx.db.transaction().execute(async (trx) => {
    const found = await manageableMember(ctx, trx, input.userId);
    const was = await repo.setUserDisabled(trx, input.userId, input.disabled);
    if (input.disabled) await auth.revokeAllSessions(trx, input.userId);
    if (was !== input.disabled) {
      await recordAudit(trx, actorOf(ctx), {
        action: input.disabled ? 'STAFF_DISABLE' : 'STAFF_ENABLE',
        targetType: 'user',
        targetId: input.userId,
        before: { username: found.username, disabled: was },
        after: { username: found.username, disabled: input.disabled },
      });
    }
    return found.username;
  });
  return { success: true, message: input.disabled ? `${username} is disabled` : `${username} is enabled`, member: await member(ctx, input.userId) };
}
