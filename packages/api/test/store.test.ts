import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';

const P = (value: bigint | number | string) => ({ type: 'Percent' as const, value: String(value) });
const M = (value: bigint | number | string) => ({ type: 'Money' as const, value: String(value) });

let handle: DbHandle;
let h: ApiHarness;
let owner: Person;
let other: Person;

const fullSettings = {
  orderPrefix: 'MALL-',
  nextOrderNumber: 1000,
  defaultVendorCommissionPercent: P(15_000_000),
  defaultVendorConsignmentCommissionPercent: P(30_500_000),
  defaultConsignmentCommissionPercent: P(40_000_001),
  tax1ShortName: 'GST',
  tax1LongName: 'Goods and Services Tax',
  tax1Percent: P(5_000_000),
  tax1Enabled: true,
  tax1ApplyByDefault: true,
  tax2ShortName: 'PST',
  tax2LongName: 'Provincial Sales Tax',
  tax2Percent: P(7_250_000),
  tax2Enabled: true,
  tax2ApplyByDefault: false,
  tax3ShortName: 'ECO',
  tax3LongName: 'Eco fee',
  tax3Percent: P(100_000_000),
  tax3Enabled: false,
  tax3ApplyByDefault: true,
};

const paymentMethod = {
  name: 'Visa',
  vendorFeePercent: P(3_000_000),
  customerFeePercent: P(1_500_000),
  customerFeeAmount: M(250_000),
  minimumAmount: M(10_000_000),
  requiresManagerApproval: true,
};

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  owner = await signUpOwner(h);
  other = await signUpOwner(h);
});
afterAll(() => handle.close());

describe('store settings', () => {
  it('round-trips every field and answers them flattened', async () => {
    const saved = await h.as(owner).store.updateSettings(fullSettings);
    expect(saved).toMatchObject({ success: true, message: 'Store settings updated successfully', ...fullSettings });
    const fetched = await h.as(owner).store.fetchSettings();
    expect(fetched).toMatchObject(fullSettings);
    expect(new Date(fetched.storeUpdatedAt).toISOString()).toBe(fetched.storeUpdatedAt);
  });

  it('moves storeUpdatedAt forward on every change of settings or payment methods', async () => {
    const stamps = [(await h.as(owner).store.fetchSettings()).storeUpdatedAt];
    stamps.push((await h.as(owner).store.updateSettings(fullSettings)).storeUpdatedAt);
    const created = await h.as(owner).store.payment.create(paymentMethod);
    stamps.push(created.storeUpdatedAt);
    stamps.push((await h.as(owner).store.payment.update({ id: created.paymentMethod.id, ...paymentMethod, name: 'Visa 2' })).storeUpdatedAt);
    stamps.push((await h.as(owner).store.payment.delete({ id: created.paymentMethod.id })).storeUpdatedAt);
    const times = stamps.map((s) => Date.parse(s));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
  });

  it.each([
    [{ tax2ShortName: 'TOOLONG' }, 'Tax 2 short name must be at most 6 characters'],
    [{ nextOrderNumber: 0 }, 'Next Order Number must be an integer of at least 1'],
    [{ nextOrderNumber: 2.5 }, 'Next Order Number must be an integer of at least 1'],
    [{ orderPrefix: '  ' }, 'Order Prefix is required'],
    [{ defaultVendorCommissionPercent: undefined }, 'Default Vendor Commission Percent is required'],
    [{ defaultConsignmentCommissionPercent: P(100_000_001) }, 'Default Consignment Commission Percent: Percentage must be between 0% and 100%'],
    [{ tax1Percent: P(-1) }, 'Tax 1 Percentage: Percentage must be between 0% and 100%'],
    [{ tax1Percent: { type: 'Money', value: '1' } }, 'tax1Percent.type'],
    [{ timeZone: 'Mars/Olympus' }, 'Time zone must be an IANA time zone such as America/New_York'],
  ])('refuses %o with a message naming the field and changes nothing', async (change, message) => {
    const before = await h.as(owner).store.fetchSettings();
    const failure = await failureOf(h.as(owner).store.updateSettings({ ...fullSettings, ...change } as never));
    expect(failure.status).toBe(400);
    expect(failure.message).toContain(message);
    expect(await h.as(owner).store.fetchSettings()).toEqual(before);
  });

  it('lets staff read settings, only managers and owners change them; an accountant is not store staff', async () => {
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    const cashier = await addStaff(h, owner, 'STORE_STAFF');
    const accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
    expect((await h.as(cashier).store.fetchSettings()).orderPrefix).toBe('MALL-');
    expect((await failureOf(h.as(accountant).store.payment.list())).status).toBe(403);
    expect((await failureOf(h.as(cashier).store.updateSettings(fullSettings))).status).toBe(403);
    expect((await failureOf(h.as(accountant).store.updateSettings(fullSettings))).status).toBe(403);
    expect((await failureOf(h.as(cashier).store.payment.create(paymentMethod))).status).toBe(403);
    expect((await h.as(manager).store.updateSettings({ ...fullSettings, orderPrefix: 'MGR-' })).orderPrefix).toBe('MGR-');
  });

  it('keeps each store its own settings', async () => {
    await h.as(other).store.updateSettings({ ...fullSettings, orderPrefix: 'OTHER-' });
    expect((await h.as(owner).store.fetchSettings()).orderPrefix).not.toBe('OTHER-');
  });
});

describe('payment methods', () => {
  it('creates, lists, updates and deletes with every field kept', async () => {
    const { paymentMethod: created } = await h.as(owner).store.payment.create({ ...paymentMethod, name: 'Amex' });
    expect(created).toMatchObject({ ...paymentMethod, name: 'Amex' });
    const updated = await h.as(owner).store.payment.update({ id: created.id, ...paymentMethod, name: 'Amex Gold', requiresManagerApproval: false });
    expect(updated.paymentMethod).toMatchObject({ id: created.id, name: 'Amex Gold', requiresManagerApproval: false });
    expect((await h.as(owner).store.payment.list()).paymentMethods).toContainEqual(updated.paymentMethod);
    await h.as(owner).store.payment.delete({ id: created.id });
    expect((await h.as(owner).store.payment.list()).paymentMethods.map((p) => p.id)).not.toContain(created.id);
  });

  it('archives a deleted payment method instead of erasing it', async () => {
    const { paymentMethod: created } = await h.as(owner).store.payment.create({ ...paymentMethod, name: 'Debit' });
    await h.as(owner).store.payment.delete({ id: created.id });
    const row = await handle.db.selectFrom('payment_methods').select(['name', 'archived_at']).where('id', '=', BigInt(created.id)).executeTakeFirstOrThrow();
    expect(row.name).toBe('Debit');
    expect(row.archived_at).toBeInstanceOf(Date);
    expect((await failureOf(h.as(owner).store.payment.update({ id: created.id, ...paymentMethod }))).status).toBe(404);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ vendorFeePercent: undefined }, 'Vendor Fee is required'],
    [{ customerFeePercent: undefined }, 'Customer Fee Percent is required'],
    [{ customerFeeAmount: undefined }, 'Customer Fee Amount is required'],
    [{ minimumAmount: undefined }, 'Minimum Amount is required'],
    [{ minimumAmount: M(-1) }, 'Minimum Amount must not be negative'],
    [{ customerFeeAmount: M('9223372036854775808') }, 'Money value exceeds 64-bit long bounds'],
    [{ vendorFeePercent: P(100_000_001) }, 'Vendor Fee: Percentage must be between 0% and 100%'],
  ])('refuses %o', async (change, message) => {
    const failure = await failureOf(h.as(owner).store.payment.create({ ...paymentMethod, ...change }));
    expect(failure).toMatchObject({ status: 400 });
    expect(failure.message).toContain(message);
  });

  it("answers another store's payment method as not found and leaves it unchanged", async () => {
    const { paymentMethod: theirs } = await h.as(other).store.payment.create({ ...paymentMethod, name: 'Theirs' });
    expect((await failureOf(h.as(owner).store.payment.update({ id: theirs.id, ...paymentMethod, name: 'Mine now' }))).status).toBe(404);
    expect((await failureOf(h.as(owner).store.payment.delete({ id: theirs.id }))).status).toBe(404);
    expect((await h.as(owner).store.payment.list()).paymentMethods.map((p) => p.id)).not.toContain(theirs.id);
    expect((await h.as(other).store.payment.list()).paymentMethods).toContainEqual(theirs);
  });
});
