/**
 * Staff (who may grant and revoke which store role) and who may call what: every role rule of the staff
 * procedures, the cross-store rule, and the claim checks every role procedure shares.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@pos/db';
import type { StoreRole } from '@pos/domain';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, loginAs, signUpOwner, uniqueName, type ApiHarness, type Person } from '../../../test/factories';

let handle: DbHandle;
let h: ApiHarness;
beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle.close());

function newStaff(staffRole: StoreRole) {
  const username = uniqueName('staff');
  return { username, email: `${username}@example.test`, password: 'staff password', staffRole };
}

describe('an owner builds the team', () => {
  it('adds a manager, a cashier and an accountant; each logs in holding exactly that role', async () => {
    const owner = await signUpOwner(h);
    for (const staffRole of ['STORE_MANAGER', 'STORE_STAFF', 'STORE_ACCOUNTANT'] as const) {
      const input = newStaff(staffRole);
      const added = await h.as(owner).staff.add(input);
      expect(added).toMatchObject({ success: true, member: { username: input.username, email: input.email, roles: [staffRole] } });

      const login = await h.call().auth.login({ usernameOrEmail: input.email, password: input.password });
      expect(login.roles).toEqual([{ storeId: owner.storeId, storeName: owner.storeName, role: staffRole }]);
      expect(login.userId).toBe(added.member!.userId);
    }
    const list = await h.as(owner).staff.list();
    expect(list.staff.map((m) => m.roles).sort()).toEqual([['STORE_ACCOUNTANT'], ['STORE_MANAGER'], ['STORE_OWNER'], ['STORE_STAFF']]);
  });

  it('may add another owner', async () => {
    const owner = await signUpOwner(h);
    const second = await addStaff(h, owner, 'STORE_OWNER');
    await expect(h.as(second).staff.list()).resolves.toMatchObject({ success: true });
  });

  it('answers 409 when the new username or e-mail is taken anywhere, and 400 for a short password', async () => {
    const owner = await signUpOwner(h);
    const elsewhere = await signUpOwner(h);
    expect(await failureOf(h.as(owner).staff.add({ ...newStaff('STORE_STAFF'), username: elsewhere.username.toUpperCase() }))).toMatchObject({
      status: 409,
      message: 'Username is already taken',
    });
    expect(await failureOf(h.as(owner).staff.add({ ...newStaff('STORE_STAFF'), email: elsewhere.email }))).toMatchObject({
      status: 409,
      message: 'Email is already registered',
    });
    expect(await failureOf(h.as(owner).staff.add({ ...newStaff('STORE_STAFF'), password: 'short' }))).toMatchObject({ status: 400 });
    expect((await h.as(owner).staff.list()).staff).toHaveLength(1);
  });
});

describe('what each store role may do with staff', () => {
  let owner: Person;
  let manager: Person;
  let cashier: Person;
  let accountant: Person;
  beforeAll(async () => {
    owner = await signUpOwner(h);
    manager = await addStaff(h, owner, 'STORE_MANAGER');
    cashier = await addStaff(h, owner, 'STORE_STAFF');
    accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
  });

  it('a manager lists staff and adds a STORE_STAFF', async () => {
    const input = newStaff('STORE_STAFF');
    await expect(h.as(manager).staff.add(input)).resolves.toMatchObject({ member: { roles: ['STORE_STAFF'] } });
    const list = await h.as(manager).staff.list();
    expect(list.staff.map((m) => m.username)).toContain(input.username);
  });

  it('a manager may not grant any other role (403) and nothing is created', async () => {
    for (const staffRole of ['STORE_MANAGER', 'STORE_ACCOUNTANT', 'STORE_OWNER'] as const) {
      const input = newStaff(staffRole);
      expect(await failureOf(h.as(manager).staff.add(input))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(await h.db.selectFrom('users').select('id').where('username', '=', input.username).executeTakeFirst()).toBeUndefined();
      expect(await failureOf(h.as(manager).staff.assign({ usernameOrEmail: cashier.username, staffRole }))).toMatchObject({ status: 403 });
    }
  });

  it('a manager may revoke STORE_STAFF but not another manager or the owner (403)', async () => {
    const temp = await addStaff(h, manager, 'STORE_STAFF');
    await expect(h.as(manager).staff.revoke({ userId: temp.userId, staffRole: 'STORE_STAFF' })).resolves.toMatchObject({ success: true, member: null });
    const otherManager = await addStaff(h, owner, 'STORE_MANAGER');
    expect(await failureOf(h.as(manager).staff.revoke({ userId: otherManager.userId, staffRole: 'STORE_MANAGER' }))).toMatchObject({ status: 403 });
    expect(await failureOf(h.as(manager).staff.revoke({ userId: owner.userId, staffRole: 'STORE_OWNER' }))).toMatchObject({ status: 403 });
  });

  it('a cashier and an accountant can neither list nor add nor change staff (403)', async () => {
    const assignments = () => h.db.selectFrom('role_assignments').select(['user_id', 'role']).where('store_id', '=', BigInt(owner.storeId)).orderBy('id').execute();
    const before = await assignments();
    for (const person of [cashier, accountant]) {
      expect(await failureOf(h.as(person).staff.list())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(await failureOf(h.as(person).staff.add(newStaff('STORE_STAFF')))).toMatchObject({ status: 403 });
      expect(await failureOf(h.as(person).staff.assign({ usernameOrEmail: owner.username, staffRole: 'STORE_STAFF' }))).toMatchObject({ status: 403 });
      expect(await failureOf(h.as(person).staff.revoke({ userId: cashier.userId, staffRole: 'STORE_STAFF' }))).toMatchObject({ status: 403 });
    }
    expect(await assignments()).toEqual(before);
  });
});

describe('assigning an existing user', () => {
  it('gives a user of another store a role here; their login then lists both stores', async () => {
    const owner = await signUpOwner(h);
    const other = await signUpOwner(h);
    const answer = await h.as(owner).staff.assign({ usernameOrEmail: other.email.toUpperCase(), staffRole: 'STORE_MANAGER' });
    expect(answer).toEqual({ success: true, message: `${other.email} now holds STORE_MANAGER`, member: { userId: other.userId, email: other.email, roles: ['STORE_MANAGER'] } });

    const login = await h.call().auth.login({ usernameOrEmail: other.username, password: other.password });
    expect(login.roles).toEqual([
      { storeId: other.storeId, storeName: other.storeName, role: 'STORE_OWNER' },
      { storeId: owner.storeId, storeName: owner.storeName, role: 'STORE_MANAGER' },
    ]);
    const asManager = await loginAs(h, { usernameOrEmail: other.username, password: other.password }, { storeId: owner.storeId, role: 'STORE_MANAGER' });
    await expect(h.as(asManager).staff.list()).resolves.toMatchObject({ success: true });
  });

  it('answers 409 when the user already holds that role here, 404 for an unknown user', async () => {
    const owner = await signUpOwner(h);
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    expect(await failureOf(h.as(owner).staff.assign({ usernameOrEmail: cashier.username, staffRole: 'STORE_STAFF' }))).toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
    expect(await failureOf(h.as(owner).staff.assign({ usernameOrEmail: uniqueName('ghost'), staffRole: 'STORE_STAFF' }))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    // A second, different role is fine.
    await expect(h.as(owner).staff.assign({ usernameOrEmail: cashier.username, staffRole: 'STORE_ACCOUNTANT' })).resolves.toMatchObject({
      member: { roles: ['STORE_ACCOUNTANT', 'STORE_STAFF'] },
    });
  });
});

describe('what an assignment reveals', () => {
  it('names only the identifier the caller typed: no e-mail for a username, no username for an e-mail', async () => {
    const owner = await signUpOwner(h);
    // An e-mail that does not contain the username, so each can be looked for alone.
    const stranger = await signUpOwner(h, { email: `${uniqueName('mail')}@example.test` });
    const byName = await h.as(owner).staff.assign({ usernameOrEmail: stranger.username, staffRole: 'STORE_STAFF' });
    expect(byName).toEqual({ success: true, message: `${stranger.username} now holds STORE_STAFF`, member: { userId: stranger.userId, username: stranger.username, roles: ['STORE_STAFF'] } });
    expect(JSON.stringify(byName)).not.toContain(stranger.email);
    const byEmail = await h.as(owner).staff.assign({ usernameOrEmail: stranger.email, staffRole: 'STORE_ACCOUNTANT' });
    expect(JSON.stringify(byEmail)).not.toContain(stranger.username);
    const again = await failureOf(h.as(owner).staff.assign({ usernameOrEmail: stranger.email, staffRole: 'STORE_STAFF' }));
    expect(again).toEqual({ status: 409, code: 'CONFLICT', message: `${stranger.email} already holds STORE_STAFF in this store` });
  });
});

describe('leaving a store', () => {
  it('lets a user assigned without asking leave that store: the role stops working at once, the answer lists what is left', async () => {
    const stranger = await signUpOwner(h);
    const admin = await signUpOwner(h);
    await h.as(stranger).staff.assign({ usernameOrEmail: admin.username, staffRole: 'STORE_STAFF' });
    const asStaff = await loginAs(h, { usernameOrEmail: admin.username, password: admin.password }, { storeId: stranger.storeId, role: 'STORE_STAFF' });
    await expect(h.as(asStaff).order.next()).resolves.toMatchObject({ success: true });

    const left = await h.as(admin).staff.leave({ assignment: { storeId: stranger.storeId, role: 'STORE_STAFF' } });
    expect(left).toEqual({ success: true, message: 'You no longer hold STORE_STAFF in that store', roles: [{ storeId: admin.storeId, storeName: admin.storeName, role: 'STORE_OWNER' }] });
    expect(await failureOf(h.as(asStaff).order.next())).toMatchObject({ status: 403 });
    expect((await h.as(stranger).staff.list()).staff.map((m) => m.userId)).toEqual([stranger.userId]);
  });

  it('refuses the last owner of a store (409) and a role the user does not hold (404), changing nothing', async () => {
    const owner = await signUpOwner(h);
    expect(await failureOf(h.as(owner).staff.leave({ assignment: { storeId: owner.storeId, role: 'STORE_OWNER' } }))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'You are the last owner of this store and cannot leave it; make someone else an owner first',
    });
    expect(await failureOf(h.as(owner).staff.leave({ assignment: { storeId: owner.storeId, role: 'STORE_MANAGER' } }))).toMatchObject({ status: 404 });
    const other = await signUpOwner(h);
    expect(await failureOf(h.as(owner).staff.leave({ assignment: { storeId: other.storeId, role: 'STORE_OWNER' } }))).toMatchObject({ status: 404 });
    expect(await failureOf(h.as(owner).staff.leave({ assignment: { storeId: owner.storeId, role: 'ABSOLUTE_ADMIN' as never } }))).toMatchObject({ status: 400 });
    expect((await h.as(owner).staff.list()).staff).toEqual([expect.objectContaining({ userId: owner.userId, roles: ['STORE_OWNER'] })]);
    expect((await h.as(other).staff.list()).staff).toHaveLength(1);
  });

  it('lets one of two owners leave; then the other is the last', async () => {
    const first = await signUpOwner(h);
    const second = await addStaff(h, first, 'STORE_OWNER');
    await expect(h.as(second).staff.leave({ assignment: { storeId: first.storeId, role: 'STORE_OWNER' } })).resolves.toMatchObject({ success: true, roles: [] });
    expect(await failureOf(h.as(first).staff.leave({ assignment: { storeId: first.storeId, role: 'STORE_OWNER' } }))).toMatchObject({ status: 409 });
  });

  it('needs a session (401)', async () => {
    expect(await failureOf(h.call().staff.leave({ assignment: { storeId: 1, role: 'STORE_STAFF' } }))).toMatchObject({ status: 401 });
  });
});

describe('revoking', () => {
  it('removes the role; the member disappears from the list when nothing is left', async () => {
    const owner = await signUpOwner(h);
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    await h.as(owner).staff.assign({ usernameOrEmail: cashier.username, staffRole: 'STORE_ACCOUNTANT' });

    await expect(h.as(owner).staff.revoke({ userId: cashier.userId, staffRole: 'STORE_STAFF' })).resolves.toMatchObject({
      success: true,
      member: { userId: cashier.userId, roles: ['STORE_ACCOUNTANT'] },
    });
    await h.as(owner).staff.revoke({ userId: cashier.userId, staffRole: 'STORE_ACCOUNTANT' });
    expect((await h.as(owner).staff.list()).staff.map((m) => m.userId)).toEqual([owner.userId]);
    expect(await failureOf(h.as(owner).staff.revoke({ userId: cashier.userId, staffRole: 'STORE_ACCOUNTANT' }))).toMatchObject({ status: 404 });
  });

  it('never revokes the last owner (409); a second owner can be revoked', async () => {
    const owner = await signUpOwner(h);
    expect(await failureOf(h.as(owner).staff.revoke({ userId: owner.userId, staffRole: 'STORE_OWNER' }))).toMatchObject({
      status: 409,
      message: 'The last owner cannot be revoked',
    });
    const second = await addStaff(h, owner, 'STORE_OWNER');
    await expect(h.as(owner).staff.revoke({ userId: second.userId, staffRole: 'STORE_OWNER' })).resolves.toMatchObject({ success: true });
    expect(await failureOf(h.as(owner).staff.revoke({ userId: owner.userId, staffRole: 'STORE_OWNER' }))).toMatchObject({ status: 409 });
  });

  it('leaves at least one owner when two owners revoke each other at the same time', async () => {
    const a = await signUpOwner(h);
    const b = await addStaff(h, a, 'STORE_OWNER');
    const outcomes = await Promise.allSettled([
      h.as(a).staff.revoke({ userId: b.userId, staffRole: 'STORE_OWNER' }),
      h.as(b).staff.revoke({ userId: a.userId, staffRole: 'STORE_OWNER' }),
    ]);
    const owners = await h.db
      .selectFrom('role_assignments')
      .select('user_id')
      .where('store_id', '=', BigInt(a.storeId))
      .where('role', '=', 'STORE_OWNER')
      .execute();
    expect(owners).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('a revoked role stops working at once on a session already open (403)', async () => {
    const owner = await signUpOwner(h);
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    await expect(h.as(manager).staff.list()).resolves.toMatchObject({ success: true });
    await h.as(owner).staff.revoke({ userId: manager.userId, staffRole: 'STORE_MANAGER' });
    expect(await failureOf(h.as(manager).staff.list())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await failureOf(h.as(manager).staff.add(newStaff('STORE_STAFF')))).toMatchObject({ status: 403 });
  });

  it("cannot revoke another store's user from this store (404) and leaves their role alone", async () => {
    const owner = await signUpOwner(h);
    const other = await signUpOwner(h);
    const theirCashier = await addStaff(h, other, 'STORE_STAFF');
    expect(await failureOf(h.as(owner).staff.revoke({ userId: theirCashier.userId, staffRole: 'STORE_STAFF' }))).toMatchObject({ status: 404 });
    expect(await failureOf(h.as(owner).staff.revoke({ userId: other.userId, staffRole: 'STORE_OWNER' }))).toMatchObject({ status: 404 });
    expect(await failureOf(h.as(owner).staff.revoke({ userId: 999_999, staffRole: 'STORE_STAFF' }))).toMatchObject({ status: 404 });
    const roles = await h.db.selectFrom('role_assignments').select('role').where('user_id', '=', BigInt(theirCashier.userId)).execute();
    expect(roles).toEqual([{ role: 'STORE_STAFF' }]);
  });
});

describe('the claim every role procedure checks', () => {
  let owner: Person;
  let other: Person;
  beforeAll(async () => {
    owner = await signUpOwner(h);
    other = await signUpOwner(h);
  });

  it('missing token: 401', async () => {
    expect(await failureOf(h.call({ storeId: owner.storeId, role: 'STORE_OWNER' }).staff.list())).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('a store the caller does not belong to: 403, and nothing is read or written there', async () => {
    expect(await failureOf(h.as(owner, { storeId: other.storeId }).staff.list())).toMatchObject({ status: 403 });
    const input = newStaff('STORE_STAFF');
    expect(await failureOf(h.as(owner, { storeId: other.storeId }).staff.add(input))).toMatchObject({ status: 403 });
    expect(await failureOf(h.as(owner, { storeId: other.storeId }).staff.revoke({ userId: other.userId, staffRole: 'STORE_OWNER' }))).toMatchObject({
      status: 403,
    });
    expect((await h.as(other).staff.list()).staff.map((m) => m.userId)).toEqual([other.userId]);
  });

  it('a role the caller does not hold: 403', async () => {
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    expect(await failureOf(h.as(cashier, { role: 'STORE_MANAGER' }).staff.list())).toMatchObject({ status: 403 });
    expect(await failureOf(h.as(cashier, { role: 'STORE_OWNER' }).staff.list())).toMatchObject({ status: 403 });
    expect(await failureOf(h.as(owner, { role: 'ABSOLUTE_ADMIN' }).staff.list())).toMatchObject({ status: 403 });
  });

  it('no storeId or no role: 403', async () => {
    expect(await failureOf(h.as(owner, { storeId: null }).staff.list())).toMatchObject({ status: 403 });
    expect(await failureOf(h.as(owner, { role: null }).staff.list())).toMatchObject({ status: 403 });
  });

  it('an unknown role value or a storeId that is not a positive integer: 400', async () => {
    expect(await failureOf(h.as(owner, { role: 'KING' }).staff.list())).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(await failureOf(h.as(owner, { role: 'ALL' }).staff.list())).toMatchObject({ status: 400 });
    for (const storeId of [-1, 0, 1.5, 'abc']) {
      expect(await failureOf(h.as(owner, { storeId }).staff.list())).toMatchObject({ status: 400 });
    }
  });

  it('accepts the storeId as a numeric string, as headers carry it', async () => {
    await expect(h.as(owner, { storeId: String(owner.storeId) }).staff.list()).resolves.toMatchObject({ success: true });
  });

  it('wrong input types and unknown staffRole values: 400 naming the field', async () => {
    expect(await failureOf(h.as(owner).staff.add({ ...newStaff('STORE_STAFF'), staffRole: 'KING' as never }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('staffRole'),
    });
    expect(await failureOf(h.as(owner).staff.add({ ...newStaff('STORE_STAFF'), staffRole: 'ABSOLUTE_ADMIN' as never }))).toMatchObject({ status: 400 });
    expect(await failureOf(h.as(owner).staff.revoke({ userId: -1, staffRole: 'STORE_STAFF' }))).toMatchObject({ status: 400, message: expect.stringContaining('userId') });
    expect(await failureOf(h.as(owner).staff.revoke({ userId: 'x', staffRole: 'STORE_STAFF' }))).toMatchObject({ status: 400 });
    expect(await failureOf(h.as(owner).staff.add({ ...newStaff('STORE_STAFF'), email: 'not-an-email' }))).toMatchObject({ status: 400 });
  });
});

describe('resetting a password and disabling a user', () => {
  const ALL_TIME = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };
  const newPassword = { currentPassword: 'temporary pass', newPassword: 'my own password', confirmPassword: 'my own password' };

  it('a reset password must be changed at the next sign-in: store calls refuse until it is; audited', async () => {
    const owner = await signUpOwner(h);
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    const answer = await h.as(manager).staff.resetPassword({ userId: cashier.userId, password: 'temporary pass' });
    expect(answer.member).toMatchObject({ userId: cashier.userId, mustChangePassword: true });
    // The old session has ended; the old password no longer works.
    expect((await failureOf(h.as(cashier).order.lookup({}))).status).toBe(401);
    expect((await failureOf(h.call().auth.login({ usernameOrEmail: cashier.username, password: cashier.password }))).status).toBe(401);

    const login = await h.call().auth.login({ usernameOrEmail: cashier.username, password: 'temporary pass' });
    expect(login.mustChangePassword).toBe(true);
    const temp = await loginAs(h, { usernameOrEmail: cashier.username, password: 'temporary pass' }, { storeId: owner.storeId, role: 'STORE_STAFF' });
    expect(await failureOf(h.as(temp).order.lookup({}))).toMatchObject({ status: 403, message: 'Your password was reset: change it on the Account page first' });
    await h.as(temp).auth.password(newPassword);
    expect((await h.as(temp).order.lookup({})).success).toBe(true);
    const again = await h.call().auth.login({ usernameOrEmail: cashier.username, password: 'my own password' });
    expect(again.mustChangePassword).toBeUndefined();

    const events = (await h.as(owner).store.audit.list({ ...ALL_TIME, action: 'STAFF_PASSWORD_RESET', pageSize: 50 })).events;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: { id: manager.userId }, role: 'STORE_MANAGER', targetType: 'user', targetId: String(cashier.userId), after: { username: cashier.username, mustChangePassword: true } });
  });

  it('a disabled user cannot sign in and their sessions end; enabled again, they can; both audited', async () => {
    const owner = await signUpOwner(h);
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    const disabled = await h.as(owner).staff.setDisabled({ userId: cashier.userId, disabled: true });
    expect(disabled.member).toMatchObject({ disabled: true });
    expect((await failureOf(h.as(cashier).order.lookup({}))).status).toBe(401);
    expect(await failureOf(h.call().auth.login({ usernameOrEmail: cashier.username, password: cashier.password }))).toMatchObject({ status: 403, message: 'This account is disabled: ask your store manager' });
    // Disabling again changes nothing and records nothing.
    await h.as(owner).staff.setDisabled({ userId: cashier.userId, disabled: true });
    await h.as(owner).staff.setDisabled({ userId: cashier.userId, disabled: false });
    expect((await h.call().auth.login({ usernameOrEmail: cashier.username, password: cashier.password })).success).toBe(true);
    const actions = (await h.as(owner).store.audit.list({ ...ALL_TIME, pageSize: 50 })).events.map((e) => e.action).filter((a) => a === 'STAFF_DISABLE' || a === 'STAFF_ENABLE');
    expect(actions.sort()).toEqual(['STAFF_DISABLE', 'STAFF_ENABLE']);
  });

  it('refuses a cashier, a manager acting on an owner or on themselves, another store\'s user and one who works elsewhere, changing nothing', async () => {
    const owner = await signUpOwner(h);
    const other = await signUpOwner(h);
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    expect((await failureOf(h.as(cashier).staff.setDisabled({ userId: manager.userId, disabled: true }))).status).toBe(403);
    expect((await failureOf(h.as(manager).staff.setDisabled({ userId: owner.userId, disabled: true }))).status).toBe(403);
    expect((await failureOf(h.as(manager).staff.resetPassword({ userId: manager.userId, password: 'temporary pass' }))).status).toBe(403);
    expect((await failureOf(h.as(manager).staff.setDisabled({ userId: other.userId, disabled: true }))).status).toBe(404);
    const shared = await addStaff(h, owner, 'STORE_STAFF');
    await h.as(other).staff.assign({ usernameOrEmail: shared.username, staffRole: 'STORE_STAFF' });
    expect((await failureOf(h.as(owner).staff.setDisabled({ userId: shared.userId, disabled: true }))).status).toBe(403);
    expect((await failureOf(h.as(manager).staff.resetPassword({ userId: cashier.userId, password: 'short' }))).status).toBe(400);
    expect((await h.call().auth.login({ usernameOrEmail: owner.username, password: owner.password })).success).toBe(true);
    expect((await h.call().auth.login({ usernameOrEmail: cashier.username, password: cashier.password })).mustChangePassword).toBeUndefined();
  });
});
