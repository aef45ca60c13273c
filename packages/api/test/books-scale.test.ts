/**
 * The books at the size of a large store (docs/BOOKS.md, "The trial balance at scale"), on a
 * real database: the vendors' kept account slugs give exactly the names the chart
 * derives from every vendor (added, renamed into and out of a collision, renamed by a
 * path that does not keep them); the trial balance lists its accounts in the chart's
 * order; and a trial balance as of any past day, read from the kept month ends, equals
 * the sum of the legs up to that day, also after a journal dated in a kept month.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '@pos/db';
import { addDays, chartOfAccounts, sortByAccount, type AccountKey, type JournalLeg } from '@pos/domain';
import { createTestDb } from '../../../test/db';
import { createApiHarness, type ApiHarness } from '../../../test/factories';
import { addCode, addVendor, openExampleShop, type ExampleShop } from '../../../test/sales';
import { insertJournal } from '../src/features/books/books.repository';

let handle: DbHandle;
let h: ApiHarness;

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle.close());

const vendorFields = (tradeName: string) => ({ tradeName, contactName: 'Contact', contactEmail: 'contact@example.test', primaryPhone: '555-0100', deductMonthlyRent: false });

/**
 * Every vendor account's name as the chart derives it from every vendor's name
 * (`chartOfAccounts`), against the names the vendors keep; `/books/accounts` (which lists
 * the kept ones) must list the derived names.
 */
async function namesAgree(shop: ExampleShop) {
  const chart = (await h.as(shop.accountant).books.accounts()).accounts;
  const listed = Object.fromEntries(chart.filter((a) => a.key.startsWith('vendor:') && a.key.split(':').length === 2).map((a) => [a.key, a.name]));
  const { rows } = await sql<{ id: string; name: string; slug: string | null }>`select id::text, trade_name as name, account_slug as slug from vendors where store_id = ${shop.owner.storeId}`.execute(handle.db);
  const everyName = chartOfAccounts({ paymentMethods: [], taxes: [], vendors: rows.map((r) => ({ id: BigInt(r.id), name: r.name })), separateStatementCodes: [] });
  const derived = Object.fromEntries(everyName.filter((a) => a.key.startsWith('vendor:')).map((a) => [a.key, a.name]));
  const kept = Object.fromEntries(rows.map((r) => [`vendor:${r.id}`, r.slug === null ? null : `liabilities:vendors:${r.slug}`]));
  expect(listed).toEqual(derived);
  return { derived, kept };
}

describe('the vendors’ kept account names', () => {
  let shop: ExampleShop;
  beforeAll(async () => {
    shop = await openExampleShop(h);
  });

  it('are the chart’s names through adds and renames into and out of a collision', async () => {
    const older = await addVendor(h, shop.owner, { tradeName: 'Cy & Co.' });
    const newer = await addVendor(h, shop.owner, { tradeName: 'cy co' });
    const suffixed = await addVendor(h, shop.owner, { tradeName: `Cy Co ${newer}` });
    const punct = (await h.as(shop.owner).vendor.add(vendorFields('!!!'))).vendor.id;
    let { derived, kept } = await namesAgree(shop);
    expect(kept).toEqual(derived);
    expect(kept[`vendor:${older}`]).toBe('liabilities:vendors:cy-co');
    expect(kept[`vendor:${newer}`]).toBe(`liabilities:vendors:cy-co-${newer}`);
    expect(kept[`vendor:${suffixed}`]).toBe(`liabilities:vendors:cy-co-${newer}-${suffixed}`);
    expect(kept[`vendor:${punct}`]).toBe(`liabilities:vendors:vendor-${punct}`);

    // The older one leaves the name: the newer takes it, and the third its own slug.
    await h.as(shop.owner).vendor.edit({ vendorId: older, ...vendorFields('Dot') });
    ({ derived, kept } = await namesAgree(shop));
    expect(kept).toEqual(derived);
    expect(kept[`vendor:${newer}`]).toBe('liabilities:vendors:cy-co');
    expect(kept[`vendor:${suffixed}`]).toBe(`liabilities:vendors:cy-co-${newer}`);

    // Ada (older than all of them) renamed into the family takes the name from the newer.
    await h.as(shop.owner).vendor.edit({ vendorId: shop.ada, ...vendorFields('CY-CO') });
    ({ derived, kept } = await namesAgree(shop));
    expect(kept).toEqual(derived);
    expect(kept[`vendor:${shop.ada}`]).toBe('liabilities:vendors:cy-co');
    expect(kept[`vendor:${newer}`]).toBe(`liabilities:vendors:cy-co-${newer}`);
  });

  it('are recomputed by the next reader after a rename by a path that does not keep them', async () => {
    await sql`update vendors set trade_name = 'Bo' where store_id = ${shop.owner.storeId} and trade_name = 'CY-CO'`.execute(handle.db);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from vendors where store_id = ${shop.owner.storeId} and account_slug is null`.execute(handle.db);
    expect(rows[0]!.n).toBe('1');
    // The journal page names the sale's vendor accounts as the chart does.
    const { nextOrderId } = await h.as(shop.cashier).order.next();
    await h.as(shop.cashier).order.submit({
      orderId: nextOrderId,
      items: [
        { itemCode: 'ADA1', description: 'Lamp', quantity: 1, price: { type: 'Money', value: '40000000' } },
        { itemCode: 'BO1', description: 'Chair', quantity: 1, price: { type: 'Money', value: '25000000' } },
      ],
      payments: [{ paymentMethodId: shop.cash.id, amount: { type: 'Money', value: '100000000' } }],
    });
    const today = (await h.as(shop.manager).reports.endOfDay.report({})).today;
    const page = await h.as(shop.accountant).books.journals({ from: today, to: today });
    const { derived, kept } = await namesAgree(shop);
    expect(kept).toEqual(derived);
    const legNames = Object.fromEntries(page.journals.flatMap((j) => j.legs).map((l) => [l.account, l.name]));
    expect(legNames[`vendor:${shop.ada}`]).toBe('liabilities:vendors:bo');
    expect(legNames[`vendor:${shop.bo}`]).toBe(`liabilities:vendors:bo-${shop.bo}`);
    expect(legNames[`vendor:${shop.ada}`]).toBe(derived[`vendor:${shop.ada}`]);
  });

  it('name the trial balance’s accounts as the chart does, in the chart’s order, codes with their own account under their vendor', async () => {
    const code = await addCode(h, shop.owner, shop.bo, { tag: 'BO2', commissionPercent: 20_000_000n, receivesSeparateStatement: true });
    const { nextOrderId } = await h.as(shop.cashier).order.next();
    await h.as(shop.cashier).order.submit({
      orderId: nextOrderId,
      items: [{ itemCode: 'BO2', description: 'Vase', quantity: 1, price: { type: 'Money', value: '10000000' } }],
      payments: [
        { paymentMethodId: shop.card.id, amount: { type: 'Money', value: '5000000' } },
        { paymentMethodId: shop.cash.id, amount: { type: 'Money', value: '20000000' } },
      ],
    });
    await h.as(shop.accountant).books.saveAccount({ account: `vendor:${shop.ada}`, exportName: 'Consignment payable', exportNumber: '2100' });
    const tb = await h.as(shop.accountant).books.trialBalance({});
    const chart = new Map((await h.as(shop.accountant).books.accounts()).accounts.map((a) => [a.key, a]));
    expect(tb.accounts.map((a) => a.account)).toEqual(expect.arrayContaining([`clearing:${shop.card.id}`, `vendor:${shop.bo}:${code}`, 'customer-fees']));
    expect(tb.accounts.map((a) => a.account)).toEqual(sortByAccount(tb.accounts, (a) => a.account as AccountKey).map((a) => a.account));
    for (const row of tb.accounts) {
      const account = chart.get(row.account)!;
      expect([row.name, row.number, row.kind]).toEqual([account.exportName || account.name, account.exportNumber, account.kind]);
    }
    expect(tb.accounts.some((a) => a.name.endsWith(`bo-${shop.bo}:bo2`))).toBe(true);
    expect(tb.accounts.find((a) => a.account === `vendor:${shop.ada}`)).toMatchObject({ name: 'Consignment payable', number: '2100' });
  });

  it('read today’s balances of an account whatever slots its sums are spread over, and leave out an account they bring to zero', async () => {
    const before = await h.as(shop.accountant).books.trialBalance({});
    const storeId = shop.owner.storeId;
    const ada = before.accounts.find((a) => a.account === `vendor:${shop.ada}`)!;
    // Ada's balance moved, by hand, half into another slot; the drawer's into two more.
    await sql`
      with moved as (update journal_balances set balance = balance - balance / 2 where store_id = ${storeId} and account = ${`vendor:${shop.ada}`} and slot = 0 returning balance)
      insert into journal_balances (store_id, account, slot, balance) select ${storeId}, ${`vendor:${shop.ada}`}, 5, (select sum(balance) from journal_balances where store_id = ${storeId} and account = ${`vendor:${shop.ada}`}) - (select balance from moved)`.execute(handle.db);
    // A vendor account with no money left, kept as two slots that cancel.
    await sql`insert into journal_balances (store_id, account, slot, balance) values (${storeId}, ${`vendor:${shop.bo}:999999`}, 0, 7000000), (${storeId}, ${`vendor:${shop.bo}:999999`}, 3, -7000000)`.execute(handle.db);
    const after = await h.as(shop.accountant).books.trialBalance({});
    expect(after).toEqual(before);
    expect(after.accounts.filter((a) => a.account === ada.account)).toHaveLength(1);
    await sql`delete from journal_balances where store_id = ${storeId} and ((account = ${`vendor:${shop.ada}`} and slot = 5) or account = ${`vendor:${shop.bo}:999999`})`.execute(handle.db);
    await sql`update journal_balances set balance = (${BigInt(ada.debit.value) - BigInt(ada.credit.value)})::int8 where store_id = ${storeId} and account = ${`vendor:${shop.ada}`} and slot = 0`.execute(handle.db);
    expect(await h.as(shop.accountant).books.trialBalance({})).toEqual(before);
  });
});

describe('a trial balance as of a past day', () => {
  it('equals the sum of the legs up to that day, on any day of five months, and after a journal dated in a kept month', async () => {
    const shop = await openExampleShop(h);
    const storeId = shop.owner.storeId;
    const today = (await h.as(shop.manager).reports.endOfDay.report({})).today;
    const accounts = ['drawer', 'bank', `clearing:${shop.card.id}`, `vendor:${shop.ada}`, `vendor:${shop.bo}`, 'commission', 'rent', 'sales-tax:1'] as AccountKey[];
    // A deterministic spread of journals over 150 days, a few a day on some days.
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    const post = async (day: string) => {
      const debit = accounts[next() % accounts.length]!;
      let credit = accounts[next() % accounts.length]!;
      if (credit === debit) credit = 'rent';
      if (credit === debit) credit = 'drawer';
      const amount = BigInt(1 + (next() % 9_999_999_999));
      const legs: JournalLeg[] = [
        { account: debit, amount },
        { account: credit, amount: -amount },
      ];
      await handle.db.transaction().execute((trx) => insertJournal(trx, storeId, { kind: 'ADJUSTMENT', businessDay: day, reference: `test ${day}`, createdBy: null }, legs));
    };
    for (let back = 150; back >= 0; back--) if (next() % 3 === 0) for (let n = next() % 3; n >= 0; n--) await post(addDays(today, -back));

    const legsThrough = async (day: string) => {
      const { rows } = await sql<{ account: string; amount: string }>`
        select l.account, sum(l.amount)::text as amount from journal_legs l join journals j on j.id = l.journal_id
        where j.store_id = ${storeId} and j.business_day <= ${day}::date group by l.account having sum(l.amount) <> 0`.execute(handle.db);
      return Object.fromEntries(rows.map((r) => [r.account, BigInt(r.amount)]));
    };
    const trialBalanceOn = async (day: string) => {
      const tb = await h.as(shop.accountant).books.trialBalance({ asOf: day });
      expect(tb.totalDebit).toEqual(tb.totalCredit);
      return Object.fromEntries(tb.accounts.map((a) => [a.account, BigInt(a.debit.value) - BigInt(a.credit.value)]));
    };
    const days: string[] = [];
    for (let back = 160; back >= -1; back -= 3) days.push(addDays(today, -back));
    for (const day of days) expect({ day, balances: await trialBalanceOn(day) }).toEqual({ day, balances: await legsThrough(day) });
    const { rows: kept } = await sql<{ n: string }>`select count(*)::text as n from journal_month_ends where store_id = ${storeId}`.execute(handle.db);
    expect(Number(kept[0]!.n)).toBeGreaterThanOrEqual(3);

    // A day closed late: dated before the kept month ends, it moves them too.
    await post(addDays(today, -120));
    await post(addDays(today, -95));
    for (const day of days) expect({ day, balances: await trialBalanceOn(day) }).toEqual({ day, balances: await legsThrough(day) });
  });
});
