/**
 * Item codes: the answer of add, tag rules and
 * per-store case-insensitive uniqueness, the store's default commission, the rent
 * override, delete (erased or archived once sold), fetch-vendor, store scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';

let handle: DbHandle;
let h: ApiHarness;
let owner: Person;
let other: Person;
let vendorId: number;

const P = (value: bigint | number | string) => ({ type: 'Percent' as const, value: String(value) });
const M = (value: bigint | number | string) => ({ type: 'Money' as const, value: String(value) });

let vendorCount = 0;
async function newVendor(person: Person) {
  vendorCount += 1;
  const { vendor } = await h.as(person).vendor.add({
    tradeName: `Vendor ${vendorCount}`,
    contactName: 'Ruth Baker',
    contactEmail: 'ruth@example.test',
    primaryPhone: '555-0100',
  });
  return vendor.id;
}

/** Sets the store's default vendor commission percent through the settings call. */
async function setDefaultCommission(person: Person, micro: bigint) {
  const current = await h.as(person).store.fetchSettings();
  await h.as(person).store.updateSettings({ ...current, defaultVendorCommissionPercent: P(micro) });
}

/** Sells one of `tag` in person's store: a draft order line carrying the code. */
async function sell(person: Person, tag: string) {
  const next = await h.as(person).order.next({});
  await h.as(person).order.updateLine({ orderLineId: next.nextOrderLineId, itemCode: tag, itemDescription: 'Brass lamp', quantity: 2, price: M(12_000_000) });
  return next;
}

function codeRow(id: number) {
  return handle.db.selectFrom('item_codes').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

async function codeCount(person: Person) {
  const row = await handle.db
    .selectFrom('item_codes')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('store_id', '=', BigInt(person.storeId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  [owner, other] = await Promise.all([signUpOwner(h), signUpOwner(h)]);
  vendorId = await newVendor(owner);
});
afterAll(() => handle?.close());

describe('/store/itemcode/add', () => {
  it("answers success, a message and that vendor's codes, oldest first, every field kept", async () => {
    const v = await newVendor(owner);
    const first = await h.as(owner).store.itemcode.add({
      tag: 'LAMP1',
      vendorId: v,
      warnOnNoControlCode: true,
      defaultCommissionPercent: P(22_500_000),
      receivesSeparateStatement: true,
      proportionalCcFee: true,
      deductMonthlyRentOverride: 'DEDUCT',
    });
    expect(first).toEqual({
      success: true,
      message: 'Item code added successfully',
      itemCodes: [
        {
          id: expect.any(Number),
          tag: 'LAMP1',
          vendorId: v,
          warnOnNoControlCode: true,
          defaultCommissionPercent: { type: 'Percent', value: '22500000' },
          receivesSeparateStatement: true,
          proportionalCcFee: true,
          deductMonthlyRentOverride: 'DEDUCT',
          monthlyRent: { type: 'Money', value: '0' },
        },
      ],
    });
    const second = await h.as(owner).store.itemcode.add({ tag: 'Lamp2', vendorId: v, defaultCommissionPercent: P(0) });
    expect(second.itemCodes).toEqual([
      first.itemCodes[0],
      {
        id: expect.any(Number),
        tag: 'Lamp2',
        vendorId: v,
        warnOnNoControlCode: false,
        defaultCommissionPercent: { type: 'Percent', value: '0' },
        receivesSeparateStatement: false,
        proportionalCcFee: false,
        deductMonthlyRentOverride: 'USE_VENDOR_DEFAULT',
        monthlyRent: { type: 'Money', value: '0' },
      },
    ]);
    expect(second.itemCodes[1]!.id).toBeGreaterThan(second.itemCodes[0]!.id);
    // Another vendor's codes are not in the answer.
    const elsewhere = await h.as(owner).store.itemcode.add({ tag: 'OTHERV1', vendorId });
    expect(elsewhere.itemCodes.map((c) => c.tag)).not.toContain('LAMP1');
  });

  it('trims the tag before checking and storing it', async () => {
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: '  TRIM1  ', vendorId });
    expect(itemCodes.map((c) => c.tag)).toContain('TRIM1');
  });

  it.each([
    [{ tag: '' }, 'Tag is required'],
    [{ tag: '   ' }, 'Tag is required'],
    [{ tag: undefined }, 'Tag is required'],
    [{ tag: 'AB 12' }, 'Tag must contain only letters and numbers'],
    [{ tag: 'AB-12' }, 'Tag must contain only letters and numbers'],
    [{ tag: 'AB_12' }, 'Tag must contain only letters and numbers'],
    [{ tag: 'café1' }, 'Tag must contain only letters and numbers'],
    [{ tag: 'ÄB1' }, 'Tag must contain only letters and numbers'],
    [{ tag: 'AB%' }, 'Tag must contain only letters and numbers'],
    [{ tag: 'A'.repeat(51) }, 'Tag must be at most 50 characters'],
    [{ defaultCommissionPercent: P(100_000_001) }, 'Default Commission Percent: Percentage must be between 0% and 100%'],
    [{ defaultCommissionPercent: P(-1) }, 'Default Commission Percent: Percentage must be between 0% and 100%'],
  ])('refuses %o with its message and saves nothing', async (change, message) => {
    const before = await codeCount(owner);
    const failure = await failureOf(h.as(owner).store.itemcode.add({ tag: 'VALID1', vendorId, ...change } as never));
    expect(failure).toEqual({ status: 400, code: 'BAD_REQUEST', message });
    expect(await codeCount(owner)).toBe(before);
  });

  it.each([
    [{ deductMonthlyRentOverride: 'NEVER' }],
    [{ deductMonthlyRentOverride: 'deduct' }],
    [{ deductMonthlyRentOverride: 1 }],
  ])('answers 400 to the unknown rent override %o, naming the values', async (change) => {
    const failure = await failureOf(h.as(owner).store.itemcode.add({ tag: 'RENT9', vendorId, ...change } as never));
    expect(failure).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'deductMonthlyRentOverride must be one of USE_VENDOR_DEFAULT, DEDUCT, DO_NOT_DEDUCT',
    });
  });

  it.each([[{ tag: 12 }], [{ warnOnNoControlCode: 'true' }], [{ vendorId: 'first' }], [{ defaultCommissionPercent: 5 }], [{ defaultCommissionPercent: P(1.5) }]])(
    'answers 400 to the wrong type %o',
    async (change) => {
      const before = await codeCount(owner);
      expect((await failureOf(h.as(owner).store.itemcode.add({ tag: 'TYPES1', vendorId, ...change } as never))).status).toBe(400);
      expect(await codeCount(owner)).toBe(before);
    },
  );

  it('stores each rent override value, USE_VENDOR_DEFAULT when absent', async () => {
    for (const value of ['USE_VENDOR_DEFAULT', 'DEDUCT', 'DO_NOT_DEDUCT'] as const) {
      const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: `RENT${value.length}x`, vendorId, deductMonthlyRentOverride: value });
      expect(itemCodes.find((c) => c.tag === `RENT${value.length}x`)!.deductMonthlyRentOverride).toBe(value);
    }
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'RENTNONE', vendorId });
    expect(itemCodes.find((c) => c.tag === 'RENTNONE')!.deductMonthlyRentOverride).toBe('USE_VENDOR_DEFAULT');
  });

  it("gives a code without a commission the store's default vendor commission percent, at the time of adding", async () => {
    const store = await signUpOwner(h);
    const v = await newVendor(store);
    await setDefaultCommission(store, 17_250_000n);
    const { itemCodes } = await h.as(store).store.itemcode.add({ tag: 'DEF1', vendorId: v });
    expect(itemCodes[0]!.defaultCommissionPercent).toEqual({ type: 'Percent', value: '17250000' });
    const explicit = await h.as(store).store.itemcode.add({ tag: 'DEF2', vendorId: v, defaultCommissionPercent: P(5_000_000) });
    expect(explicit.itemCodes[1]!.defaultCommissionPercent).toEqual({ type: 'Percent', value: '5000000' });

    await setDefaultCommission(store, 40_000_000n);
    const later = await h.as(store).store.itemcode.add({ tag: 'DEF3', vendorId: v });
    expect(later.itemCodes.map((c) => c.defaultCommissionPercent.value)).toEqual(['17250000', '5000000', '40000000']);
    // Another store's default is its own.
    await setDefaultCommission(other, 33_000_000n);
    const theirs = await h.as(other).store.itemcode.add({ tag: 'DEF1', vendorId: await newVendor(other) });
    expect(theirs.itemCodes[0]!.defaultCommissionPercent.value).toBe('33000000');
  });

  it("starts a new code at the store's default commission for its vendor's type", async () => {
    const store = await signUpOwner(h);
    const current = await h.as(store).store.fetchSettings();
    await h.as(store).store.updateSettings({
      ...current,
      defaultVendorCommissionPercent: P(10_000_000),
      defaultVendorConsignmentCommissionPercent: P(20_000_000),
      defaultConsignmentCommissionPercent: P(35_000_000),
    });
    const add = (tag: string, vendorType: 'VENDOR' | 'VENDOR_CONSIGNMENT' | 'CONSIGNMENT') =>
      h.as(store).vendor
        .add({ tradeName: `Type ${vendorType}`, contactName: 'C', contactEmail: 'c@example.test', primaryPhone: '1', vendorType })
        .then(({ vendor }) => h.as(store).store.itemcode.add({ tag, vendorId: vendor.id }))
        .then(({ itemCodes }) => itemCodes[0]!.defaultCommissionPercent.value);
    expect(await add('TYPEV', 'VENDOR')).toBe('10000000');
    expect(await add('TYPEVC', 'VENDOR_CONSIGNMENT')).toBe('20000000');
    expect(await add('TYPEC', 'CONSIGNMENT')).toBe('35000000');
    const { itemCodes } = await h.as(store).store.itemcode.add({ tag: 'TYPENONE', vendorId: null });
    expect(itemCodes.find((c) => c.tag === 'TYPENONE')!.defaultCommissionPercent.value).toBe('10000000');
  });

  it('keeps a monthly rent on the code; an edit that sends none keeps it; a bad one is refused', async () => {
    const v = await newVendor(owner);
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'RENTSEP1', vendorId: v, receivesSeparateStatement: true, monthlyRent: M(75_500_000) });
    const id = itemCodes[0]!.id;
    expect(itemCodes[0]!.monthlyRent).toEqual(M(75_500_000));
    const kept = await h.as(owner).store.itemcode.edit({ id, tag: 'RENTSEP1', vendorId: v, receivesSeparateStatement: true });
    expect(kept.itemCodes[0]!.monthlyRent).toEqual(M(75_500_000));
    expect(await failureOf(h.as(owner).store.itemcode.edit({ id, tag: 'RENTSEP1', vendorId: v, monthlyRent: M(-1_000_000) }))).toMatchObject({
      status: 400,
      message: 'Monthly Rent must be between $0.00 and $10,000,000.00',
    });
    expect((await codeRow(id))!.monthly_rent).toBe(75_500_000n);
  });

  it('accepts a code with no vendor', async () => {
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'NOVENDOR1', vendorId: null });
    expect(itemCodes.find((c) => c.tag === 'NOVENDOR1')).toMatchObject({ vendorId: null });
  });
});

describe('tag uniqueness', () => {
  it('answers 409 to a tag used in the store, whatever the case and vendor, naming the tag; nothing saved', async () => {
    await h.as(owner).store.itemcode.add({ tag: 'Chair7', vendorId });
    const v2 = await newVendor(owner);
    const before = await codeCount(owner);
    for (const [tag, vid] of [
      ['Chair7', vendorId],
      ['CHAIR7', vendorId],
      ['chair7', v2],
      [' cHaIr7 ', null],
    ] as const) {
      const failure = await failureOf(h.as(owner).store.itemcode.add({ tag, vendorId: vid }));
      expect(failure).toEqual({ status: 409, code: 'CONFLICT', message: `Tag "${tag.trim()}" is already used in this store` });
    }
    expect(await codeCount(owner)).toBe(before);
  });

  it('lets one of two concurrent adds of one tag win; the other answers 409, never 500', async () => {
    const results = await Promise.allSettled([
      h.as(owner).store.itemcode.add({ tag: 'RACE1', vendorId }),
      h.as(owner).store.itemcode.add({ tag: 'race1', vendorId }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(await failureOf(Promise.reject(rejected!.reason as Error))).toMatchObject({ status: 409 });
    const rows = await handle.db.selectFrom('item_codes').select('id').where('store_id', '=', BigInt(owner.storeId)).where('tag', 'ilike', 'race1').execute();
    expect(rows).toHaveLength(1);
  });

  it('allows the same tag in another store', async () => {
    await h.as(owner).store.itemcode.add({ tag: 'SHARED1', vendorId });
    const { itemCodes } = await h.as(other).store.itemcode.add({ tag: 'shared1', vendorId: await newVendor(other) });
    expect(itemCodes.map((c) => c.tag)).toEqual(['shared1']);
  });
});

describe('/store/itemcode/edit', () => {
  it('saves every field, keeps its own tag (in any case) and answers the vendor codes', async () => {
    const v = await newVendor(owner);
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'EDIT1', vendorId: v, defaultCommissionPercent: P(10_000_000) });
    const id = itemCodes[0]!.id;
    const edited = await h.as(owner).store.itemcode.edit({
      id,
      tag: 'edit1',
      vendorId: v,
      warnOnNoControlCode: true,
      defaultCommissionPercent: P(12_345_678),
      receivesSeparateStatement: true,
      proportionalCcFee: true,
      deductMonthlyRentOverride: 'DO_NOT_DEDUCT',
    });
    expect(edited).toEqual({
      success: true,
      message: expect.any(String),
      itemCodes: [
        {
          id,
          tag: 'edit1',
          vendorId: v,
          warnOnNoControlCode: true,
          defaultCommissionPercent: { type: 'Percent', value: '12345678' },
          receivesSeparateStatement: true,
          proportionalCcFee: true,
          deductMonthlyRentOverride: 'DO_NOT_DEDUCT',
          monthlyRent: { type: 'Money', value: '0' },
        },
      ],
    });
    expect((await h.as(owner).store.itemcode.fetchVendor({ vendorId: v })).itemCodes).toEqual(edited.itemCodes);
  });

  it('keeps the commission it had when the edit sends none (not the store default)', async () => {
    const store = await signUpOwner(h);
    const v = await newVendor(store);
    const { itemCodes } = await h.as(store).store.itemcode.add({ tag: 'KEEP1', vendorId: v, defaultCommissionPercent: P(9_000_000) });
    await setDefaultCommission(store, 50_000_000n);
    const edited = await h.as(store).store.itemcode.edit({ id: itemCodes[0]!.id, tag: 'KEEP1', vendorId: v, warnOnNoControlCode: true });
    expect(edited.itemCodes[0]).toMatchObject({ warnOnNoControlCode: true, defaultCommissionPercent: { value: '9000000' } });
  });

  it("answers 409 to another code's tag, in any case, and changes nothing", async () => {
    const v = await newVendor(owner);
    await h.as(owner).store.itemcode.add({ tag: 'TAKEN1', vendorId: v });
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'MINE1', vendorId: v });
    const mine = itemCodes[1]!;
    const failure = await failureOf(h.as(owner).store.itemcode.edit({ id: mine.id, tag: 'taken1', vendorId: v, warnOnNoControlCode: true }));
    expect(failure).toEqual({ status: 409, code: 'CONFLICT', message: 'Tag "taken1" is already used in this store' });
    expect((await h.as(owner).store.itemcode.fetchVendor({ vendorId: v })).itemCodes).toEqual(itemCodes);
  });

  it('validates like add, changing nothing', async () => {
    const v = await newVendor(owner);
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'VALIDATE1', vendorId: v });
    const id = itemCodes[0]!.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ tag: '' }, 'Tag is required'],
      [{ tag: 'A-1' }, 'Tag must contain only letters and numbers'],
      [{ deductMonthlyRentOverride: 'SOMETIMES' }, 'deductMonthlyRentOverride must be one of USE_VENDOR_DEFAULT, DEDUCT, DO_NOT_DEDUCT'],
      // Left out, it would silently take the code away from its vendor.
      [{ vendorId: undefined }, 'vendorId must be given: a vendor id, or null for no vendor'],
    ];
    for (const [change, message] of cases) {
      expect(await failureOf(h.as(owner).store.itemcode.edit({ id, tag: 'VALIDATE1', vendorId: v, ...change }))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message,
      });
    }
    expect((await h.as(owner).store.itemcode.fetchVendor({ vendorId: v })).itemCodes).toEqual(itemCodes);
  });

  it('answers 404 to a code that does not exist', async () => {
    expect(await failureOf(h.as(owner).store.itemcode.edit({ id: 987_654_321, tag: 'NOPE1', vendorId }))).toMatchObject({ status: 404 });
  });
});

describe('/store/itemcode/delete', () => {
  it('erases a code that was never sold', async () => {
    const v = await newVendor(owner);
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'GONE1', vendorId: v });
    const answer = await h.as(owner).store.itemcode.delete({ id: itemCodes[0]!.id });
    expect(answer).toEqual({ success: true, message: 'Item code deleted successfully' });
    expect(await codeRow(itemCodes[0]!.id)).toBeUndefined();
    expect((await h.as(owner).store.itemcode.fetchVendor({ vendorId: v })).itemCodes).toEqual([]);
  });

  it('archives a sold code: gone from the lists, kept for the order line, and its tag usable again', async () => {
    const v = await newVendor(owner);
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'SOLD1', vendorId: v });
    const sold = itemCodes[0]!;
    const { nextOrderLineId } = await sell(owner, 'SOLD1');
    await h.as(owner).store.itemcode.delete({ id: sold.id });

    const row = await codeRow(sold.id);
    expect(row).toMatchObject({ tag: 'SOLD1', vendor_id: BigInt(v) });
    expect(row!.archived_at).toBeInstanceOf(Date);
    const line = await handle.db.selectFrom('order_lines').select('item_code_id').where('id', '=', BigInt(nextOrderLineId)).executeTakeFirstOrThrow();
    expect(line.item_code_id).toBe(BigInt(sold.id));
    expect((await h.as(owner).store.itemcode.fetchVendor({ vendorId: v })).itemCodes).toEqual([]);
    expect((await failureOf(h.as(owner).store.itemcode.edit({ id: sold.id, tag: 'SOLD1', vendorId: v }))).status).toBe(404);
    expect((await failureOf(h.as(owner).store.itemcode.delete({ id: sold.id }))).status).toBe(404);

    const again = await h.as(owner).store.itemcode.add({ tag: 'sold1', vendorId: v });
    expect(again.itemCodes.map((c) => c.tag)).toEqual(['sold1']);
    expect(again.itemCodes[0]!.id).not.toBe(sold.id);
  });

  it('archives a separate-statement code whose account holds ledger entries, never sold', async () => {
    const v = await newVendor(owner);
    const { itemCodes } = await h.as(owner).store.itemcode.add({ tag: 'ACCT1', vendorId: v, receivesSeparateStatement: true });
    await h.as(owner).vendor.adjust({ vendorId: v, itemCodeId: itemCodes[0]!.id, amount: M(5_000_000), memo: 'Credit' });
    await h.as(owner).store.itemcode.delete({ id: itemCodes[0]!.id });
    expect((await codeRow(itemCodes[0]!.id))!.archived_at).toBeInstanceOf(Date);
  });

  it('answers 404 to a code that does not exist, 400 to a bad id', async () => {
    expect((await failureOf(h.as(owner).store.itemcode.delete({ id: 987_654_321 }))).status).toBe(404);
    for (const id of [0, -1, 'x', null]) expect((await failureOf(h.as(owner).store.itemcode.delete({ id } as never))).status).toBe(400);
  });
});

describe('/store/itemcode/fetch-vendor', () => {
  it("lists only that vendor's live codes, oldest first", async () => {
    const a = await newVendor(owner);
    const b = await newVendor(owner);
    await h.as(owner).store.itemcode.add({ tag: 'FA1', vendorId: a });
    await h.as(owner).store.itemcode.add({ tag: 'FB1', vendorId: b });
    await h.as(owner).store.itemcode.add({ tag: 'FA2', vendorId: a });
    const { itemCodes: withArchived } = await h.as(owner).store.itemcode.add({ tag: 'FA3', vendorId: a });
    await sell(owner, 'FA3');
    await h.as(owner).store.itemcode.delete({ id: withArchived[2]!.id });
    await h.as(owner).store.itemcode.add({ tag: 'FNONE', vendorId: null });

    const answer = await h.as(owner).store.itemcode.fetchVendor({ vendorId: a });
    expect(answer.success).toBe(true);
    expect(answer.itemCodes.map((c) => c.tag)).toEqual(['FA1', 'FA2']);
    expect(answer.itemCodes.every((c) => c.vendorId === a)).toBe(true);
    expect((await h.as(owner).store.itemcode.fetchVendor({ vendorId: b })).itemCodes.map((c) => c.tag)).toEqual(['FB1']);
  });

  it('answers 404 to a vendor that does not exist', async () => {
    expect((await failureOf(h.as(owner).store.itemcode.fetchVendor({ vendorId: 987_654_321 }))).status).toBe(404);
  });
});

describe('roles', () => {
  it('lets a cashier and a manager add, edit, fetch and delete codes', async () => {
    for (const role of ['STORE_STAFF', 'STORE_MANAGER'] as const) {
      const person = await addStaff(h, owner, role);
      const v = await newVendor(person);
      const { itemCodes } = await h.as(person).store.itemcode.add({ tag: `ROLE${role.length}`, vendorId: v });
      await h.as(person).store.itemcode.edit({ id: itemCodes[0]!.id, tag: `ROLE${role.length}b`, vendorId: v });
      expect((await h.as(person).store.itemcode.fetchVendor({ vendorId: v })).itemCodes.map((c) => c.tag)).toEqual([`ROLE${role.length}b`]);
      await h.as(person).store.itemcode.delete({ id: itemCodes[0]!.id });
      expect(await codeRow(itemCodes[0]!.id)).toBeUndefined();
    }
  });
});

describe("another store's codes", () => {
  it('are not found on edit and delete, and stay unchanged', async () => {
    const theirVendor = await newVendor(other);
    const { itemCodes } = await h.as(other).store.itemcode.add({ tag: 'THEIRCODE', vendorId: theirVendor });
    const theirs = itemCodes[0]!;
    const as = h.as(owner);
    expect(await failureOf(as.store.itemcode.edit({ id: theirs.id, tag: 'MINENOW', vendorId }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await failureOf(as.store.itemcode.edit({ id: theirs.id, tag: 'MINENOW', vendorId: theirVendor }))).toMatchObject({ status: 404 });
    expect(await failureOf(as.store.itemcode.delete({ id: theirs.id }))).toMatchObject({ status: 404 });
    expect(await failureOf(as.store.itemcode.fetchVendor({ vendorId: theirVendor }))).toMatchObject({ status: 404 });
    // Moving one of mine onto their vendor: their vendor is not found either.
    const { itemCodes: mine } = await as.store.itemcode.add({ tag: 'MOVEME1', vendorId });
    const moving = mine.find((c) => c.tag === 'MOVEME1')!;
    expect(await failureOf(as.store.itemcode.edit({ id: moving.id, tag: 'MOVEME1', vendorId: theirVendor }))).toMatchObject({ status: 404 });
    expect((await codeRow(moving.id))!.vendor_id).toBe(BigInt(vendorId));

    expect((await h.as(other).store.itemcode.fetchVendor({ vendorId: theirVendor })).itemCodes).toEqual(itemCodes);
  });
});
