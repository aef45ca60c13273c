/**
 * Items: intake (one, or an import that takes all rows or none), numbers never handed out
 * twice, edits with their movements, needs-a-new-tag and printing, withdrawal (managers),
 * the filtered keyset list, scan, roles, store scope and the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';

let handle: DbHandle;
let h: ApiHarness;
let owner: Person;
let other: Person;
let manager: Person;
let cashier: Person;
let accountant: Person;
let ruthId: number;
let maxId: number;

const M = (value: bigint | number | string) => ({ type: 'Money' as const, value: String(value) });
const dollars = (d: number) => M(BigInt(Math.round(d * 100)) * 10_000n);

async function newVendor(person: Person, tradeName: string, booth?: string) {
  const { vendor } = await h.as(person).vendor.add({ tradeName, contactName: 'Ann', contactEmail: 'ann@example.test', primaryPhone: '555-0100', ...(booth ? { booth } : {}) });
  return vendor.id;
}

function auditActions(person: Person) {
  return handle.db.selectFrom('audit_events').select(['action', 'after']).where('store_id', '=', BigInt(person.storeId)).where('action', 'like', 'ITEM_%').orderBy('id').execute();
}

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  [owner, other] = await Promise.all([signUpOwner(h), signUpOwner(h)]);
  [manager, cashier, accountant] = await Promise.all([
    addStaff(h, owner, 'STORE_MANAGER'),
    addStaff(h, owner, 'STORE_STAFF'),
    addStaff(h, owner, 'STORE_ACCOUNTANT'),
  ]);
  ruthId = await newVendor(owner, 'Ruth Antiques', '12A');
  maxId = await newVendor(owner, 'Max Mercantile');
  await h.as(owner).store.itemcode.add({ tag: 'RUTH1', vendorId: ruthId });
  await h.as(owner).store.itemcode.add({ tag: 'MAX7', vendorId: maxId });
  await h.as(owner).store.itemcode.add({ tag: 'HOUSE' });
  await h.as(other).store.itemcode.add({ tag: 'RUTH1' });
});
afterAll(() => handle?.close());

describe('/item/add', () => {
  it('answers the item with its number, owner, price and status, and records its intake', async () => {
    const { item } = await h.as(cashier).item.add({ itemCode: 'ruth1', description: ' Oak rocking chair ', price: dollars(125.5) });
    expect(item).toMatchObject({
      itemNumber: expect.stringMatching(/^\d{5,}$/),
      itemCode: 'RUTH1',
      vendor: { id: ruthId, tradeName: 'Ruth Antiques' },
      description: 'Oak rocking chair',
      price: dollars(125.5),
      quantity: 1,
      category: '',
      reorderLevel: 0,
      status: 'ACTIVE',
      printedPrice: null,
      needsNewTag: true,
      intakeDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const { movements } = await h.as(cashier).item.fetch({ itemId: item.id });
    expect(movements).toMatchObject([{ kind: 'INTAKE', quantityDelta: 1, quantityAfter: 1, priceAfter: dollars(125.5), by: cashier.username }]);
  });

  it('hands out consecutive numbers per store, never twice even when added at once', async () => {
    const added = await Promise.all(Array.from({ length: 8 }, (_, i) => h.as(cashier).item.add({ itemCode: 'MAX7', description: `Plate ${i}`, price: dollars(5) })));
    const numbers = added.map((a) => Number(a.item.itemNumber)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers[7]! - numbers[0]!).toBe(7);
    const { item } = await h.as(other).item.add({ itemCode: 'RUTH1', description: 'Elsewhere', price: dollars(1) });
    expect(item.itemNumber).toBe('10001');
  });

  it('takes goods of no code as the store’s own, and a code of no vendor', async () => {
    expect((await h.as(cashier).item.add({ description: 'Store mug', price: dollars(3), quantity: 12, category: 'Kitchen' })).item).toMatchObject({ itemCode: null, vendor: null, quantity: 12 });
    expect((await h.as(cashier).item.add({ itemCode: 'HOUSE', description: 'House lamp', price: dollars(30) })).item).toMatchObject({ itemCode: 'HOUSE', vendor: null });
  });

  it('refuses an unknown code, another store’s code, a bad price or quantity, and stores nothing', async () => {
    const before = await handle.db.selectFrom('items').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
    expect(await failureOf(h.as(cashier).item.add({ itemCode: 'NOPE', description: 'x', price: dollars(1) }))).toMatchObject({ status: 400, message: 'Item Code: "NOPE" is not an item code of this store' });
    expect(await failureOf(h.as(cashier).item.add({ itemCode: 'RUTH1', description: 'x', price: M(-1) }))).toMatchObject({ status: 400, message: 'Price must not be negative' });
    expect(await failureOf(h.as(cashier).item.add({ itemCode: 'RUTH1', description: 'x', price: M(1) }))).toMatchObject({ status: 400, message: 'Price must be in whole cents' });
    expect(await failureOf(h.as(cashier).item.add({ itemCode: 'RUTH1', description: 'x', price: dollars(1), quantity: 0 }))).toMatchObject({ status: 400 });
    expect(await failureOf(h.as(cashier).item.add({ itemCode: 'RUTH1', description: '  ', price: dollars(1) }))).toMatchObject({ status: 400, message: 'Description is required' });
    expect(await failureOf(h.as(accountant).item.add({ itemCode: 'RUTH1', description: 'x', price: dollars(1) }))).toMatchObject({ status: 403 });
    const after = await handle.db.selectFrom('items').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('/item/import', () => {
  it('imports every row with numbers in row order', async () => {
    const { items } = await h.as(cashier).item.import({
      rows: [
        { itemCode: 'RUTH1', description: 'Quilt', price: dollars(80), category: 'Textiles' },
        { itemCode: 'MAX7', description: 'Teacup', price: dollars(4.5), quantity: 6 },
      ],
    });
    expect(items.map((i) => i.description)).toEqual(['Quilt', 'Teacup']);
    expect(Number(items[1]!.itemNumber)).toBe(Number(items[0]!.itemNumber) + 1);
  });

  it('a file with bad rows imports nothing and names each bad row and its field', async () => {
    const before = await h.as(cashier).item.list({ pageSize: 200 });
    const rows = [
      { itemCode: 'RUTH1', description: 'Good one', price: dollars(10) },
      { itemCode: 'RUTH1', description: 'Bad price', price: M(-10_000) },
      { itemCode: 'ZZZ', description: 'Bad code', price: dollars(10) },
    ];
    expect(await failureOf(h.as(cashier).item.import({ rows: rows.slice(0, 2) }))).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Row 2: Price must not be negative' });
    expect(await failureOf(h.as(cashier).item.import({ rows: [rows[0], rows[2]] }))).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Row 2: Item Code: "ZZZ" is not an item code of this store' });
    const after = await h.as(cashier).item.list({ pageSize: 200 });
    expect(after.items.map((i) => i.id)).toEqual(before.items.map((i) => i.id));
  });
});

describe('/item/edit, /item/labels and needs-a-new-tag', () => {
  it('a new price is a PRICE movement and flags the tag until it is printed', async () => {
    const { item } = await h.as(cashier).item.add({ itemCode: 'RUTH1', description: 'Brass lamp', price: dollars(45) });
    const pdf = await h.as(cashier).item.labels({ itemIds: [item.id], template: 'THERMAL_2_25x1_25' });
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: 'price-tags-thermal-2-25x1-25.pdf' });
    expect(Buffer.from(pdf.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await h.as(cashier).item.fetch({ itemId: item.id })).item).toMatchObject({ needsNewTag: false, printedPrice: dollars(45) });

    const { item: repriced } = await h.as(cashier).item.edit({ itemId: item.id, price: dollars(39) });
    expect(repriced).toMatchObject({ price: dollars(39), printedPrice: dollars(45), needsNewTag: true, description: 'Brass lamp' });
    const flagged = await h.as(cashier).item.list({ needsNewTag: true, pageSize: 200 });
    expect(flagged.items.map((i) => i.id)).toContain(item.id);

    await h.as(cashier).item.labels({ itemIds: [item.id, item.id], template: 'AVERY_5160', startAt: 17 });
    expect((await h.as(cashier).item.list({ needsNewTag: true, pageSize: 200 })).items.map((i) => i.id)).not.toContain(item.id);
    const { movements } = await h.as(cashier).item.fetch({ itemId: item.id });
    expect(movements.map((m) => [m.kind, m.priceBefore, m.priceAfter])).toEqual([
      ['INTAKE', null, dollars(45)],
      ['PRICE', dollars(45), dollars(39)],
    ]);
  });

  it('moves an item to another code (so to its vendor) and refuses an unknown one', async () => {
    const { item } = await h.as(cashier).item.add({ itemCode: 'RUTH1', description: 'Mirror', price: dollars(60) });
    const { item: moved } = await h.as(cashier).item.edit({ itemId: item.id, itemCode: 'MAX7' });
    expect(moved.vendor).toEqual({ id: maxId, tradeName: 'Max Mercantile' });
    expect(await failureOf(h.as(cashier).item.edit({ itemId: item.id, itemCode: 'NOPE' }))).toMatchObject({ status: 400 });
    expect(await failureOf(h.as(other).item.edit({ itemId: item.id, price: dollars(1) }))).toMatchObject({ status: 404, message: 'No such item in this store' });
  });
});

describe('/item/withdraw', () => {
  it('is for managers: the item is WITHDRAWN with none left, and can no longer change', async () => {
    const { item } = await h.as(cashier).item.add({ itemCode: 'MAX7', description: 'Vase', price: dollars(20), quantity: 2 });
    expect(await failureOf(h.as(cashier).item.withdraw({ itemIds: [item.id] }))).toMatchObject({ status: 403 });
    const { items } = await h.as(manager).item.withdraw({ itemIds: [item.id], reason: 'Vendor took it home' });
    expect(items[0]).toMatchObject({ status: 'WITHDRAWN', quantity: 0, needsNewTag: false });
    expect(await failureOf(h.as(manager).item.withdraw({ itemIds: [item.id] }))).toMatchObject({ status: 409, message: `Item ${item.itemNumber} is WITHDRAWN and can no longer be changed` });
    expect(await failureOf(h.as(cashier).item.edit({ itemId: item.id, price: dollars(1) }))).toMatchObject({ status: 409 });
    expect(await h.as(cashier).scan.code({ code: item.itemNumber })).toMatchObject({ item: { status: 'WITHDRAWN' }, unsellable: `Item ${item.itemNumber} was withdrawn` });
    const { movements } = await h.as(cashier).item.fetch({ itemId: item.id });
    expect(movements.at(-1)).toMatchObject({ kind: 'WITHDRAW', quantityDelta: -2, quantityAfter: 0, note: 'Vendor took it home', by: manager.username });
  });

  it('movements are append-only', async () => {
    await expect(handle.db.updateTable('item_movements').set({ note: 'x' }).execute()).rejects.toThrow(/append-only/);
    await expect(handle.db.deleteFrom('item_movements').execute()).rejects.toThrow(/append-only/);
  });
});

describe('/item/list', () => {
  it('filters by status, vendor, category and search (number, description, code, vendor name)', async () => {
    const { item } = await h.as(cashier).item.add({ itemCode: 'MAX7', description: 'Cobalt glass bowl', price: dollars(15), category: 'Glass' });
    const ids = async (f: Parameters<ReturnType<ApiHarness['as']>['item']['list']>[0]) => (await h.as(cashier).item.list({ pageSize: 200, ...f })).items.map((i) => i.id);
    expect(await ids({ search: 'cobalt' })).toEqual([item.id]);
    expect(await ids({ search: item.itemNumber })).toEqual([item.id]);
    expect(await ids({ search: 'mercantile' })).toContain(item.id);
    expect(await ids({ search: 'max7' })).toContain(item.id);
    expect(await ids({ search: 'ruth' })).not.toContain(item.id);
    expect(await ids({ category: 'glass' })).toEqual([item.id]);
    expect(await ids({ vendorId: maxId })).toContain(item.id);
    expect(await ids({ vendorId: ruthId })).not.toContain(item.id);
    expect(await ids({ status: 'WITHDRAWN' })).not.toContain(item.id);
    expect(await ids({ search: '50%_' })).toEqual([]);
    expect((await h.as(other).item.list({})).items.every((i) => i.description === 'Elsewhere')).toBe(true);
  });

  it('pages newest first by `next` without skipping or repeating', async () => {
    const all = (await h.as(cashier).item.list({ pageSize: 200 })).items.map((i) => i.id);
    const seen: number[] = [];
    let after: number | null = null;
    do {
      const page: { items: { id: number }[]; next: number | null } = await h.as(cashier).item.list({ pageSize: 3, after });
      seen.push(...page.items.map((i) => i.id));
      after = page.next;
    } while (after !== null);
    expect(seen).toEqual(all);
    expect([...all].sort((a, b) => b - a)).toEqual(all);
  });
});

describe('/item/scan', () => {
  it("answers an item by number, an item code by tag, each with its vendor's Booth field, and 404 for neither", async () => {
    const { item } = await h.as(cashier).item.add({ itemCode: 'RUTH1', description: 'Cameo brooch', price: dollars(35) });
    expect(await h.as(cashier).scan.code({ code: item.itemNumber })).toMatchObject({
      kind: 'ITEM',
      code: item.itemNumber,
      itemCode: 'RUTH1',
      description: 'Cameo brooch',
      price: dollars(35),
      vendor: { id: ruthId, tradeName: 'Ruth Antiques', booth: '12A' },
      item: { id: item.id, itemNumber: item.itemNumber, status: 'ACTIVE', vendor: { id: ruthId, tradeName: 'Ruth Antiques' } },
      unsellable: null,
    });
    expect(await h.as(cashier).scan.code({ code: 'max7' })).toMatchObject({ kind: 'ITEM_CODE', itemCode: 'MAX7', vendor: { id: maxId, tradeName: 'Max Mercantile', booth: '' }, item: null, unsellable: null });
    expect(await h.as(cashier).scan.code({ code: 'HOUSE' })).toMatchObject({ kind: 'ITEM_CODE', vendor: null });
    expect(await failureOf(h.as(cashier).scan.code({ code: 'NOTHING' }))).toMatchObject({ status: 404 });
    expect(await failureOf(h.as(other).scan.code({ code: item.itemNumber }))).toMatchObject({ status: 404 });
  });
});

describe('audit', () => {
  it('records intake, imports, edits and withdrawals', async () => {
    // Item codes' own events (ITEM_CODE_...) are not the items'.
    const actions = new Set((await auditActions(owner)).map((e) => e.action).filter((a) => !a.startsWith('ITEM_CODE_')));
    expect([...actions].sort()).toEqual(['ITEM_ADD', 'ITEM_EDIT', 'ITEM_IMPORT', 'ITEM_WITHDRAW']);
  });
});
