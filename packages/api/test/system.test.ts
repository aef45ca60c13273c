/**
 * The platform side: the first ABSOLUTE_ADMIN from ADMIN_*, the system
 * dashboards' real counters, and the system lists, refused to store roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ensureAdmin } from '@pos/api';
import type { DbHandle } from '@pos/db';
import type { Role } from '@pos/domain';
import { createTestDb } from '../../../test/db';
import {
  ADMIN_SEED,
  addStaff,
  createApiHarness,
  failureOf,
  loginAs,
  signInAdmin,
  signUpOwner,
  type ApiHarness,
  type Person,
} from '../../../test/factories';

let handle: DbHandle;
let h: ApiHarness;
let platformStoreId: number;
beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  const platform = await h.db.selectFrom('stores').select('id').where('is_platform', '=', true).executeTakeFirstOrThrow();
  platformStoreId = Number(platform.id);
});
afterAll(() => handle.close());

/** A system role can only be given in the database (there is no procedure for it yet). */
async function withSystemRole(role: Role): Promise<Person> {
  const person = await signUpOwner(h);
  await h.db.insertInto('role_assignments').values({ store_id: platformStoreId, user_id: person.userId, role }).execute();
  return loginAs(h, { usernameOrEmail: person.username, password: person.password }, { storeId: platformStoreId, role });
}

async function completedOrder(storeId: number, daysAgo: number, status: 'COMPLETED' | 'DRAFT' | 'CANCELLED' = 'COMPLETED', n = 1) {
  for (let i = 0; i < n; i++) {
    await h.db
      .insertInto('orders')
      .values({
        store_id: storeId,
        order_number: `T-${daysAgo}-${status}-${i}-${Math.random()}`,
        status,
        completed_at: status === 'COMPLETED' ? sql<Date>`now() - make_interval(days => ${daysAgo})` : null,
      })
      .execute();
  }
}

// The tests of this file run in order on one database: counters are exact.
describe('the first administrator and the system dashboards', () => {
  let admin: Person;

  it('ensureAdmin creates the ABSOLUTE_ADMIN on the platform store once', async () => {
    expect(await ensureAdmin(h.db, ADMIN_SEED, h.config.scryptCost)).toBe('created');
    expect(await ensureAdmin(h.db, ADMIN_SEED, h.config.scryptCost)).toBe('exists');
    expect(await ensureAdmin(h.db, { ...ADMIN_SEED, username: ADMIN_SEED.username.toUpperCase() }, h.config.scryptCost)).toBe('exists');

    const users = await h.db.selectFrom('users').select(['id', 'password_hash']).execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.password_hash).not.toContain(ADMIN_SEED.password);
    const login = await h.call().auth.login({ usernameOrEmail: ADMIN_SEED.email, password: ADMIN_SEED.password });
    expect(login.roles).toEqual([{ storeId: platformStoreId, storeName: 'Platform', role: 'ABSOLUTE_ADMIN' }]);
    admin = await signInAdmin(h);
  });

  it('the admin dashboard counts real stores (not the platform store) and users', async () => {
    const expected = { success: true, message: expect.any(String) };
    await expect(h.as(admin).dashboard.absoluteAdmin()).resolves.toEqual({ ...expected, totalStores: 0, totalUsers: 1 });

    const first = await signUpOwner(h);
    await signUpOwner(h);
    await expect(h.as(admin).dashboard.absoluteAdmin()).resolves.toEqual({ ...expected, totalStores: 2, totalUsers: 3 });

    await addStaff(h, first, 'STORE_STAFF');
    await expect(h.as(admin).dashboard.absoluteAdmin()).resolves.toEqual({ ...expected, totalStores: 2, totalUsers: 4 });
    await expect(h.as(admin).dashboard.sstStaff()).resolves.toEqual({ ...expected, totalStores: 2, totalUsers: 4 });
  });

  it('activeStores counts stores with a COMPLETED order in the last 30 days', async () => {
    await expect(h.as(admin).dashboard.sstManager()).resolves.toMatchObject({ activeStores: 0, totalStores: 2, totalUsers: 4 });

    const recent = await signUpOwner(h);
    const twice = await signUpOwner(h);
    const old = await signUpOwner(h);
    const draftOnly = await signUpOwner(h);
    const cancelledOnly = await signUpOwner(h);
    await completedOrder(recent.storeId, 2);
    await completedOrder(twice.storeId, 1, 'COMPLETED', 2);
    await completedOrder(twice.storeId, 45);
    await completedOrder(old.storeId, 31);
    await completedOrder(draftOnly.storeId, 0, 'DRAFT');
    await completedOrder(cancelledOnly.storeId, 0, 'CANCELLED');
    await completedOrder(platformStoreId, 1);

    await expect(h.as(admin).dashboard.sstManager()).resolves.toEqual({
      success: true,
      message: expect.any(String),
      totalStores: 7,
      totalUsers: 9,
      activeStores: 2,
    });
    const manager = await withSystemRole('SST_MANAGER');
    await expect(h.as(manager).dashboard.sstManager()).resolves.toMatchObject({ activeStores: 2, totalStores: 8 });
  });

  it('each system dashboard needs its role or one that includes it (403 otherwise)', async () => {
    const staff = await withSystemRole('SST_STAFF');
    const manager = await withSystemRole('SST_MANAGER');
    await expect(h.as(staff).dashboard.sstStaff()).resolves.toMatchObject({ success: true });
    expect(await failureOf(h.as(staff).dashboard.sstManager())).toMatchObject({ status: 403 });
    expect(await failureOf(h.as(staff).dashboard.absoluteAdmin())).toMatchObject({ status: 403 });
    await expect(h.as(manager).dashboard.sstStaff()).resolves.toMatchObject({ success: true });
    expect(await failureOf(h.as(manager).dashboard.absoluteAdmin())).toMatchObject({ status: 403 });

    const owner = await signUpOwner(h);
    for (const call of [h.as(owner).dashboard.absoluteAdmin, h.as(owner).dashboard.sstStaff, h.as(owner).dashboard.sstManager]) {
      expect(await failureOf(call())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    // Claiming the admin role on the platform store without holding it.
    expect(await failureOf(h.as(owner, { storeId: platformStoreId, role: 'ABSOLUTE_ADMIN' }).dashboard.absoluteAdmin())).toMatchObject({ status: 403 });
    expect(await failureOf(h.call().dashboard.absoluteAdmin())).toMatchObject({ status: 401 });
  });
});

describe('system lists', () => {
  let admin: Person;
  beforeAll(async () => {
    admin = await signInAdmin(h);
  });

  it('lists stores page by page, without the platform store, with a total', async () => {
    const total = Number((await h.db.selectFrom('stores').select((eb) => eb.fn.countAll<bigint>().as('n')).where('is_platform', '=', false).executeTakeFirstOrThrow()).n);
    expect(total).toBeGreaterThan(4);
    const seen: number[] = [];
    for (let page = 1; (page - 1) * 3 < total; page++) {
      const answer = await h.as(admin).system.storesList({ page, pageSize: 3 });
      expect(answer.totalStores).toBe(total);
      expect(answer.stores.length).toBe(Math.min(3, total - (page - 1) * 3));
      seen.push(...answer.stores.map((s) => s.id));
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).not.toContain(platformStoreId);
    const beyond = await h.as(admin).system.storesList({ page: 100, pageSize: 3 });
    expect(beyond).toMatchObject({ stores: [], totalStores: total });
  });

  it('shows each store with its name, time zone and number of people', async () => {
    const owner = await signUpOwner(h);
    await addStaff(h, owner, 'STORE_STAFF');
    const answer = await h.as(admin).system.storesList({ page: 1, pageSize: 100 });
    expect(answer.stores.find((s) => s.id === owner.storeId)).toEqual({
      id: owner.storeId,
      name: owner.storeName,
      timeZone: 'UTC',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      userCount: 2,
    });
  });

  it('lists users page by page with their roles and a total', async () => {
    const owner = await signUpOwner(h);
    const total = Number((await h.db.selectFrom('users').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n);
    const first = await h.as(admin).system.usersList({ page: 1, pageSize: 2 });
    const second = await h.as(admin).system.usersList({ page: 2, pageSize: 2 });
    expect(first.totalUsers).toBe(total);
    expect(first.users).toHaveLength(2);
    expect(second.users).toHaveLength(2);
    expect(first.users.map((u) => u.userId)).not.toContain(second.users[0]!.userId);
    expect(first.users[0]).toMatchObject({ username: ADMIN_SEED.username, roles: [{ storeId: platformStoreId, role: 'ABSOLUTE_ADMIN' }] });

    const everyone = await h.as(admin).system.usersList({ page: 1, pageSize: 100 });
    expect(everyone.users.find((u) => u.userId === owner.userId)).toEqual({
      userId: owner.userId,
      username: owner.username,
      email: owner.email,
      createdAt: expect.any(String),
      roles: [{ storeId: owner.storeId, storeName: owner.storeName, role: 'STORE_OWNER' }],
    });
  });

  it('defaults to page 1 of 20 and refuses page 0 or a page size over 100 (400)', async () => {
    const answer = await h.as(admin).system.usersList({});
    expect(answer.users.length).toBe(Math.min(20, answer.totalUsers));
    expect(await failureOf(h.as(admin).system.storesList({ page: 0, pageSize: 10 }))).toMatchObject({ status: 400, message: 'page must be at least 1' });
    expect(await failureOf(h.as(admin).system.usersList({ page: 1, pageSize: 1000 }))).toMatchObject({ status: 400, message: 'pageSize must be at most 100' });
    expect(await failureOf(h.as(admin).system.usersList({ page: 'two', pageSize: 10 }))).toMatchObject({ status: 400 });
  });

  it('needs SST_ADMIN or above: refused (403) to store roles and to lower system roles', async () => {
    const sstAdmin = await withSystemRole('SST_ADMIN');
    await expect(h.as(sstAdmin).system.storesList({ page: 1, pageSize: 5 })).resolves.toMatchObject({ success: true });
    await expect(h.as(sstAdmin).system.usersList({ page: 1, pageSize: 5 })).resolves.toMatchObject({ success: true });

    const owner = await signUpOwner(h);
    const people = [
      owner,
      await addStaff(h, owner, 'STORE_MANAGER'),
      await addStaff(h, owner, 'STORE_ACCOUNTANT'),
      await addStaff(h, owner, 'STORE_STAFF'),
      await withSystemRole('SST_MANAGER'),
      await withSystemRole('SST_STAFF'),
    ];
    for (const person of people) {
      expect(await failureOf(h.as(person).system.storesList({ page: 1, pageSize: 5 }))).toMatchObject({ status: 403 });
      expect(await failureOf(h.as(person).system.usersList({ page: 1, pageSize: 5 }))).toMatchObject({ status: 403 });
    }
    expect(await failureOf(h.call().system.usersList({ page: 1, pageSize: 5 }))).toMatchObject({ status: 401 });
  });
});
