/**
 * A vendor's own items in the portal, on a real database: the list (their items only, with
 * days on the floor), intake limited to their own live item codes (all rows or none),
 * changing the description or price of an active item, their own price tags, and asking
 * for a withdrawal that a manager confirms on the store's side, audited. Another vendor's
 * item (or another store's) is answered exactly as an unknown one, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '@pos/db';
import { CENT } from '@pos/domain';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, signUpOwner, uniqueName, type ApiHarness, type Person } from '../../../test/factories';
import { addCode, addVendor } from '../../../test/sales';
import { inviteVendor } from '../../../test/portal';

let handle: DbHandle;
let h: ApiHarness;

const M = (v: bigint) => ({ type: 'Money' as const, value: String(v) });
const dollars = (n: number) => BigInt(Math.round(n * 100)) * CENT;

interface Booth {
  owner: Person;
  vendorId: number;
  tag: string;
  person: Person;
  /** An item the store took in for the vendor. */
  itemId: number;
}

let storeA: Person;
let storeB: Person;
let manager: Person;
let alpha: Booth;
let bravo: Booth;
let charlie: Booth;
const NOT_FOUND = { status: 404, code: 'NOT_FOUND', message: 'No such item in this store' };

async function booth(owner: Person, name: string): Promise<Booth> {
  const vendorId = await addVendor(h, owner, { tradeName: uniqueName(name) });
  const tag = uniqueName(name.slice(0, 3).toUpperCase());
  await addCode(h, owner, vendorId, { tag, commissionPercent: 20_000_000n });
  const { item } = await h.as(owner).item.add({ itemCode: tag, description: `${name} lamp`, price: M(dollars(40)) });
  return { owner, vendorId, tag, person: await inviteVendor(h, owner, vendorId), itemId: item.id };
}

const itemRow = (id: number) => handle.db.selectFrom('items').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
const itemCount = async (storeId: number) => Number((await sql<{ n: string }>`select count(*)::text as n from items where store_id = ${storeId}`.execute(handle.db)).rows[0]!.n);

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  [storeA, storeB] = await Promise.all([signUpOwner(h), signUpOwner(h)]);
  manager = await addStaff(h, storeA, 'STORE_MANAGER');
  alpha = await booth(storeA, 'Alpha');
  bravo = await booth(storeA, 'Bravo');
  charlie = await booth(storeB, 'Charlie');
});
afterAll(() => handle.close());

describe('the vendor’s items', () => {
  it('lists only the vendor’s own items, with days on the floor, and only their own live codes', async () => {
    await sql`update items set intake_date = intake_date - 3 where id = ${alpha.itemId}`.execute(handle.db);
    const mine = await h.as(alpha.person).portal.items({});
    expect(mine.items.map((i) => i.id)).toEqual([alpha.itemId]);
    expect(mine.items[0]).toMatchObject({ status: 'ACTIVE', daysOnFloor: 3, vendor: { id: alpha.vendorId } });
    expect(mine.codes.map((c) => c.tag)).toEqual([alpha.tag]);
    // Another vendor's id in the body changes nothing: the vendor is the caller's.
    const asked = await h.as(alpha.person).portal.items({ vendorId: bravo.vendorId, search: bravo.tag } as never);
    expect(asked.items).toEqual([]);
    expect((await h.as(charlie.person).portal.items({})).items.map((i) => i.id)).toEqual([charlie.itemId]);
  });

  it('takes in rows of the vendor’s own codes, all or none: another vendor’s code, the store’s own goods or another store’s code refuse the whole intake', async () => {
    const before = await itemCount(storeA.storeId);
    const rows = [
      { itemCode: alpha.tag, description: 'Oak chair', price: M(dollars(25)), quantity: 2 },
      { itemCode: alpha.tag.toLowerCase(), description: 'Tin box', price: M(dollars(4.5)) },
    ];
    const added = await h.as(alpha.person).portal.item.add({ rows });
    expect(added.items.map((i) => [i.description, i.itemCode, i.vendor?.id, i.quantity])).toEqual([
      ['Oak chair', alpha.tag, alpha.vendorId, 2],
      ['Tin box', alpha.tag, alpha.vendorId, 1],
    ]);
    expect(await itemCount(storeA.storeId)).toBe(before + 2);

    for (const [code, message] of [
      [bravo.tag, `Row 2: Item Code: "${bravo.tag}" is not an item code of this store`],
      [charlie.tag, `Row 2: Item Code: "${charlie.tag}" is not an item code of this store`],
      ['', 'Row 2: Item Code is required'],
    ] as const) {
      const bad = [rows[0]!, { itemCode: code, description: 'Not mine', price: M(dollars(1)) }];
      expect(await failureOf(h.as(alpha.person).portal.item.add({ rows: bad }))).toEqual({ status: 400, code: 'BAD_REQUEST', message });
    }
    expect(await itemCount(storeA.storeId)).toBe(before + 2);
    expect(await itemCount(storeB.storeId)).toBe(1);
  });

  it('changes the description or price of an active item of theirs (a PRICE movement, a new tag needed), never its code', async () => {
    const { items } = await h.as(alpha.person).portal.item.add({ rows: [{ itemCode: alpha.tag, description: 'Mirror', price: M(dollars(60)) }] });
    const id = items[0]!.id;
    await h.as(alpha.person).portal.labels({ itemIds: [id], template: 'THERMAL_2_25x1_25' });
    const edit = { itemId: id, description: 'Gilt mirror', price: M(dollars(55)), itemCode: bravo.tag, category: 'Sneaky' };
    const { item } = await h.as(alpha.person).portal.item.edit(edit);
    expect(item).toMatchObject({ description: 'Gilt mirror', price: M(dollars(55)), itemCode: alpha.tag, category: '', needsNewTag: true });
    const { movements } = await h.as(storeA).item.fetch({ itemId: id });
    expect(movements.map((m) => m.kind)).toEqual(['INTAKE', 'PRICE']);
    expect(movements[1]!.by).toBe(alpha.person.username);

    await sql`update items set status = 'SOLD', quantity = 0 where id = ${id}`.execute(handle.db);
    expect(await failureOf(h.as(alpha.person).portal.item.edit({ itemId: id, price: M(dollars(1)) }))).toMatchObject({ status: 409 });
    expect((await h.as(alpha.person).portal.items({ status: 'SOLD' })).items.map((i) => i.id)).toContain(id);
  });

  it('prints the vendor’s own tags as the store’s PDF, and clears their needs-a-new-tag', async () => {
    const { items } = await h.as(alpha.person).portal.item.add({ rows: [{ itemCode: alpha.tag, description: 'Vase', price: M(dollars(12)) }] });
    expect(items[0]!.needsNewTag).toBe(true);
    const pdf = await h.as(alpha.person).portal.labels({ itemIds: [items[0]!.id, items[0]!.id], template: 'AVERY_5160', startAt: 3 });
    expect(pdf.contentType).toBe('application/pdf');
    expect(Buffer.from(pdf.contentBase64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await itemRow(items[0]!.id)).printed_price).toBe(dollars(12));
  });

  it('asks for a withdrawal, which the store sees and a manager confirms; both audited', async () => {
    const { items } = await h.as(alpha.person).portal.item.add({ rows: [{ itemCode: alpha.tag, description: 'Clock', price: M(dollars(80)) }] });
    const id = items[0]!.id;
    const asked = await h.as(alpha.person).portal.item.withdrawRequest({ itemIds: [id], reason: 'Selling it myself' });
    expect(asked.items[0]).toMatchObject({ status: 'ACTIVE', withdrawRequestReason: 'Selling it myself' });
    expect(asked.items[0]!.withdrawRequestedAt).not.toBeNull();
    // The vendor cannot withdraw it themselves: the store path is refused.
    expect(await failureOf(h.as(alpha.person).item.withdraw({ itemIds: [id] }))).toMatchObject({ status: 403 });

    const waiting = await h.as(manager).item.list({ withdrawRequested: true });
    expect(waiting.items.map((i) => i.id)).toContain(id);
    expect(waiting.items.every((i) => i.withdrawRequestedAt !== null && i.status === 'ACTIVE')).toBe(true);
    await h.as(manager).item.withdraw({ itemIds: [id], reason: 'Asked by the vendor' });
    expect((await h.as(manager).item.list({ withdrawRequested: true })).items.map((i) => i.id)).not.toContain(id);
    const mine = await h.as(alpha.person).portal.items({ status: 'WITHDRAWN' });
    expect(mine.items.map((i) => i.id)).toEqual([id]);
    // Asking again for an item no longer active is refused.
    expect(await failureOf(h.as(alpha.person).portal.item.withdrawRequest({ itemIds: [id] }))).toMatchObject({ status: 409 });

    const events = await handle.db
      .selectFrom('audit_events')
      .select(['action', 'after', 'actor_role as role'])
      .where('store_id', '=', BigInt(storeA.storeId))
      .where('action', 'in', ['ITEM_WITHDRAW_REQUEST', 'ITEM_WITHDRAW'])
      .orderBy('id')
      .execute();
    const number = items[0]!.itemNumber;
    expect(events.map((e) => [e.action, e.role])).toEqual([
      ['ITEM_WITHDRAW_REQUEST', 'VENDOR'],
      ['ITEM_WITHDRAW', 'STORE_MANAGER'],
    ]);
    expect(events[0]!.after).toMatchObject({ itemNumbers: [number], reason: 'Selling it myself' });
    expect(events[1]!.after).toMatchObject({ itemNumbers: [number], confirmsRequestOf: [number] });
  });
});

describe('nothing of another vendor', () => {
  it('another vendor’s item, or another store’s, is answered as an unknown one by every item path, and nothing changes', async () => {
    for (const [me, others] of [
      [alpha, [bravo, charlie]],
      [charlie, [alpha, bravo]],
    ] as const) {
      for (const other of others) {
        const before = await itemRow(other.itemId);
        const calls = [
          () => h.as(me.person).portal.item.edit({ itemId: other.itemId, price: M(dollars(1)), description: 'Mine now' }),
          () => h.as(me.person).portal.item.withdrawRequest({ itemIds: [other.itemId] }),
          () => h.as(me.person).portal.item.withdrawRequest({ itemIds: [me.itemId, other.itemId] }),
          () => h.as(me.person).portal.labels({ itemIds: [me.itemId, other.itemId], template: 'THERMAL_2_25x1_25' }),
        ];
        for (const call of calls) expect(await failureOf(call())).toEqual(NOT_FOUND);
        // Exactly what an id that is no item at all answers.
        expect(await failureOf(h.as(me.person).portal.item.edit({ itemId: 2_000_000_000, price: M(dollars(1)) }))).toEqual(NOT_FOUND);
        expect(await itemRow(other.itemId)).toEqual(before);
        const searched = await h.as(me.person).portal.items({ search: String(before.item_number) });
        expect(searched.items.map((i) => i.id)).not.toContain(other.itemId);
      }
      expect((await itemRow(me.itemId)).withdraw_requested_at).toBeNull();
    }
  });

  it('a store role calling a portal item path is refused (403): the store has its own', async () => {
    expect(await failureOf(h.as(storeA).portal.items({}))).toMatchObject({ status: 403 });
    expect(await failureOf(h.as(manager).portal.item.add({ rows: [{ itemCode: alpha.tag, description: 'x', price: M(1n) }] }))).toMatchObject({ status: 403 });
  });
});
