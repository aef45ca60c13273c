/**
 * The vendor portal on a real database: the VENDOR role and its scope, invitations
 * (made, refused when expired, reused, revoked or forged; accepted once), who has access,
 * isolation of vendors from each other and from the store's procedures, and the sum rule:
 * the portal's sales lines add up to the change in balance they made and to the store's
 * statement, to the micro-unit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { appRouter, type Meta } from '@pos/api';
import type { DbHandle } from '@pos/db';
import { CENT, INVITE_TTL_MS, type LedgerKind } from '@pos/domain';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, loginAs, signUpOwner, uniqueName, type ApiHarness, type Person } from '../../../test/factories';
import { addCardMethod, addCode, addVendor, cashMethodOf, completeSale, type SaleMethod } from '../../../test/sales';
import { inviteVendor, refundUnits, tokenOf } from '../../../test/portal';
import { saleTotals } from '../src/features/portal/portal.repository';
import { accountStatementRows } from '../src/features/ledger/ledger.repository';

let handle: DbHandle;
let h: ApiHarness;

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle.close());

const M = (v: string | bigint) => ({ type: 'Money' as const, value: String(v) });
const dollars = (n: number) => BigInt(Math.round(n * 100)) * CENT;

/** Every procedure with a REST path, by its dotted key: generated from the router, so a new path is covered. */
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>)
  .filter(([, p]) => p._def.meta?.path)
  .map(([key, p]) => ({ key, path: p._def.meta!.path!, access: p._def.meta!.access }));

function callByKey(caller: unknown, key: string, input: unknown): Promise<unknown> {
  const fn = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], caller) as (i: unknown) => Promise<unknown>;
  return fn(input);
}

const json = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));

describe('invitations', () => {
  let owner: Person;
  let vendorId: number;
  beforeAll(async () => {
    owner = await signUpOwner(h);
    vendorId = await addVendor(h, owner, { tradeName: uniqueName('Booth') });
  });

  it('makes a link with a 256-bit token kept only as its hash, valid 7 days, and accepting it signs in with the VENDOR assignment', async () => {
    const before = Date.now();
    const made = await h.as(owner).vendor.invite({ vendorId, email: 'ada@example.test' });
    expect(made.inviteUrl).toMatch(/\/accept-invite\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(made.expiresAt).getTime() - before).toBeGreaterThanOrEqual(INVITE_TTL_MS - 5_000);
    expect(new Date(made.expiresAt).getTime() - before).toBeLessThanOrEqual(INVITE_TTL_MS + 5_000);
    const token = tokenOf(made.inviteUrl);
    const stored = await sql<{ text: string }>`select row_to_json(i)::text as text from vendor_invites i where id = ${made.inviteId}`.execute(handle.db);
    expect(stored.rows[0]!.text).not.toContain(token);

    const username = uniqueName('ada');
    const answer = await h.call().portal.accept({ token, username, email: `${username}@example.test`, password: 'vendor password 1' });
    expect(answer.roles).toEqual([{ storeId: owner.storeId, storeName: owner.storeName, role: 'VENDOR', vendorId, vendorName: expect.any(String) }]);
    // The login answers the same assignment, with the vendor's name.
    const login = await h.call().auth.login({ usernameOrEmail: username, password: 'vendor password 1' });
    expect(login.roles[0]).toMatchObject({ role: 'VENDOR', vendorId });
  });

  it('refuses expired, reused, revoked and forged tokens, changing nothing', async () => {
    const used = await h.as(owner).vendor.invite({ vendorId, email: 'u@example.test' });
    const first = uniqueName('u');
    await h.call().portal.accept({ token: tokenOf(used.inviteUrl), username: first, email: `${first}@example.test`, password: 'vendor password 1' });
    const expired = await h.as(owner).vendor.invite({ vendorId, email: 'e@example.test' });
    await sql`update vendor_invites set expires_at = now() - interval '1 second' where id = ${expired.inviteId}`.execute(handle.db);
    const revoked = await h.as(owner).vendor.invite({ vendorId, email: 'r@example.test' });
    await h.as(owner).vendor.inviteRevoke({ inviteId: revoked.inviteId });
    const forged = tokenOf(used.inviteUrl).slice(0, -2) + 'xx';

    const cases: [string, string][] = [
      [tokenOf(used.inviteUrl), 'This invitation was accepted already'],
      [tokenOf(expired.inviteUrl), 'This invitation has expired'],
      [tokenOf(revoked.inviteUrl), 'This invitation was revoked'],
      [forged, 'This invitation is not valid'],
    ];
    const users = async () => (await sql<{ n: string }>`select count(*)::text as n from users`.execute(handle.db)).rows[0]!.n;
    const count = await users();
    for (const [token, message] of cases) {
      const name = uniqueName('x');
      expect(await failureOf(h.call().portal.accept({ token, username: name, email: `${name}@example.test`, password: 'vendor password 1' }))).toEqual({ status: 400, code: 'BAD_REQUEST', message });
    }
    expect(await users()).toBe(count);
    expect(await failureOf(h.as(owner).vendor.inviteRevoke({ inviteId: used.inviteId }))).toMatchObject({ status: 409 });
  });

  it('accepting twice with one account adds one assignment; another vendor of the store is refused', async () => {
    const person = await addStaff(h, owner, 'STORE_STAFF');
    for (let i = 0; i < 2; i++) {
      const { inviteUrl } = await h.as(owner).vendor.invite({ vendorId, email: person.email });
      const answer = await h.call().portal.accept({ token: tokenOf(inviteUrl), usernameOrEmail: person.username, password: person.password });
      expect(answer.roles.filter((r) => r.role === 'VENDOR')).toEqual([expect.objectContaining({ vendorId })]);
    }
    const rows = await sql<{ n: string }>`select count(*)::text as n from role_assignments where user_id = ${person.userId} and role = 'VENDOR'`.execute(handle.db);
    expect(rows.rows[0]!.n).toBe('1');

    const other = await addVendor(h, owner, { tradeName: uniqueName('Other') });
    const { inviteUrl } = await h.as(owner).vendor.invite({ vendorId: other, email: person.email });
    expect(await failureOf(h.call().portal.accept({ token: tokenOf(inviteUrl), usernameOrEmail: person.username, password: person.password }))).toMatchObject({ status: 409 });
    // A wrong password is a failed sign-in, and the invitation stays open.
    expect(await failureOf(h.call().portal.accept({ token: tokenOf(inviteUrl), usernameOrEmail: person.username, password: 'wrong password' }))).toMatchObject({ status: 401 });
  });

  it('accepting with an account follows the login rules: a disabled account is refused, a reset password must still be changed', async () => {
    const person = await addStaff(h, owner, 'STORE_STAFF');
    await h.as(owner).staff.setDisabled({ userId: person.userId, disabled: true });
    const { inviteUrl } = await h.as(owner).vendor.invite({ vendorId, email: person.email });
    const accept = (password: string) => h.call().portal.accept({ token: tokenOf(inviteUrl), usernameOrEmail: person.username, password });
    expect(await failureOf(accept(person.password))).toMatchObject({ status: 403, message: 'This account is disabled: ask your store manager' });
    const held = await sql<{ n: string }>`select count(*)::text as n from role_assignments where user_id = ${person.userId} and role = 'VENDOR'`.execute(handle.db);
    expect(held.rows[0]!.n).toBe('0');

    await h.as(owner).staff.setDisabled({ userId: person.userId, disabled: false });
    await h.as(owner).staff.resetPassword({ userId: person.userId, password: 'temporary pass' });
    const answer = await accept('temporary pass');
    expect(answer).toMatchObject({ success: true, mustChangePassword: true });
    expect(answer.roles.filter((r) => r.role === 'VENDOR')).toEqual([expect.objectContaining({ vendorId })]);
  });

  it('who may invite: an accountant, a manager and the owner; not a cashier; never another store’s vendor', async () => {
    const accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    await h.as(accountant).vendor.invite({ vendorId, email: 'a@example.test' });
    await h.as(manager).vendor.invite({ vendorId, email: 'm@example.test' });
    expect(await failureOf(h.as(cashier).vendor.invite({ vendorId, email: 'c@example.test' }))).toMatchObject({ status: 403 });
    const elsewhere = await signUpOwner(h);
    expect(await failureOf(h.as(elsewhere).vendor.invite({ vendorId, email: 'x@example.test' }))).toMatchObject({ status: 404 });
    expect(await failureOf(h.as(elsewhere).vendor.portalAccess({ vendorId }))).toMatchObject({ status: 404 });
  });

  it('lists who has access and the open invitations; revoking access stops the vendor at once; every step is audited', async () => {
    const booth = await addVendor(h, owner, { tradeName: uniqueName('Revoked') });
    const vendor = await inviteVendor(h, owner, booth);
    const open = await h.as(owner).vendor.invite({ vendorId: booth, email: 'open@example.test' });
    const access = await h.as(owner).vendor.portalAccess({ vendorId: booth });
    expect(access.people.map((p) => p.username)).toEqual([vendor.username]);
    expect(access.invites.map((i) => [i.inviteId, i.email, i.createdBy])).toEqual([[open.inviteId, 'open@example.test', owner.username]]);
    await h.as(vendor).portal.summary();
    await h.as(owner).vendor.portalAccessRevoke({ vendorId: booth, userId: vendor.userId });
    expect(await failureOf(h.as(vendor).portal.summary())).toMatchObject({ status: 403 });
    expect((await h.as(owner).vendor.portalAccess({ vendorId: booth })).people).toEqual([]);
    const actions = await sql<{ action: string }>`select action from audit_events where store_id = ${owner.storeId} and action like 'VENDOR_%' order by id`.execute(handle.db);
    const names = actions.rows.map((r) => r.action);
    for (const a of ['VENDOR_INVITE', 'VENDOR_INVITE_REVOKE', 'VENDOR_PORTAL_ACCEPT', 'VENDOR_PORTAL_REVOKE']) expect(names).toContain(a);
  });
});

describe('isolation', () => {
  interface Booth {
    owner: Person;
    vendorId: number;
    codeId: number;
    tag: string;
    tradeName: string;
    person: Person;
    orderNumber: string;
    /** An item of the vendor's, taken in by the store. */
    itemId: number;
  }
  const booths: Booth[] = [];
  let cash: SaleMethod;

  beforeAll(async () => {
    const storeA = await signUpOwner(h);
    const storeB = await signUpOwner(h);
    for (const [owner, name] of [
      [storeA, 'Alpha'],
      [storeA, 'Bravo'],
      [storeB, 'Charlie'],
    ] as const) {
      const tradeName = uniqueName(name);
      const tag = uniqueName(name.toUpperCase());
      const vendorId = await addVendor(h, owner, { tradeName, monthlyRent: dollars(50), deductMonthlyRent: true });
      const codeId = await addCode(h, owner, vendorId, { tag, commissionPercent: 10_000_000n, receivesSeparateStatement: true });
      cash = await cashMethodOf(h, owner);
      const sale = await completeSale(h, h.db, owner, [{ itemCode: tag, description: `${tradeName} lamp`, quantity: 2, price: dollars(30) }], [{ method: cash, amount: dollars(60) }]);
      await h.as(owner).vendor.payout({ vendorId, itemCodeId: codeId, amount: M(dollars(5)), method: 'CASH', reference: `${tradeName}-ref` });
      const person = await inviteVendor(h, owner, vendorId);
      const { item } = await h.as(owner).item.add({ itemCode: tag, description: `${tradeName} chair`, price: M(dollars(20)) });
      booths.push({ owner, vendorId, codeId, tag, tradeName, person, orderNumber: sale.orderNumber, itemId: item.id });
    }
    await h.as(storeA).vendor.rent.post({ month: '2026-01' });
  });

  it('every portal path, called by each vendor with the others’ ids anywhere in the body, answers nothing of another vendor', async () => {
    const portal = procedures.filter((p) => p.access === 'VENDOR');
    expect(portal.map((p) => p.path).sort()).toEqual([
      '/portal/item/add',
      '/portal/item/edit',
      '/portal/item/withdraw-request',
      '/portal/items',
      '/portal/labels',
      '/portal/payouts',
      '/portal/sales',
      '/portal/statement',
      '/portal/summary',
    ]);
    for (const me of booths) {
      const others = booths.filter((b) => b !== me);
      for (const other of others) {
        const body = {
          vendorId: other.vendorId,
          itemCodeId: other.codeId,
          itemId: other.itemId,
          itemIds: [other.itemId],
          template: 'THERMAL_2_25x1_25',
          price: M(dollars(1)),
          search: other.tag,
          userId: other.person.userId,
          storeId: other.owner.storeId,
          inviteId: 1,
          page: 1,
          pageSize: 50,
        };
        for (const p of portal) {
          let answer: unknown;
          try {
            answer = await callByKey(h.as(me.person), p.key, body);
          } catch (error) {
            answer = { refused: String(error) };
          }
          const text = json(answer);
          for (const o of others) {
            expect(text, `${p.path} by ${me.tradeName}`).not.toContain(o.tradeName);
            expect(text, `${p.path} by ${me.tradeName}`).not.toContain(o.tag);
            expect(text, `${p.path} by ${me.tradeName}`).not.toContain(o.orderNumber);
          }
        }
        // Without the other's account, each path answers the caller's own figures.
        const mine = { vendorId: other.vendorId, userId: other.person.userId, page: 1, pageSize: 50 };
        const summary = await h.as(me.person).portal.summary(mine as never);
        expect([summary.vendorId, summary.tradeName]).toEqual([me.vendorId, me.tradeName]);
        const sales = await h.as(me.person).portal.sales(mine);
        expect(sales.lines.map((l) => l.orderNumber)).toEqual([me.orderNumber]);
        const payouts = await h.as(me.person).portal.payouts(mine);
        expect(payouts.payouts.map((p) => p.vendorId)).toEqual([me.vendorId]);
        expect((await h.as(me.person).portal.statement(mine as never)).vendor.id).toBe(me.vendorId);
      }
    }
  });

  it('every store path called with a VENDOR assignment is refused with 403', async () => {
    const me = booths[0]!;
    // Paths for any member of a store (the roadmap, which a vendor's menu shows too), and those of the signed-in or anyone, are not store paths.
    const store = procedures.filter((p) => p.access !== 'VENDOR' && p.access !== 'public' && p.access !== 'signed-in' && p.access !== 'member');
    expect(store.length).toBeGreaterThan(50);
    for (const p of store) {
      expect(await failureOf(callByKey(h.as(me.person), p.key, { vendorId: me.vendorId })), p.path).toMatchObject({ status: 403 });
    }
  });

  it('every portal path called with a store role is refused with 403', async () => {
    const { owner } = booths[0]!;
    for (const p of procedures.filter((x) => x.access === 'VENDOR')) {
      expect(await failureOf(callByKey(h.as(owner), p.key, {})), p.path).toMatchObject({ status: 403 });
    }
  });
});

describe('the sum rule', () => {
  const lineArb = fc.record({ code: fc.nat({ max: 3 }), quantity: fc.integer({ min: 1, max: 3 }), cents: fc.integer({ min: 0, max: 20_000 }), discount: fc.integer({ min: 0, max: 30 }) });
  const stepArb = fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('sale' as const), lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }), card: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('rent' as const), month: fc.integer({ min: 1, max: 12 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('payout' as const), share: fc.integer({ min: 1, max: 100 }) }) },
  );

  it('for random periods the portal’s line totals equal the balance change and the store’s statement, to the micro-unit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 3, maxLength: 10 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 3, maxLength: 6 }), async (steps, cuts) => {
        const owner = await signUpOwner(h);
        const accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
        const card = await addCardMethod(h, owner, { vendorFeePercent: 2_900_000n });
        const cash = await cashMethodOf(h, owner);
        const vendorId = await addVendor(h, owner, { tradeName: uniqueName('Sum'), monthlyRent: dollars(40), deductMonthlyRent: true });
        const otherId = await addVendor(h, owner, { tradeName: uniqueName('Else') });
        const codes = [
          { tag: uniqueName('S'), vendorId, separate: false, fee: true },
          { tag: uniqueName('T'), vendorId, separate: true, fee: false },
          { tag: uniqueName('U'), vendorId, separate: true, fee: true },
          { tag: uniqueName('O'), vendorId: otherId, separate: false, fee: true },
        ];
        for (const c of codes) await addCode(h, owner, c.vendorId, { tag: c.tag, commissionPercent: 12_500_000n, proportionalCcFee: c.fee, receivesSeparateStatement: c.separate, monthlyRent: dollars(10) });
        const vendor = await inviteVendor(h, owner, vendorId);
        const sales: { orderId: bigint; lineIds: number[] }[] = [];
        for (const step of steps) {
          if (step.kind === 'sale') {
            const lines = step.lines.map((l) => ({ itemCode: codes[l.code]!.tag, description: `piece ${l.cents}`, quantity: l.quantity, price: BigInt(l.cents) * CENT, discountPercent: BigInt(l.discount) * 1_000_000n }));
            // Half of the lowest the total can be on a card (card fees pass through on some codes), the rest in cash.
            const half = step.lines.reduce((s, l) => s + Math.floor((l.quantity * l.cents * (100 - l.discount)) / 100), 0) / 2;
            const onCard = BigInt(Math.floor(half)) * CENT;
            const payments = step.card && onCard > 0n ? [{ method: card, amount: onCard }, { method: cash, amount: dollars(10_000) }] : [];
            const sale = await completeSale(h, h.db, owner, lines, payments);
            const { order } = await h.as(owner).order.fetch({ orderId: Number(sale.orderId) });
            sales.push({ orderId: sale.orderId, lineIds: order.items.map((i) => i.id) });
          } else if (step.kind === 'refund' && sales.length > 0) {
            const sale = sales[step.pick % sales.length]!;
            const { order } = await h.as(owner).order.fetch({ orderId: Number(sale.orderId) });
            const left = order.items.filter((i) => BigInt(i.quantity) - BigInt(i.refundedQuantity ?? 0) > 0n);
            if (left.length > 0) await refundUnits(h, owner, sale.orderId, [{ orderLineId: left[0]!.id, quantity: 1 }]);
          } else if (step.kind === 'rent') {
            await h.as(accountant).vendor.rent.post({ month: `2025-${String(step.month).padStart(2, '0')}` });
          } else if (step.kind === 'payout') {
            const { accounts } = await h.as(vendor).portal.summary();
            const main = accounts.find((a) => a.itemCodeId === null)!;
            const amount = ((BigInt(main.balance.value) * BigInt(step.share)) / 100n / CENT) * CENT;
            if (amount > 0n) await h.as(accountant).vendor.payout({ vendorId, itemCodeId: null, amount: M(amount), method: 'ACH', reference: '' });
          }
        }

        // Today, through the API: every page's lines add up to the totals; the totals to the statements' sale kinds and balance changes.
        const { accounts } = await h.as(vendor).portal.summary();
        const all = await h.as(vendor).portal.sales({ pageSize: 7 });
        const lines: (typeof all.lines)[number][] = [];
        for (let page = 1; page <= Math.max(1, Math.ceil(all.totalLines / 7)); page++) lines.push(...(await h.as(vendor).portal.sales({ page, pageSize: 7 })).lines);
        expect(lines).toHaveLength(all.totalLines);
        const sum = (f: (l: (typeof lines)[number]) => { value: string }) => lines.reduce((s, l) => s + BigInt(f(l).value), 0n);
        expect(sum((l) => l.net)).toBe(BigInt(all.totals.net.value));
        expect(sum((l) => l.lineTotal) + sum((l) => l.commission) + sum((l) => l.cardFee)).toBe(BigInt(all.totals.net.value));
        let statementSales = 0n;
        let balanceChange = 0n;
        for (const a of accounts) {
          const portal = await h.as(vendor).portal.statement({ itemCodeId: a.itemCodeId });
          const store = await h.as(accountant).vendor.statement({ vendorId, itemCodeId: a.itemCodeId });
          expect(json(portal)).toBe(json(store));
          const t = portal.totals;
          const kinds = (ks: LedgerKind[]) => ks.reduce((s, k) => s + BigInt(t[k].value), 0n);
          statementSales += kinds(['SALE', 'COMMISSION', 'CARD_FEE']);
          balanceChange += BigInt(portal.closingBalance.value) - BigInt(portal.openingBalance.value) - kinds(['RENT', 'ADJUSTMENT', 'PAYOUT']);
          const one = await h.as(vendor).portal.sales({ itemCodeId: a.itemCodeId, pageSize: 200 });
          if (a.itemCodeId !== null) expect(BigInt(one.totals.net.value)).toBe(kinds(['SALE', 'COMMISSION', 'CARD_FEE']));
        }
        expect(BigInt(all.totals.net.value)).toBe(statementSales);
        expect(BigInt(all.totals.net.value)).toBe(balanceChange);

        // Random periods between the moments entries were posted: the same three sums.
        const { rows: times } = await sql<{ at: Date }>`select distinct created_at as at from ledger_entries where vendor_id = ${vendorId} order by 1`.execute(handle.db);
        if (times.length === 0) return;
        for (const [a, b] of cuts) {
          const start = times[a % times.length]!.at;
          const end = new Date(times[b % times.length]!.at.getTime() + ((a + b) % 2));
          if (end <= start) continue;
          const totals = await saleTotals(handle.db, owner.storeId, BigInt(vendorId), null, start, end);
          let expected = 0n;
          let change = 0n;
          for (const acc of accounts) {
            const rows = await accountStatementRows(handle.db, owner.storeId, BigInt(vendorId), acc.itemCodeId === null ? null : BigInt(acc.itemCodeId), start, end, 'UTC');
            expected += rows.entries.filter((e) => ['SALE', 'COMMISSION', 'CARD_FEE'].includes(e.kind)).reduce((s, e) => s + e.amount, 0n);
            change += rows.fromStart - rows.fromEnd - rows.entries.filter((e) => !['SALE', 'COMMISSION', 'CARD_FEE'].includes(e.kind)).reduce((s, e) => s + e.amount, 0n);
          }
          const net = totals.lineTotal + totals.commission + totals.cardFee;
          expect(net).toBe(expected);
          expect(net).toBe(change);
        }
      }),
      { numRuns: 6, endOnFailure: true },
    );
  }, 240_000);
});

describe('the sale totals kept per hour', () => {
  it('equal the Σ of the entries for any period: on the hour, on a half hour (a day of such a time zone), or inside one hour', async () => {
    const owner = await signUpOwner(h);
    const vendorId = await addVendor(h, owner, { tradeName: uniqueName('Hours') });
    const codeId = await addCode(h, owner, vendorId, { tag: uniqueName('H'), commissionPercent: 10_000_000n, receivesSeparateStatement: true });
    const base = Date.UTC(2026, 0, 10);
    const QUARTER = 15 * 60_000;
    const sumOf = async (itemCodeId: number | null, start: Date, end: Date) => {
      const { rows } = await sql<{ lines: string; net: string }>`
        select count(*) filter (where kind = 'SALE')::text as lines, coalesce(sum(amount), 0)::text as net from ledger_entries
        where store_id = ${owner.storeId} and vendor_id = ${vendorId} and kind in ('SALE', 'COMMISSION', 'CARD_FEE')
          and (${itemCodeId}::int8 is null or coalesce(item_code_id, 0) = ${itemCodeId}::int8)
          and created_at >= ${start} and created_at < ${end}`.execute(handle.db);
      return { lines: BigInt(rows[0]!.lines), net: BigInt(rows[0]!.net) };
    };
    await fc.assert(
      fc.asyncProperty(
        // Lines sold (or refunded: negative) at any second of three days, several a statement as checkout posts them.
        fc.array(fc.record({ second: fc.nat(3 * 86_400 - 1), cents: fc.integer({ min: -5_000, max: 50_000 }), separate: fc.boolean(), fee: fc.boolean() }), { minLength: 1, maxLength: 12 }),
        // Periods from quarter hours (whole, half hours) or any second.
        fc.array(fc.tuple(fc.nat(3 * 24 * 4), fc.nat(3 * 24 * 4), fc.nat(3_599)), { minLength: 1, maxLength: 6 }),
        async (lines, periods) => {
          const entries = lines.flatMap((l) => {
            const at = new Date(base + l.second * 1000);
            const code = l.separate ? codeId : null;
            const sale = BigInt(l.cents) * CENT;
            return [
              sql`(${owner.storeId}::int8, ${vendorId}::int8, ${code}::int8, 'SALE', ${sale}::int8, ${at}::timestamptz)`,
              sql`(${owner.storeId}::int8, ${vendorId}::int8, ${code}::int8, 'COMMISSION', ${-sale / 10n}::int8, ${at}::timestamptz)`,
              ...(l.fee ? [sql`(${owner.storeId}::int8, ${vendorId}::int8, ${code}::int8, 'CARD_FEE', ${-sale / 50n}::int8, ${at}::timestamptz)`] : []),
            ];
          });
          await sql`insert into ledger_entries (store_id, vendor_id, item_code_id, kind, amount, created_at) values ${sql.join(entries)}`.execute(handle.db);
          for (const [a, b, seconds] of periods) {
            const start = new Date(base + Math.min(a, b) * QUARTER + (a % 3 === 0 ? seconds * 1000 : 0));
            const end = new Date(base + Math.max(a, b) * QUARTER + (b % 3 === 0 ? seconds * 1000 : 0) + 1000);
            if (end <= start) continue;
            for (const itemCodeId of [null, codeId]) {
              const kept = await saleTotals(handle.db, owner.storeId, BigInt(vendorId), itemCodeId, start, end);
              const want = await sumOf(itemCodeId, start, end);
              expect({ lines: kept.lines, net: kept.lineTotal + kept.commission + kept.cardFee }).toEqual(want);
            }
          }
        },
      ),
      { numRuns: 15, endOnFailure: true },
    );
  }, 120_000);
});

describe('the VENDOR assignment', () => {
  it('is switched to on the Account page as any role: a person who is staff in one store and a vendor in another holds both', async () => {
    const shopA = await signUpOwner(h);
    const shopB = await signUpOwner(h);
    const vendorId = await addVendor(h, shopB, { tradeName: uniqueName('Both') });
    const { inviteUrl } = await h.as(shopB).vendor.invite({ vendorId, email: shopA.email });
    await h.call().portal.accept({ token: tokenOf(inviteUrl), usernameOrEmail: shopA.email, password: shopA.password });
    const login = await loginAs(h, { usernameOrEmail: shopA.username, password: shopA.password }, { role: 'VENDOR' });
    expect(login.storeId).toBe(shopB.storeId);
    expect((await h.as(login).portal.summary()).vendorId).toBe(vendorId);
    expect(await failureOf(h.as(login, { storeId: shopA.storeId }).portal.summary())).toMatchObject({ status: 403 });
    await h.as(shopA).staff.list();
  });
});
