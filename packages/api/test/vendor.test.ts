/**
 * Vendors: the save payload and its validation, the
 * list's pagination and sorts, delete (erased or archived once sold), roles and store
 * scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';

let handle: DbHandle;
let h: ApiHarness;
let owner: Person;
let other: Person;

const M = (value: bigint | number | string) => ({ type: 'Money' as const, value: String(value) });

const vendorInput = (overrides: Record<string, unknown> = {}) => ({
  tradeName: 'Grandma Attic',
  contactName: 'Ruth Baker',
  contactEmail: 'ruth@example.test',
  primaryPhone: '555-0100',
  deductMonthlyRent: false,
  ...overrides,
});

type Lister = Person;
async function listAll(person: Lister, options: { sort?: 'tradeName' | 'contactName' | 'email' | 'primaryPhone'; isAscending?: boolean } = {}) {
  return (await h.as(person).vendor.list({ page: 1, pageSize: 100, ...options })).vendors;
}

/** Sells one of `tag` in person's store: a draft order line carrying the code. */
async function sell(person: Person, tag: string) {
  const next = await h.as(person).order.next({});
  await h.as(person).order.updateLine({ orderLineId: next.nextOrderLineId, itemCode: tag, itemDescription: 'Oak chair', quantity: 1, price: M(25_000_000) });
  return next;
}

function vendorRow(id: number) {
  return handle.db.selectFrom('vendors').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  [owner, other] = await Promise.all([signUpOwner(h), signUpOwner(h)]);
});
afterAll(() => handle?.close());

describe('/vendor/add and /vendor/edit', () => {
  it('answers the vendor with its primary contact (priority 1), secondary phone empty and a zero balance', async () => {
    const answer = await h.as(owner).vendor.add(vendorInput({ tradeName: '  Grandma Attic  ', deductMonthlyRent: true }));
    expect(answer).toEqual({
      success: true,
      message: expect.any(String),
      vendor: {
        id: expect.any(Number),
        tradeName: 'Grandma Attic',
        primaryContact: { id: expect.any(Number), name: 'Ruth Baker', email: 'ruth@example.test', primaryPhone: '555-0100', secondaryPhone: '', priority: 1 },
        deductMonthlyRent: true,
        vendorType: 'VENDOR',
        monthlyRent: { type: 'Money', value: '0' },
        booth: '',
        mailingAddress: '',
        taxId: '',
        outstandingStatementBalance: { type: 'Money', value: '0' },
        itemCodes: [],
      },
    });
    const row = await vendorRow(answer.vendor.id);
    expect(row).toMatchObject({ store_id: BigInt(owner.storeId), contact_secondary_phone: '', outstanding_statement_balance: 0n, archived_at: null });
    expect((await listAll(owner)).find((v) => v.id === answer.vendor.id)).toEqual(answer.vendor);
  });

  it('keeps a secondary phone when given, and deductMonthlyRent defaults to false', async () => {
    const { deductMonthlyRent: _omit, ...withoutRent } = vendorInput({ secondaryPhone: '555-0199' });
    const { vendor } = await h.as(owner).vendor.add(withoutRent);
    expect(vendor.primaryContact?.secondaryPhone).toBe('555-0199');
    expect(vendor.deductMonthlyRent).toBe(false);
  });

  it('edits every field, keeps the ids, answers the vendor with its item codes, and the list shows the change', async () => {
    const { vendor } = await h.as(owner).vendor.add(vendorInput({ secondaryPhone: '555-0101' }));
    await h.as(owner).store.itemcode.add({ tag: 'EDITME1', vendorId: vendor.id });
    const change = { tradeName: 'Barn Finds', contactName: 'Sam Hill', contactEmail: 'sam@example.test', primaryPhone: '555-0200', deductMonthlyRent: true };
    const edited = await h.as(owner).vendor.edit({ vendorId: vendor.id, ...change });
    expect(edited.vendor).toMatchObject({
      id: vendor.id,
      tradeName: 'Barn Finds',
      deductMonthlyRent: true,
      // Not given on edit: the payload's empty text.
      primaryContact: { id: vendor.primaryContact!.id, name: 'Sam Hill', email: 'sam@example.test', primaryPhone: '555-0200', secondaryPhone: '', priority: 1 },
      outstandingStatementBalance: { type: 'Money', value: '0' },
    });
    expect(edited.vendor.itemCodes.map((c) => c.tag)).toEqual(['EDITME1']);
    const listed = (await listAll(owner)).find((v) => v.id === vendor.id);
    expect(listed).toMatchObject({ tradeName: 'Barn Finds', primaryContact: { name: 'Sam Hill', secondaryPhone: '' } });
  });

  it('saves Vendor Type and Monthly Rent; an edit that leaves them out keeps them', async () => {
    const { vendor } = await h.as(owner).vendor.add(vendorInput({ tradeName: 'Booth 12', vendorType: 'VENDOR_CONSIGNMENT', monthlyRent: M(150_000_000), deductMonthlyRent: true }));
    expect(vendor).toMatchObject({ vendorType: 'VENDOR_CONSIGNMENT', monthlyRent: M(150_000_000) });
    const kept = await h.as(owner).vendor.edit({ vendorId: vendor.id, ...vendorInput({ tradeName: 'Booth 12b' }) });
    expect(kept.vendor).toMatchObject({ tradeName: 'Booth 12b', vendorType: 'VENDOR_CONSIGNMENT', monthlyRent: M(150_000_000) });
    const changed = await h.as(owner).vendor.edit({ vendorId: vendor.id, ...vendorInput({ vendorType: 'CONSIGNMENT', monthlyRent: M(0) }) });
    expect(changed.vendor).toMatchObject({ vendorType: 'CONSIGNMENT', monthlyRent: M(0) });
    expect(await vendorRow(vendor.id)).toMatchObject({ vendor_type: 'CONSIGNMENT', monthly_rent: 0n });
  });

  it.each([
    [{ vendorType: 'BOOTH' }, 'Vendor Type must be one of VENDOR, VENDOR_CONSIGNMENT, CONSIGNMENT'],
    [{ monthlyRent: M(-10_000) }, 'Monthly Rent must be between $0.00 and $10,000,000.00'],
    [{ monthlyRent: M(10_000_000_010_000) }, 'Monthly Rent must be between $0.00 and $10,000,000.00'],
    [{ monthlyRent: M(150_005_000) }, 'Monthly Rent must be in whole cents'],
  ])('refuses %o with its message, on add and on edit, changing nothing', async (change, message) => {
    const { vendor } = await h.as(owner).vendor.add(vendorInput({ tradeName: 'Rent Check', monthlyRent: M(50_000_000) }));
    expect(await failureOf(h.as(owner).vendor.add(vendorInput(change) as never))).toEqual({ status: 400, code: 'BAD_REQUEST', message });
    expect(await failureOf(h.as(owner).vendor.edit({ vendorId: vendor.id, ...vendorInput(change) }))).toEqual({ status: 400, code: 'BAD_REQUEST', message });
    expect(await vendorRow(vendor.id)).toMatchObject({ vendor_type: 'VENDOR', monthly_rent: 50_000_000n });
  });

  it('saves booth, mailing address and tax ID (trimmed); an edit that leaves them out keeps them; /vendor/fetch answers them', async () => {
    const { vendor } = await h.as(owner).vendor.add(vendorInput({ tradeName: 'Details Co', booth: ' 12A, 14 ', mailingAddress: '1 Main St\nSpringfield', taxId: '12-3456789' }));
    expect(vendor).toMatchObject({ booth: '12A, 14', mailingAddress: '1 Main St\nSpringfield', taxId: '12-3456789' });
    const kept = await h.as(owner).vendor.edit({ vendorId: vendor.id, ...vendorInput({ tradeName: 'Details Co 2' }) });
    expect(kept.vendor).toMatchObject({ booth: '12A, 14', mailingAddress: '1 Main St\nSpringfield', taxId: '12-3456789' });
    await h.as(owner).vendor.edit({ vendorId: vendor.id, ...vendorInput({ tradeName: 'Details Co 2', booth: '', taxId: '' }) });
    expect((await h.as(owner).vendor.fetch({ vendorId: vendor.id })).vendor).toMatchObject({ tradeName: 'Details Co 2', booth: '', mailingAddress: '1 Main St\nSpringfield', taxId: '' });
    expect(await failureOf(h.as(owner).vendor.add(vendorInput({ taxId: '9'.repeat(41) })))).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Tax ID must be at most 40 characters' });
    expect(await failureOf(h.as(owner).vendor.fetch({ vendorId: 987_654_321 }))).toMatchObject({ status: 404 });
  });

  it('answers 404 to editing a vendor that does not exist', async () => {
    expect(await failureOf(h.as(owner).vendor.edit({ vendorId: 987_654_321, ...vendorInput() }))).toMatchObject({ status: 404 });
  });

  describe("validation with the product's messages, on add and on edit, changing nothing", () => {
    it.each([
      [{ tradeName: '' }, 'Trade Name is required'],
      [{ tradeName: '   ' }, 'Trade Name is required'],
      [{ tradeName: undefined }, 'Trade Name is required'],
      [{ contactName: '' }, 'Contact Name is required'],
      [{ contactName: undefined }, 'Contact Name is required'],
      [{ contactEmail: 'ruth.example.test' }, 'Email must be a valid e-mail address'],
      [{ contactEmail: 'ruth@' }, 'Email must be a valid e-mail address'],
      [{ contactEmail: 'ruth @example.test' }, 'Email must be a valid e-mail address'],
      [{ contactEmail: '' }, 'Email is required'],
      [{ primaryPhone: '' }, 'Primary Phone is required'],
      [{ primaryPhone: undefined }, 'Primary Phone is required'],
      [{ tradeName: 'x'.repeat(201) }, 'Trade Name must be at most 200 characters'],
    ])('refuses %o with its message', async (change, message) => {
      const before = await listAll(owner);
      const added = await failureOf(h.as(owner).vendor.add(vendorInput(change)));
      expect(added).toEqual({ status: 400, code: 'BAD_REQUEST', message });
      const target = before[0]!;
      const edited = await failureOf(h.as(owner).vendor.edit({ vendorId: target.id, ...vendorInput(change) }));
      expect(edited).toEqual({ status: 400, code: 'BAD_REQUEST', message });
      expect(await listAll(owner)).toEqual(before);
    });

    it.each([[{ tradeName: 42 }], [{ deductMonthlyRent: 'yes' }], [{ secondaryPhone: 5550100 }], [{ contactEmail: ['a@b.test'] }]])('answers 400 to the wrong type %o', async (change) => {
      const before = await listAll(owner);
      expect((await failureOf(h.as(owner).vendor.add(vendorInput(change) as never))).status).toBe(400);
      expect(await listAll(owner)).toEqual(before);
    });

    it('answers 400 to a vendorId that is not a positive integer', async () => {
      for (const vendorId of [0, -3, 1.5, 'abc']) {
        expect((await failureOf(h.as(owner).vendor.edit({ vendorId, ...vendorInput() }))).status).toBe(400);
      }
    });
  });
});

describe('/vendor/list', () => {
  let store: Person;
  // Mixed case, so a case-sensitive order would differ; e-mail local parts of one length
  // and phones of one format, so the order does not depend on the collation's punctuation rules.
  const people = [
    ['walnut Works', 'dana Lee', 'dlee', '555-0107'],
    ['Attic Treasures', 'Bob Stone', 'bobs', '555-0103'],
    ['brass and Bells', 'alice Moss', 'AMOS', '555-0110'],
    ['Copper Kettle', 'Dana Lee', 'cari', '555-0101'],
    ['attic Annex', 'evan Ray', 'Eray', '555-0109'],
    ['Zinc Lane', 'Carl Ng', 'zed1', '555-0102'],
    ['maple Row', 'frank Oh', 'Bart', '555-0105'],
  ] as const;
  const ids: number[] = [];

  beforeAll(async () => {
    store = await signUpOwner(h);
    for (const [tradeName, contactName, local, primaryPhone] of people) {
      const { vendor } = await h.as(store).vendor.add({ tradeName, contactName, contactEmail: `${local}@mail.test`, primaryPhone });
      ids.push(vendor.id);
    }
  });

  const keyOf = {
    tradeName: (i: number) => people[i]![0].toLowerCase(),
    contactName: (i: number) => people[i]![1].toLowerCase(),
    email: (i: number) => `${people[i]![2]}@mail.test`.toLowerCase(),
    primaryPhone: (i: number) => people[i]![3],
  };
  const caseSensitiveKeyOf = { ...keyOf, tradeName: (i: number) => people[i]![0], contactName: (i: number) => people[i]![1], email: (i: number) => people[i]![2] };

  /** The expected order, computed here: by the key, ties by id, both in the direction. */
  function expectedOrder(sort: keyof typeof keyOf, ascending: boolean, key = keyOf[sort]) {
    const order = people.map((_, i) => i);
    order.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      const c = ka < kb ? -1 : ka > kb ? 1 : ids[a]! - ids[b]!;
      return ascending ? c : -c;
    });
    return order.map((i) => ids[i]!);
  }

  it('sorts by tradeName ascending by default, case-insensitively', async () => {
    const { vendors, totalVendors } = await h.as(store).vendor.list({});
    expect(totalVendors).toBe(people.length);
    expect(vendors.map((v) => v.id)).toEqual(expectedOrder('tradeName', true));
    expect(vendors.map((v) => v.tradeName)).toEqual(['attic Annex', 'Attic Treasures', 'brass and Bells', 'Copper Kettle', 'maple Row', 'walnut Works', 'Zinc Lane']);
  });

  it.each([
    ['tradeName', true],
    ['tradeName', false],
    ['contactName', true],
    ['contactName', false],
    ['email', true],
    ['email', false],
    ['primaryPhone', true],
    ['primaryPhone', false],
  ] as const)('sorts by %s (ascending %s) as an independent sort does', async (sort, isAscending) => {
    const { vendors } = await h.as(store).vendor.list({ sort, isAscending, page: 1, pageSize: 50 });
    expect(vendors.map((v) => v.id)).toEqual(expectedOrder(sort, isAscending));
  });

  it('the data tells a case-insensitive sort from a case-sensitive one', () => {
    for (const sort of ['tradeName', 'contactName', 'email'] as const) {
      expect(expectedOrder(sort, true, caseSensitiveKeyOf[sort])).not.toEqual(expectedOrder(sort, true));
    }
  });

  it('pages from 1: the pages together are the whole sorted list, each vendor once', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await h.as(store).vendor.list({ page, pageSize: 3, sort: 'email' });
      expect(answer.totalVendors).toBe(people.length);
      expect(answer.vendors.length).toBe(page < 3 ? 3 : 1);
      seen.push(...answer.vendors.map((v) => v.id));
    }
    expect(seen).toEqual(expectedOrder('email', true));
    const beyond = await h.as(store).vendor.list({ page: 4, pageSize: 3 });
    expect(beyond).toMatchObject({ vendors: [], totalVendors: people.length });
  });

  it('pages with the default size of 20', async () => {
    const big = await signUpOwner(h);
    for (let i = 0; i < 23; i++) {
      await h.as(big).vendor.add(vendorInput({ tradeName: `Vendor${String(i).padStart(2, '0')}` }));
    }
    const first = await h.as(big).vendor.list({});
    expect(first.totalVendors).toBe(23);
    expect(first.vendors.map((v) => v.tradeName)).toEqual(Array.from({ length: 20 }, (_, i) => `Vendor${String(i).padStart(2, '0')}`));
    const second = await h.as(big).vendor.list({ page: 2 });
    expect(second.vendors.map((v) => v.tradeName)).toEqual(['Vendor20', 'Vendor21', 'Vendor22']);
    expect((await h.as(big).vendor.list({ pageSize: 100 })).vendors.length).toBe(23);
  });

  it.each([
    [{ pageSize: 101 }, 'pageSize must be at most 100'],
    [{ pageSize: 0 }, 'pageSize must be at least 1'],
    [{ page: 0 }, 'page must be at least 1'],
    [{ page: -1 }, 'page must be at least 1'],
    [{ sort: 'createdAt' }, 'sort must be one of tradeName, contactName, email, primaryPhone'],
    [{ sort: 'TRADENAME' }, 'sort must be one of tradeName, contactName, email, primaryPhone'],
  ])('answers 400 to %o', async (input, message) => {
    expect(await failureOf(h.as(store).vendor.list(input as never))).toEqual({ status: 400, code: 'BAD_REQUEST', message });
  });

  it('answers 400 to wrong types for page, pageSize and isAscending', async () => {
    for (const input of [{ page: 'first' }, { pageSize: 2.5 }, { isAscending: 'yes' }]) {
      expect((await failureOf(h.as(store).vendor.list(input as never))).status).toBe(400);
    }
  });

  it('searches trade name, contact name, e-mail and live item-code tags, any case; wildcards are literal; the total counts the matches', async () => {
    const store = await signUpOwner(h);
    const add = (tradeName: string, contactName: string, contactEmail: string) => h.as(store).vendor.add(vendorInput({ tradeName, contactName, contactEmail }));
    const { vendor: oak } = await add('Oak & Iron', 'Ruth Baker', 'ruth@oak.test');
    const { vendor: pine } = await add('Pine 100%', 'Sam Cole', 'sam@pine.test');
    const { vendor: elm } = await add('Elm Street', 'Tia Dunn', 'tia@elm.test');
    await h.as(store).store.itemcode.add({ tag: 'QX77', vendorId: elm.id });
    const { itemCodes } = await h.as(store).store.itemcode.add({ tag: 'GONE1', vendorId: oak.id });
    await h.as(store).store.itemcode.delete({ id: itemCodes.find((c) => c.tag === 'GONE1')!.id });
    const found = async (search: string, more: { pageSize?: number; page?: number } = {}) => {
      const answer = await h.as(store).vendor.list({ search, ...more });
      return { names: answer.vendors.map((v) => v.tradeName), total: answer.totalVendors };
    };
    expect(await found('OAK')).toEqual({ names: ['Oak & Iron'], total: 1 });
    expect(await found('sam c')).toEqual({ names: ['Pine 100%'], total: 1 });
    expect(await found('@elm.')).toEqual({ names: ['Elm Street'], total: 1 });
    expect(await found('qx7')).toEqual({ names: ['Elm Street'], total: 1 });
    expect(await found('gone1')).toEqual({ names: [], total: 0 });
    expect(await found('0%')).toEqual({ names: ['Pine 100%'], total: 1 });
    expect(await found('_')).toEqual({ names: [], total: 0 });
    expect(await found('  ')).toEqual({ names: ['Elm Street', 'Oak & Iron', 'Pine 100%'], total: 3 });
    expect(await found('.test', { pageSize: 2, page: 2 })).toEqual({ names: ['Pine 100%'], total: 3 });
    expect(pine.id).toBeGreaterThan(0);
  });

  it('lists a vendor without a contact with primaryContact null, and edit gives it one', async () => {
    const bare = await signUpOwner(h);
    const row = await handle.db
      .insertInto('vendors')
      .values({
        store_id: BigInt(bare.storeId),
        trade_name: 'No Contact Co',
        contact_id: null,
        contact_name: null,
        contact_email: null,
        contact_primary_phone: null,
        contact_secondary_phone: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { vendor: withContact } = await h.as(bare).vendor.add(vendorInput({ tradeName: 'Has Contact' }));
    const listed = await h.as(bare).vendor.list({});
    expect(listed.totalVendors).toBe(2);
    expect(listed.vendors.find((v) => v.id === Number(row.id))).toEqual({
      id: Number(row.id),
      tradeName: 'No Contact Co',
      primaryContact: null,
      deductMonthlyRent: false,
      vendorType: 'VENDOR',
      monthlyRent: { type: 'Money', value: '0' },
      booth: '',
      mailingAddress: '',
      taxId: '',
      outstandingStatementBalance: { type: 'Money', value: '0' },
      itemCodes: [],
    });
    for (const sort of ['contactName', 'email', 'primaryPhone'] as const) {
      for (const isAscending of [true, false]) {
        const ids = (await h.as(bare).vendor.list({ sort, isAscending })).vendors.map((v) => v.id);
        expect(ids.sort()).toEqual([Number(row.id), withContact.id].sort());
      }
    }
    const edited = await h.as(bare).vendor.edit({ vendorId: Number(row.id), ...vendorInput({ tradeName: 'No Contact Co' }) });
    expect(edited.vendor.primaryContact).toMatchObject({ id: expect.any(Number), name: 'Ruth Baker', priority: 1 });
    expect(edited.vendor.primaryContact!.id).not.toBe(withContact.primaryContact!.id);
  });

  it("shows the vendor's balance from the ledger as Money, negative too", async () => {
    const { vendor } = await h.as(store).vendor.add(vendorInput({ tradeName: 'Owed Money' }));
    await h.as(store).vendor.adjust({ vendorId: vendor.id, amount: M(123_450_000), memo: 'Opening balance' });
    const listed = async () => (await h.as(store).vendor.list({ pageSize: 100 })).vendors.find((v) => v.id === vendor.id);
    expect((await listed())?.outstandingStatementBalance).toEqual({ type: 'Money', value: '123450000' });
    await h.as(store).vendor.adjust({ vendorId: vendor.id, amount: M(-200_000_000), memo: 'Damaged goods' });
    expect((await listed())?.outstandingStatementBalance).toEqual({ type: 'Money', value: '-76550000' });
    // Settled, its entries keep it: deleting archives it.
    await h.as(store).vendor.adjust({ vendorId: vendor.id, amount: M(76_550_000), memo: 'Settled' });
    expect((await h.as(store).vendor.delete({ vendorId: vendor.id })).archived).toBe(true);
  });

  it("answers each vendor's live item codes, and none of another vendor's", async () => {
    const { vendor: first } = await h.as(store).vendor.add(vendorInput({ tradeName: 'Codes One' }));
    const { vendor: second } = await h.as(store).vendor.add(vendorInput({ tradeName: 'Codes Two' }));
    await h.as(store).store.itemcode.add({ tag: 'LISTA1', vendorId: first.id });
    await h.as(store).store.itemcode.add({ tag: 'LISTA2', vendorId: first.id });
    const gone = await h.as(store).store.itemcode.add({ tag: 'LISTA3', vendorId: first.id });
    await h.as(store).store.itemcode.delete({ id: gone.itemCodes.find((c) => c.tag === 'LISTA3')!.id });
    await h.as(store).store.itemcode.add({ tag: 'LISTB1', vendorId: second.id });
    const listed = (await h.as(store).vendor.list({ pageSize: 100 })).vendors;
    expect(listed.find((v) => v.id === first.id)?.itemCodes.map((c) => c.tag)).toEqual(['LISTA1', 'LISTA2']);
    expect(listed.find((v) => v.id === second.id)?.itemCodes.map((c) => c.tag)).toEqual(['LISTB1']);
    await h.as(store).vendor.delete({ vendorId: first.id });
    await h.as(store).vendor.delete({ vendorId: second.id });
  });
});

describe('/vendor/delete', () => {
  it('erases a vendor none of whose codes were sold, with its codes', async () => {
    const before = (await h.as(owner).vendor.list({})).totalVendors;
    const { vendor } = await h.as(owner).vendor.add(vendorInput({ tradeName: 'Short Lived' }));
    expect((await h.as(owner).vendor.list({})).totalVendors).toBe(before + 1);
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'UNSOLD1', vendorId: vendor.id });
    const answer = await h.as(owner).vendor.delete({ vendorId: vendor.id });
    expect((await h.as(owner).vendor.list({})).totalVendors).toBe(before);
    expect(answer).toEqual({ success: true, message: 'Vendor deleted successfully', archived: false });
    expect(await vendorRow(vendor.id)).toBeUndefined();
    expect(await handle.db.selectFrom('item_codes').select('id').where('id', '=', BigInt(itemCodes[0]!.id)).executeTakeFirst()).toBeUndefined();
    expect((await listAll(owner)).map((v) => v.id)).not.toContain(vendor.id);
    // The tag is free again.
    await h.as(owner).store.itemcode.add({ tag: 'UNSOLD1', vendorId: null });
  });

  it('archives a vendor whose item code is on an order line: hidden from the list, row and history kept', async () => {
    const { vendor } = await h.as(owner).vendor.add(vendorInput({ tradeName: 'Sold Something' }));
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'SOLDV1', vendorId: vendor.id });
    await h.as(owner).store.itemcode.add({ tag: 'SOLDV2', vendorId: vendor.id });
    const before = await h.as(owner).vendor.list({ pageSize: 100 });
    const { nextOrderLineId } = await sell(owner, 'soldv1');

    const answer = await h.as(owner).vendor.delete({ vendorId: vendor.id });
    expect(answer).toEqual({ success: true, message: 'Vendor deleted successfully', archived: true });

    const after = await h.as(owner).vendor.list({ pageSize: 100 });
    expect(after.vendors.map((v) => v.id)).not.toContain(vendor.id);
    expect(after.totalVendors).toBe(before.totalVendors - 1);
    const row = await vendorRow(vendor.id);
    expect(row).toMatchObject({ trade_name: 'Sold Something', contact_name: 'Ruth Baker' });
    expect(row!.archived_at).toBeInstanceOf(Date);
    const line = await handle.db.selectFrom('order_lines').select(['item_code_id', 'item_code']).where('id', '=', BigInt(nextOrderLineId)).executeTakeFirstOrThrow();
    expect(line).toEqual({ item_code_id: BigInt(itemCodes[0]!.id), item_code: 'soldv1' });

    // Gone for every vendor path.
    expect((await failureOf(h.as(owner).vendor.edit({ vendorId: vendor.id, ...vendorInput() }))).status).toBe(404);
    expect((await failureOf(h.as(owner).vendor.delete({ vendorId: vendor.id }))).status).toBe(404);
    expect((await failureOf(h.as(owner).store.itemcode.fetchVendor({ vendorId: vendor.id }))).status).toBe(404);
    expect((await failureOf(h.as(owner).store.itemcode.add({ tag: 'LATE1', vendorId: vendor.id }))).status).toBe(404);
  });

  it('answers 404 to a vendor that does not exist', async () => {
    expect(await failureOf(h.as(owner).vendor.delete({ vendorId: 987_654_321 }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('roles', () => {
  it('lets STORE_STAFF, STORE_MANAGER and STORE_OWNER read, add and edit vendors, and only a manager or an owner delete one', async () => {
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    for (const person of [cashier, manager, owner]) {
      const { vendor } = await h.as(person).vendor.add(vendorInput({ tradeName: `By ${person.role}` }));
      expect((await h.as(person).vendor.list({ pageSize: 100 })).vendors.map((v) => v.id)).toContain(vendor.id);
      const edited = await h.as(person).vendor.edit({ vendorId: vendor.id, ...vendorInput({ tradeName: `Edited by ${person.role}` }) });
      expect(edited.vendor.tradeName).toBe(`Edited by ${person.role}`);
      if (person === cashier) {
        expect(await failureOf(h.as(person).vendor.delete({ vendorId: vendor.id }))).toMatchObject({ status: 403, message: 'Only a store manager may delete or archive a vendor' });
        expect(await vendorRow(vendor.id)).toBeDefined();
        continue;
      }
      expect((await h.as(person).vendor.delete({ vendorId: vendor.id })).success).toBe(true);
      expect(await vendorRow(vendor.id)).toBeUndefined();
    }
  });

  it('answers 403 to a STORE_ACCOUNTANT on every vendor and item-code path, changing nothing', async () => {
    const accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
    const { vendor } = await h.as(owner).vendor.add(vendorInput({ tradeName: 'Accountant Proof' }));
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'ACCT1', vendorId: vendor.id });
    const before = await listAll(owner);
    const as = h.as(accountant);
    const attempts = [
      () => as.vendor.list({}),
      () => as.vendor.add(vendorInput()),
      () => as.vendor.edit({ vendorId: vendor.id, ...vendorInput({ tradeName: 'Hijacked' }) }),
      () => as.vendor.delete({ vendorId: vendor.id }),
      () => as.store.itemcode.add({ tag: 'ACCT2', vendorId: vendor.id }),
      () => as.store.itemcode.edit({ id: itemCodes[0]!.id, tag: 'ACCT3', vendorId: vendor.id }),
      () => as.store.itemcode.fetchVendor({ vendorId: vendor.id }),
      () => as.store.itemcode.delete({ id: itemCodes[0]!.id }),
    ];
    for (const attempt of attempts) expect(await failureOf(attempt())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await listAll(owner)).toEqual(before);
    expect((await h.as(owner).store.itemcode.fetchVendor({ vendorId: vendor.id })).itemCodes).toEqual(itemCodes);
  });

  it('answers 401 without a token and 403 for a role the caller does not hold', async () => {
    expect((await failureOf(h.call().vendor.list({}))).status).toBe(401);
    expect((await failureOf(h.as(owner, { token: 'forged' }).vendor.list({}))).status).toBe(401);
    expect((await failureOf(h.as(owner, { storeId: other.storeId }).vendor.list({}))).status).toBe(403);
  });
});

describe("another store's vendor", () => {
  it('is not listed, and is not found on edit, delete, fetch-vendor and as itemcode.add vendorId; it stays unchanged', async () => {
    const { vendor: theirs } = await h.as(other).vendor.add(vendorInput({ tradeName: 'Their Vendor' }));
    const { itemCodes: theirCodes } = await h.as(other).store.itemcode.add({ tag: 'THEIRS1', vendorId: theirs.id });
    const theirListBefore = await h.as(other).vendor.list({});
    const mineBefore = await listAll(owner);
    expect(mineBefore.map((v) => v.id)).not.toContain(theirs.id);

    const as = h.as(owner);
    expect(await failureOf(as.vendor.edit({ vendorId: theirs.id, ...vendorInput({ tradeName: 'Mine now' }) }))).toMatchObject({ status: 404 });
    expect(await failureOf(as.vendor.delete({ vendorId: theirs.id }))).toMatchObject({ status: 404 });
    expect(await failureOf(as.store.itemcode.fetchVendor({ vendorId: theirs.id }))).toMatchObject({ status: 404 });
    expect(await failureOf(as.store.itemcode.add({ tag: 'SNEAKY1', vendorId: theirs.id }))).toMatchObject({ status: 404 });

    expect(await h.as(other).vendor.list({})).toEqual(theirListBefore);
    expect((await h.as(other).store.itemcode.fetchVendor({ vendorId: theirs.id })).itemCodes).toEqual(theirCodes);
    expect(await listAll(owner)).toEqual(mineBefore);
    const sneaky = await handle.db.selectFrom('item_codes').select('id').where('tag', '=', 'SNEAKY1').executeTakeFirst();
    expect(sneaky).toBeUndefined();
  });
});
