/**
 * Stock items: add, edit, adjust with a movement record,
 * archive, the searchable sorted paged list, SKU and item-code rules, roles (read:
 * STORE_STAFF and above; change: STORE_MANAGER and above) and store scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
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

const M = (value: bigint | number | string) => ({ type: 'Money' as const, value: String(value) });

let skuCount = 0;
const nextSku = (prefix = 'SKU') => `${prefix}-${++skuCount}`;

const itemInput = (overrides: Record<string, unknown> = {}) => ({
  sku: nextSku(),
  description: 'Oak rocking chair',
  price: M(125_500_000),
  quantityOnHand: 4,
  reorderLevel: 1,
  ...overrides,
});

/** A stock item's adjustments (ADJUST movements of the item carrying its SKU), by their old names. */
function movements(itemId: number) {
  return handle.db
    .selectFrom('item_movements')
    .select(['store_id', 'quantity_delta as delta', 'quantity_after', 'note as reason', 'created_by', 'created_at'])
    .where('item_id', '=', BigInt(itemId))
    .where('kind', '=', 'ADJUST')
    .orderBy('id')
    .execute();
}

/** The item behind a stock item, by the stock item's old column names (archived: withdrawn). */
function itemRow(id: number) {
  return handle.db
    .selectFrom('items')
    .select(['alias as sku', 'description', 'quantity as quantity_on_hand', sql<Date | null>`case when status = 'WITHDRAWN' then updated_at end`.as('archived_at')])
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
}

async function listAll(person: Person) {
  return (await h.as(person).store.inventory.list({ pageSize: 100 })).items;
}

async function newVendor(person: Person) {
  const { vendor } = await h.as(person).vendor.add({ tradeName: 'Stock Vendor', contactName: 'Ann', contactEmail: 'ann@example.test', primaryPhone: '555-0100' });
  return vendor.id;
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
  const v = await newVendor(owner);
  await h.as(owner).store.itemcode.add({ tag: 'RUTH1', vendorId: v });
});
afterAll(() => handle?.close());

describe('/store/inventory/add', () => {
  it('answers the item with every field, lowStock computed, and lists it', async () => {
    const sku = nextSku();
    const answer = await h.as(owner).store.inventory.add({ sku: `  ${sku} `, description: ' Brass lamp ', itemCode: 'ruth1', price: M(45_000_000), quantityOnHand: 3, reorderLevel: 2 });
    expect(answer).toEqual({
      success: true,
      message: expect.any(String),
      item: {
        id: expect.any(Number),
        sku,
        description: 'Brass lamp',
        // The code's own tag, found case-insensitively.
        itemCode: 'RUTH1',
        price: { type: 'Money', value: '45000000' },
        quantityOnHand: 3,
        reorderLevel: 2,
        lowStock: false,
      },
    });
    expect(await listAll(owner)).toContainEqual(answer.item);
  });

  it('defaults: no description, no item code, quantity 0 and reorder level 0 (low stock at zero)', async () => {
    const { item } = await h.as(owner).store.inventory.add({ sku: nextSku(), price: M(0) });
    expect(item).toMatchObject({ description: '', itemCode: null, quantityOnHand: 0, reorderLevel: 0, lowStock: true, price: { value: '0' } });
    const empty = await h.as(owner).store.inventory.add({ sku: nextSku(), price: M(1), itemCode: '  ' });
    expect(empty.item.itemCode).toBeNull();
  });

  it('flags low stock at and below the reorder level only', async () => {
    const at = await h.as(owner).store.inventory.add(itemInput({ quantityOnHand: 2, reorderLevel: 2 }));
    const below = await h.as(owner).store.inventory.add(itemInput({ quantityOnHand: 1, reorderLevel: 2 }));
    const above = await h.as(owner).store.inventory.add(itemInput({ quantityOnHand: 3, reorderLevel: 2 }));
    expect([at.item.lowStock, below.item.lowStock, above.item.lowStock]).toEqual([true, true, false]);
  });

  it('answers 409 to a SKU used in the store, whatever the case, naming it; nothing saved', async () => {
    const sku = nextSku('Dup');
    await h.as(owner).store.inventory.add(itemInput({ sku }));
    const before = await listAll(owner);
    expect(await failureOf(h.as(owner).store.inventory.add(itemInput({ sku: sku.toUpperCase() })))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: `SKU "${sku.toUpperCase()}" is already used in this store`,
    });
    expect(await listAll(owner)).toEqual(before);
  });

  it('lets one of two concurrent adds of one SKU win; the other answers 409, never 500', async () => {
    const sku = nextSku('Race');
    const results = await Promise.allSettled([h.as(owner).store.inventory.add(itemInput({ sku })), h.as(manager).store.inventory.add(itemInput({ sku: sku.toLowerCase() }))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(await failureOf(Promise.reject(rejected!.reason as Error))).toMatchObject({ status: 409 });
  });

  it('allows the same SKU in another store', async () => {
    const sku = nextSku('Both');
    await h.as(owner).store.inventory.add(itemInput({ sku }));
    const { item } = await h.as(other).store.inventory.add(itemInput({ sku: sku.toLowerCase() }));
    expect(item.sku).toBe(sku.toLowerCase());
  });

  it('answers 400 to an item code the store does not have (unknown, archived, or another store\'s)', async () => {
    const v = await newVendor(owner);
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'ARCH1', vendorId: v });
    const next = await h.as(owner).order.next({});
    await h.as(owner).order.updateLine({ orderLineId: next.nextOrderLineId, itemCode: 'ARCH1', quantity: 1, price: M(1_000_000) });
    await h.as(owner).store.itemcode.delete({ id: itemCodes[0]!.id });
    await h.as(other).store.itemcode.add({ tag: 'THEIRS1', vendorId: await newVendor(other) });
    const before = await listAll(owner);
    for (const tag of ['NOSUCH1', 'ARCH1', 'THEIRS1']) {
      expect(await failureOf(h.as(owner).store.inventory.add(itemInput({ itemCode: tag })))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: `Item code "${tag}" does not exist in this store`,
      });
    }
    expect(await listAll(owner)).toEqual(before);
  });

  it.each([
    [{ sku: '' }, 'SKU is required'],
    [{ sku: '  ' }, 'SKU is required'],
    [{ sku: undefined }, 'SKU is required'],
    [{ sku: 'S'.repeat(51) }, 'SKU must be at most 50 characters'],
    [{ price: M(-1) }, 'Price must not be negative'],
    [{ price: M('9223372036854775808') }, 'Money value exceeds 64-bit long bounds'],
    [{ quantityOnHand: -1 }, 'Quantity On Hand must not be negative'],
    [{ quantityOnHand: 1.5 }, 'Quantity On Hand must be a whole number'],
    [{ quantityOnHand: '3' }, 'Quantity On Hand must be a whole number'],
    [{ reorderLevel: -2 }, 'Reorder Level must not be negative'],
    [{ description: 'd'.repeat(501) }, 'Description must be at most 500 characters'],
  ])('refuses %o with its message and saves nothing', async (change, message) => {
    const before = await listAll(owner);
    expect(await failureOf(h.as(owner).store.inventory.add(itemInput(change) as never))).toEqual({ status: 400, code: 'BAD_REQUEST', message });
    expect(await listAll(owner)).toEqual(before);
  });

  it('answers 400 to a missing or wrongly typed price', async () => {
    for (const price of [undefined, 12.5, '12', { type: 'Percent', value: '1' }, { type: 'Money', value: '1.5' }]) {
      expect((await failureOf(h.as(owner).store.inventory.add(itemInput({ price }) as never))).status).toBe(400);
    }
  });
});

describe('/store/inventory/edit', () => {
  it('saves sku, description, item code, price and reorder level, never the quantity', async () => {
    const { item } = await h.as(owner).store.inventory.add(itemInput({ quantityOnHand: 5, reorderLevel: 1 }));
    const sku = nextSku('Edited');
    const edited = await h.as(manager).store.inventory.edit({
      id: item.id,
      sku,
      description: 'Walnut rocking chair',
      itemCode: 'RUTH1',
      price: M(99_990_000),
      reorderLevel: 5,
      quantityOnHand: 100,
    } as never);
    expect(edited.item).toEqual({
      id: item.id,
      sku,
      description: 'Walnut rocking chair',
      itemCode: 'RUTH1',
      price: { type: 'Money', value: '99990000' },
      quantityOnHand: 5,
      reorderLevel: 5,
      lowStock: true,
    });
    expect(await listAll(owner)).toContainEqual(edited.item);
    // The Items screen reads the same reorder level from the item.
    expect((await h.as(owner).item.fetch({ itemId: item.id })).item).toMatchObject({ alias: sku, quantity: 5, reorderLevel: 5 });
    // Clearing the item code.
    const cleared = await h.as(owner).store.inventory.edit({ id: item.id, sku, description: 'Walnut rocking chair', itemCode: null, price: M(1) });
    expect(cleared.item).toMatchObject({ itemCode: null, reorderLevel: 0, quantityOnHand: 5 });
  });

  it('keeps its own SKU in another case, and answers 409 to another item\'s SKU, changing nothing', async () => {
    const a = await h.as(owner).store.inventory.add(itemInput());
    const b = await h.as(owner).store.inventory.add(itemInput());
    const renamed = await h.as(owner).store.inventory.edit({ id: a.item.id, sku: a.item.sku.toLowerCase(), price: M(1) });
    expect(renamed.item.sku).toBe(a.item.sku.toLowerCase());
    expect(await failureOf(h.as(owner).store.inventory.edit({ id: b.item.id, sku: a.item.sku.toUpperCase(), price: M(1) }))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: `SKU "${a.item.sku.toUpperCase()}" is already used in this store`,
    });
    expect((await listAll(owner)).find((i) => i.id === b.item.id)).toEqual(b.item);
  });

  it('answers 400 to an unknown item code and to invalid fields, changing nothing', async () => {
    const { item } = await h.as(owner).store.inventory.add(itemInput());
    const edit = { id: item.id, sku: item.sku, description: item.description, price: item.price, reorderLevel: item.reorderLevel };
    expect(await failureOf(h.as(owner).store.inventory.edit({ ...edit, itemCode: 'NOSUCH2' }))).toMatchObject({ status: 400, message: 'Item code "NOSUCH2" does not exist in this store' });
    expect(await failureOf(h.as(owner).store.inventory.edit({ ...edit, sku: '' }))).toMatchObject({ status: 400, message: 'SKU is required' });
    expect(await failureOf(h.as(owner).store.inventory.edit({ ...edit, price: M(-5) }))).toMatchObject({ status: 400, message: 'Price must not be negative' });
    expect((await failureOf(h.as(owner).store.inventory.edit({ ...edit, id: 'one' }))).status).toBe(400);
    expect((await listAll(owner)).find((i) => i.id === item.id)).toEqual(item);
  });

  it('answers 404 to an item that does not exist', async () => {
    expect(await failureOf(h.as(owner).store.inventory.edit({ id: 987_654_321, sku: nextSku(), price: M(1) }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('/store/inventory/adjust', () => {
  it('changes the quantity and keeps a movement row for each change', async () => {
    const { item } = await h.as(owner).store.inventory.add(itemInput({ quantityOnHand: 2, reorderLevel: 3 }));
    expect(item.lowStock).toBe(true);
    const up = await h.as(manager).store.inventory.adjust({ id: item.id, delta: 5, reason: 'Delivery from vendor' });
    expect(up).toEqual({ success: true, message: expect.any(String), item: { ...item, quantityOnHand: 7, lowStock: false } });
    const down = await h.as(owner).store.inventory.adjust({ id: item.id, delta: -4, reason: '  Broken in transit ' });
    expect(down.item).toMatchObject({ quantityOnHand: 3, lowStock: true });
    expect((await listAll(owner)).find((i) => i.id === item.id)).toEqual(down.item);

    const rows = await movements(item.id);
    expect(rows).toEqual([
      expect.objectContaining({ store_id: BigInt(owner.storeId), delta: 5n, quantity_after: 7n, reason: 'Delivery from vendor', created_by: BigInt(manager.userId) }),
      expect.objectContaining({ store_id: BigInt(owner.storeId), delta: -4n, quantity_after: 3n, reason: 'Broken in transit', created_by: BigInt(owner.userId) }),
    ]);
    expect(rows.every((r) => r.created_at instanceof Date)).toBe(true);
  });

  it('may go to exactly zero, refuses below zero (400) and then changes nothing', async () => {
    const { item } = await h.as(owner).store.inventory.add(itemInput({ quantityOnHand: 3 }));
    expect(await failureOf(h.as(owner).store.inventory.adjust({ id: item.id, delta: -4, reason: 'Count' }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Quantity on hand cannot go below zero',
    });
    expect((await itemRow(item.id))!.quantity_on_hand).toBe(3n);
    expect(await movements(item.id)).toEqual([]);
    const zero = await h.as(owner).store.inventory.adjust({ id: item.id, delta: -3, reason: 'Sold out' });
    expect(zero.item.quantityOnHand).toBe(0);
    expect((await movements(item.id)).map((m) => m.quantity_after)).toEqual([0n]);
  });

  it.each([
    [{ delta: 0 }, 'Adjustment must not be zero'],
    [{ delta: 1.5 }, 'Adjustment must be a whole number'],
    [{ delta: '2' }, 'Adjustment must be a whole number'],
    [{ delta: 2_000_000_000 }, 'Adjustment is too large'],
    [{ reason: '' }, 'Reason is required'],
    [{ reason: undefined }, 'Reason is required'],
    [{ reason: 'r'.repeat(201) }, 'Reason must be at most 200 characters'],
  ])('refuses %o with its message, changing nothing', async (change, message) => {
    const { item } = await h.as(owner).store.inventory.add(itemInput({ quantityOnHand: 3 }));
    expect(await failureOf(h.as(owner).store.inventory.adjust({ id: item.id, delta: 1, reason: 'Count', ...change } as never))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message,
    });
    expect((await itemRow(item.id))!.quantity_on_hand).toBe(3n);
    expect(await movements(item.id)).toEqual([]);
  });

  it('answers 404 to an item that does not exist', async () => {
    expect(await failureOf(h.as(owner).store.inventory.adjust({ id: 987_654_321, delta: 1, reason: 'x' }))).toMatchObject({ status: 404 });
  });
});

describe('/store/inventory/archive', () => {
  it('hides the item from the list and the count, keeps the row, and it is then not found', async () => {
    const { item } = await h.as(owner).store.inventory.add(itemInput());
    const before = await h.as(owner).store.inventory.list({ pageSize: 100 });
    expect(await h.as(manager).store.inventory.archive({ id: item.id })).toEqual({ success: true, message: expect.any(String) });
    const after = await h.as(owner).store.inventory.list({ pageSize: 100 });
    expect(after.items.map((i) => i.id)).not.toContain(item.id);
    expect(after.totalItems).toBe(before.totalItems - 1);
    const row = await itemRow(item.id);
    expect(row).toMatchObject({ sku: item.sku });
    expect(row!.archived_at).toBeInstanceOf(Date);
    expect((await failureOf(h.as(owner).store.inventory.archive({ id: item.id }))).status).toBe(404);
    expect((await failureOf(h.as(owner).store.inventory.edit({ id: item.id, sku: item.sku, price: M(1) }))).status).toBe(404);
    expect((await failureOf(h.as(owner).store.inventory.adjust({ id: item.id, delta: 1, reason: 'x' }))).status).toBe(404);
    expect(await movements(item.id)).toEqual([]);
  });

  it('frees the SKU of an archived item, as an archived item code frees its tag', async () => {
    const { item } = await h.as(owner).store.inventory.add(itemInput({ sku: 'REUSE-1' }));
    expect((await failureOf(h.as(owner).store.inventory.add(itemInput({ sku: 'reuse-1' })))).status).toBe(409);
    await h.as(owner).store.inventory.archive({ id: item.id });
    const { item: again } = await h.as(owner).store.inventory.add(itemInput({ sku: 'reuse-1' }));
    expect(again.id).not.toBe(item.id);
  });
});

describe('/store/inventory/list', () => {
  let store: Person;
  // sku, description, price (micro), quantity, reorder level
  const stock = [
    ['lamp-10', 'Brass Table lamp', 45_000_000, 3, 2],
    ['Chair-2', 'oak rocking chair', 125_000_000, 1, 1],
    ['CLOCK-3', 'Mantel clock, 100% brass', 80_500_000, 0, 0],
    ['desk-4', 'Roll-top desk', 450_000_000, 2, 5],
    ['Lamp-11', 'floor lamp_shade', 45_000_000, 7, 2],
    ['vase_5', 'Blue glass vase', 12_250_000, 12, 3],
  ] as const;
  const ids: number[] = [];

  beforeAll(async () => {
    store = await signUpOwner(h);
    for (const [sku, description, price, quantityOnHand, reorderLevel] of stock) {
      const { item } = await h.as(store).store.inventory.add({ sku, description, price: M(price), quantityOnHand, reorderLevel });
      ids.push(item.id);
    }
  });

  const keyOf: Record<'sku' | 'description' | 'price' | 'quantityOnHand' | 'reorderLevel', (i: number) => string | number> = {
    sku: (i) => stock[i]![0].toLowerCase(),
    description: (i) => stock[i]![1].toLowerCase(),
    price: (i) => stock[i]![2],
    quantityOnHand: (i) => stock[i]![3],
    reorderLevel: (i) => stock[i]![4],
  };

  function expectedOrder(sort: keyof typeof keyOf, ascending: boolean) {
    const order = stock.map((_, i) => i);
    order.sort((a, b) => {
      const ka = keyOf[sort](a);
      const kb = keyOf[sort](b);
      const c = ka < kb ? -1 : ka > kb ? 1 : ids[a]! - ids[b]!;
      return ascending ? c : -c;
    });
    return order.map((i) => ids[i]!);
  }

  it('sorts by SKU ascending, case-insensitively, by default', async () => {
    const answer = await h.as(store).store.inventory.list({});
    expect(answer.totalItems).toBe(stock.length);
    expect(answer.items.map((i) => i.sku)).toEqual(['Chair-2', 'CLOCK-3', 'desk-4', 'lamp-10', 'Lamp-11', 'vase_5']);
    expect(answer.items.map((i) => i.id)).toEqual(expectedOrder('sku', true));
  });

  it.each(
    (['sku', 'description', 'price', 'quantityOnHand', 'reorderLevel'] as const).flatMap((sort) => [
      [sort, true],
      [sort, false],
    ]) as [keyof typeof keyOf, boolean][],
  )('sorts by %s (ascending %s) as an independent sort does', async (sort, isAscending) => {
    const { items } = await h.as(store).store.inventory.list({ sort, isAscending });
    expect(items.map((i) => i.id)).toEqual(expectedOrder(sort, isAscending));
  });

  it('pages from 1 with the total of all matches', async () => {
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const answer = await h.as(store).store.inventory.list({ page, pageSize: 2, sort: 'price', isAscending: false });
      expect(answer.totalItems).toBe(stock.length);
      expect(answer.items.length).toBe(2);
      seen.push(...answer.items.map((i) => i.id));
    }
    expect(seen).toEqual(expectedOrder('price', false));
    expect((await h.as(store).store.inventory.list({ page: 4, pageSize: 2 })).items).toEqual([]);
  });

  it.each([
    ['LAMP', ['lamp-10', 'Lamp-11']],
    ['brass', ['CLOCK-3', 'lamp-10']],
    ['  Rocking ', ['Chair-2']],
    ['-1', ['lamp-10', 'Lamp-11']],
    ['100%', ['CLOCK-3']],
    ['_', ['Lamp-11', 'vase_5']],
    ['%', ['CLOCK-3']],
    ['nothing like it', []],
  ])('searches SKU and description case-insensitively: %o', async (search, skus) => {
    const answer = await h.as(store).store.inventory.list({ search });
    expect(answer.items.map((i) => i.sku)).toEqual(skus);
    expect(answer.totalItems).toBe(skus.length);
  });

  it('treats an empty or null search as no search', async () => {
    for (const search of ['', '   ', null]) expect((await h.as(store).store.inventory.list({ search })).totalItems).toBe(stock.length);
  });

  it.each([
    [{ pageSize: 101 }, 'pageSize must be at most 100'],
    [{ page: 0 }, 'page must be at least 1'],
    [{ sort: 'quantity' }, 'sort must be one of sku, description, price, quantityOnHand, reorderLevel'],
    [{ search: 's'.repeat(201) }, 'Search must be at most 200 characters'],
  ])('answers 400 to %o', async (input, message) => {
    expect(await failureOf(h.as(store).store.inventory.list(input as never))).toEqual({ status: 400, code: 'BAD_REQUEST', message });
  });

  it('answers 400 to wrong types', async () => {
    for (const input of [{ search: 5 }, { isAscending: 'no' }, { page: 'two' }]) {
      expect((await failureOf(h.as(store).store.inventory.list(input as never))).status).toBe(400);
    }
  });
});

describe('roles', () => {
  it('lets a manager and the owner change stock', async () => {
    for (const person of [manager, owner]) {
      const { item } = await h.as(person).store.inventory.add(itemInput());
      await h.as(person).store.inventory.edit({ id: item.id, sku: item.sku, description: 'By ' + person.role, price: M(2) });
      await h.as(person).store.inventory.adjust({ id: item.id, delta: 1, reason: 'Found one' });
      await h.as(person).store.inventory.archive({ id: item.id });
      expect(await itemRow(item.id)).toMatchObject({ description: 'By ' + person.role, quantity_on_hand: 5n, archived_at: expect.any(Date) });
    }
  });

  it('lets a cashier list but not add, edit, adjust or archive (403), changing nothing', async () => {
    const { item } = await h.as(owner).store.inventory.add(itemInput());
    const before = await listAll(owner);
    expect(await listAll(cashier)).toEqual(before);
    const as = h.as(cashier);
    for (const attempt of [
      () => as.store.inventory.add(itemInput()),
      () => as.store.inventory.edit({ id: item.id, sku: item.sku, description: 'Cashier was here', price: M(1) }),
      () => as.store.inventory.adjust({ id: item.id, delta: -1, reason: 'Took one' }),
      () => as.store.inventory.archive({ id: item.id }),
    ]) {
      expect(await failureOf(attempt())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    expect(await listAll(owner)).toEqual(before);
    expect(await movements(item.id)).toEqual([]);
  });

  it('answers 403 to an accountant everywhere', async () => {
    const { item } = await h.as(owner).store.inventory.add(itemInput());
    const before = await listAll(owner);
    const as = h.as(accountant);
    for (const attempt of [
      () => as.store.inventory.list({}),
      () => as.store.inventory.add(itemInput()),
      () => as.store.inventory.edit({ id: item.id, sku: item.sku, price: M(1) }),
      () => as.store.inventory.adjust({ id: item.id, delta: 1, reason: 'x' }),
      () => as.store.inventory.archive({ id: item.id }),
    ]) {
      expect(await failureOf(attempt())).toMatchObject({ status: 403 });
    }
    expect(await listAll(owner)).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    expect((await failureOf(h.call().store.inventory.list({}))).status).toBe(401);
  });
});

describe("another store's items", () => {
  it('are not listed, not found on edit, adjust and archive, and stay unchanged', async () => {
    const { item: theirs } = await h.as(other).store.inventory.add(itemInput({ quantityOnHand: 6 }));
    const theirsBefore = await listAll(other);
    expect((await listAll(owner)).map((i) => i.id)).not.toContain(theirs.id);
    const as = h.as(owner);
    expect(await failureOf(as.store.inventory.edit({ id: theirs.id, sku: nextSku(), description: 'Mine now', price: M(1) }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await failureOf(as.store.inventory.adjust({ id: theirs.id, delta: -6, reason: 'Stolen' }))).toMatchObject({ status: 404 });
    expect(await failureOf(as.store.inventory.archive({ id: theirs.id }))).toMatchObject({ status: 404 });
    expect(await listAll(other)).toEqual(theirsBefore);
    expect(await movements(theirs.id)).toEqual([]);
  });

  it('search finds only the caller store items', async () => {
    const marker = nextSku('Marker');
    await h.as(other).store.inventory.add(itemInput({ sku: marker }));
    expect((await h.as(owner).store.inventory.list({ search: marker })).items).toEqual([]);
    expect((await h.as(other).store.inventory.list({ search: marker })).items.map((i) => i.sku)).toEqual([marker]);
  });
});

describe('item codes in use by stock', () => {
  it('deleting a code a stock item carries archives the code (not a 500); the item keeps showing it', async () => {
    const v = await newVendor(owner);
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'STOCKED1', vendorId: v });
    const { item } = await h.as(owner).store.inventory.add(itemInput({ itemCode: 'STOCKED1' }));
    expect(await h.as(owner).store.itemcode.delete({ id: itemCodes[0]!.id })).toMatchObject({ success: true });
    expect((await h.as(owner).store.itemcode.fetchVendor({ vendorId: v })).itemCodes).toEqual([]);
    const code = await handle.db.selectFrom('item_codes').select(['tag', 'archived_at']).where('id', '=', BigInt(itemCodes[0]!.id)).executeTakeFirstOrThrow();
    expect(code.archived_at).toBeInstanceOf(Date);
    expect((await listAll(owner)).find((i) => i.id === item.id)).toEqual(item);
    // The tag is free for a new code.
    await h.as(owner).store.itemcode.add({ tag: 'STOCKED1', vendorId: v });
  });

  it('deleting a vendor none of whose codes was sold but one is on a stock item archives it (not a 500)', async () => {
    const v = await newVendor(owner);
    await h.as(owner).store.itemcode.add({ tag: 'STOCKED2', vendorId: v });
    const { item } = await h.as(owner).store.inventory.add(itemInput({ itemCode: 'stocked2' }));
    expect(await h.as(owner).vendor.delete({ vendorId: v })).toEqual({ success: true, message: 'Vendor deleted successfully', archived: true });
    expect((await h.as(owner).vendor.list({ pageSize: 100 })).vendors.map((x) => x.id)).not.toContain(v);
    const row = await handle.db.selectFrom('vendors').select('archived_at').where('id', '=', BigInt(v)).executeTakeFirstOrThrow();
    expect(row.archived_at).toBeInstanceOf(Date);
    expect((await listAll(owner)).find((i) => i.id === item.id)).toEqual(item);
  });
});
