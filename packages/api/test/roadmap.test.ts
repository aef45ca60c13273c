import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, signInAdmin, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';

let handle: DbHandle;
let h: ApiHarness;
let owner: Person;
let other: Person;

const entry = {
  title: 'Vendor statements',
  description: 'Monthly statements per vendor',
  requestor: 'Alice',
  estimatedCompletion: '2026-12-01T07:00:00-05:00',
  actualCompletion: null,
  status: 'in_progress' as const,
};

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  owner = await signUpOwner(h);
  other = await signUpOwner(h);
});
afterAll(() => handle.close());

describe('roadmap', () => {
  it('lets the owner create, update, complete and delete an entry', async () => {
    const created = await h.as(owner).roadmap.roadmap({ action: 'create', entry });
    expect(created.entry).toMatchObject({ title: entry.title, requestor: 'Alice', status: 'in_progress', actualCompletion: null });
    expect(created.entry!.estimatedCompletion).toBe('2026-12-01T12:00:00.000Z');
    const id = created.entry!.id;
    const updated = await h.as(owner).roadmap.roadmap({
      action: 'update',
      entry: { ...entry, id, title: 'Vendor statements v2', status: 'completed', actualCompletion: '2026-11-20T07:00:00+01:00' },
    });
    expect(updated.entry).toMatchObject({ id, title: 'Vendor statements v2', status: 'completed', actualCompletion: '2026-11-20T06:00:00.000Z' });
    expect((await h.as(owner).roadmap.roadmap({ action: 'list' })).entries).toContainEqual(updated.entry);
    await h.as(owner).roadmap.roadmap({ action: 'delete', id });
    expect((await h.as(owner).roadmap.roadmap({ action: 'list' })).entries!.map((e) => e.id)).not.toContain(id);
  });

  it('defaults the status to in_progress and treats an empty requestor as none', async () => {
    const { status: _status, ...withoutStatus } = entry;
    const created = await h.as(owner).roadmap.roadmap({ action: 'create', entry: { ...withoutStatus, requestor: '' } });
    expect(created.entry).toMatchObject({ status: 'in_progress', requestor: null });
  });

  it('refuses an update without a status, leaving a completed entry completed', async () => {
    const created = await h.as(owner).roadmap.roadmap({ action: 'create', entry: { ...entry, status: 'completed', actualCompletion: '2026-11-20T07:00:00Z' } });
    const { status: _status, ...withoutStatus } = entry;
    const failure = await failureOf(h.as(owner).roadmap.roadmap({ action: 'update', entry: { ...withoutStatus, id: created.entry!.id } } as never));
    expect(failure).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'status must be given: in_progress or completed' });
    const listed = (await h.as(owner).roadmap.roadmap({ action: 'list' })).entries!.find((e) => e.id === created.entry!.id);
    expect(listed).toMatchObject({ status: 'completed', title: entry.title });
  });

  it('lets every role list but only the owner change (403 otherwise)', async () => {
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    const accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
    const { entry: mine } = await h.as(owner).roadmap.roadmap({ action: 'create', entry });
    for (const person of [manager, cashier, accountant]) {
      expect((await h.as(person).roadmap.roadmap({ action: 'list' })).entries!.map((e) => e.id)).toContain(mine!.id);
      expect((await failureOf(h.as(person).roadmap.roadmap({ action: 'create', entry }))).status).toBe(403);
      expect((await failureOf(h.as(person).roadmap.roadmap({ action: 'update', entry: { ...entry, id: mine!.id } }))).status).toBe(403);
      expect((await failureOf(h.as(person).roadmap.roadmap({ action: 'delete', id: mine!.id }))).status).toBe(403);
    }
    const admin = await signInAdmin(h);
    expect((await h.as(admin).roadmap.roadmap({ action: 'list' })).success).toBe(true);
    expect((await failureOf(h.call().roadmap.roadmap({ action: 'list' }))).status).toBe(401);
  });

  it("keeps entries within their store: another store's entry is not found", async () => {
    const { entry: theirs } = await h.as(other).roadmap.roadmap({ action: 'create', entry: { ...entry, title: 'Theirs' } });
    expect((await h.as(owner).roadmap.roadmap({ action: 'list' })).entries!.map((e) => e.id)).not.toContain(theirs!.id);
    expect((await failureOf(h.as(owner).roadmap.roadmap({ action: 'update', entry: { ...entry, id: theirs!.id } }))).status).toBe(404);
    expect((await failureOf(h.as(owner).roadmap.roadmap({ action: 'delete', id: theirs!.id }))).status).toBe(404);
    expect((await h.as(other).roadmap.roadmap({ action: 'list' })).entries).toContainEqual(theirs);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ description: ' ' }, 'Description is required'],
    [{ estimatedCompletion: undefined }, 'Estimated Completion is required'],
    [{ estimatedCompletion: 'next week' }, 'Estimated Completion must be an ISO date-time with offset'],
    [{ actualCompletion: '2026-13-01' }, 'Actual Completion must be an ISO date-time with offset'],
    [{ status: 'done' }, 'status must be in_progress or completed'],
  ])('refuses %o with a clear 400', async (change, message) => {
    const failure = await failureOf(h.as(owner).roadmap.roadmap({ action: 'create', entry: { ...entry, ...change } as never }));
    expect(failure.status).toBe(400);
    expect(failure.message).toContain(message);
  });

  it('refuses an unknown action', async () => {
    const failure = await failureOf(h.as(owner).roadmap.roadmap({ action: 'purge' } as never));
    expect(failure).toMatchObject({ status: 400, message: 'action must be one of list, create, update, delete' });
  });
});
