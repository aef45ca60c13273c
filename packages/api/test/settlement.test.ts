/**
 * Vendors' accounts on a real database (docs/SETTLEMENT.md): the worked example from the
 * sale to Ada's statement and Bo's payout; a month's rent posted once per account, also
 * when two managers post it at the same moment; payouts never beyond the balance;
 * payout runs that pay exactly the accounts at or above the minimum, once; statements;
 * the balances list; one audit event per call that moves money and none for a refused
 * one; who may call (STORE_STAFF never) and another store's vendors not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle, LedgerKind } from '@pos/db';
import { parseMoney, parsePercent } from '@pos/domain';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';
import { addCardMethod, addCode, addVendor, cashMethodOf, completeSale } from '../../../test/sales';

const $ = parseMoney;
const M = (text: string) => ({ type: 'Money' as const, value: String(parseMoney(text)) });

let handle: DbHandle;
let h: ApiHarness;

async function auditCount(storeId: number, action: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from audit_events where store_id = ${storeId} and action = ${action}`.execute(handle.db);
  return Number(rows[0]!.n);
}

async function entryCount(storeId: number, kind?: LedgerKind): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from ledger_entries where store_id = ${storeId} ${kind ? sql`and kind = ${kind}` : sql``}`.execute(handle.db);
  return Number(rows[0]!.n);
}

/** Posts an entry dated `at` (a fixture of the past: the product posts everything now). */
async function postAt(storeId: number, vendorId: number, itemCodeId: number | null, kind: LedgerKind, amount: string, at: string) {
  await handle.db
    .insertInto('ledger_entries')
    .values({ store_id: BigInt(storeId), vendor_id: BigInt(vendorId), item_code_id: itemCodeId === null ? null : BigInt(itemCodeId), kind, amount: $(amount), rent_month: kind === 'RENT' ? at.slice(0, 7) : null, memo: 'fixture', created_at: new Date(at) })
    .execute();
}

async function balanceOf(person: Person, vendorId: number, itemCodeId: number | null = null): Promise<string> {
  const statement = await h.as(person).vendor.statement({ vendorId, itemCodeId });
  return statement.closingBalance.value;
}

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle.close());

describe('the worked example, through the server', () => {
  it('posts the sale, rent leaves Ada at −86.43, a payout by check leaves Bo at 0.00', async () => {
    const owner = await signUpOwner(h);
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    const accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
    const current = await h.as(owner).store.fetchSettings();
    await h.as(owner).store.updateSettings({ ...current, tax1ShortName: 'GST', tax1Percent: { type: 'Percent', value: String(parsePercent('5')) }, tax1Enabled: true, tax1ApplyByDefault: true });
    const card = await addCardMethod(h, owner, { vendorFeePercent: parsePercent('3'), customerFeePercent: parsePercent('2'), customerFeeAmount: $('0.25'), minimumAmount: $('5') });
    const cash = await cashMethodOf(h, owner);
    const ada = await addVendor(h, owner, { tradeName: 'Ada', vendorType: 'VENDOR', monthlyRent: $('150'), deductMonthlyRent: true });
    const bo = await addVendor(h, owner, { tradeName: 'Bo', vendorType: 'CONSIGNMENT' });
    await addCode(h, owner, ada, { tag: 'ADA1', commissionPercent: parsePercent('10'), proportionalCcFee: true });
    await addCode(h, owner, bo, { tag: 'BO1', commissionPercent: parsePercent('35') });

    const gst = parsePercent('5');
    const sale = await completeSale(
      h,
      handle.db,
      owner,
      [
        { itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: $('40'), discountPercent: parsePercent('10'), taxPercent: gst },
        { itemCode: 'BO1', description: 'Chair', quantity: 1, price: $('25'), taxPercent: gst },
        { itemCode: '', description: 'Gift wrap', quantity: 1, price: $('3'), taxPercent: gst },
      ],
      [
        { method: card, amount: $('60') },
        { method: cash, amount: $('50') },
      ],
    );
    expect([sale.total, sale.taxes, sale.customerFees, sale.amountPaid]).toEqual([$('105'), $('5'), $('1.45'), $('106.45')]);

    const ada1 = await h.as(accountant).vendor.statement({ vendorId: ada });
    expect(ada1.entries.map((e) => [e.kind, e.orderNumber, e.itemCode, e.description, e.amount.value])).toEqual([
      ['SALE', sale.orderNumber, 'ADA1', 'Lamp', String($('72'))],
      ['COMMISSION', sale.orderNumber, 'ADA1', 'Lamp', String($('-7.20'))],
      ['CARD_FEE', sale.orderNumber, 'ADA1', 'Lamp', String($('-1.23'))],
    ]);
    expect(ada1.closingBalance).toEqual(M('63.57'));
    expect(await balanceOf(accountant, bo)).toBe(String($('16.25')));

    const month = (await h.as(manager).vendor.accounts({})).month;
    const rent = await h.as(manager).vendor.rent.post({ month });
    expect(rent.posted).toEqual([{ vendorId: ada, itemCodeId: null, tag: null, tradeName: 'Ada', amount: M('-150') }]);
    const adaNow = await h.as(accountant).vendor.statement({ vendorId: ada });
    expect(adaNow.entries.at(-1)).toMatchObject({ kind: 'RENT', description: `Rent for ${month}`, amount: M('-150') });
    expect(adaNow.totals).toEqual({ SALE: M('72'), COMMISSION: M('-7.20'), CARD_FEE: M('-1.23'), RENT: M('-150'), ADJUSTMENT: M('0'), PAYOUT: M('0') });
    expect([adaNow.openingBalance, adaNow.closingBalance]).toEqual([M('0'), M('-86.43')]);

    const paid = await h.as(accountant).vendor.payout({ vendorId: bo, amount: M('16.25'), method: 'CHECK', reference: '1001' });
    expect(paid.balance).toEqual(M('0'));
    const boNow = await h.as(accountant).vendor.statement({ vendorId: bo });
    expect(boNow.entries.at(-1)).toMatchObject({ kind: 'PAYOUT', description: 'Payout by check 1001', amount: M('-16.25') });
    expect(boNow.closingBalance).toEqual(M('0'));
    const vendors = (await h.as(owner).vendor.list({})).vendors;
    expect(vendors.map((v) => [v.tradeName, v.outstandingStatementBalance.value])).toEqual([
      ['Ada', String($('-86.43'))],
      ['Bo', '0'],
    ]);
  });
});

describe('rent', () => {
  let owner: Person;
  let managers: Person[];
  const accounts: Record<string, { vendorId: number; itemCodeId: number | null }> = {};

  beforeAll(async () => {
    owner = await signUpOwner(h);
    managers = await Promise.all([addStaff(h, owner, 'STORE_MANAGER'), addStaff(h, owner, 'STORE_MANAGER')]);
    const payer = await addVendor(h, owner, { tradeName: 'Payer', monthlyRent: $('150'), deductMonthlyRent: true });
    const exempt = await addVendor(h, owner, { tradeName: 'Exempt', monthlyRent: $('90'), deductMonthlyRent: false });
    await addVendor(h, owner, { tradeName: 'Free', deductMonthlyRent: true });
    accounts.payer = { vendorId: payer, itemCodeId: null };
    accounts.payerCode = { vendorId: payer, itemCodeId: await addCode(h, owner, payer, { tag: 'PAYSEP', commissionPercent: 0n, receivesSeparateStatement: true, monthlyRent: $('40') }) };
    accounts.exemptDeduct = {
      vendorId: exempt,
      itemCodeId: await addCode(h, owner, exempt, { tag: 'EXDED', commissionPercent: 0n, receivesSeparateStatement: true, monthlyRent: $('25.50'), deductMonthlyRentOverride: 'DEDUCT' }),
    };
    await addCode(h, owner, exempt, { tag: 'EXFOLLOW', commissionPercent: 0n, receivesSeparateStatement: true, monthlyRent: $('30') });
    await addCode(h, owner, payer, { tag: 'PAYNOT', commissionPercent: 0n, receivesSeparateStatement: true, monthlyRent: $('30'), deductMonthlyRentOverride: 'DO_NOT_DEDUCT' });
    // A code without a separate statement pays no rent of its own.
    await addCode(h, owner, payer, { tag: 'PAYMAIN', commissionPercent: 0n, monthlyRent: $('99') });
  });

  it('posts once per account and month, even when two managers post the same month at once', async () => {
    const results = await Promise.all([
      h.as(managers[0]!).vendor.rent.post({ month: '2031-01' }),
      h.as(managers[1]!).vendor.rent.post({ month: '2031-01' }),
      h.as(managers[0]!).vendor.rent.post({ month: '2031-01' }),
    ]);
    const posted = results.flatMap((r) => r.posted.map((p) => [p.tradeName, p.tag, p.amount.value]));
    expect(posted.sort()).toEqual(
      [
        ['Exempt', 'EXDED', String($('-25.50'))],
        ['Payer', null, String($('-150'))],
        ['Payer', 'PAYSEP', String($('-40'))],
      ].sort(),
    );
    expect(results.filter((r) => r.count === 0).map((r) => r.message)).toEqual(['Rent for 2031-01 was posted already: nothing new to post', 'Rent for 2031-01 was posted already: nothing new to post']);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from ledger_entries where store_id = ${owner.storeId} and kind = 'RENT' and rent_month = '2031-01'`.execute(handle.db);
    expect(rows[0]!.n).toBe('3');
    // Each call, posting or not, is one audit event.
    expect(await auditCount(owner.storeId, 'VENDOR_RENT_POST')).toBe(3);
    expect(await balanceOf(owner, accounts.payer!.vendorId)).toBe(String($('-150')));
    expect(await balanceOf(owner, accounts.payerCode!.vendorId, accounts.payerCode!.itemCodeId)).toBe(String($('-40')));
  });

  it('posts another month on its own, and refuses a month that is not one', async () => {
    expect((await h.as(owner).vendor.rent.post({ month: '2031-02' })).count).toBe(3);
    for (const month of ['2031-13', '2031-1', 'January', '']) {
      expect(await failureOf(h.as(owner).vendor.rent.post({ month }))).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Month must be a month such as 2026-11' });
    }
    expect(await auditCount(owner.storeId, 'VENDOR_RENT_POST')).toBe(4);
  });
});

describe('payouts', () => {
  let owner: Person;
  let accountant: Person;
  let vendorId: number;

  beforeAll(async () => {
    owner = await signUpOwner(h);
    accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
    vendorId = await addVendor(h, owner, { tradeName: 'Payee' });
    await h.as(accountant).vendor.adjust({ vendorId, amount: M('40'), memo: 'Consignment settled by hand' });
  });

  it('refuses a payout larger than the balance with a clear message, storing nothing', async () => {
    const before = [await entryCount(owner.storeId), await auditCount(owner.storeId, 'VENDOR_PAYOUT')];
    expect(await failureOf(h.as(accountant).vendor.payout({ vendorId, amount: M('40.01'), method: 'CASH', reference: '' }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: "A payout of $40.01 is more than the account's balance of $40.00",
    });
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from payouts where store_id = ${owner.storeId}`.execute(handle.db);
    expect(rows[0]!.n).toBe('0');
    expect([await entryCount(owner.storeId), await auditCount(owner.storeId, 'VENDOR_PAYOUT')]).toEqual(before);
  });

  it.each([
    [{ amount: M('0') }, 'Amount must be more than $0.00'],
    [{ amount: M('-5') }, 'Amount must be more than $0.00'],
    [{ amount: { type: 'Money', value: '1000001' } }, 'Amount must be in whole cents'],
    [{ method: 'CHECK', reference: '' }, 'Check number is required for a payout by check'],
    [{ method: 'BITCOIN' }, 'Method must be one of CHECK, CASH, ACH, STORE_CREDIT'],
  ])('refuses %o with its message', async (change, message) => {
    const body = { vendorId, amount: M('1'), method: 'CASH', reference: '', ...change };
    expect(await failureOf(h.as(accountant).vendor.payout(body as never))).toMatchObject({ status: 400, message });
  });

  it('pays the whole balance, once: two payouts of it at the same moment leave one refused', async () => {
    const results = await Promise.allSettled([
      h.as(accountant).vendor.payout({ vendorId, amount: M('40'), method: 'ACH', reference: 'T-1' }),
      h.as(owner).vendor.payout({ vendorId, amount: M('40'), method: 'ACH', reference: 'T-2' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(await failureOf(Promise.reject(refused.reason as Error))).toMatchObject({ status: 400, message: "A payout of $40.00 is more than the account's balance of $0.00" });
    expect(await balanceOf(owner, vendorId)).toBe('0');
    expect(await auditCount(owner.storeId, 'VENDOR_PAYOUT')).toBe(1);
    const { rows } = await sql<{ amount: bigint; payout_id: bigint | null }>`select amount, payout_id from ledger_entries where store_id = ${owner.storeId} and kind = 'PAYOUT'`.execute(handle.db);
    expect(rows).toEqual([{ amount: $('-40'), payout_id: expect.any(BigInt) }]);
  });
});

describe('payout runs', () => {
  let owner: Person;
  let managers: Person[];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    owner = await signUpOwner(h);
    managers = await Promise.all([addStaff(h, owner, 'STORE_MANAGER'), addStaff(h, owner, 'STORE_MANAGER')]);
    for (const name of ['Above', 'Exactly', 'Below', 'Owing', 'Late', 'Zero']) ids[name] = await addVendor(h, owner, { tradeName: name });
    ids.SepCode = await addCode(h, owner, ids.Above!, { tag: 'ABOVESEP', commissionPercent: 0n, receivesSeparateStatement: true });
    // Earned through 2024-06-30 (days of the store's time zone, UTC here)
    const through = '2024-06-15T12:00:00Z';
    await postAt(owner.storeId, ids.Above!, null, 'SALE', '120.00', through);
    await postAt(owner.storeId, ids.Above!, ids.SepCode, 'SALE', '30.00', through);
    await postAt(owner.storeId, ids.Exactly!, null, 'SALE', '25.00', through);
    await postAt(owner.storeId, ids.Below!, null, 'SALE', '24.99', through);
    await postAt(owner.storeId, ids.Owing!, null, 'RENT', '-50.00', through);
    // Late earned only after the day: nothing of it is due through the day.
    await postAt(owner.storeId, ids.Late!, null, 'SALE', '500.00', '2024-07-15T12:00:00Z');
    // Above also earned after the day: the run leaves that for the next one.
    await postAt(owner.storeId, ids.Above!, null, 'SALE', '7.00', '2024-07-20T12:00:00Z');
  });

  it('previews who gets what, posting nothing', async () => {
    const before = await entryCount(owner.storeId);
    const preview = await h.as(managers[0]!).vendor.payoutRun({ through: '2024-06-30', minimum: M('25'), preview: true });
    expect(preview.payouts.map((p) => [p.tradeName, p.tag, p.amount.value, p.balance.value])).toEqual([
      ['Above', null, String($('120')), String($('7'))],
      ['Above', 'ABOVESEP', String($('30')), '0'],
      ['Exactly', null, String($('25')), '0'],
    ]);
    expect([preview.preview, preview.runId, preview.count, preview.total]).toEqual([true, null, 3, M('175')]);
    expect(await entryCount(owner.storeId)).toBe(before);
    expect(await auditCount(owner.storeId, 'VENDOR_PAYOUT_RUN')).toBe(0);
  });

  it('pays exactly the accounts at or above the minimum, once, when two managers run it at once', async () => {
    const runs = await Promise.all([
      h.as(managers[0]!).vendor.payoutRun({ through: '2024-06-30', minimum: M('25') }),
      h.as(managers[1]!).vendor.payoutRun({ through: '2024-06-30', minimum: M('25') }),
    ]);
    const paid = runs.flatMap((r) => r.payouts.map((p) => [p.tradeName, p.tag, p.amount.value]));
    expect(paid).toEqual([
      ['Above', null, String($('120'))],
      ['Above', 'ABOVESEP', String($('30'))],
      ['Exactly', null, String($('25'))],
    ]);
    expect(runs.map((r) => r.count).sort()).toEqual([0, 3]);
    expect(await balanceOf(owner, ids.Above!)).toBe(String($('7')));
    expect(await balanceOf(owner, ids.Below!)).toBe(String($('24.99')));
    expect(await balanceOf(owner, ids.Late!)).toBe(String($('500')));
    expect(await balanceOf(owner, ids.Owing!)).toBe(String($('-50')));
    // Run again: nothing more.
    const again = await h.as(managers[0]!).vendor.payoutRun({ through: '2024-06-30', minimum: M('0') });
    expect(again.payouts.map((p) => p.tradeName)).toEqual(['Below']);
    const third = await h.as(managers[0]!).vendor.payoutRun({ through: '2024-06-30', minimum: M('0') });
    expect(third.count).toBe(0);
    expect(await auditCount(owner.storeId, 'VENDOR_PAYOUT_RUN')).toBe(4);
    const { rows } = await sql<{ n: string; total: string }>`
      select count(*)::text as n, coalesce(sum(amount), 0)::text as total from payouts where store_id = ${owner.storeId}`.execute(handle.db);
    expect(rows[0]).toEqual({ n: '4', total: String($('199.99')) });
  });

  it('pays later earnings in a run through a later day, never beyond the balance', async () => {
    // Rent of August: Late earned 500.00 through July 31 but holds 20.00 now, and gets 20.00.
    await postAt(owner.storeId, ids.Late!, null, 'RENT', '-480.00', '2024-08-15T12:00:00Z');
    const run = await h.as(owner).vendor.payoutRun({ through: '2024-07-31', minimum: M('1') });
    expect(run.payouts.map((p) => [p.tradeName, p.amount.value])).toEqual([
      ['Above', String($('7'))],
      ['Late', String($('20'))],
    ]);
  });

  it('refuses UPDATE and DELETE of payouts and payout runs in the database', async () => {
    expect(await auditCount(owner.storeId, 'VENDOR_PAYOUT_RUN')).toBeGreaterThan(0);
    for (const table of ['payouts', 'payout_runs']) {
      await expect(sql.raw(`update ${table} set created_at = now()`).execute(handle.db)).rejects.toThrow(/append-only/);
      await expect(sql.raw(`delete from ${table}`).execute(handle.db)).rejects.toThrow(/append-only/);
    }
  });
});

describe('statements', () => {
  let owner: Person;
  let vendorId: number;
  let sepCode: number;

  beforeAll(async () => {
    owner = await signUpOwner(h);
    vendorId = await addVendor(h, owner, { tradeName: 'Stated' });
    sepCode = await addCode(h, owner, vendorId, { tag: 'STSEP', commissionPercent: 0n, receivesSeparateStatement: true });
    // The store keeps its default time zone (UTC); these instants are mid-day.
    await postAt(owner.storeId, vendorId, null, 'SALE', '10.00', '2025-01-10T17:00:00Z');
    await postAt(owner.storeId, vendorId, null, 'ADJUSTMENT', '-2.50', '2025-02-03T17:00:00Z');
    await postAt(owner.storeId, vendorId, null, 'SALE', '4.00', '2025-02-20T17:00:00Z');
    await postAt(owner.storeId, vendorId, null, 'SALE', '1.00', '2025-03-05T17:00:00Z');
    await postAt(owner.storeId, vendorId, sepCode, 'SALE', '99.00', '2025-02-10T17:00:00Z');
  });

  it('answers opening balance, the period entries, totals by kind and closing balance of the main account', async () => {
    const s = await h.as(owner).vendor.statement({ vendorId, from: '2025-02-01', to: '2025-02-28' });
    expect([s.from, s.to, s.openingBalance, s.closingBalance]).toEqual(['2025-02-01', '2025-02-28', M('10'), M('11.50')]);
    expect(s.entries.map((e) => [e.day, e.kind, e.description, e.memo, e.amount.value])).toEqual([
      ['2025-02-03', 'ADJUSTMENT', 'Adjustment', 'fixture', String($('-2.50'))],
      ['2025-02-20', 'SALE', '', 'fixture', String($('4'))],
    ]);
    expect(s.totals).toMatchObject({ SALE: M('4'), ADJUSTMENT: M('-2.50'), RENT: M('0') });
    expect(s.vendor).toMatchObject({ tradeName: 'Stated', vendorType: 'VENDOR', contactName: 'Stated Contact' });
    expect(s.account).toEqual({ itemCodeId: null, tag: null });
    const code = await h.as(owner).vendor.statement({ vendorId, itemCodeId: sepCode, from: '2025-02-01', to: '2025-02-28' });
    expect([code.account.tag, code.openingBalance, code.entries.length, code.closingBalance]).toEqual(['STSEP', M('0'), 1, M('99')]);
  });

  it('covers this month so far when no days are given', async () => {
    const { today, month } = await h.as(owner).vendor.accounts({});
    const s = await h.as(owner).vendor.statement({ vendorId });
    expect([s.from, s.to]).toEqual([`${month}-01`, today]);
    expect(s.openingBalance).toEqual(M('12.50'));
  });

  it('refuses a period that ends before it starts, or longer than a year, and a bad day', async () => {
    expect(await failureOf(h.as(owner).vendor.statement({ vendorId, from: '2025-03-01', to: '2025-02-01' }))).toMatchObject({ status: 400, message: 'To must not be before From' });
    expect(await failureOf(h.as(owner).vendor.statement({ vendorId, from: '2024-01-01', to: '2025-02-01' }))).toMatchObject({ status: 400, message: 'A statement covers at most 366 days' });
    expect(await failureOf(h.as(owner).vendor.statement({ vendorId, from: '2025-02-30' }))).toMatchObject({ status: 400, message: 'From must be a date such as 2026-11-30' });
  });

  it("answers 404 for a code that is not one of the vendor's accounts", async () => {
    const plain = await addCode(h, owner, vendorId, { tag: 'STPLAIN', commissionPercent: 0n });
    expect(await failureOf(h.as(owner).vendor.statement({ vendorId, itemCodeId: plain }))).toMatchObject({ status: 404, message: 'No such separate-statement account for this vendor' });
  });
});

describe('the balances list', () => {
  let owner: Person;

  beforeAll(async () => {
    owner = await signUpOwner(h);
    const make = async (tradeName: string, vendorType: 'VENDOR' | 'VENDOR_CONSIGNMENT' | 'CONSIGNMENT', balance: string | null) => {
      const id = await addVendor(h, owner, { tradeName, vendorType });
      if (balance) await h.as(owner).vendor.adjust({ vendorId: id, amount: M(balance), memo: 'Opening balance' });
      return id;
    };
    const amber = await make('Amber Antiques', 'VENDOR', '30');
    await make('brass & Co', 'CONSIGNMENT', '-12.5');
    await make('Cedar Curios', 'VENDOR_CONSIGNMENT', null);
    const gone = await make('Gone Goods', 'CONSIGNMENT', '8');
    // An archived vendor holding a balance: /vendor/delete archives only at zero, but a
    // refund of an archived vendor's old sale reverses onto its account afterwards.
    await h.as(owner).vendor.adjust({ vendorId: gone, amount: M('-8'), memo: 'Settled' });
    await h.as(owner).vendor.delete({ vendorId: gone });
    await sql`insert into ledger_entries (store_id, vendor_id, kind, amount, memo) values (${owner.storeId}, ${gone}, 'ADJUSTMENT', ${$('8')}, 'Refund after archiving')`.execute(handle.db);
    const sep = await addCode(h, owner, amber, { tag: 'AMBSEP', commissionPercent: 0n, receivesSeparateStatement: true });
    await h.as(owner).vendor.adjust({ vendorId: amber, itemCodeId: sep, amount: M('45'), memo: 'Quilts' });
  });

  const rows = async (input: Record<string, unknown>) =>
    (await h.as(owner).vendor.accounts(input)).accounts.map((a) => [a.tradeName, a.tag, a.balance.value, a.archived]);

  it('lists every live account by trade name, a vendor followed by its separate-statement codes, paged by vendor', async () => {
    expect(await rows({})).toEqual([
      ['Amber Antiques', null, String($('30')), false],
      ['Amber Antiques', 'AMBSEP', String($('45')), false],
      ['brass & Co', null, String($('-12.5')), false],
      ['Cedar Curios', null, '0', false],
    ]);
    // Pages count vendors: a vendor's separate-statement accounts come on its page.
    const page1 = await h.as(owner).vendor.accounts({ page: 1, pageSize: 2 });
    expect([page1.total, page1.accounts.map((a) => a.tag ?? a.tradeName)]).toEqual([3, ['Amber Antiques', 'AMBSEP', 'brass & Co']]);
    const page2 = await h.as(owner).vendor.accounts({ page: 2, pageSize: 2 });
    expect(page2.accounts.map((a) => a.tradeName)).toEqual(['Cedar Curios']);
  });

  it('filters owed (largest first, archived vendors too), owing, by type and by name', async () => {
    expect(await rows({ filter: 'OWED' })).toEqual([
      ['Amber Antiques', 'AMBSEP', String($('45')), false],
      ['Amber Antiques', null, String($('30')), false],
      ['Gone Goods', null, String($('8')), true],
    ]);
    expect(await rows({ filter: 'OWING' })).toEqual([['brass & Co', null, String($('-12.5')), false]]);
    expect(await rows({ vendorType: 'VENDOR_CONSIGNMENT' })).toEqual([['Cedar Curios', null, '0', false]]);
    expect(await rows({ filter: 'OWED', vendorType: 'CONSIGNMENT' })).toEqual([['Gone Goods', null, String($('8')), true]]);
    expect(await rows({ search: 'BRASS &' })).toEqual([['brass & Co', null, String($('-12.5')), false]]);
    expect(await rows({ search: '%' })).toEqual([]);
    const { summary } = await h.as(owner).vendor.accounts({});
    expect(summary).toEqual({ owed: M('83'), owing: M('-12.5'), accountsOwed: 3, accountsOwing: 1 });
  });
});

describe('who may call, and store scope', () => {
  let owner: Person;
  let staff: Person;
  let other: Person;
  let theirVendor: number;
  let mine: number;

  beforeAll(async () => {
    owner = await signUpOwner(h);
    staff = await addStaff(h, owner, 'STORE_STAFF');
    other = await signUpOwner(h);
    mine = await addVendor(h, owner, { tradeName: 'Mine' });
    theirVendor = await addVendor(h, other, { tradeName: 'Theirs' });
    await h.as(other).vendor.adjust({ vendorId: theirVendor, amount: M('10'), memo: 'x' });
  });

  const calls = (person: Person, vendorId: number) => [
    () => h.as(person).vendor.accounts({}),
    () => h.as(person).vendor.rent.post({ month: '2032-01' }),
    () => h.as(person).vendor.adjust({ vendorId, amount: M('1'), memo: 'x' }),
    () => h.as(person).vendor.payout({ vendorId, amount: M('1'), method: 'CASH', reference: '' }),
    () => h.as(person).vendor.payoutRun({ through: '2032-01-31', minimum: M('0') }),
    () => h.as(person).vendor.statement({ vendorId }),
  ];

  it('refuses STORE_STAFF on every call with 403, changing nothing', async () => {
    const before = await entryCount(owner.storeId);
    for (const call of calls(staff, mine)) expect((await failureOf(call())).status).toBe(403);
    expect(await entryCount(owner.storeId)).toBe(before);
  });

  it('lets an accountant, a manager and an owner call them', async () => {
    const accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
    const manager = await addStaff(h, owner, 'STORE_MANAGER');
    for (const person of [accountant, manager, owner]) {
      await h.as(person).vendor.adjust({ vendorId: mine, amount: M('2'), memo: `by ${person.role}` });
      expect((await h.as(person).vendor.statement({ vendorId: mine })).success).toBe(true);
    }
    expect(await balanceOf(owner, mine)).toBe(String($('6')));
  });

  it("answers another store's vendor as not found, and leaves it unchanged", async () => {
    const perVendor = calls(owner, theirVendor).filter((_, i) => [2, 3, 5].includes(i));
    for (const call of perVendor) expect(await failureOf(call())).toMatchObject({ status: 404, message: 'No such vendor in this store' });
    expect(await balanceOf(other, theirVendor)).toBe(String($('10')));
    expect((await h.as(owner).vendor.accounts({ filter: 'OWED' })).accounts.map((a) => a.tradeName)).not.toContain('Theirs');
  });

  it('writes one audit event per adjustment, naming who and the balance before and after; none when refused', async () => {
    const accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
    const before = await auditCount(owner.storeId, 'VENDOR_ADJUST');
    await h.as(accountant).vendor.adjust({ vendorId: mine, amount: M('-1'), memo: 'Broken vase' });
    await failureOf(h.as(accountant).vendor.adjust({ vendorId: mine, amount: M('0'), memo: 'nothing' }));
    await failureOf(h.as(accountant).vendor.adjust({ vendorId: theirVendor, amount: M('1'), memo: 'not mine' }));
    expect(await auditCount(owner.storeId, 'VENDOR_ADJUST')).toBe(before + 1);
    const event = await handle.db
      .selectFrom('audit_events')
      .select(['actor_id', 'actor_role', 'target_type', 'target_id', 'before', 'after'])
      .where('store_id', '=', BigInt(owner.storeId))
      .where('action', '=', 'VENDOR_ADJUST')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      actor_id: BigInt(accountant.userId),
      actor_role: 'STORE_ACCOUNTANT',
      target_type: 'vendorAccount',
      target_id: String(mine),
      before: { balance: String($('6')) },
      after: { balance: String($('5')), amount: String($('-1')), memo: 'Broken vase' },
    });
  });
});
