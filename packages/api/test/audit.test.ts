/**
 * The audit trail: each successful change of settings, payment methods or staff writes
 * exactly one event (who, in which role, what, the values before and after) in the
 * transaction of the change, and a failed call writes none; /store/audit/list reads the
 * caller's store only, newest first, filtered and paged, for an accountant or an owner.
 * Across the API, every procedure that moves money or changes who may (checkout, approval,
 * cancel, refund, rent, adjustments, payouts and runs, settings, payment methods, staff)
 * writes exactly one event of its action when it succeeds and none when it fails.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { appRouter } from '@pos/api';
import type { DbHandle } from '@pos/db';
import { AUDIT_ACTIONS, type AuditAction } from '@pos/contracts';
import { createTestDb } from '../../../test/db';
import { inviteVendor } from '../../../test/portal';
import { addStaff, createApiHarness, failureOf, loginAs, signUpOwner, uniqueName, type ApiHarness, type Person } from '../../../test/factories';

const P = (value: bigint | number | string) => ({ type: 'Percent' as const, value: String(value) });
const M = (value: bigint | number | string) => ({ type: 'Money' as const, value: String(value) });

const ALL_TIME = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

const settings = {
  orderPrefix: 'MALL-',
  nextOrderNumber: 1000,
  defaultVendorCommissionPercent: P(15_000_000),
  defaultVendorConsignmentCommissionPercent: P(30_000_000),
  defaultConsignmentCommissionPercent: P(40_000_000),
  tax1ShortName: 'GST',
  tax1LongName: 'Goods and Services Tax',
  tax1Percent: P(5_000_000),
  tax1Enabled: true,
  tax1ApplyByDefault: true,
};

const visa = {
  name: 'Visa',
  vendorFeePercent: P(3_000_000),
  customerFeePercent: P(1_500_000),
  customerFeeAmount: M(250_000),
  minimumAmount: M(10_000_000),
  requiresManagerApproval: true,
};

let handle: DbHandle;
let h: ApiHarness;
beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle.close());

/** Every event of the reader's store, newest first, as the owner or accountant reads them. */
async function eventsOf(reader: Person, filter: { action?: AuditAction; actorId?: number } = {}) {
  const page = await h.as(reader).store.audit.list({ ...ALL_TIME, ...filter, pageSize: 500 });
  expect(page.events).toHaveLength(page.totalEvents);
  return page.events;
}

/** Runs a call and answers the events it added to the reader's store (oldest first). */
async function eventsDuring(reader: Person, call: () => Promise<unknown>) {
  const before = (await eventsOf(reader)).length;
  await call();
  return (await eventsOf(reader)).slice(0, -before || undefined).reverse();
}

/** How a failing call failed, checking that it left no event in the reader's store. */
async function failsWithoutEvent(reader: Person, call: () => Promise<unknown>) {
  const count = (await eventsOf(reader)).length;
  const failure = await failureOf(call());
  expect((await eventsOf(reader)).length).toBe(count);
  return failure;
}

describe('settings', () => {
  let owner: Person;
  beforeAll(async () => {
    owner = await signUpOwner(h);
    await h.as(owner).store.updateSettings(settings);
  });

  it('a save writes one event naming only the fields that changed, before and after, as the owner', async () => {
    const events = await eventsDuring(owner, () => h.as(owner).store.updateSettings({ ...settings, orderPrefix: 'INV-', tax1Percent: P(7_250_000), tax1Enabled: false }));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: { id: owner.userId, username: owner.username },
      role: 'STORE_OWNER',
      action: 'SETTINGS_UPDATE',
      targetType: 'store',
      targetId: String(owner.storeId),
      before: { orderPrefix: 'MALL-', tax1Percent: '5000000', tax1Enabled: true },
      after: { orderPrefix: 'INV-', tax1Percent: '7250000', tax1Enabled: false },
    });
    expect(Object.keys(events[0]!.before!).sort()).toEqual(['orderPrefix', 'tax1Enabled', 'tax1Percent']);
    expect(Object.keys(events[0]!.after!).sort()).toEqual(['orderPrefix', 'tax1Enabled', 'tax1Percent']);
  });

  it("records a manager's save as the manager's, and a save that changes nothing as an event with no fields", async () => {
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    const current = { ...settings, orderPrefix: 'INV-', tax1Percent: P(7_250_000), tax1Enabled: false };
    const [changed] = await eventsDuring(owner, () => h.as(manager).store.updateSettings({ ...current, timeZone: 'America/Toronto' }));
    expect(changed).toMatchObject({ actor: { id: manager.userId }, role: 'STORE_MANAGER', before: { timeZone: 'UTC' }, after: { timeZone: 'America/Toronto' } });
    const same = await eventsDuring(owner, () => h.as(manager).store.updateSettings(current));
    expect(same).toMatchObject([{ action: 'SETTINGS_UPDATE', before: {}, after: {} }]);
  });

  it('a refused save writes nothing: a cashier (403) and a bad percent (400)', async () => {
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    expect((await failsWithoutEvent(owner, () => h.as(cashier).store.updateSettings(settings))).status).toBe(403);
    expect((await failsWithoutEvent(owner, () => h.as(owner).store.updateSettings({ ...settings, tax1Percent: P(100_000_001) }))).status).toBe(400);
  });
});

describe('payment methods', () => {
  let owner: Person;
  let id: number;
  beforeAll(async () => {
    owner = await signUpOwner(h);
  });

  it('create writes one event with the whole method after, money and percents as micro-unit strings', async () => {
    const events = await eventsDuring(owner, async () => {
      id = (await h.as(owner).store.payment.create(visa)).paymentMethod.id;
    });
    expect(events).toEqual([
      expect.objectContaining({
        actor: { id: owner.userId, username: owner.username },
        role: 'STORE_OWNER',
        action: 'PAYMENT_METHOD_CREATE',
        targetType: 'paymentMethod',
        targetId: String(id),
        before: null,
        after: { name: 'Visa', vendorFeePercent: '3000000', customerFeePercent: '1500000', customerFeeAmount: '250000', minimumAmount: '10000000', requiresManagerApproval: true, offlineAllowed: false },
      }),
    ]);
  });

  it('update writes the changed fields and the name on both sides', async () => {
    const events = await eventsDuring(owner, () => h.as(owner).store.payment.update({ id, ...visa, minimumAmount: M(5_000_000), requiresManagerApproval: false }));
    expect(events).toEqual([
      expect.objectContaining({
        action: 'PAYMENT_METHOD_UPDATE',
        targetId: String(id),
        before: { name: 'Visa', minimumAmount: '10000000', requiresManagerApproval: true },
        after: { name: 'Visa', minimumAmount: '5000000', requiresManagerApproval: false },
      }),
    ]);
  });

  it('delete writes the method as it was, and nothing after', async () => {
    const events = await eventsDuring(owner, () => h.as(owner).store.payment.delete({ id }));
    expect(events).toEqual([
      expect.objectContaining({
        action: 'PAYMENT_METHOD_DELETE',
        targetId: String(id),
        before: expect.objectContaining({ name: 'Visa', minimumAmount: '5000000', requiresManagerApproval: false }),
        after: null,
      }),
    ]);
  });

  it('a failed change writes nothing: a method already deleted, another store\'s method, a cashier, a bad fee', async () => {
    const other = await signUpOwner(h);
    const theirs = (await h.as(other).store.payment.create(visa)).paymentMethod.id;
    expect((await failsWithoutEvent(owner, () => h.as(owner).store.payment.delete({ id }))).status).toBe(404);
    expect((await failsWithoutEvent(owner, () => h.as(owner).store.payment.update({ id, ...visa }))).status).toBe(404);
    expect((await failsWithoutEvent(other, () => h.as(owner).store.payment.update({ id: theirs, ...visa }))).status).toBe(404);
    expect((await failsWithoutEvent(other, () => h.as(owner).store.payment.delete({ id: theirs }))).status).toBe(404);
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    expect((await failsWithoutEvent(owner, () => h.as(cashier).store.payment.create(visa))).status).toBe(403);
    expect((await failsWithoutEvent(owner, () => h.as(owner).store.payment.create({ ...visa, customerFeeAmount: M(-1) }))).status).toBe(400);
  });

  it('the event and the change commit together: when the event cannot be written, the method is not created either', async () => {
    // A trigger of this test refuses events of this store only.
    await sql
      .raw(
        `create function refuse_test_event() returns trigger language plpgsql as $$ begin
           if new.store_id = ${owner.storeId} then raise exception 'event refused by the test'; end if;
           return new;
         end $$`,
      )
      .execute(handle.db);
    await sql`create trigger audit_events_refuse_test before insert on audit_events for each row execute function refuse_test_event()`.execute(handle.db);
    try {
      expect((await failureOf(h.as(owner).store.payment.create({ ...visa, name: 'Never' }))).status).toBe(500);
      expect((await failureOf(h.as(owner).store.updateSettings({ ...settings, orderPrefix: 'NEVER-' }))).status).toBe(500);
    } finally {
      await sql`drop trigger audit_events_refuse_test on audit_events`.execute(handle.db);
      await sql`drop function refuse_test_event()`.execute(handle.db);
    }
    expect((await h.as(owner).store.payment.list()).paymentMethods.map((m) => m.name)).not.toContain('Never');
    expect((await h.as(owner).store.fetchSettings()).orderPrefix).not.toBe('NEVER-');
  });
});

describe('staff', () => {
  let owner: Person;
  beforeAll(async () => {
    owner = await signUpOwner(h);
  });

  const newPerson = () => {
    const username = uniqueName('clerk');
    return { username, email: `${username}@example.test`, password: 'clerk password' };
  };

  it('add writes one event: the new user with the role given, by the owner', async () => {
    const person = newPerson();
    const events = await eventsDuring(owner, () => h.as(owner).staff.add({ ...person, staffRole: 'STORE_STAFF' }));
    const user = await loginAs(h, { usernameOrEmail: person.username, password: person.password });
    expect(events).toEqual([
      expect.objectContaining({
        actor: { id: owner.userId, username: owner.username },
        role: 'STORE_OWNER',
        action: 'STAFF_ADD',
        targetType: 'user',
        targetId: String(user.userId),
        before: null,
        after: { username: person.username, roles: ['STORE_STAFF'] },
      }),
    ]);
  });

  it('a refused add writes nothing: a taken username (409), a manager granting a manager (403)', async () => {
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    expect((await failsWithoutEvent(owner, () => h.as(owner).staff.add({ ...newPerson(), username: manager.username, staffRole: 'STORE_STAFF' }))).status).toBe(409);
    expect((await failsWithoutEvent(owner, () => h.as(manager).staff.add({ ...newPerson(), staffRole: 'STORE_MANAGER' }))).status).toBe(403);
  });

  it('assign writes the roles before and after; assigning a role held already writes nothing', async () => {
    const elsewhere = await signUpOwner(h);
    const events = await eventsDuring(owner, () => h.as(owner).staff.assign({ usernameOrEmail: elsewhere.email, staffRole: 'STORE_ACCOUNTANT' }));
    expect(events).toEqual([
      expect.objectContaining({
        action: 'STAFF_ASSIGN',
        role: 'STORE_OWNER',
        targetId: String(elsewhere.userId),
        before: { username: elsewhere.username, roles: [] },
        after: { username: elsewhere.username, roles: ['STORE_ACCOUNTANT'] },
      }),
    ]);
    await h.as(owner).staff.assign({ usernameOrEmail: elsewhere.username, staffRole: 'STORE_MANAGER' });
    expect((await eventsOf(owner))[0]).toMatchObject({ before: { roles: ['STORE_ACCOUNTANT'] }, after: { roles: ['STORE_ACCOUNTANT', 'STORE_MANAGER'] } });
    expect((await failsWithoutEvent(owner, () => h.as(owner).staff.assign({ usernameOrEmail: elsewhere.username, staffRole: 'STORE_MANAGER' }))).status).toBe(409);
    expect((await failsWithoutEvent(owner, () => h.as(owner).staff.assign({ usernameOrEmail: 'nobody-by-this-name', staffRole: 'STORE_STAFF' }))).status).toBe(404);
    // The other store's own trail has nothing of this.
    expect((await eventsOf(elsewhere)).filter((e) => e.action === 'STAFF_ASSIGN')).toEqual([]);
  });

  it("revoke writes the roles before and after, by a manager; the last owner's revocation and a role not held write nothing", async () => {
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    const events = await eventsDuring(owner, () => h.as(manager).staff.revoke({ userId: cashier.userId, staffRole: 'STORE_STAFF' }));
    expect(events).toEqual([
      expect.objectContaining({
        actor: { id: manager.userId, username: manager.username },
        role: 'STORE_MANAGER',
        action: 'STAFF_REVOKE',
        targetId: String(cashier.userId),
        before: { username: cashier.username, roles: ['STORE_STAFF'] },
        after: { username: cashier.username, roles: [] },
      }),
    ]);
    expect((await failsWithoutEvent(owner, () => h.as(owner).staff.revoke({ userId: owner.userId, staffRole: 'STORE_OWNER' }))).status).toBe(409);
    expect((await failsWithoutEvent(owner, () => h.as(owner).staff.revoke({ userId: cashier.userId, staffRole: 'STORE_STAFF' }))).status).toBe(404);
  });

  it("leaving writes one event in the store left, as the leaver in the role given up; the last owner's leaving writes nothing", async () => {
    const accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
    await h.as(owner).staff.assign({ usernameOrEmail: accountant.username, staffRole: 'STORE_STAFF' });
    const events = await eventsDuring(owner, () => h.as(accountant).staff.leave({ assignment: { storeId: owner.storeId, role: 'STORE_ACCOUNTANT' } }));
    expect(events).toEqual([
      expect.objectContaining({
        actor: { id: accountant.userId, username: accountant.username },
        role: 'STORE_ACCOUNTANT',
        action: 'STAFF_LEAVE',
        targetType: 'user',
        targetId: String(accountant.userId),
        before: { username: accountant.username, roles: ['STORE_ACCOUNTANT', 'STORE_STAFF'] },
        after: { username: accountant.username, roles: ['STORE_STAFF'] },
      }),
    ]);
    expect((await failsWithoutEvent(owner, () => h.as(owner).staff.leave({ assignment: { storeId: owner.storeId, role: 'STORE_OWNER' } }))).status).toBe(409);
    expect((await failsWithoutEvent(owner, () => h.as(accountant).staff.leave({ assignment: { storeId: owner.storeId, role: 'STORE_ACCOUNTANT' } }))).status).toBe(404);
  });
});

describe('/store/audit/list and /store/audit/people', () => {
  let owner: Person;
  let manager: Person;
  let accountant: Person;
  let cashier: Person;
  let other: Person;
  beforeAll(async () => {
    owner = await signUpOwner(h);
    other = await signUpOwner(h);
    manager = await addStaff(h, owner, 'STORE_MANAGER');
    accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
    cashier = await addStaff(h, owner, 'STORE_STAFF');
    // 3 staff added by the owner, then 12 payment methods by the manager, 7 saves of settings by the owner.
    for (let i = 1; i <= 12; i++) await h.as(manager).store.payment.create({ ...visa, name: `Card ${i}` });
    for (let i = 1; i <= 7; i++) {
      await h.as(owner).store.updateSettings({ ...settings, nextOrderNumber: i + 1 });
      // Answers give times to the millisecond: these saves fall in different ones.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await h.as(other).store.payment.create({ ...visa, name: 'Elsewhere' });
  });

  it('the owner and the accountant read the trail; a manager and a cashier are refused (403)', async () => {
    expect(await eventsOf(owner)).toHaveLength(22);
    expect(await eventsOf(accountant)).toEqual(await eventsOf(owner));
    for (const refused of [manager, cashier]) {
      expect(await failureOf(h.as(refused).store.audit.list(ALL_TIME))).toMatchObject({ status: 403, message: 'This needs the STORE_ACCOUNTANT role' });
      expect((await failureOf(h.as(refused).store.audit.people())).status).toBe(403);
    }
  });

  it("shows only the caller's store: another store's events are never read, whatever the filter", async () => {
    const mine = await eventsOf(owner);
    expect(mine.map((e) => e.after?.name)).not.toContain('Elsewhere');
    expect((await eventsOf(other)).map((e) => e.after?.name)).toEqual(['Elsewhere']);
    expect(await eventsOf(other, { actorId: manager.userId })).toEqual([]);
    expect(await eventsOf(owner, { actorId: other.userId })).toEqual([]);
  });

  it('lists newest first, in pages, with the total', async () => {
    const all = await eventsOf(owner);
    const times = all.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.slice(0, 7).map((e) => e.after?.nextOrderNumber)).toEqual(['8', '7', '6', '5', '4', '3', '2']);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await h.as(accountant).store.audit.list({ ...ALL_TIME, page, pageSize: 10 }));
    expect(pages.map((p) => p.totalEvents)).toEqual([22, 22, 22]);
    expect(pages.map((p) => p.events.length)).toEqual([10, 10, 2]);
    expect(pages.flatMap((p) => p.events.map((e) => e.id))).toEqual(all.map((e) => e.id));
    expect((await h.as(owner).store.audit.list({ ...ALL_TIME, page: 4, pageSize: 10 })).events).toEqual([]);
  });

  it('filters by action, by person, and by time: from included, to excluded', async () => {
    const created = await eventsOf(owner, { action: 'PAYMENT_METHOD_CREATE' });
    expect(created).toHaveLength(12);
    expect(created.every((e) => e.action === 'PAYMENT_METHOD_CREATE' && e.actor?.id === manager.userId)).toBe(true);
    expect((await eventsOf(owner, { actorId: owner.userId })).map((e) => e.action).sort()).toEqual([...Array(3).fill('STAFF_ADD'), ...Array(7).fill('SETTINGS_UPDATE')].sort());
    expect(await eventsOf(owner, { action: 'SETTINGS_UPDATE', actorId: manager.userId })).toEqual([]);

    const all = await eventsOf(owner);
    const newest = all[0]!;
    const fifth = all[4]!;
    const window = await h.as(owner).store.audit.list({ from: fifth.createdAt, to: newest.createdAt });
    expect(window.events.map((e) => e.id)).toEqual(all.slice(1, 5).map((e) => e.id));
    expect(window.totalEvents).toBe(4);
  });

  it('refuses a bad filter with a message naming the field', async () => {
    const list = (input: Record<string, unknown>) => failureOf(h.as(owner).store.audit.list(input as never));
    expect(await list({ to: ALL_TIME.to })).toMatchObject({ status: 400, message: 'from is required' });
    expect(await list({ from: '2026-05-01', to: ALL_TIME.to })).toMatchObject({ status: 400, message: 'from must be an ISO date-time with offset' });
    expect(await list({ from: ALL_TIME.to, to: ALL_TIME.from })).toMatchObject({ status: 400, message: 'to must be later than from' });
    expect(await list({ ...ALL_TIME, action: 'SETTINGS_DELETE' })).toMatchObject({ status: 400, message: expect.stringContaining('action must be one of ORDER_SUBMIT') });
    expect(await list({ ...ALL_TIME, pageSize: 501 })).toMatchObject({ status: 400, message: 'pageSize must be at most 500' });
  });

  it('people: everyone who acted in the store, by username, never someone of another store only', async () => {
    const { people } = await h.as(accountant).store.audit.people();
    const expected = [owner, manager].map((p) => ({ id: p.userId, username: p.username })).sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()));
    expect(people).toEqual(expected);
    expect((await h.as(other).store.audit.people()).people).toEqual([{ id: other.userId, username: other.username }]);
  });

  it('offers no way to change the trail: no procedure but these two reads names it', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    const audit = Object.entries(procedures).filter(([path]) => /audit/i.test(path));
    expect(audit.map(([path, p]) => `${path} ${p._def.type}`).sort()).toEqual(['store.audit.list query', 'store.audit.people query']);
  });
});

/**
 * The rule across the API: every call that moves money or changes who may move it writes
 * exactly one event of its action in the caller's store, in its own transaction, and a
 * call that fails writes none. Each procedure is called once successfully and once in a
 * way that fails; the events of the store are counted around each call.
 */
describe('every money-changing procedure writes exactly one audit event; a failed call writes none', () => {
  const M$ = (text: string) => M(BigInt(Math.round(Number(text) * 100)) * 10_000n);
  let owner: Person;
  let manager: Person;
  let cashier: Person;
  let accountant: Person;
  let cashId: number;
  let houseId: number;
  let vendorId: number;

  async function storeEvents(): Promise<{ action: string }[]> {
    const { rows } = await sql<{ action: string }>`select action from audit_events where store_id = ${owner.storeId} order by id`.execute(handle.db);
    return rows;
  }
  /** The actions a call added to the store's trail. */
  async function added(call: () => Promise<unknown>): Promise<string[]> {
    const before = (await storeEvents()).length;
    await call();
    return (await storeEvents()).slice(before).map((e) => e.action);
  }
  async function addedByFailure(call: () => Promise<unknown>): Promise<{ status: number; actions: string[] }> {
    const before = (await storeEvents()).length;
    const failure = await failureOf(call());
    return { status: failure.status, actions: (await storeEvents()).slice(before).map((e) => e.action) };
  }
  const items = [{ itemCode: 'AUD1', description: 'Teapot', quantity: 2, price: M$('10') }];
  async function completed(): Promise<{ orderId: number; lineId: number }> {
    const next = await h.as(cashier).order.next();
    const answer = await h.as(cashier).order.submit({ orderId: next.nextOrderId, items });
    return { orderId: answer.order.id, lineId: answer.order.items[0]!.id };
  }
  async function pending(): Promise<number> {
    const next = await h.as(cashier).order.next();
    await h.as(cashier).order.submit({ orderId: next.nextOrderId, items, payments: [{ paymentMethodId: houseId, amount: M$('20') }] });
    return next.nextOrderId;
  }

  beforeAll(async () => {
    owner = await signUpOwner(h);
    manager = await addStaff(h, owner, 'STORE_MANAGER');
    cashier = await addStaff(h, owner, 'STORE_STAFF');
    accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
    cashId = (await h.as(owner).store.payment.list()).paymentMethods.find((m) => m.isCash)!.id;
    houseId = (await h.as(owner).store.payment.create({ ...visa, name: 'House account', minimumAmount: M(0) })).paymentMethod.id;
    vendorId = (await h.as(owner).vendor.add({ tradeName: 'Audited', contactName: 'A', contactEmail: 'audited@example.test', primaryPhone: '555-0100', deductMonthlyRent: true, monthlyRent: M$('50') })).vendor.id;
    await h.as(owner).store.itemcode.add({ tag: 'AUD1', vendorId, defaultCommissionPercent: P(20_000_000), proportionalCcFee: false, receivesSeparateStatement: false });
  });

  /** Sets a call up (a sale, a staff member: their own events come before) and answers the call itself. */
  type Prepared = () => Promise<() => Promise<unknown>>;
  const call = (f: () => Promise<unknown>): Prepared => () => Promise.resolve(f);
  const refundOfTwo = (quantity: number): Prepared => async () => {
    const { orderId, lineId } = await completed();
    return () => h.as(manager).order.refund({ orderId, lines: [{ orderLineId: lineId, quantity }], payments: [{ paymentMethodId: cashId, amount: M$(String(10 * quantity)) }], reason: 'Chipped' });
  };
  const booth = (tradeName: string) => ({ tradeName, contactName: 'A', contactEmail: 'booth@example.test', primaryPhone: '555-0100' });
  const codeOf = async (tag: string) => (await h.as(owner).store.itemcode.fetchVendor({ vendorId })).itemCodes.find((c) => c.tag === tag)!.id;
  const stockOf = async (sku: string) => (await h.as(owner).store.inventory.list({ search: sku })).items.find((i) => i.sku === sku)!.id;
  const newClerk = () => {
    const username = uniqueName('aud');
    return { username, email: `${username}@example.test`, password: 'clerk password' };
  };

  /** A till's replayed sale paid by a method it may not take offline: kept for a manager; its id. */
  const offlineKept = async () => {
    const deviceId = randomUUID();
    await h.as(cashier).device.register({ deviceId, name: 'Audited till' });
    const { numbers } = await h.as(cashier).device.reserveNumbers({ deviceId });
    const answer = await h.as(cashier).offline.replay({ deviceId, clientId: randomUUID(), orderNumber: numbers[0]!, soldAt: new Date().toISOString(), items: [{ itemCode: 'AUD1', price: M$('20') }], payments: [{ paymentMethodId: houseId, amount: M$('20') }] });
    if (answer.status !== 'NEEDS_ATTENTION') throw new Error('expected the sale kept for a manager');
    return answer.attentionId;
  };
  /** The events a call writes before its own (an offline sale completed writes its order's submit first). */
  const ALSO: Partial<Record<AuditAction, AuditAction[]>> = { OFFLINE_SALE_COMPLETE: ['ORDER_SUBMIT'], OFFLINE_SALE_OVER_LIMIT: ['ORDER_SUBMIT'] };
  const cases: [path: string, action: AuditAction, succeed: Prepared, fail: Prepared, status: number][] = [
    [
      '/offline/resolve',
      'OFFLINE_SALE_VOID',
      async () => {
        const id = await offlineKept();
        return () => h.as(manager).offline.resolve({ id, action: 'VOID', reason: 'Rung up twice' });
      },
      async () => {
        const id = await offlineKept();
        return () => h.as(manager).offline.resolve({ id, action: 'VOID', reason: '' });
      },
      400,
    ],
    [
      '/offline/resolve',
      'OFFLINE_SALE_COMPLETE',
      async () => {
        const id = await offlineKept();
        return () => h.as(manager).offline.resolve({ id, action: 'COMPLETE' });
      },
      async () => {
        const id = await offlineKept();
        return () => h.as(cashier).offline.resolve({ id, action: 'COMPLETE' });
      },
      403,
    ],
    [
      '/offline/replay',
      'OFFLINE_SALE_OVER_LIMIT',
      async () => {
        const deviceId = randomUUID();
        await h.as(cashier).device.register({ deviceId, name: 'Over the limit' });
        const { numbers } = await h.as(cashier).device.reserveNumbers({ deviceId });
        const settings = await h.as(owner).store.fetchSettings();
        const { success: _s, message: _m, statusCode: _c, storeUpdatedAt: _u, nextOrderNumber: _n, ...rest } = settings;
        await h.as(owner).store.updateSettings({ ...rest, nextOrderNumber: Number(settings.nextOrderNumber) + 100, offlineMaxTotal: M$('1') });
        const sale = { deviceId, clientId: randomUUID(), orderNumber: numbers[0]!, soldAt: new Date().toISOString(), items: [{ itemCode: 'AUD1', price: M$('5') }], payments: [{ paymentMethodId: cashId, amount: M$('5') }] };
        return async () => {
          await h.as(cashier).offline.replay(sale);
          await h.as(owner).store.updateSettings({ ...rest, nextOrderNumber: Number(settings.nextOrderNumber) + 200, offlineMaxTotal: M$('2000') }).catch(() => undefined);
        };
      },
      call(() => h.as(cashier).offline.replay({ deviceId: randomUUID(), clientId: randomUUID(), orderNumber: 'X-1', soldAt: new Date().toISOString(), items: [{ itemCode: 'AUD1', price: M$('5') }], payments: [{ paymentMethodId: cashId, amount: M$('5') }] })),
      404,
    ],
    [
      '/order/submit',
      'ORDER_SUBMIT',
      async () => {
        const { nextOrderId } = await h.as(cashier).order.next();
        return () => h.as(cashier).order.submit({ orderId: nextOrderId, items });
      },
      async () => {
        const { nextOrderId } = await h.as(cashier).order.next();
        return () => h.as(cashier).order.submit({ orderId: nextOrderId, items, payments: [{ paymentMethodId: cashId, amount: M$('19.99') }] });
      },
      400,
    ],
    [
      '/order/approve',
      'ORDER_APPROVE',
      async () => {
        const orderId = await pending();
        return () => h.as(manager).order.approve({ orderId });
      },
      async () => {
        const orderId = await pending();
        return () => h.as(cashier).order.approve({ orderId });
      },
      403,
    ],
    [
      '/order/cancel',
      'ORDER_CANCEL',
      async () => {
        const { nextOrderId } = await h.as(cashier).order.next();
        return () => h.as(cashier).order.cancel({ orderId: nextOrderId, reason: 'Walked out' });
      },
      async () => {
        const { orderId } = await completed();
        return () => h.as(cashier).order.cancel({ orderId, reason: 'Too late' });
      },
      409,
    ],
    ['/order/refund', 'ORDER_REFUND', refundOfTwo(1), refundOfTwo(3), 400],
    ['/vendor/rent/post', 'VENDOR_RENT_POST', call(() => h.as(accountant).vendor.rent.post({ month: '2030-01' })), call(() => h.as(cashier).vendor.rent.post({ month: '2030-02' })), 403],
    [
      '/vendor/adjust',
      'VENDOR_ADJUST',
      call(() => h.as(accountant).vendor.adjust({ vendorId, amount: M$('500'), memo: 'Opening balance' })),
      call(() => h.as(accountant).vendor.adjust({ vendorId: 999_999_999, amount: M$('5'), memo: 'Nobody' })),
      404,
    ],
    [
      '/vendor/payout',
      'VENDOR_PAYOUT',
      call(() => h.as(accountant).vendor.payout({ vendorId, amount: M$('10'), method: 'CASH', reference: '' })),
      call(() => h.as(accountant).vendor.payout({ vendorId, amount: M$('100000'), method: 'CASH', reference: '' })),
      400,
    ],
    [
      '/vendor/payout-run',
      'VENDOR_PAYOUT_RUN',
      call(() => h.as(accountant).vendor.payoutRun({ through: '2100-01-01', minimum: M$('1'), method: 'ACH', preview: false })),
      call(() => h.as(cashier).vendor.payoutRun({ through: '2100-01-01', minimum: M$('1'), method: 'ACH', preview: false })),
      403,
    ],
    [
      '/store/update-settings',
      'SETTINGS_UPDATE',
      call(() => h.as(owner).store.updateSettings({ ...settings, orderPrefix: 'AUD-' })),
      call(() => h.as(owner).store.updateSettings({ ...settings, tax1Percent: P(100_000_001) })),
      400,
    ],
    ['/store/payment/create', 'PAYMENT_METHOD_CREATE', call(() => h.as(owner).store.payment.create({ ...visa, name: 'Amex' })), call(() => h.as(cashier).store.payment.create({ ...visa, name: 'Never' })), 403],
    [
      '/store/payment/update',
      'PAYMENT_METHOD_UPDATE',
      call(() => h.as(owner).store.payment.update({ id: houseId, ...visa, name: 'House account', minimumAmount: M(0), customerFeeAmount: M(0) })),
      call(() => h.as(owner).store.payment.update({ id: 999_999_999, ...visa })),
      404,
    ],
    [
      '/store/payment/delete',
      'PAYMENT_METHOD_DELETE',
      async () => {
        const { id } = (await h.as(owner).store.payment.create({ ...visa, name: 'Short-lived' })).paymentMethod;
        return () => h.as(owner).store.payment.delete({ id });
      },
      call(() => h.as(owner).store.payment.delete({ id: cashId })),
      400,
    ],
    [
      '/store/staff/add',
      'STAFF_ADD',
      call(() => h.as(owner).staff.add({ ...newClerk(), staffRole: 'STORE_STAFF' })),
      call(() => h.as(manager).staff.add({ ...newClerk(), staffRole: 'STORE_MANAGER' })),
      403,
    ],
    [
      '/store/staff/assign',
      'STAFF_ASSIGN',
      async () => {
        const elsewhere = await signUpOwner(h);
        return () => h.as(owner).staff.assign({ usernameOrEmail: elsewhere.username, staffRole: 'STORE_STAFF' });
      },
      call(() => h.as(owner).staff.assign({ usernameOrEmail: cashier.username, staffRole: 'STORE_STAFF' })),
      409,
    ],
    [
      '/store/staff/revoke',
      'STAFF_REVOKE',
      async () => {
        const clerk = await addStaff(h, owner, 'STORE_STAFF');
        return () => h.as(owner).staff.revoke({ userId: clerk.userId, staffRole: 'STORE_STAFF' });
      },
      call(() => h.as(owner).staff.revoke({ userId: owner.userId, staffRole: 'STORE_OWNER' })),
      409,
    ],
    [
      '/account/leave-store',
      'STAFF_LEAVE',
      async () => {
        const leaver = await addStaff(h, owner, 'STORE_STAFF');
        return () => h.as(leaver).staff.leave({ assignment: { storeId: owner.storeId, role: 'STORE_STAFF' } });
      },
      call(() => h.as(owner).staff.leave({ assignment: { storeId: owner.storeId, role: 'STORE_OWNER' } })),
      409,
    ],
    [
      '/store/staff/reset-password',
      'STAFF_PASSWORD_RESET',
      async () => {
        const clerk = await addStaff(h, owner, 'STORE_STAFF');
        return () => h.as(manager).staff.resetPassword({ userId: clerk.userId, password: 'temporary password' });
      },
      call(() => h.as(manager).staff.resetPassword({ userId: owner.userId, password: 'temporary password' })),
      403,
    ],
    [
      '/store/staff/set-disabled',
      'STAFF_DISABLE',
      async () => {
        const clerk = await addStaff(h, owner, 'STORE_STAFF');
        return () => h.as(manager).staff.setDisabled({ userId: clerk.userId, disabled: true });
      },
      call(() => h.as(manager).staff.setDisabled({ userId: manager.userId, disabled: true })),
      403,
    ],
    [
      '/store/staff/set-disabled',
      'STAFF_ENABLE',
      async () => {
        const clerk = await addStaff(h, owner, 'STORE_STAFF');
        await h.as(owner).staff.setDisabled({ userId: clerk.userId, disabled: true });
        return () => h.as(owner).staff.setDisabled({ userId: clerk.userId, disabled: false });
      },
      call(() => h.as(owner).staff.setDisabled({ userId: 999_999_999, disabled: false })),
      404,
    ],
    [
      '/reports/end-of-day/close',
      'DAY_CLOSE',
      call(() => h.as(manager).reports.endOfDay.close({ date: '2020-01-01', openingCash: M$('100'), countedCash: M$('100') })),
      call(() => h.as(accountant).reports.endOfDay.close({ date: '2020-01-02', openingCash: M$('100'), countedCash: M$('100') })),
      403,
    ],
    ['/vendor/add', 'VENDOR_CREATE', call(() => h.as(cashier).vendor.add(booth('Plain booth'))), call(() => h.as(cashier).vendor.add({ ...booth('Rent booth'), monthlyRent: M$('75') })), 403],
    [
      '/vendor/edit',
      'VENDOR_UPDATE',
      call(() => h.as(manager).vendor.edit({ vendorId, ...booth('Audited'), deductMonthlyRent: true, monthlyRent: M$('60') })),
      call(() => h.as(cashier).vendor.edit({ vendorId, ...booth('Audited'), deductMonthlyRent: true, monthlyRent: M$('0') })),
      403,
    ],
    [
      '/vendor/delete',
      'VENDOR_DELETE',
      async () => {
        const { id } = (await h.as(owner).vendor.add(booth('Short-lived booth'))).vendor;
        return () => h.as(manager).vendor.delete({ vendorId: id });
      },
      call(() => h.as(cashier).vendor.delete({ vendorId })),
      403,
    ],
    [
      '/vendor/delete',
      'VENDOR_ARCHIVE',
      async () => {
        const { id } = (await h.as(owner).vendor.add(booth('Stocked booth'))).vendor;
        await h.as(owner).store.itemcode.add({ tag: 'STOCKED1', vendorId: id });
        await h.as(manager).store.inventory.add({ sku: 'STOCKED-1', itemCode: 'STOCKED1', price: M$('5') });
        return () => h.as(manager).vendor.delete({ vendorId: id });
      },
      async () => {
        const { id } = (await h.as(owner).vendor.add(booth('Owed booth'))).vendor;
        await h.as(accountant).vendor.adjust({ vendorId: id, amount: M$('5'), memo: 'Opening balance' });
        return () => h.as(owner).vendor.delete({ vendorId: id });
      },
      400,
    ],
    ['/store/itemcode/add', 'ITEM_CODE_CREATE', call(() => h.as(cashier).store.itemcode.add({ tag: 'AUDNEW', vendorId })), call(() => h.as(cashier).store.itemcode.add({ tag: 'aud1', vendorId })), 409],
    [
      '/store/itemcode/edit',
      'ITEM_CODE_UPDATE',
      async () => {
        const id = await codeOf('AUDNEW');
        return () => h.as(manager).store.itemcode.edit({ id, tag: 'AUDNEW', vendorId, defaultCommissionPercent: P(12_000_000) });
      },
      async () => {
        const id = await codeOf('AUDNEW');
        return () => h.as(cashier).store.itemcode.edit({ id, tag: 'AUDNEW', vendorId, defaultCommissionPercent: P(11_000_000) });
      },
      403,
    ],
    [
      '/store/itemcode/delete',
      'ITEM_CODE_DELETE',
      async () => {
        const id = await codeOf('AUDNEW');
        return () => h.as(cashier).store.itemcode.delete({ id });
      },
      call(() => h.as(cashier).store.itemcode.delete({ id: 999_999_999 })),
      404,
    ],
    [
      '/store/itemcode/delete',
      'ITEM_CODE_ARCHIVE',
      async () => {
        await h.as(owner).store.itemcode.add({ tag: 'AUDSTOCK', vendorId });
        await h.as(manager).store.inventory.add({ sku: 'AUDSTOCK-1', itemCode: 'AUDSTOCK', price: M$('5') });
        const id = await codeOf('AUDSTOCK');
        return () => h.as(manager).store.itemcode.delete({ id });
      },
      call(() => h.as(manager).store.itemcode.delete({ id: 999_999_999 })),
      404,
    ],
    ['/store/inventory/add', 'INVENTORY_ITEM_CREATE', call(() => h.as(manager).store.inventory.add({ sku: 'AUD-1', itemCode: 'AUD1', price: M$('8'), quantityOnHand: 4 })), call(() => h.as(manager).store.inventory.add({ sku: 'aud-1', price: M$('8') })), 409],
    [
      '/store/inventory/edit',
      'INVENTORY_ITEM_UPDATE',
      async () => {
        const id = await stockOf('AUD-1');
        return () => h.as(manager).store.inventory.edit({ id, sku: 'AUD-1', itemCode: 'AUD1', price: M$('9') });
      },
      async () => {
        const id = await stockOf('AUD-1');
        return () => h.as(cashier).store.inventory.edit({ id, sku: 'AUD-1', itemCode: 'AUD1', price: M$('1') });
      },
      403,
    ],
    [
      '/store/inventory/adjust',
      'INVENTORY_ITEM_ADJUST',
      async () => {
        const id = await stockOf('AUD-1');
        return () => h.as(manager).store.inventory.adjust({ id, delta: -1, reason: 'Chipped' });
      },
      async () => {
        const id = await stockOf('AUD-1');
        return () => h.as(manager).store.inventory.adjust({ id, delta: -100, reason: 'Too many' });
      },
      400,
    ],
    [
      '/store/inventory/archive',
      'INVENTORY_ITEM_ARCHIVE',
      async () => {
        const id = await stockOf('AUD-1');
        return () => h.as(manager).store.inventory.archive({ id });
      },
      call(() => h.as(manager).store.inventory.archive({ id: 999_999_999 })),
      404,
    ],
    [
      '/item/add',
      'ITEM_ADD',
      call(() => h.as(cashier).item.add({ itemCode: 'AUD1', description: 'Audited lamp', price: M$('12') })),
      call(() => h.as(cashier).item.add({ itemCode: 'NONE1', description: 'Audited lamp', price: M$('12') })),
      400,
    ],
    [
      '/item/import',
      'ITEM_IMPORT',
      call(() => h.as(cashier).item.import({ rows: [{ itemCode: 'AUD1', description: 'Audited cup', price: M$('2') }] })),
      call(() => h.as(cashier).item.import({ rows: [{ itemCode: 'AUD1', description: 'Audited cup', price: M$('2') }, { itemCode: 'NONE1', description: 'x', price: M$('2') }] })),
      400,
    ],
    [
      '/item/edit',
      'ITEM_EDIT',
      async () => {
        const { item } = await h.as(cashier).item.add({ itemCode: 'AUD1', description: 'Audited chair', price: M$('40') });
        return () => h.as(cashier).item.edit({ itemId: item.id, price: M$('35') });
      },
      async () => {
        const { item } = await h.as(cashier).item.add({ itemCode: 'AUD1', description: 'Audited chair', price: M$('40') });
        return () => h.as(cashier).item.edit({ itemId: item.id, itemCode: 'NONE1' });
      },
      400,
    ],
    [
      '/item/withdraw',
      'ITEM_WITHDRAW',
      async () => {
        const { item } = await h.as(cashier).item.add({ itemCode: 'AUD1', description: 'Audited desk', price: M$('90') });
        return () => h.as(manager).item.withdraw({ itemIds: [item.id] });
      },
      async () => {
        const { item } = await h.as(cashier).item.add({ itemCode: 'AUD1', description: 'Audited desk', price: M$('90') });
        return () => h.as(cashier).item.withdraw({ itemIds: [item.id] });
      },
      403,
    ],
    [
      '/portal/item/withdraw-request',
      'ITEM_WITHDRAW_REQUEST',
      async () => {
        const { item } = await h.as(cashier).item.add({ itemCode: 'AUD1', description: 'Audited lamp', price: M$('30') });
        const vendor = await inviteVendor(h, owner, vendorId);
        return () => h.as(vendor).portal.item.withdrawRequest({ itemIds: [item.id], reason: 'Selling it myself' });
      },
      async () => {
        const vendor = await inviteVendor(h, owner, vendorId);
        return () => h.as(vendor).portal.item.withdrawRequest({ itemIds: [999_999] });
      },
      404,
    ],
    [
      '/books/account/save',
      'BOOKS_ACCOUNT_NAME',
      call(() => h.as(accountant).books.saveAccount({ account: 'bank', exportName: 'Checking', exportNumber: '1000' })),
      call(() => h.as(manager).books.saveAccount({ account: 'bank', exportName: 'Savings', exportNumber: '1001' })),
      403,
    ],
    [
      '/vendor/invite',
      'VENDOR_INVITE',
      call(() => h.as(accountant).vendor.invite({ vendorId, email: 'invited@example.test' })),
      call(() => h.as(cashier).vendor.invite({ vendorId, email: 'invited@example.test' })),
      403,
    ],
    [
      '/vendor/invite/revoke',
      'VENDOR_INVITE_REVOKE',
      async () => {
        const { inviteId } = await h.as(owner).vendor.invite({ vendorId, email: 'revoked@example.test' });
        return () => h.as(manager).vendor.inviteRevoke({ inviteId });
      },
      async () => {
        const { inviteId } = await h.as(owner).vendor.invite({ vendorId, email: 'revoked@example.test' });
        await h.as(owner).vendor.inviteRevoke({ inviteId });
        return () => h.as(manager).vendor.inviteRevoke({ inviteId });
      },
      409,
    ],
    [
      '/portal/accept',
      'VENDOR_PORTAL_ACCEPT',
      async () => {
        const { inviteUrl } = await h.as(owner).vendor.invite({ vendorId, email: 'accepts@example.test' });
        return () => h.call().portal.accept({ token: inviteUrl.split('/').pop()!, ...newClerk() });
      },
      call(() => h.call().portal.accept({ token: 'forged', ...newClerk() })),
      400,
    ],
    [
      '/vendor/portal-access/revoke',
      'VENDOR_PORTAL_REVOKE',
      async () => {
        const { inviteUrl } = await h.as(owner).vendor.invite({ vendorId, email: 'loses@example.test' });
        const answer = await h.call().portal.accept({ token: inviteUrl.split('/').pop()!, ...newClerk() });
        return () => h.as(owner).vendor.portalAccessRevoke({ vendorId, userId: answer.userId });
      },
      call(() => h.as(owner).vendor.portalAccessRevoke({ vendorId, userId: owner.userId })),
      404,
    ],
  ];

  it.each(cases)('%s: one %s event when it succeeds, none when it fails', async (_path, action, succeed, fail, status) => {
    expect((await added(await succeed())).filter((a) => a !== 'SETTINGS_UPDATE' || action === 'SETTINGS_UPDATE')).toEqual([...(ALSO[action] ?? []), action]);
    const failed = await addedByFailure(await fail());
    expect(failed).toEqual({ status, actions: [] });
  });

  it('a payout run previewed moves no money and writes nothing', async () => {
    expect(await added(() => h.as(accountant).vendor.payoutRun({ through: '2100-01-01', minimum: M$('1'), method: 'ACH', preview: true }))).toEqual([]);
  });

  it('lists every action of the trail among the cases', () => {
    const covered = new Set(cases.map(([, action]) => action));
    expect(AUDIT_ACTIONS.filter((a) => !covered.has(a))).toEqual([]);
  });
});
