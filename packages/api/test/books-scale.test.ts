/**
 * The books at the size of a large store (docs/BOOKS.md, "The trial balance at scale"), on a
 * real database: the vendors' kept account slugs give exactly the names the chart
 * derives from every vendor (added, renamed into and out of a collision, renamed by a
 * path that does not keep them); the trial balance lists its accounts in the chart's
 * order; the rows of the kept sums keep each vendor account's place and its vendor's slug
 * (migration 0037) through adds, renames, codes and journals dated back, also when the
 * migration runs on rows written before it; and a trial balance as of any past day, read
 * from the kept month ends, equals the sum of the legs up to that day and the answer of
 * the general statement the trial balance ran before (names, numbers, order), also after
 * a journal dated in a kept month.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql, type Kysely } from 'kysely';
import type { Database, DbHandle } from '@pos/db';
import { accountKind, addDays, chartOfAccounts, parseAccountKey, sortByAccount, type AccountKey, type JournalLeg } from '@pos/domain';
import { migrations } from '../../../migrations/index';
import { createTestDb } from '../../../test/db';
import { createApiHarness, type ApiHarness } from '../../../test/factories';
import { addCode, addVendor, openExampleShop, type ExampleShop } from '../../../test/sales';
import type { Person } from '../../../test/factories';
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

/**
 * Every row of the kept sums of a store (`journal_balances`, `journal_month_balances`)
 * keeps its account's place (vendor and code ids, from the key) and, for a vendor's main
 * account, exactly the slug the vendor keeps (null while it is forgotten); other rows
 * keep none. Answers how many vendor main-account rows were checked.
 */
async function expectRowsKeepPlaces(db: Kysely<Database>, storeId: number): Promise<number> {
  const { rows } = await sql<{ kept: string; account: string; vendorId: string | null; codeId: string | null; slug: string | null; vendorSlug: string | null }>`
    select r.kept, r.account, r.vendor_id::text as "vendorId", r.item_code_id::text as "codeId", r.vendor_slug as slug, v.account_slug as "vendorSlug"
    from (select 'balances' as kept, store_id, account, vendor_id, item_code_id, vendor_slug from journal_balances
          union all
          select 'month end ' || month_end, store_id, account, vendor_id, item_code_id, vendor_slug from journal_month_balances) r
    left join vendors v on v.store_id = r.store_id and r.account = 'vendor:' || v.id
    where r.store_id = ${storeId}`.execute(db);
  let mains = 0;
  for (const r of rows) {
    const key = parseAccountKey(r.account)!;
    const vendor = key.type === 'vendor' ? key : null;
    if (vendor && vendor.itemCodeId === null) mains++;
    expect({ at: `${r.kept} ${r.account}`, vendorId: r.vendorId, codeId: r.codeId, slug: r.slug }).toEqual({
      at: `${r.kept} ${r.account}`,
      vendorId: vendor ? String(vendor.vendorId) : null,
      codeId: vendor?.itemCodeId != null ? String(vendor.itemCodeId) : null,
      slug: vendor && vendor.itemCodeId === null ? r.vendorSlug : null,
    });
  }
  return mains;
}

/**
 * The trial balance as of `asOf` as the general statement made it before the trial
 * balance read the kept places (docs/BOOKS.md, The trial balance at scale): each account's
 * day sums through the day, joined with its vendor's kept slug and the store's export
 * names, ordered by the kind's place in the chart and the ids in the key; the accounts
 * with no kept slug named as the chart names them. In the answer's wire form.
 */
async function generalTrialBalance(db: Kysely<Database>, accountant: Person, asOf: string) {
  const storeId = accountant.storeId;
  const { rows } = await sql<{ account: string; amount: string; vendorSlug: string | null; exportName: string | null; exportNumber: string | null }>`
    select s.account, s.amount::text as amount, v.account_slug as "vendorSlug", n.export_name as "exportName", n.export_number as "exportNumber"
    from (select account, sum(amount)::int8 as amount from journal_days where store_id = ${storeId} and business_day <= ${asOf}::date group by account) s
    left join vendors v on v.store_id = ${storeId}
      and v.id = (case when s.account like 'vendor:%' and split_part(s.account, ':', 3) = '' then split_part(s.account, ':', 2)::int8 end)
    left join books_account_names n on n.store_id = ${storeId} and n.account = s.account
    where s.amount <> 0
    order by case
      when s.account = 'drawer' then 0 when s.account like 'clearing:%' then 1 when s.account = 'bank' then 2
      when s.account like 'sales-tax:%' then 3 when s.account like 'vendor:%' then 4 when s.account = 'store-credit' then 5
      when s.account = 'rounding' then 6 when s.account = 'commission' then 7 when s.account = 'card-fee-recovery' then 8
      when s.account = 'own-sales' then 9 when s.account = 'customer-fees' then 10 when s.account = 'rent' then 11
      when s.account = 'vendor-adjustments' then 12 when s.account = 'cash-over-short' then 13 else 14 end,
      nullif(split_part(s.account, ':', 2), '')::int8, nullif(split_part(s.account, ':', 3), '')::int8 nulls first`.execute(db);
  const chart = new Map((await h.as(accountant).books.accounts()).accounts.map((a) => [a.key, a]));
  const money = (v: bigint) => ({ type: 'Money' as const, value: String(v) });
  let total = 0n;
  const accounts = rows.map((r) => {
    const amount = BigInt(r.amount);
    if (amount > 0n) total += amount;
    const name = r.vendorSlug !== null ? `liabilities:vendors:${r.vendorSlug}` : (chart.get(r.account)?.name ?? r.account);
    return {
      account: r.account,
      kind: accountKind(r.account as AccountKey),
      name: r.exportName || name,
      number: r.exportNumber ?? '',
      debit: money(amount > 0n ? amount : 0n),
      credit: money(amount < 0n ? -amount : 0n),
    };
  });
  return { success: true, asOf, accounts, totalDebit: money(total), totalCredit: money(total) };
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
    // Ada's first posting came while her slug was forgotten; the reader kept it again, and her row has it.
    expect(await expectRowsKeepPlaces(handle.db, shop.owner.storeId)).toBeGreaterThanOrEqual(2);
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
    await expectRowsKeepPlaces(handle.db, shop.owner.storeId);
    expect(tb).toEqual(await generalTrialBalance(handle.db, shop.accountant, tb.asOf));
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
  it('equals the sum of the legs up to that day and the general statement’s answer, on any day of five months, through adds, renames, codes and journals dated in a kept month', async () => {
    const shop = await openExampleShop(h);
    const storeId = shop.owner.storeId;
    const today = (await h.as(shop.manager).reports.endOfDay.report({})).today;
    const vendors = [shop.ada, shop.bo];
    for (const name of ['Cy', 'cy', 'Dee & Co', 'Eve']) vendors.push(await addVendor(h, shop.owner, { tradeName: name }));
    const code = await addCode(h, shop.owner, shop.bo, { tag: 'BO7', commissionPercent: 20_000_000n, receivesSeparateStatement: true });
    const accounts = ['drawer', 'bank', `clearing:${shop.card.id}`, 'commission', 'rent', 'sales-tax:1', `vendor:${shop.bo}:${code}`, ...vendors.map((v) => `vendor:${v}`)] as AccountKey[];
    await h.as(shop.accountant).books.saveAccount({ account: `vendor:${vendors[3]}`, exportName: 'Dee payable', exportNumber: '2110' });
    await h.as(shop.accountant).books.saveAccount({ account: 'rent', exportName: '', exportNumber: '4100' });
    // A deterministic spread of journals over 150 days, a few a day on some days.
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    const post = async (day: string, among: readonly AccountKey[] = accounts) => {
      const debit = among[next() % among.length]!;
      let credit = among[next() % among.length]!;
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
    const days: string[] = [];
    for (let back = 160; back >= -1; back -= 3) days.push(addDays(today, -back));
    const everyDayAgrees = async () => {
      for (const day of days) {
        const tb = await h.as(shop.accountant).books.trialBalance({ asOf: day });
        const balances = Object.fromEntries(tb.accounts.map((a) => [a.account, BigInt(a.debit.value) - BigInt(a.credit.value)]));
        expect({ day, balances }).toEqual({ day, balances: await legsThrough(day) });
        expect(tb).toEqual(await generalTrialBalance(handle.db, shop.accountant, day));
      }
      return expectRowsKeepPlaces(handle.db, storeId);
    };
    await everyDayAgrees();
    const { rows: kept } = await sql<{ n: string }>`select count(*)::text as n from journal_month_ends where store_id = ${storeId}`.execute(handle.db);
    expect(Number(kept[0]!.n)).toBeGreaterThanOrEqual(3);

    // A vendor added now, posted to only by journals dated back into the kept months (its
    // month-end rows are made by them); renames into and out of a family; a day closed late.
    const late = await addVendor(h, shop.owner, { tradeName: 'cy' });
    await post(addDays(today, -120), [`vendor:${late}`, 'drawer'] as AccountKey[]);
    await post(addDays(today, -95), [`vendor:${late}`, `vendor:${shop.bo}:${code}`] as AccountKey[]);
    await h.as(shop.owner).vendor.edit({ vendorId: vendors[2]!, tradeName: 'Zed', contactName: 'Contact', contactEmail: 'contact@example.test', primaryPhone: '555-0100', deductMonthlyRent: false });
    await h.as(shop.owner).vendor.edit({ vendorId: vendors[5]!, tradeName: 'Cy', contactName: 'Contact', contactEmail: 'contact@example.test', primaryPhone: '555-0100', deductMonthlyRent: false });
    await post(addDays(today, -40));
    const mains = await everyDayAgrees();
    expect(mains).toBeGreaterThan(vendors.length);
    const { rows: lateRows } = await sql<{ n: string }>`
      select count(*)::text as n from journal_month_balances where store_id = ${storeId} and account = ${`vendor:${late}`} and vendor_slug is not null`.execute(handle.db);
    expect(Number(lateRows[0]!.n)).toBeGreaterThanOrEqual(3);
  });
});

describe('the places and slugs the kept sums keep (the migration)', () => {
  it('are given to rows written before the migration, and taken away and given again, the trial balances unchanged', async () => {
    const fresh = await createTestDb();
    try {
      const fh = createApiHarness(fresh.db);
      h = fh;
      const shop = await openExampleShop(fh);
      const storeId = shop.owner.storeId;
      const today = (await fh.as(shop.manager).reports.endOfDay.report({})).today;
      const code = await addCode(fh, shop.owner, shop.bo, { tag: 'BO7', commissionPercent: 20_000_000n, receivesSeparateStatement: true });
      const legs = (debit: string, credit: string, amount: bigint): JournalLeg[] => [
        { account: debit as AccountKey, amount },
        { account: credit as AccountKey, amount: -amount },
      ];
      const post = (day: string, l: JournalLeg[]) =>
        fresh.db.transaction().execute((trx) => insertJournal(trx, storeId, { kind: 'ADJUSTMENT', businessDay: day, reference: `test ${day}`, createdBy: null }, l));
      for (let back = 100; back >= 0; back -= 7) {
        await post(addDays(today, -back), legs(`vendor:${shop.ada}`, 'drawer', BigInt(1_000_000 + back)));
        await post(addDays(today, -back), legs('bank', `vendor:${shop.bo}:${code}`, BigInt(2_000_000 + back)));
      }
      const days = [70, 45, 20, 5, 0].map((back) => addDays(today, -back));
      for (const day of days) await fh.as(shop.accountant).books.trialBalance({ asOf: day });

      // Back to the schema before the places were kept: what the old code wrote.
      const migrator = new Migrator({ db: fresh.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
      const names = Object.keys(migrations).sort();
      const placing = names.find((n) => n.endsWith('_keep_vendor_account_places'))!;
      expect((await migrator.migrateTo(names[names.indexOf(placing) - 1]!)).error).toBeUndefined();
      const eve = await addVendor(fh, shop.owner, { tradeName: 'Eve' });
      await fh.as(shop.owner).vendor.edit({ vendorId: shop.ada, tradeName: 'Ada Antiques', contactName: 'Contact', contactEmail: 'contact@example.test', primaryPhone: '555-0100', deductMonthlyRent: false });
      await post(addDays(today, -50), legs(`vendor:${eve}`, `vendor:${shop.ada}`, 3_000_000n));
      await post(today, legs(`vendor:${eve}`, 'drawer', 4_000_000n));

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await expectRowsKeepPlaces(fresh.db, storeId)).toBeGreaterThanOrEqual(4);
      // Eve's month-end rows were written by the old code's journal dated back; Ada's renamed without her rows.
      const { rows: slugs } = await sql<{ account: string; slug: string }>`
        select distinct account, vendor_slug as slug from journal_month_balances where store_id = ${storeId} and account in (${`vendor:${eve}`}, ${`vendor:${shop.ada}`}) order by 1`.execute(fresh.db);
      expect(slugs.map((r) => r.slug).sort()).toEqual(['ada-antiques', 'eve']);
      const answers = [];
      for (const day of days) {
        const tb = await fh.as(shop.accountant).books.trialBalance({ asOf: day });
        expect(tb).toEqual(await generalTrialBalance(fresh.db, shop.accountant, day));
        answers.push(tb);
      }
      expect(answers.at(-1)!.accounts.find((a) => a.account === `vendor:${shop.ada}`)!.name).toBe('liabilities:vendors:ada-antiques');

      expect((await migrator.migrateTo(names[names.indexOf(placing) - 1]!)).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      await expectRowsKeepPlaces(fresh.db, storeId);
      for (const [i, day] of days.entries()) expect(await fh.as(shop.accountant).books.trialBalance({ asOf: day })).toEqual(answers[i]);
    } finally {
      h = createApiHarness(handle.db);
      await fresh.close();
    }
  });
});
