/**
 * Sign-up, login, logout and password change through createCaller on a real database:
 * the answers, the messages, sessions and the identity every later call carries.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { createApiHarness, failureOf, loginAs, signUpOwner, uniqueName, type ApiHarness } from '../../../test/factories';

let handle: DbHandle;
let h: ApiHarness;
beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle.close());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('sign-up', () => {
  it('creates a store and its STORE_OWNER and answers the login response', async () => {
    const username = uniqueName('Alice');
    const storeName = uniqueName('Corner Shop ');
    const answer = await h.call().auth.signup({ username, email: `${username}@Example.test`, password: 'long enough', storeName });

    expect(answer).toEqual({
      success: true,
      message: expect.any(String),
      userId: expect.any(Number),
      username,
      email: `${username}@Example.test`,
      token: expect.any(String),
      roles: [{ storeId: expect.any(Number), storeName, role: 'STORE_OWNER' }],
    });
    const store = await h.db.selectFrom('stores').selectAll().where('id', '=', BigInt(answer.roles[0]!.storeId)).executeTakeFirstOrThrow();
    expect(store).toMatchObject({ name: storeName, is_platform: false });
    // The token is a live session: the owner can act in the new store at once.
    const staff = await h.call({ token: answer.token, storeId: answer.roles[0]!.storeId, role: 'STORE_OWNER' }).staff.list();
    expect(staff.staff).toEqual([{ userId: answer.userId, username, email: `${username}@Example.test`, roles: ['STORE_OWNER'], disabled: false, mustChangePassword: false }]);
  });

  it('answers 409 when the username is taken, whatever its case, and creates nothing', async () => {
    const first = await signUpOwner(h);
    const storesBefore = await h.db.selectFrom('stores').select('id').execute();
    const failure = await failureOf(
      h.call().auth.signup({ username: first.username.toUpperCase(), email: `${uniqueName()}@example.test`, password: 'long enough', storeName: 'Another' }),
    );
    expect(failure).toMatchObject({ status: 409, message: 'Username is already taken' });
    expect(await h.db.selectFrom('stores').select('id').execute()).toHaveLength(storesBefore.length);
  });

  it('answers 409 when the e-mail is taken, whatever its case', async () => {
    const first = await signUpOwner(h);
    const failure = await failureOf(
      h.call().auth.signup({ username: uniqueName(), email: first.email.toUpperCase(), password: 'long enough', storeName: 'Another' }),
    );
    expect(failure).toMatchObject({ status: 409, message: 'Email is already registered' });
  });

  it('lets exactly one of several simultaneous sign-ups with one username through; the others get 409', async () => {
    const username = uniqueName('race');
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => h.call().auth.signup({ username, email: `${username}${i}@example.test`, password: 'long enough', storeName: `Race ${i}` })),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const a of attempts) if (a.status === 'rejected') expect(a.reason).toMatchObject({ code: 'CONFLICT', message: 'Username is already taken' });
    const stores = await h.db.selectFrom('stores').select('id').where('name', 'like', 'Race %').execute();
    expect(stores).toHaveLength(1);
  });

  it('refuses a password shorter than 8 characters and a missing field (400)', async () => {
    expect(await failureOf(h.call().auth.signup({ username: uniqueName(), email: `${uniqueName()}@example.test`, password: 'short', storeName: 'S' }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Password must be at least 8 characters',
    });
    expect(await failureOf(h.call().auth.signup({ username: uniqueName(), email: 'x@example.test', password: 'long enough', storeName: '  ' }))).toMatchObject({
      status: 400,
      message: 'Store name is required',
    });
  });
});

describe('login', () => {
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  beforeAll(async () => {
    owner = await signUpOwner(h, { username: uniqueName('MixedCase') });
  });

  it('logs in by username and by e-mail, case-insensitively, with the user roles', async () => {
    for (const usernameOrEmail of [owner.username, owner.username.toUpperCase(), owner.email, owner.email.toUpperCase(), `  ${owner.username.toLowerCase()} `]) {
      const answer = await h.call().auth.login({ usernameOrEmail, password: owner.password });
      expect(answer).toMatchObject({
        success: true,
        userId: owner.userId,
        username: owner.username,
        email: owner.email,
        roles: [{ storeId: owner.storeId, storeName: owner.storeName, role: 'STORE_OWNER' }],
      });
    }
  });

  it('gives each login its own token', async () => {
    const a = await loginAs(h, { usernameOrEmail: owner.username, password: owner.password });
    const b = await loginAs(h, { usernameOrEmail: owner.username, password: owner.password });
    expect(a.token).not.toBe(b.token);
  });

  it('says the same thing for an unknown user and a wrong password (401)', async () => {
    const unknown = await failureOf(h.call().auth.login({ usernameOrEmail: uniqueName('nobody'), password: owner.password }));
    const wrong = await failureOf(h.call().auth.login({ usernameOrEmail: owner.username, password: 'not the password' }));
    expect(unknown).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'Invalid username or password' });
    expect(wrong).toEqual(unknown);
  });

  it('lets the account in again after fewer than 10 failures and a success resets the count', async () => {
    const user = await signUpOwner(h);
    for (let i = 0; i < 9; i++) await failureOf(h.call().auth.login({ usernameOrEmail: user.username, password: 'wrong password' }));
    await loginAs(h, { usernameOrEmail: user.username, password: user.password });
    for (let i = 0; i < 9; i++) await failureOf(h.call().auth.login({ usernameOrEmail: user.username, password: 'wrong password' }));
    await expect(loginAs(h, { usernameOrEmail: user.username, password: user.password })).resolves.toMatchObject({ userId: user.userId });
  });
  it('stores tokens only as hashes', async () => {
    const person = await loginAs(h, { usernameOrEmail: owner.username, password: owner.password });
    expect(Buffer.from(person.token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const sessions = await h.db.selectFrom('sessions').selectAll().where('user_id', '=', BigInt(owner.userId)).execute();
    const dump = JSON.stringify(sessions, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    expect(dump).not.toContain(person.token);
    expect(sessions.map((s) => s.token_hash)).toContain(sha256(person.token));
    const mine = sessions.find((s) => s.token_hash === sha256(person.token))!;
    const ttl = mine.expires_at.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(29 * 24 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(30 * 24 * 3600_000);
  });

  it('stores passwords hashed with scrypt, never in clear', async () => {
    const row = await h.db.selectFrom('users').select('password_hash').where('id', '=', BigInt(owner.userId)).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(owner.password);
  });

  it('refuses an expired token (401)', async () => {
    const person = await loginAs(h, { usernameOrEmail: owner.username, password: owner.password });
    await expect(h.as(person).staff.list()).resolves.toMatchObject({ success: true });
    await h.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', sha256(person.token)).execute();
    expect(await failureOf(h.as(person).staff.list())).toMatchObject({ status: 401 });
  });

  it('refuses a token it never issued (401)', async () => {
    expect(await failureOf(h.call({ token: 'forged-token' }).auth.logout())).toMatchObject({ status: 401 });
  });
});

describe('logout', () => {
  it('revokes the token: the next call with it answers 401, other sessions stay', async () => {
    const owner = await signUpOwner(h);
    const other = await loginAs(h, { usernameOrEmail: owner.username, password: owner.password });
    await expect(h.as(owner).auth.logout()).resolves.toMatchObject({ success: true });

    expect(await failureOf(h.as(owner).staff.list())).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(await failureOf(h.as(owner).auth.logout())).toMatchObject({ status: 401 });
    const revoked = await h.db.selectFrom('sessions').select('revoked_at').where('token_hash', '=', sha256(owner.token)).executeTakeFirstOrThrow();
    expect(revoked.revoked_at).toBeInstanceOf(Date);
    await expect(h.as(other).staff.list()).resolves.toMatchObject({ success: true });
  });

  it('needs a token (401)', async () => {
    expect(await failureOf(h.call().auth.logout())).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'Not signed in' });
  });
});

describe('password change', () => {
  const newPassword = 'a brand new secret';

  it('refuses a wrong current password (400) and keeps the old one', async () => {
    const owner = await signUpOwner(h);
    const failure = await failureOf(h.as(owner).auth.password({ currentPassword: 'not it at all', newPassword, confirmPassword: newPassword }));
    expect(failure).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Current password is incorrect' });
    await expect(loginAs(h, { usernameOrEmail: owner.username, password: owner.password })).resolves.toBeTruthy();
  });

  it("refuses a confirmation that does not match: 'New passwords do not match'", async () => {
    const owner = await signUpOwner(h);
    const failure = await failureOf(h.as(owner).auth.password({ currentPassword: owner.password, newPassword, confirmPassword: `${newPassword}!` }));
    expect(failure).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'New passwords do not match' });
    await expect(loginAs(h, { usernameOrEmail: owner.username, password: owner.password })).resolves.toBeTruthy();
  });

  it('refuses a new password shorter than 8 characters (400)', async () => {
    const owner = await signUpOwner(h);
    const failure = await failureOf(h.as(owner).auth.password({ currentPassword: owner.password, newPassword: 'short', confirmPassword: 'short' }));
    expect(failure).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Password must be at least 8 characters' });
  });

  it('needs a token (401)', async () => {
    expect(await failureOf(h.call().auth.password({ currentPassword: 'whatever1', newPassword, confirmPassword: newPassword }))).toMatchObject({ status: 401 });
  });

  it('changes the password, revokes the other sessions and keeps the current one', async () => {
    const owner = await signUpOwner(h);
    const elsewhere = await loginAs(h, { usernameOrEmail: owner.email, password: owner.password });

    await expect(h.as(owner).auth.password({ currentPassword: owner.password, newPassword, confirmPassword: newPassword })).resolves.toEqual({
      success: true,
      message: 'Password changed successfully',
    });

    await expect(h.as(owner).staff.list()).resolves.toMatchObject({ success: true });
    expect(await failureOf(h.as(elsewhere).staff.list())).toMatchObject({ status: 401 });
    expect(await failureOf(h.call().auth.login({ usernameOrEmail: owner.username, password: owner.password }))).toMatchObject({ status: 401 });
    await expect(loginAs(h, { usernameOrEmail: owner.username, password: newPassword })).resolves.toMatchObject({ userId: owner.userId });
  });
});
