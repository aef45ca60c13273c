/**
 * The four store dashboards: every counter against hand-computed figures from
 * orders made through the procedures, "today" and "this month" in the store's time zone
 * (America/New_York, across a DST change) at midnight and month edges, active staff
 * from sessions, store scope and roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle, LedgerKind } from '@pos/db';
import { parseMoney, parsePercent, profitMarginPercent } from '@pos/domain';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, loginAs, signUpOwner, uniqueName, type ApiHarness, type Person } from '../../../test/factories';

const M = (value: bigint | number | string) => ({ type: 'Money' as const, value: String(value) });
const P = (value: bigint | number | string) => ({ type: 'Percent' as const, value: String(value) });
const $ = (text: string) => M(parseMoney(text));
const pct = (text: string) => P(parsePercent(text));

let handle: DbHandle;
let h: ApiHarness;
/** Store S (New York) and its people. */
let owner: Person;
let manager: Person;
let cashier: Person;
let accountant: Person;
/** Holds STORE_STAFF and STORE_ACCOUNTANT in S, with two sessions. */
let multi: Person;
let multiAsAccountant: Person;
/** Another store's owner, also STORE_STAFF in S. */
let otherOwner: Person;
let otherCashier: Person;
/** STORE_STAFF in S, signed out. */
let gone: Person;
/** STORE_STAFF in S whose session expired. */
let expired: Person;
/** Was STORE_STAFF in S, revoked. */
let revoked: Person;

/** S's vendors Alpha and Beta. */
let alpha: number;
let beta: number;

/** Posts a ledger entry of S dated `at` (entries are never moved: each test posts its own). */
async function postAt(vendorId: number, kind: LedgerKind, amount: string, at: string, storeId = owner.storeId) {
  await handle.db
    .insertInto('ledger_entries')
    .values({ store_id: BigInt(storeId), vendor_id: BigInt(vendorId), kind, amount: parseMoney(amount), rent_month: kind === 'RENT' ? at.slice(0, 7) : null, created_at: new Date(at) })
    .execute();
}

/** Order ids by name: S's completed orders P, T, Q, U, V and the other store's X. */
const orders: Record<string, number> = {};

/** A harness whose clock is pinned at `iso`. */
const at = (iso: string) => createApiHarness(handle.db, { config: { now: () => new Date(iso) } });

async function changeSettings(p: Person, over: Record<string, unknown>) {
  const { success: _s, message: _m, statusCode: _c, storeUpdatedAt: _u, ...current } = await h.as(p).store.fetchSettings();
  return h.as(p).store.updateSettings({ ...current, ...over });
}

interface Line {
  itemCode: string;
  description: string;
  price: string;
  quantity?: number;
  discount?: string;
  taxes?: [string, string, string];
}

/** Creates an order through /order/next and /order/submit. */
async function sell(p: Person, lines: Line[], customerName = 'Customer'): Promise<number> {
  const next = await h.as(p).order.next();
  await h.as(p).order.submit({
    orderId: next.nextOrderId,
    customerName,
    items: lines.map((l) => {
      const [t1, t2, t3] = l.taxes ?? ['0', '0', '0'];
      return {
        itemCode: l.itemCode,
        description: l.description,
        quantity: l.quantity ?? 1,
        price: $(l.price),
        discountPercent: pct(l.discount ?? '0'),
        tax1Enabled: t1 !== '0',
        tax1Percent: pct(t1),
        tax1Description: 'GST',
        tax2Enabled: t2 !== '0',
        tax2Percent: pct(t2),
        tax2Description: 'PST',
        tax3Enabled: t3 !== '0',
        tax3Percent: pct(t3),
        tax3Description: 'LUX',
      };
    }),
  });
  return next.nextOrderId;
}

async function setOrder(orderId: number, values: { status?: 'DRAFT' | 'PENDING' | 'COMPLETED' | 'CANCELLED' | 'REFUNDED'; completed_at?: Date }) {
  await handle.db.updateTable('orders').set(values).where('id', '=', BigInt(orderId)).execute();
}

/** Moves each named completed order to its time; the ones not named go to 2020. */
async function placeCompleted(times: Record<string, string>) {
  for (const [name, id] of Object.entries(orders)) {
    await setOrder(id, { completed_at: new Date(times[name] ?? '2020-01-01T12:00:00Z') });
  }
}

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  owner = await signUpOwner(h);
  otherOwner = await signUpOwner(h);
  [manager, cashier, accountant, gone, expired, revoked, otherCashier] = await Promise.all([
    addStaff(h, owner, 'STORE_MANAGER'),
    addStaff(h, owner, 'STORE_STAFF'),
    addStaff(h, owner, 'STORE_ACCOUNTANT'),
    addStaff(h, owner, 'STORE_STAFF'),
    addStaff(h, owner, 'STORE_STAFF'),
    addStaff(h, owner, 'STORE_STAFF'),
    addStaff(h, otherOwner, 'STORE_STAFF'),
  ]);
  multi = await addStaff(h, owner, 'STORE_STAFF', { username: uniqueName('multi') });
  await h.as(owner).staff.assign({ usernameOrEmail: multi.username, staffRole: 'STORE_ACCOUNTANT' });
  multiAsAccountant = await loginAs(h, { usernameOrEmail: multi.username, password: multi.password }, { storeId: owner.storeId, role: 'STORE_ACCOUNTANT' });
  await h.as(owner).staff.assign({ usernameOrEmail: otherOwner.username, staffRole: 'STORE_STAFF' });
  await h.as(owner).staff.revoke({ userId: revoked.userId, staffRole: 'STORE_STAFF' });

  await changeSettings(owner, {
    timeZone: 'America/New_York',
    defaultVendorCommissionPercent: pct('20'),
    tax1ShortName: 'GST',
    tax1Percent: pct('5'),
    tax1Enabled: true,
    tax1ApplyByDefault: true,
    tax2ShortName: 'PST',
    tax2Percent: pct('8'),
    tax2Enabled: true,
  });
  await changeSettings(otherOwner, { timeZone: 'America/New_York', defaultVendorCommissionPercent: pct('50') });

  // Vendors and item codes: MIR keeps 30% for the store, LMP 12.5%; ZZZ exists only in the other store.
  // Balances by adjustments in the ledger: Alpha is owed money, Beta owes far more than it sells.
  const vendor = async (p: Person, tradeName: string, balance: string) => {
    const { vendor: v } = await h.as(p).vendor.add({ tradeName, contactName: 'C', contactEmail: 'c@example.test', primaryPhone: '555-0100' });
    if (balance !== '0') await h.as(p).vendor.adjust({ vendorId: v.id, amount: $(balance), memo: 'Opening balance' });
    return v.id;
  };
  alpha = await vendor(owner, 'Alpha', '12.34');
  beta = await vendor(owner, 'Beta', '-500.00');
  await vendor(owner, 'Gamma', '0');
  await vendor(otherOwner, 'Elsewhere', '99');
  await h.as(owner).store.itemcode.add({ tag: 'MIR', vendorId: alpha, defaultCommissionPercent: pct('30') });
  await h.as(owner).store.itemcode.add({ tag: 'LMP', vendorId: beta, defaultCommissionPercent: pct('12.5') });
  await h.as(otherOwner).store.itemcode.add({ tag: 'ZZZ', defaultCommissionPercent: pct('50') });

  // Completed orders of S (total; total less tax; vendor shares):
  // P: 100.00 + 5% = 105.00; 100.00; 100.00 − 30% = 70.00
  orders.P = await sell(cashier, [{ itemCode: 'MIR', description: 'Mirror', price: '100', taxes: ['5', '0', '0'] }]);
  // T: 59.97 − 6.00 = 53.97, + 2.70 (5%) + 4.32 (8%) = 60.99; 53.97; 53.97 − 6.75 (12.5% of 53.97 = 6.74625) = 47.22
  orders.T = await sell(manager, [{ itemCode: 'LMP', description: 'Lamp', price: '19.99', quantity: 3, discount: '10', taxes: ['5', '8', '0'] }]);
  // Q: 0.50 + 0.02 (5% of 0.50 = 0.025, half to even) = 0.52; 0.50; no code: 0.50 − 20% = 0.40
  orders.Q = await sell(cashier, [{ itemCode: '', description: 'Gift wrap', price: '0.50', taxes: ['5', '0', '0'] }]);
  // U: 10.00 × 2 = 20.00; 20.00; no code (the store's own): 20.00 − 20% = 16.00
  orders.U = await sell(owner, [{ itemCode: '', description: 'Misc', price: '10', quantity: 2 }]);
  // V: 1.00; 1.00; 1.00 − 30% = 0.70
  orders.V = await sell(cashier, [{ itemCode: 'MIR', description: 'Hook', price: '1' }]);
  // The other store's sale, always placed where it would count if scope leaked.
  orders.X = await sell(otherOwner, [{ itemCode: 'ZZZ', description: 'Theirs', price: '1000' }]);

  // Not revenue: a refunded sale and a cancelled order.
  const refunded = await sell(cashier, [{ itemCode: 'MIR', description: 'Returned', price: '500' }]);
  await setOrder(refunded, { status: 'REFUNDED' });
  await setOrder((await h.as(cashier).order.next()).nextOrderId, { status: 'CANCELLED' });

  // Drafts (the cashier's 2 and the manager's) and orders waiting for approval (a PENDING of the owner and one of the cashier).
  await h.as(cashier).order.next();
  await h.as(cashier).order.next();
  await h.as(manager).order.next();
  await setOrder((await h.as(owner).order.next()).nextOrderId, { status: 'PENDING' });
  await setOrder((await h.as(cashier).order.next()).nextOrderId, { status: 'PENDING' });
  await h.as(otherCashier).order.next();

  // Stock of S: A (5 ≤ 5) low, B (6 > 5) not, C (0 ≤ 0) low, D archived, E (2 ≤ 10) low.
  const stock = async (p: Person, sku: string, quantityOnHand: number, reorderLevel: number) =>
    (await h.as(p).store.inventory.add({ sku, price: $('1'), quantityOnHand, reorderLevel })).item.id;
  await stock(manager, 'A', 5, 5);
  await stock(manager, 'B', 6, 5);
  await stock(manager, 'C', 0, 0);
  await h.as(manager).store.inventory.archive({ id: await stock(manager, 'D', 1, 3) });
  await stock(manager, 'E', 2, 10);
  await stock(otherOwner, 'THEIRS', 0, 5);
});
afterAll(() => handle.close());

describe('/dashboard/store-owner', () => {
  it('counts every completed order, the items for sale and the users holding a role in the store', async () => {
    await placeCompleted({ P: '2024-03-01T12:00:00Z', T: '2023-07-04T12:00:00Z', X: '2024-03-01T12:00:00Z' });
    expect(await h.as(owner).dashboard.storeOwner()).toEqual({
      success: true,
      message: 'OK',
      // 105.00 + 60.99 + 0.52 + 20.00 + 1.00
      totalRevenue: $('187.51'),
      totalOrders: 5,
      // A, B, E: C has none left (SOLD), D is withdrawn
      totalProducts: 3,
      // owner, manager, cashier, accountant, gone, expired, multi (two roles, once), otherOwner; not revoked
      totalStaff: 8,
    });
  });
});

describe('time-zone edges (America/New_York)', () => {
  /** Every clock-dependent counter of the four dashboards at `now`. */
  async function countersAt(now: string) {
    const clock = at(now);
    const [m, s, a] = await Promise.all([clock.as(manager).dashboard.storeManager(), clock.as(cashier).dashboard.storeStaff(), clock.as(accountant).dashboard.storeAccountant()]);
    return {
      dailyRevenue: m.dailyRevenue,
      todayOrders: s.todayOrders,
      todayRevenue: s.todayRevenue,
      monthlyRevenue: a.monthlyRevenue,
    };
  }

  it('just after local midnight: an order one minute before it is yesterday, one minute after is today', async () => {
    // now: 2024-03-31 00:05 EDT. P at 23:59 on the 30th, T at 00:01 on the 31st.
    await placeCompleted({ P: '2024-03-31T03:59:00Z', T: '2024-03-31T04:01:00Z', X: '2024-03-31T04:02:00Z' });
    expect(await countersAt('2024-03-31T04:05:00Z')).toEqual({
      dailyRevenue: $('60.99'),
      todayOrders: 1,
      todayRevenue: $('60.99'),
      // P + T: 100.00 + 53.97
      monthlyRevenue: $('153.97'),
    });
  });

  it('at the end of a month: the month began at local midnight in EST, today at local midnight in EDT', async () => {
    // now: 2024-03-31 23:59 EDT (already April 1 in UTC). The month began 2024-03-01 00:00 EST = 05:00Z.
    await placeCompleted({
      P: '2024-03-01T04:59:00Z', // Feb 29 23:59 EST: last month
      T: '2024-03-01T05:01:00Z', // Mar 1 00:01 EST: this month
      U: '2024-03-31T03:59:00Z', // Mar 30 23:59 EDT: this month, not today
      V: '2024-03-31T04:01:00Z', // Mar 31 00:01 EDT: today
      Q: '2024-04-01T03:58:00Z', // Mar 31 23:58 EDT: today
      X: '2024-03-31T12:00:00Z',
    });
    expect(await countersAt('2024-04-01T03:59:00Z')).toEqual({
      // V + Q: 1.00 + 0.52
      dailyRevenue: $('1.52'),
      todayOrders: 2,
      todayRevenue: $('1.52'),
      // T + U + V + Q: 53.97 + 20.00 + 1.00 + 0.50
      monthlyRevenue: $('75.47'),
    });
  });

  it('just after the local midnight that starts a month: the minute before belongs to last month', async () => {
    // now: 2024-04-01 00:05 EDT. Q at Mar 31 23:59 EDT, V at Apr 1 00:01 EDT.
    await placeCompleted({ Q: '2024-04-01T03:59:00Z', V: '2024-04-01T04:01:00Z', X: '2024-04-01T04:02:00Z' });
    expect(await countersAt('2024-04-01T04:05:00Z')).toEqual({
      dailyRevenue: $('1.00'),
      todayOrders: 1,
      todayRevenue: $('1.00'),
      monthlyRevenue: $('1.00'),
    });
  });

  it('answers zeros, and a zero margin, for a day and month without sales', async () => {
    await placeCompleted({ X: '2025-06-15T12:00:00Z' });
    expect(await countersAt('2025-06-15T16:00:00Z')).toEqual({
      dailyRevenue: M(0),
      todayOrders: 0,
      todayRevenue: M(0),
      monthlyRevenue: M(0),
    });
  });
});

describe('/dashboard/store-manager', () => {
  it("counts the store's PENDING orders (waiting for approval; drafts are not pending) and active items at or below their reorder level", async () => {
    await placeCompleted({ T: '2024-03-31T04:01:00Z' });
    expect(await at('2024-03-31T20:00:00Z').as(manager).dashboard.storeManager()).toEqual({
      success: true,
      message: 'OK',
      dailyRevenue: $('60.99'),
      // the 2 PENDING; not the 3 drafts, COMPLETED, CANCELLED, REFUNDED or the other store's draft
      pendingOrders: 2,
      // A, C, E
      lowStockItems: 3,
      activeStaff: expect.any(Number),
    });
  });

  it("counts as active staff the store's users with a live session used in the last 24 hours", async () => {
    const now = new Date();
    const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const sessionsOf = (p: Person) => handle.db.updateTable('sessions').where('user_id', '=', BigInt(p.userId));
    // A second session of multi: counted once.
    await loginAs(h, { usernameOrEmail: multi.username, password: multi.password });
    await sessionsOf(owner).set({ last_used_at: ago(1) }).execute();
    await sessionsOf(cashier).set({ last_used_at: ago(23) }).execute();
    await sessionsOf(accountant).set({ last_used_at: ago(25) }).execute();
    await sessionsOf(expired).set({ expires_at: ago(0.1) }).execute();
    await h.as(gone).auth.logout();

    const res = await createApiHarness(handle.db, { config: { now: () => now } }).as(manager).dashboard.storeManager();
    // manager, owner, cashier (23 h), multi, otherOwner (also staff of S); not accountant (25 h), gone
    // (signed out), expired, revoked (no role), otherCashier (another store)
    expect(res.activeStaff).toBe(5);
  });
});

describe('/dashboard/store-staff', () => {
  it("counts today's completed orders and revenue, and the caller's own DRAFT orders as pending tasks", async () => {
    await placeCompleted({ P: '2024-03-31T05:00:00Z', T: '2024-03-31T04:01:00Z', U: '2024-03-30T12:00:00Z', X: '2024-03-31T05:00:00Z' });
    const clock = at('2024-03-31T20:00:00Z');
    const expected = { success: true, message: 'OK', todayOrders: 2, todayRevenue: $('165.99') };
    expect(await clock.as(cashier).dashboard.storeStaff()).toEqual({ ...expected, pendingTasks: 2 });
    expect(await clock.as(manager).dashboard.storeStaff()).toEqual({ ...expected, pendingTasks: 1 });
    // The owner's order is PENDING, not DRAFT.
    expect(await clock.as(owner).dashboard.storeStaff()).toEqual({ ...expected, pendingTasks: 0 });
  });
});

describe('/dashboard/store-accountant', () => {
  it("answers revenue less tax, the vendors' net of the month's sales in the ledger, accounts owed money and the margin as a Percent", async () => {
    await placeCompleted({
      P: '2024-03-05T12:00:00Z',
      T: '2024-03-10T12:00:00Z',
      Q: '2024-03-15T12:00:00Z',
      U: '2024-03-20T12:00:00Z',
      V: '2024-03-25T12:00:00Z',
      X: '2024-03-25T12:00:00Z',
    });
    // What P, T and V post to their vendors when they complete; Q (no code) and U (another
    // store's code) are the store's own sales and post nothing.
    await postAt(alpha, 'SALE', '100.00', '2024-03-05T12:00:00Z');
    await postAt(alpha, 'COMMISSION', '-30.00', '2024-03-05T12:00:00Z');
    await postAt(beta, 'SALE', '53.97', '2024-03-10T12:00:00Z');
    await postAt(beta, 'COMMISSION', '-6.75', '2024-03-10T12:00:00Z');
    await postAt(alpha, 'SALE', '1.00', '2024-03-25T12:00:00Z');
    await postAt(alpha, 'COMMISSION', '-0.30', '2024-03-25T12:00:00Z');
    // 100.00 + 53.97 + 0.50 + 20.00 + 1.00 = 175.47; 70.00 + 47.22 + 0.70 = 117.92
    const revenue = parseMoney('175.47');
    const expenses = parseMoney('117.92');
    expect(await at('2024-03-28T12:00:00Z').as(accountant).dashboard.storeAccountant()).toEqual({
      success: true,
      message: 'OK',
      monthlyRevenue: M(revenue),
      monthlyExpenses: M(expenses),
      // Alpha (owed); not Beta (owes the store), Gamma (nothing) or the other store's vendor
      pendingInvoices: 1,
      // 57.55 / 175.47 = 32.797629…%
      profitMargin: P(profitMarginPercent(revenue, expenses)),
    });
    expect(profitMarginPercent(revenue, expenses)).toBe(32_797_629n);
  });

  it("counts as expenses only SALE, COMMISSION and CARD_FEE entries of the store's month, in its time zone", async () => {
    await placeCompleted({});
    await postAt(alpha, 'SALE', '10.00', '2024-11-01T03:59:00Z'); // Oct 31 23:59 EDT: last month
    await postAt(alpha, 'SALE', '20.00', '2024-11-01T04:01:00Z'); // Nov 1 00:01 EDT: this month
    await postAt(alpha, 'COMMISSION', '-6.00', '2024-11-01T04:01:00Z');
    await postAt(beta, 'CARD_FEE', '-0.50', '2024-11-20T12:00:00Z');
    await postAt(beta, 'RENT', '-150.00', '2024-11-20T12:00:00Z'); // rent: not an expense of sales
    await postAt(alpha, 'ADJUSTMENT', '3.00', '2024-11-20T12:00:00Z');
    await postAt(alpha, 'SALE', '7.00', '2024-12-01T04:59:00Z'); // Nov 30 23:59 EST: this month
    await postAt(alpha, 'SALE', '9.00', '2024-12-01T05:01:00Z'); // Dec 1 00:01 EST: next month
    const elsewhere = await handle.db.selectFrom('vendors').select('id').where('store_id', '=', BigInt(otherOwner.storeId)).executeTakeFirstOrThrow();
    await postAt(Number(elsewhere.id), 'SALE', '1000.00', '2024-11-20T12:00:00Z', otherOwner.storeId);
    const month = await at('2024-12-01T04:59:30Z').as(accountant).dashboard.storeAccountant();
    // 20.00 − 6.00 − 0.50 + 7.00
    expect(month.monthlyExpenses).toEqual($('20.50'));
    expect(month.monthlyRevenue).toEqual(M(0));
    expect(month.profitMargin).toEqual(P(0));
  });
});

describe('roles', () => {
  const dashboards = ['storeOwner', 'storeManager', 'storeStaff', 'storeAccountant'] as const;
  const read = (p: Person, d: (typeof dashboards)[number]) => h.as(p).dashboard[d]();

  it.each([
    ['STORE_OWNER', () => owner, ['storeOwner', 'storeManager', 'storeStaff', 'storeAccountant']],
    ['STORE_MANAGER', () => manager, ['storeManager', 'storeStaff']],
    ['STORE_STAFF', () => cashier, ['storeStaff']],
    ['STORE_ACCOUNTANT', () => accountant, ['storeAccountant']],
    ['STORE_ACCOUNTANT of a user who is also STORE_STAFF', () => multiAsAccountant, ['storeAccountant']],
    ['STORE_STAFF of a user who is also STORE_ACCOUNTANT', () => multi, ['storeStaff']],
  ] as const)('%s reads exactly its dashboards; the others answer 403', async (_role, person, allowed) => {
    for (const d of dashboards) {
      if ((allowed as readonly string[]).includes(d)) expect((await read(person(), d)).success).toBe(true);
      else expect((await failureOf(read(person(), d))).status).toBe(403);
    }
  });

  it("answers 403 for another store's dashboards and 401 without a session", async () => {
    expect((await failureOf(h.as(owner, { storeId: otherOwner.storeId }).dashboard.storeOwner())).status).toBe(403);
    expect((await failureOf(h.call({ storeId: owner.storeId, role: 'STORE_OWNER' }).dashboard.storeOwner())).status).toBe(401);
  });
});

describe('revenue beyond 64 bits', () => {
  it('keeps every dashboard and every later sale answering when a store has sold more than 64 bits hold', async () => {
    const big = await signUpOwner(h);
    const [till, books] = await Promise.all([addStaff(h, big, 'STORE_STAFF'), addStaff(h, big, 'STORE_ACCOUNTANT')]);
    // Two sales of about 4.6 trillion each, as a store could have recorded before the
    // business limits existed: their sum leaves signed 64-bit range.
    const half = 2n ** 62n;
    const now = new Date();
    for (const n of [1, 2]) {
      await handle.db
        .insertInto('orders')
        .values({ store_id: BigInt(big.storeId), order_number: `HUGE-${n}`, status: 'COMPLETED', total: half, subtotal: half, vendor_share_total: half, completed_at: now })
        .execute();
    }
    // A later, ordinary sale still completes.
    const id = await sell(till, [{ itemCode: '', description: 'Vase', price: '10.00' }]);
    expect((await h.as(till).order.fetch({ orderId: id })).order.status).toBe('COMPLETED');

    const revenue = 2n * half + parseMoney('10.00');
    expect(revenue > 2n ** 63n - 1n).toBe(true);
    await expect(h.as(big).dashboard.storeOwner()).resolves.toMatchObject({ totalRevenue: M(revenue), totalOrders: 3 });
    await expect(h.as(big).dashboard.storeManager()).resolves.toMatchObject({ dailyRevenue: M(revenue) });
    await expect(h.as(till).dashboard.storeStaff()).resolves.toMatchObject({ todayRevenue: M(revenue), todayOrders: 3 });
    const month = await h.as(books).dashboard.storeAccountant();
    expect(month.monthlyRevenue).toEqual(M(revenue));
    expect(month.success).toBe(true);
  });
});

describe("the day's and the month's sales", () => {
  it('equal the sums rebuilt from every completed order of the period less all its refunds', async () => {
    const shop = await signUpOwner(h);
    const [till, boss, books] = await Promise.all([addStaff(h, shop, 'STORE_STAFF'), addStaff(h, shop, 'STORE_MANAGER'), addStaff(h, shop, 'STORE_ACCOUNTANT')]);
    await sell(till, [{ itemCode: '', description: 'Kept', price: '40', taxes: ['5', '0', '0'] }]);
    const part = await sell(till, [{ itemCode: '', description: 'Part back', price: '80', quantity: 2, taxes: ['5', '8', '0'] }]);
    const old = await sell(till, [{ itemCode: '', description: 'Last year', price: '30', taxes: ['5', '0', '0'] }]);
    const gone = await sell(till, [{ itemCode: '', description: 'All back', price: '12' }]);
    await setOrder(old, { completed_at: new Date(Date.now() - 400 * 86_400_000) });
    await setOrder(gone, { status: 'REFUNDED' });
    // Two refunds of one order of this month, one of last year's order and the whole of
    // another, all made now: only the first two come off this month's sales.
    const refund = (orderId: number, sequence: number, total: string, tax: string) =>
      handle.db
        .insertInto('refunds')
        .values({ store_id: BigInt(shop.storeId), order_id: BigInt(orderId), sequence, number: `R-${orderId}-${sequence}`, reason: 'Back', total: parseMoney(total), tax1: parseMoney(tax), amount: parseMoney(total) + parseMoney(tax) })
        .execute();
    await refund(part, 1, '80.00', '4.00');
    await refund(part, 2, '10.00', '0.50');
    await refund(old, 1, '30.00', '1.50');
    await refund(gone, 1, '12.00', '0.00');

    // Rebuilt from the rows: each completed order of the period less every refund of it.
    const now = new Date();
    const fromRows = async (unit: 'day' | 'month') => {
      const { rows } = await sql<{ orders: string; revenue: string; lessTax: string }>`
        select count(*)::text as orders,
               coalesce(sum(o.total - coalesce((select sum(amount) from refunds f where f.order_id = o.id), 0)), 0)::text as revenue,
               coalesce(sum(o.total - o.tax1_total - o.tax2_total - o.tax3_total - coalesce((select sum(total) from refunds f where f.order_id = o.id), 0)), 0)::text as "lessTax"
        from orders o join stores s on s.id = o.store_id
        where o.store_id = ${shop.storeId} and o.status = 'COMPLETED' and o.completed_at <= ${now}
          and o.completed_at >= date_trunc(${unit}, ${now}::timestamptz at time zone s.time_zone) at time zone s.time_zone`.execute(handle.db);
      return rows[0]!;
    };
    // The ledger: entries of each kind this month (two of them in the last minutes, one at
    // the month's first instant), last month's, and another store's; the month's vendor net
    // rebuilt from the rows is their SALE, COMMISSION and CARD_FEE entries since its start.
    const { vendor } = await h.as(shop).vendor.add({ tradeName: 'Vendor', contactName: 'C', contactEmail: 'c@example.test', primaryPhone: '555-0100' });
    const start = await sql<{ since: Date }>`select date_trunc('month', ${now}::timestamptz at time zone time_zone) at time zone time_zone as since from stores where id = ${shop.storeId}`.execute(handle.db);
    const since = start.rows[0]!.since.getTime();
    const mid = since + Math.floor((now.getTime() - since) / 2);
    const entries: [LedgerKind, string, number][] = [
      ['SALE', '100.00', since],
      ['COMMISSION', '-30.00', since],
      ['SALE', '9.00', since - 1000],
      ['CARD_FEE', '-0.75', mid],
      ['RENT', '-150.00', mid],
      ['ADJUSTMENT', '12.34', mid],
      ['PAYOUT', '-40.00', mid],
      ['SALE', '55.50', Math.max(since, now.getTime() - 60_000)],
      ['COMMISSION', '-5.55', now.getTime()],
      ['SALE', '7.00', now.getTime() + 60_000],
    ];
    for (const [kind, amount, when] of entries) await postAt(vendor.id, kind, amount, new Date(when).toISOString(), shop.storeId);
    const { rows: net } = await sql<{ net: string }>`
      select coalesce(sum(amount), 0)::text as net from ledger_entries
      where store_id = ${shop.storeId} and kind in ('SALE', 'COMMISSION', 'CARD_FEE') and created_at >= ${new Date(since)} and created_at <= ${now}`.execute(handle.db);

    const [day, month] = await Promise.all([fromRows('day'), fromRows('month')]);
    expect(month.orders).toBe('2');
    const clock = at(now.toISOString());
    const [m, s, a] = await Promise.all([clock.as(boss).dashboard.storeManager(), clock.as(till).dashboard.storeStaff(), clock.as(books).dashboard.storeAccountant()]);
    expect(a.monthlyRevenue).toEqual(M(month.lessTax));
    // 100.00 − 30.00 − 0.75 + 55.50 − 5.55
    expect(BigInt(net[0]!.net)).toBe(parseMoney('119.20'));
    expect(a.monthlyExpenses).toEqual(M(net[0]!.net));
    expect(m.dailyRevenue).toEqual(M(day.revenue));
    expect(s.todayRevenue).toEqual(M(day.revenue));
    expect(s.todayOrders).toBe(Number(day.orders));
    // 40.00 + 2.00, and 160.00 + 8.00 + 12.80 less 84.00 and 10.50; less tax 40.00 + 160.00 − 80.00 − 10.00
    if (day.orders === '2') expect([m.dailyRevenue, a.monthlyRevenue]).toEqual([$('128.30'), $('110.00')]);
  });
});
