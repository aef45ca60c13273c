/**
 * Vendors' money settings through the REST door, as a dishonest or careless cashier would
 * try them: STORE_STAFF deletes no vendor and changes no money setting of a vendor or an
 * item code (403, nothing changed), yet adds vendors and codes with the store's defaults
 * and edits contact details and tags; a manager and an owner may do all of it; a vendor
 * whose balance is not zero is neither deleted nor archived (400 naming the balance);
 * every vendor, item-code and stock change writes one audit event with before and after,
 * and a refused one writes none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { createApiHarness, type ApiHarness, type Person } from '../../../test/factories';
import { completeSale, openExampleShop, type ExampleShop } from '../../../test/sales';
import { buildApp } from '../src/app';

let handle: DbHandle;
let h: ApiHarness;
let app: FastifyInstance;
let shop: ExampleShop;

const money = (v: bigint) => ({ type: 'Money', value: String(v) });
const percent = (v: bigint) => ({ type: 'Percent', value: String(v) });
const DOLLAR = 1_000_000n;

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  app = await buildApp({ db: handle.db, api: { scryptCost: 1024 } });
  shop = await openExampleShop(h);
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

/** An answer's JSON, read loosely: each test states the fields it relies on. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the REST door's answers are untyped JSON here
type Json = any;

interface Answer {
  status: number;
  body: Json;
}

/** POST /api/v1<path> as `person`, with the identity in the body as a REST client sends it. */
async function post(person: Person, path: string, body: Record<string, unknown> = {}): Promise<Answer> {
  const res = await app.inject({ method: 'POST', url: `/api/v1${path}`, payload: { tokenString: person.token, storeId: person.storeId, role: person.role, ...body } });
  return { status: res.statusCode, body: res.json() };
}

async function ok(person: Person, path: string, body: Record<string, unknown> = {}) {
  const answer = await post(person, path, body);
  expect(answer.status, `${path}: ${answer.body.message}`).toBe(200);
  return answer.body;
}

let serial = 0;
const contact = (tradeName: string) => ({ tradeName, contactName: `${tradeName} Contact`, contactEmail: `v${++serial}@example.test`, primaryPhone: '555-0100', secondaryPhone: '' });

/** A vendor added by the owner with these money settings; answers it as /vendor/add does. */
async function ownersVendor(tradeName: string, settings: Record<string, unknown> = {}) {
  return (await ok(shop.owner, '/vendor/add', { ...contact(tradeName), deductMonthlyRent: false, ...settings })).vendor;
}

/** The vendor as the list answers it now. */
async function vendorNow(id: number) {
  const { vendors } = await ok(shop.owner, '/vendor/list', { pageSize: 100 });
  return (vendors as Json[]).find((v) => v.id === id);
}

/** The store's audit events since `since` (oldest first), of one action when given. */
async function eventsSince(since: Date, action?: string) {
  const { events } = await ok(shop.owner, '/store/audit/list', { from: since.toISOString(), to: new Date(Date.now() + 60_000).toISOString(), pageSize: 500, ...(action ? { action } : {}) });
  return (events as Json[]).reverse();
}

/** A whole /vendor/edit save of the vendor as the list answers it, with `changes`. */
function vendorSave(vendor: Json, changes: Record<string, unknown> = {}) {
  return {
    vendorId: vendor.id,
    tradeName: vendor.tradeName,
    contactName: vendor.primaryContact.name,
    contactEmail: vendor.primaryContact.email,
    primaryPhone: vendor.primaryContact.primaryPhone,
    secondaryPhone: vendor.primaryContact.secondaryPhone,
    deductMonthlyRent: vendor.deductMonthlyRent,
    vendorType: vendor.vendorType,
    monthlyRent: vendor.monthlyRent,
    ...changes,
  };
}

/** A whole /store/itemcode/edit save of the code as answered, with `changes`. */
function codeSave(code: Json, changes: Record<string, unknown> = {}) {
  const { id, tag, vendorId, warnOnNoControlCode, defaultCommissionPercent, receivesSeparateStatement, proportionalCcFee, deductMonthlyRentOverride, monthlyRent } = code;
  return { id, tag, vendorId, warnOnNoControlCode, defaultCommissionPercent, receivesSeparateStatement, proportionalCcFee, deductMonthlyRentOverride, monthlyRent, ...changes };
}

async function codeNow(vendorId: number, tag: string) {
  const { itemCodes } = await ok(shop.owner, '/store/itemcode/fetch-vendor', { vendorId });
  return (itemCodes as Json[]).find((c) => c.tag === tag);
}

describe('/vendor/delete', () => {
  it('refuses STORE_STAFF (403, the vendor kept, no event) and lets a manager and an owner delete', async () => {
    const since = new Date();
    const kept = await ownersVendor('Kept Booth');
    const refused = await post(shop.cashier, '/vendor/delete', { vendorId: kept.id });
    expect(refused).toMatchObject({ status: 403, body: { success: false, code: 'FORBIDDEN', message: 'Only a store manager may delete or archive a vendor' } });
    expect(await vendorNow(kept.id)).toMatchObject({ id: kept.id, tradeName: 'Kept Booth' });
    expect(await eventsSince(since, 'VENDOR_DELETE')).toEqual([]);

    for (const person of [shop.manager, shop.owner]) {
      const vendor = await ownersVendor(`Gone by ${person.role}`);
      expect(await ok(person, '/vendor/delete', { vendorId: vendor.id })).toMatchObject({ archived: false });
      expect(await vendorNow(vendor.id)).toBeUndefined();
    }
  });

  it('refuses a vendor whose balance is not zero, naming it (400, nothing archived), and deletes it once settled', async () => {
    const { ada, owner, manager } = shop;
    await completeSale(h, handle.db, owner, [{ itemCode: 'ADA1', description: 'Lamp', quantity: 1, price: 137_000_000n }]);
    const balance = BigInt((await vendorNow(ada))!.outstandingStatementBalance.value);
    expect(balance).toBe(123_300_000n); // $137.00 less 10 % commission
    for (const person of [manager, owner]) {
      expect(await post(person, '/vendor/delete', { vendorId: ada })).toMatchObject({
        status: 400,
        body: { code: 'BAD_REQUEST', message: "This vendor's balance is $123.30; settle it before deleting the vendor" },
      });
    }
    expect(await vendorNow(ada)).toMatchObject({ tradeName: 'Ada', itemCodes: [expect.objectContaining({ tag: 'ADA1' })] });

    // A vendor who owes the store is refused alike.
    const owing = await ownersVendor('Owes Rent');
    await ok(owner, '/vendor/adjust', { vendorId: owing.id, amount: money(-50n * DOLLAR), memo: 'Unpaid rent' });
    expect(await post(owner, '/vendor/delete', { vendorId: owing.id })).toMatchObject({ status: 400, body: { message: "This vendor's balance is -$50.00; settle it before deleting the vendor" } });

    // Settled to zero, the vendor with a history is archived, not erased.
    await ok(owner, '/vendor/adjust', { vendorId: owing.id, amount: money(50n * DOLLAR), memo: 'Rent paid in cash' });
    expect(await ok(manager, '/vendor/delete', { vendorId: owing.id })).toMatchObject({ archived: true });
    expect(await vendorNow(owing.id)).toBeUndefined();
  });
});

describe('/vendor/add and /vendor/edit by STORE_STAFF', () => {
  it('adds a vendor with the store’s defaults, given or left out', async () => {
    const { cashier } = shop;
    const plain = (await ok(cashier, '/vendor/add', contact('Staff Plain'))).vendor;
    expect(plain).toMatchObject({ vendorType: 'VENDOR', monthlyRent: money(0n), deductMonthlyRent: false });
    const spelled = (await ok(cashier, '/vendor/add', { ...contact('Staff Spelled'), vendorType: 'VENDOR', monthlyRent: money(0n), deductMonthlyRent: false })).vendor;
    expect(spelled.tradeName).toBe('Staff Spelled');
  });

  it('refuses a new vendor with money settings of its own (403 naming them, nothing stored); a manager adds it', async () => {
    const { cashier, manager } = shop;
    const before = (await ok(shop.owner, '/vendor/list', { pageSize: 1 })).totalVendors;
    const cases: [Record<string, unknown>, string][] = [
      [{ monthlyRent: money(100n * DOLLAR) }, 'Monthly Rent'],
      [{ vendorType: 'CONSIGNMENT' }, 'Vendor Type'],
      [{ deductMonthlyRent: true }, 'Deduct Monthly Rent'],
    ];
    for (const [settings, label] of cases) {
      expect(await post(cashier, '/vendor/add', { ...contact('Staff Rent'), ...settings })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: `Only a store manager may set a new vendor's ${label}; staff add vendors with the store's defaults` },
      });
    }
    expect((await ok(shop.owner, '/vendor/list', { pageSize: 1 })).totalVendors).toBe(before);
    for (const [settings] of cases) await ok(manager, '/vendor/add', { ...contact('Manager Rent'), ...settings });
  });

  it('edits contact details, but changes no money setting (403, the vendor unchanged); a manager changes each', async () => {
    const { cashier, manager } = shop;
    const vendor = await ownersVendor('Rent Payer', { vendorType: 'VENDOR_CONSIGNMENT', monthlyRent: money(150n * DOLLAR), deductMonthlyRent: true });
    const edited = (await ok(cashier, '/vendor/edit', vendorSave(vendor, { tradeName: 'Rent Payer & Sons', contactName: 'New Contact', primaryPhone: '555-0199' }))).vendor;
    expect(edited).toMatchObject({ tradeName: 'Rent Payer & Sons', primaryContact: { name: 'New Contact', primaryPhone: '555-0199' }, monthlyRent: money(150n * DOLLAR) });
    // Left out, Vendor Type and Monthly Rent keep their values: no change.
    const { vendorType: _t, monthlyRent: _r, ...withoutThem } = vendorSave(edited);
    await ok(cashier, '/vendor/edit', withoutThem);

    const changes: [Record<string, unknown>, string][] = [
      [{ monthlyRent: money(0n) }, 'Monthly Rent'],
      [{ vendorType: 'VENDOR' }, 'Vendor Type'],
      [{ deductMonthlyRent: false }, 'Deduct Monthly Rent'],
    ];
    for (const [change, label] of changes) {
      expect(await post(cashier, '/vendor/edit', vendorSave(edited, { ...change, contactName: 'Sneaky' }))).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: `Only a store manager may change a vendor's ${label}` },
      });
    }
    const unchanged = await vendorNow(vendor.id);
    expect(unchanged).toMatchObject({ vendorType: 'VENDOR_CONSIGNMENT', monthlyRent: money(150n * DOLLAR), deductMonthlyRent: true, primaryContact: { name: 'New Contact' } });
    for (const [change] of changes) await ok(manager, '/vendor/edit', vendorSave((await vendorNow(vendor.id)), change));
    expect(await vendorNow(vendor.id)).toMatchObject({ vendorType: 'VENDOR', monthlyRent: money(0n), deductMonthlyRent: false });
  });
});

describe('/store/itemcode/add and /store/itemcode/edit by STORE_STAFF', () => {
  it('adds a code of any vendor at the store’s defaults, and refuses each money setting of its own; a manager sets them', async () => {
    const { cashier, manager, bo } = shop;
    const settings = await ok(shop.owner, '/store/fetch-settings');
    const added = (await ok(cashier, '/store/itemcode/add', { tag: 'STAFF1', vendorId: bo })).itemCodes.find((c: { tag: string }) => c.tag === 'STAFF1');
    expect(added).toMatchObject({ defaultCommissionPercent: settings.defaultConsignmentCommissionPercent, receivesSeparateStatement: false, proportionalCcFee: false, monthlyRent: money(0n) });
    await ok(cashier, '/store/itemcode/add', { tag: 'STAFF2', vendorId: bo, defaultCommissionPercent: settings.defaultConsignmentCommissionPercent, warnOnNoControlCode: true });

    const cases: [Record<string, unknown>, string][] = [
      [{ defaultCommissionPercent: percent(1_000_000n) }, 'Default Commission Percent'],
      [{ receivesSeparateStatement: true }, 'Receives Separate Statement'],
      [{ proportionalCcFee: true }, 'Proportional CC Fee'],
      [{ deductMonthlyRentOverride: 'DO_NOT_DEDUCT' }, 'Monthly Rent Deduction'],
      [{ monthlyRent: money(25n * DOLLAR) }, 'Monthly Rent'],
    ];
    for (const [change, label] of cases) {
      expect(await post(cashier, '/store/itemcode/add', { tag: 'STAFF3', vendorId: bo, ...change })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: `Only a store manager may set a new item code's ${label}; staff add item codes with the store's defaults` },
      });
    }
    expect(await codeNow(bo, 'STAFF3')).toBeUndefined();
    let n = 0;
    for (const [change] of cases) await ok(manager, '/store/itemcode/add', { tag: `MGR${++n}`, vendorId: bo, ...change });
  });

  it('edits a code’s tag and control-code warning, but changes no money setting (403, unchanged); a manager changes each', async () => {
    const { cashier, manager, owner, ada, bo } = shop;
    await ok(owner, '/store/itemcode/add', { tag: 'SEP1', vendorId: ada, defaultCommissionPercent: percent(12_000_000n), receivesSeparateStatement: true, monthlyRent: money(40n * DOLLAR) });
    await ok(cashier, '/store/itemcode/edit', codeSave((await codeNow(ada, 'SEP1')), { tag: 'SEP2', warnOnNoControlCode: true }));
    const code = (await codeNow(ada, 'SEP2'))!;
    expect(code).toMatchObject({ warnOnNoControlCode: true, defaultCommissionPercent: percent(12_000_000n), monthlyRent: money(40n * DOLLAR) });

    const changes: [Record<string, unknown>, string][] = [
      [{ vendorId: bo }, 'Vendor'],
      [{ vendorId: null }, 'Vendor'],
      [{ defaultCommissionPercent: percent(0n) }, 'Default Commission Percent'],
      [{ receivesSeparateStatement: false }, 'Receives Separate Statement'],
      [{ proportionalCcFee: true }, 'Proportional CC Fee'],
      [{ deductMonthlyRentOverride: 'DEDUCT' }, 'Monthly Rent Deduction'],
      [{ monthlyRent: money(1n * DOLLAR) }, 'Monthly Rent'],
    ];
    for (const [change, label] of changes) {
      expect(await post(cashier, '/store/itemcode/edit', codeSave(code, change))).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: `Only a store manager may change an item code's ${label}` },
      });
    }
    expect(await codeNow(ada, 'SEP2')).toEqual(code);
    for (const [change] of changes.slice(2)) await ok(manager, '/store/itemcode/edit', codeSave((await codeNow(ada, 'SEP2')), change));
    expect(await codeNow(ada, 'SEP2')).toMatchObject({ defaultCommissionPercent: percent(0n), receivesSeparateStatement: false, proportionalCcFee: true, deductMonthlyRentOverride: 'DEDUCT', monthlyRent: money(1n * DOLLAR) });
    await ok(owner, '/store/itemcode/edit', codeSave((await codeNow(ada, 'SEP2')), { vendorId: bo }));
    expect(await codeNow(bo, 'SEP2')).toBeDefined();
  });
});

describe('the audit trail of vendors, item codes and stock', () => {
  it('records each vendor change with before and after, by whom and in what role', async () => {
    const { cashier, manager } = shop;
    const since = new Date();
    const vendor = (await ok(cashier, '/vendor/add', contact('Audited Booth'))).vendor;
    await ok(manager, '/vendor/edit', vendorSave(vendor, { monthlyRent: money(75n * DOLLAR), primaryPhone: '555-0142' }));
    await ok(manager, '/vendor/delete', { vendorId: vendor.id });
    const events = await eventsSince(since);
    expect(events.map((e) => [e.action, e.actor.username, e.role, e.targetType, e.targetId])).toEqual([
      ['VENDOR_CREATE', cashier.username, 'STORE_STAFF', 'vendor', String(vendor.id)],
      ['VENDOR_UPDATE', manager.username, 'STORE_MANAGER', 'vendor', String(vendor.id)],
      ['VENDOR_DELETE', manager.username, 'STORE_MANAGER', 'vendor', String(vendor.id)],
    ]);
    expect(events[0]).toMatchObject({
      before: null,
      after: { tradeName: 'Audited Booth', contactName: 'Audited Booth Contact', primaryPhone: '555-0100', vendorType: 'VENDOR', monthlyRent: '0', deductMonthlyRent: false },
    });
    expect(events[1]).toMatchObject({
      before: { tradeName: 'Audited Booth', monthlyRent: '0', primaryPhone: '555-0100' },
      after: { tradeName: 'Audited Booth', monthlyRent: '75000000', primaryPhone: '555-0142' },
    });
    expect(Object.keys(events[1]!.after).sort()).toEqual(['monthlyRent', 'primaryPhone', 'tradeName']);
    expect(events[2]).toMatchObject({ before: { tradeName: 'Audited Booth', monthlyRent: '75000000', balance: '0', itemCodes: [] }, after: null });
  });

  it('records each item code change with before and after, an archived code as archived', async () => {
    const { cashier, manager, owner, bo } = shop;
    const since = new Date();
    const code = (await ok(cashier, '/store/itemcode/add', { tag: 'AUD1', vendorId: bo })).itemCodes.find((c: { tag: string }) => c.tag === 'AUD1');
    await ok(manager, '/store/itemcode/edit', codeSave(code, { defaultCommissionPercent: percent(22_500_000n), tag: 'AUD2' }));
    await completeSale(h, handle.db, owner, [{ itemCode: 'AUD2', description: 'Vase', quantity: 1, price: 10n * DOLLAR }]);
    await ok(cashier, '/store/itemcode/delete', { id: code.id });
    const events = await eventsSince(since);
    const ofCode = events.filter((e) => e.targetType === 'itemCode');
    expect(ofCode.map((e) => [e.action, e.role, e.targetId])).toEqual([
      ['ITEM_CODE_CREATE', 'STORE_STAFF', String(code.id)],
      ['ITEM_CODE_UPDATE', 'STORE_MANAGER', String(code.id)],
      ['ITEM_CODE_ARCHIVE', 'STORE_STAFF', String(code.id)],
    ]);
    expect(ofCode[0]!.after).toMatchObject({ tag: 'AUD1', vendorId: String(bo), vendor: 'Bo', receivesSeparateStatement: false, monthlyRent: '0' });
    expect(ofCode[1]).toMatchObject({ before: { tag: 'AUD1', defaultCommissionPercent: code.defaultCommissionPercent.value }, after: { tag: 'AUD2', defaultCommissionPercent: '22500000' } });
    expect(Object.keys(ofCode[1]!.after).sort()).toEqual(['defaultCommissionPercent', 'tag']);
    expect(ofCode[2]).toMatchObject({ before: { tag: 'AUD2', vendor: 'Bo', defaultCommissionPercent: '22500000' }, after: null });
  });

  it('records each stock item change with before and after: add, edit, adjust, archive', async () => {
    const { manager } = shop;
    const since = new Date();
    const { item } = await ok(manager, '/store/inventory/add', { sku: 'LAMP-9', description: 'Brass lamp', itemCode: 'BO1', price: money(45n * DOLLAR), quantityOnHand: 3 });
    await ok(manager, '/store/inventory/edit', { id: item.id, sku: 'LAMP-9', description: 'Brass lamp', itemCode: 'BO1', price: money(40n * DOLLAR), reorderLevel: 1 });
    await ok(manager, '/store/inventory/adjust', { id: item.id, delta: -2, reason: 'Broken in the back room' });
    await ok(manager, '/store/inventory/archive', { id: item.id });
    const events = (await eventsSince(since)).filter((e) => e.targetType === 'inventoryItem');
    expect(events.map((e) => [e.action, e.actor.username, e.targetId])).toEqual([
      ['INVENTORY_ITEM_CREATE', manager.username, String(item.id)],
      ['INVENTORY_ITEM_UPDATE', manager.username, String(item.id)],
      ['INVENTORY_ITEM_ADJUST', manager.username, String(item.id)],
      ['INVENTORY_ITEM_ARCHIVE', manager.username, String(item.id)],
    ]);
    expect(events[0]).toMatchObject({ before: null, after: { sku: 'LAMP-9', description: 'Brass lamp', itemCode: 'BO1', price: '45000000', quantityOnHand: 3, reorderLevel: 0 } });
    expect(events[1]).toEqual(expect.objectContaining({ before: { sku: 'LAMP-9', price: '45000000', reorderLevel: 0 }, after: { sku: 'LAMP-9', price: '40000000', reorderLevel: 1 } }));
    expect(events[2]).toMatchObject({ before: { sku: 'LAMP-9', quantityOnHand: 3 }, after: { sku: 'LAMP-9', quantityOnHand: 1, reason: 'Broken in the back room' } });
    expect(events[3]).toMatchObject({ before: { sku: 'LAMP-9', price: '40000000', quantityOnHand: 1 }, after: null });
  });

  it('writes no event for a refused change', async () => {
    const { cashier, manager, bo } = shop;
    const since = new Date();
    const vendor = await vendorNow(bo);
    expect((await post(cashier, '/vendor/edit', vendorSave(vendor, { monthlyRent: money(DOLLAR) }))).status).toBe(403);
    expect((await post(cashier, '/vendor/delete', { vendorId: bo })).status).toBe(403);
    expect((await post(cashier, '/store/itemcode/add', { tag: 'NOPE1', vendorId: bo, proportionalCcFee: true })).status).toBe(403);
    expect((await post(manager, '/store/inventory/add', { sku: 'X-1', price: money(DOLLAR), itemCode: 'NOSUCH' })).status).toBe(400);
    expect(await eventsSince(since)).toEqual([]);
  });
});
