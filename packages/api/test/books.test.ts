/**
 * The books on a real database (docs/BOOKS.md): the worked example through the API, leg
 * for leg and the day's balances in the trial balance; every vendor account's ledger
 * balance is minus its books balance; the database refuses a journal that does not
 * balance and any change of a leg; the export answers the period's files; who may read
 * the books and name their accounts; and the backfill of history written before the
 * journals gives the same journals the live writer does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql, type Kysely } from 'kysely';
import type { Database, DbHandle } from '@pos/db';
import { addDays, parseMoney, parsePercent } from '@pos/domain';
import { migrations } from '../../../migrations/index';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, failureOf, type ApiHarness } from '../../../test/factories';
import { openExampleShop, type ExampleShop } from '../../../test/sales';

const $ = parseMoney;
const M = (text: string) => ({ type: 'Money' as const, value: String(parseMoney(text)) });
const P = (text: string) => ({ type: 'Percent' as const, value: String(parsePercent(text)) });
const v = (wire: { value: string }) => BigInt(wire.value);

let handle: DbHandle;
let h: ApiHarness;

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
});
afterAll(() => handle.close());

const gst = { tax1Enabled: true, tax1Percent: P('5'), tax1Description: 'GST' };

/** The worked example of docs/BOOKS.md: the sale, Ada's rent, a payout to Bo by check, BO1 back in cash, one ADA1 unit back to the card. */
async function playExample(shop: ExampleShop) {
  const { nextOrderId } = await h.as(shop.cashier).order.next();
  const sale = await h.as(shop.cashier).order.submit({
    orderId: nextOrderId,
    items: [
      { itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: M('40'), discountPercent: P('10'), ...gst },
      { itemCode: 'BO1', description: 'Chair', quantity: 1, price: M('25'), ...gst },
      { itemCode: '', description: 'Gift wrap', quantity: 1, price: M('3'), ...gst },
    ],
    payments: [
      { paymentMethodId: shop.card.id, amount: M('60') },
      { paymentMethodId: shop.cash.id, amount: M('50') },
    ],
  });
  expect(sale.order.status).toBe('COMPLETED');
  const line = (description: string) => sale.order.items.find((i) => i.description === description)!.id;
  const month = (await h.as(shop.manager).vendor.accounts({})).month;
  await h.as(shop.manager).vendor.rent.post({ month });
  await h.as(shop.accountant).vendor.payout({ vendorId: shop.bo, amount: M('16.25'), method: 'CHECK', reference: '1001' });
  await h.as(shop.manager).order.refund({
    orderId: sale.order.id,
    lines: [{ orderLineId: line('Chair'), quantity: 1 }],
    payments: [{ paymentMethodId: shop.cash.id, amount: M('26.25') }],
    reason: 'Wobbly leg',
  });
  await h.as(shop.manager).order.refund({
    orderId: sale.order.id,
    lines: [{ orderLineId: line('Lamp'), quantity: 1 }],
    payments: [{ paymentMethodId: shop.card.id, amount: M('37.80') }],
    reason: 'Shade torn',
  });
  return { orderId: BigInt(sale.order.id), orderNumber: sale.order.orderNumber };
}

/** A store's journals with their legs (account → amount), in the order written. */
async function journalsOf(db: Kysely<Database>, storeId: number) {
  const { rows } = await sql<{ kind: string; reference: string; day: string; legs: Record<string, string> | null }>`
    select j.kind, j.reference, to_char(j.business_day, 'YYYY-MM-DD') as day,
           (select json_object_agg(l.account, l.amount::text order by l.account) from journal_legs l where l.journal_id = j.id) as legs
    from journals j where j.store_id = ${storeId} order by j.id`.execute(db);
  return rows.map((r) => ({ ...r, legs: Object.fromEntries(Object.entries(r.legs ?? {}).map(([k, x]) => [k, BigInt(x)])) }));
}

describe('the worked example of the books, through the API', () => {
  let shop: ExampleShop;
  let sale: { orderId: bigint; orderNumber: string };
  beforeAll(async () => {
    shop = await openExampleShop(h);
    sale = await playExample(shop);
  });

  it('writes one balanced journal per event with the legs of the example', async () => {
    const journals = await journalsOf(handle.db, shop.owner.storeId);
    const clearing = `clearing:${shop.card.id}`;
    const ada = `vendor:${shop.ada}`;
    const bo = `vendor:${shop.bo}`;
    expect(journals.map((j) => j.kind)).toEqual(['SALE', 'RENT', 'PAYOUT', 'REFUND', 'REFUND']);
    expect(journals[0]!.reference).toBe(sale.orderNumber);
    expect(journals[0]!.legs).toEqual({
      drawer: $('45'),
      [clearing]: $('61.45'),
      [ada]: -$('63.57'),
      [bo]: -$('16.25'),
      commission: -$('15.95'),
      'card-fee-recovery': -$('1.23'),
      'own-sales': -$('3'),
      'sales-tax:1': -$('5'),
      'customer-fees': -$('1.45'),
    });
    expect(journals[1]!.legs).toEqual({ [ada]: $('150'), rent: -$('150') });
    expect(journals[2]!.legs).toEqual({ [bo]: $('16.25'), bank: -$('16.25') });
    expect(journals[3]!.legs).toEqual({ [bo]: $('16.25'), commission: $('8.75'), 'sales-tax:1': $('1.25'), drawer: -$('26.25') });
    expect(journals[4]!.legs).toEqual({ [ada]: $('31.78'), commission: $('3.60'), 'card-fee-recovery': $('0.62'), 'sales-tax:1': $('1.80'), [clearing]: -$('37.80') });
    for (const j of journals) expect(Object.values(j.legs).reduce((s, a) => s + a, 0n)).toBe(0n);
  });

  it('shows the day’s balances in the trial balance, 176.86 on each side', async () => {
    const tb = await h.as(shop.accountant).books.trialBalance({});
    const byAccount = Object.fromEntries(tb.accounts.map((a) => [a.account, [v(a.debit), v(a.credit)]]));
    expect(byAccount).toEqual({
      drawer: [$('18.75'), 0n],
      [`clearing:${shop.card.id}`]: [$('23.65'), 0n],
      bank: [0n, $('16.25')],
      [`vendor:${shop.ada}`]: [$('118.21'), 0n],
      [`vendor:${shop.bo}`]: [$('16.25'), 0n],
      commission: [0n, $('3.60')],
      'card-fee-recovery': [0n, $('0.61')],
      'own-sales': [0n, $('3')],
      'sales-tax:1': [0n, $('1.95')],
      'customer-fees': [0n, $('1.45')],
      rent: [0n, $('150')],
    });
    expect([v(tb.totalDebit), v(tb.totalCredit)]).toEqual([$('176.86'), $('176.86')]);
    expect(tb.accounts.find((a) => a.account === 'drawer')!.name).toBe('assets:cash-drawer');
  });

  it('lists the day’s journals with their legs and sources, a page at a time, and drills into one account after its balance before the period', async () => {
    const today = (await h.as(shop.manager).reports.endOfDay.report({})).today;
    const day = await h.as(shop.manager).books.journals({ from: today, to: today });
    expect(day.account).toBeNull();
    expect(day.next).toBeNull();
    expect(day.journals.map((j) => j.kind)).toEqual(['SALE', 'RENT', 'PAYOUT', 'REFUND', 'REFUND']);
    const [first, , payout, refund] = day.journals;
    expect(first).toMatchObject({ day: today, reference: sale.orderNumber, orderId: Number(sale.orderId), orderNumber: sale.orderNumber, refundId: null, payoutId: null });
    // Debits first, each leg named as the trial balance names its account.
    expect(first!.legs.slice(0, 2).map((l) => [l.name, v(l.amount)])).toEqual([
      [`assets:clearing:card`, $('61.45')],
      ['assets:cash-drawer', $('45')],
    ]);
    expect(first!.legs.reduce((sum, l) => sum + v(l.amount), 0n)).toBe(0n);
    expect(payout).toMatchObject({ orderId: null, payoutId: expect.any(Number) as number });
    expect(refund).toMatchObject({ orderId: Number(sale.orderId), orderNumber: sale.orderNumber, refundId: expect.any(Number) as number });

    const rest = await h.as(shop.accountant).books.journals({ from: today, to: today, after: { day: first!.day, id: first!.id } });
    expect(rest.journals.map((j) => j.id)).toEqual(day.journals.slice(1).map((j) => j.id));

    const ada = await h.as(shop.accountant).books.journals({ from: today, to: today, account: `vendor:${shop.ada}` });
    expect(ada.account).toEqual({ key: `vendor:${shop.ada}`, name: 'liabilities:vendors:ada', opening: M('0') });
    expect(ada.journals.map((j) => [j.kind, v(j.legs.find((l) => l.account === `vendor:${shop.ada}`)!.amount)])).toEqual([
      ['SALE', -$('63.57')],
      ['RENT', $('150')],
      ['REFUND', $('31.78')],
    ]);
    const tomorrow = addDays(today, 1);
    const later = await h.as(shop.accountant).books.journals({ from: tomorrow, to: tomorrow, account: `vendor:${shop.ada}` });
    expect(later).toMatchObject({ journals: [], next: null, account: { opening: M('118.21') } });

    expect((await failureOf(h.as(shop.accountant).books.journals({ from: today, to: today, account: 'vendor:999999' }))).status).toBe(404);
    expect((await failureOf(h.as(shop.accountant).books.journals({ from: today, to: '2000-01-01' }))).status).toBe(400);
    expect((await failureOf(h.as(shop.cashier).books.journals({ from: today, to: today }))).status).toBe(403);
  });

  it('keeps every vendor account’s ledger balance at minus its books balance', async () => {
    const { rows } = await sql<{ account: string; ledger: string; books: string }>`
      select 'vendor:' || a.vendor_id || coalesce(':' || a.item_code_id, '') as account, a.balance::text as ledger,
             coalesce((select sum(l.amount) from journal_legs l where l.store_id = a.store_id and l.account = 'vendor:' || a.vendor_id || coalesce(':' || a.item_code_id, '')), 0)::text as books
      from ledger_accounts a where a.store_id = ${shop.owner.storeId}`.execute(handle.db);
    expect(rows.length).toBe(2);
    for (const r of rows) expect(BigInt(r.ledger)).toBe(-BigInt(r.books));
    expect(rows.find((r) => r.account === `vendor:${shop.ada}`)!.ledger).toBe(String(-$('118.21')));
  });

  it('closes a day into a journal of the drawer against cash over/short', async () => {
    const today = (await h.as(shop.manager).reports.endOfDay.report({})).today;
    await h.as(shop.manager).reports.endOfDay.close({ date: today, openingCash: M('100'), countedCash: M('118') });
    const journals = await journalsOf(handle.db, shop.owner.storeId);
    expect(journals.at(-1)).toMatchObject({ kind: 'DAY_CLOSE', day: today, legs: { drawer: -$('0.75'), 'cash-over-short': $('0.75') } });
  });

  it('exports the period: the hledger journal balances and names its accounts; the CSV formats answer one entry a day', async () => {
    const today = (await h.as(shop.manager).reports.endOfDay.report({})).today;
    const ledger = await h.as(shop.accountant).books.export({ from: today, to: today, format: 'hledger' });
    expect(ledger.filename).toMatch(/\.journal$/);
    expect(ledger.content).toContain('liabilities:vendors:ada');
    expect(ledger.content).toContain(sale.orderNumber);
    for (const format of ['iif', 'qbo-csv', 'xero-csv'] as const) {
      const file = await h.as(shop.manager).books.export({ from: today, to: today, format });
      expect(file.content.length).toBeGreaterThan(0);
    }
    expect((await failureOf(h.as(shop.accountant).books.export({ from: today, to: '2000-01-01', format: 'iif' }))).status).toBe(400);
  });

  it('names an account for QuickBooks: the accountant and the owner may, the manager reads only, the cashier not at all', async () => {
    await h.as(shop.accountant).books.saveAccount({ account: 'drawer', exportName: 'Undeposited Cash', exportNumber: '1010' });
    const tb = await h.as(shop.manager).books.trialBalance({});
    expect(tb.accounts.find((a) => a.account === 'drawer')).toMatchObject({ name: 'Undeposited Cash', number: '1010' });
    expect((await failureOf(h.as(shop.manager).books.saveAccount({ account: 'drawer', exportName: 'x', exportNumber: '' }))).status).toBe(403);
    expect((await failureOf(h.as(shop.cashier).books.trialBalance({}))).status).toBe(403);
    expect((await failureOf(h.as(shop.owner).books.saveAccount({ account: 'vendor:999999', exportName: 'x', exportNumber: '' }))).status).toBe(404);
    const { accounts } = await h.as(shop.owner).books.accounts();
    expect(accounts.find((a) => a.key === 'drawer')).toMatchObject({ exportName: 'Undeposited Cash', exportNumber: '1010', balance: M('18') });
  });

  it('opens a sale’s or a refund’s order read-only for the accountant, who may not fetch orders; a draft, another store’s order and a cashier get nothing', async () => {
    const today = (await h.as(shop.manager).reports.endOfDay.report({})).today;
    const { journals } = await h.as(shop.accountant).books.journals({ from: today, to: today });
    const refund = journals.find((j) => j.kind === 'REFUND')!;
    expect(refund.orderId).not.toBeNull();
    const { order } = await h.as(shop.accountant).books.order({ orderId: Number(refund.orderId) });
    expect(order.orderNumber).toBe(sale.orderNumber);
    expect(order.items.map((i) => i.description)).toEqual(['Lamp', 'Chair', 'Gift wrap']);
    expect(order.refunds?.map((r) => r.reason)).toEqual(['Wobbly leg', 'Shade torn']);
    expect(order.payments.map((p) => v(p.applied))).toEqual([$('60'), $('45')]);
    expect((await failureOf(h.as(shop.accountant).order.fetch({ orderId: Number(sale.orderId) }))).status).toBe(403);
    const { nextOrderId } = await h.as(shop.cashier).order.next();
    expect((await failureOf(h.as(shop.accountant).books.order({ orderId: nextOrderId }))).status).toBe(404);
    expect((await failureOf(h.as(shop.cashier).books.order({ orderId: Number(sale.orderId) }))).status).toBe(403);
    const other = await openExampleShop(h);
    expect((await failureOf(h.as(other.accountant).books.order({ orderId: Number(sale.orderId) }))).status).toBe(404);
  });

  it('keeps each account’s balance and its movement per day, as the trial balance reads them, equal to the sums of the legs', async () => {
    const storeId = shop.owner.storeId;
    const { rows } = await sql<{ days: string; balances: string }>`
      select (select count(*) from (select l.account, j.business_day, sum(l.amount) as amount from journals j join journal_legs l on l.journal_id = j.id
                                    where j.store_id = ${storeId} group by 1, 2) t
              full join (select account, business_day, sum(amount) as amount from journal_days where store_id = ${storeId} group by 1, 2) d using (account, business_day)
              where t.amount is distinct from d.amount)::text as days,
             (select count(*) from (select account, sum(amount) as amount from journal_legs where store_id = ${storeId} group by 1) t
              full join (select account, sum(balance) as balance from journal_balances where store_id = ${storeId} group by 1) b using (account)
              where t.amount is distinct from b.balance)::text as balances`.execute(handle.db);
    expect(rows[0]).toEqual({ days: '0', balances: '0' });
    // Read back as of the day before (nothing yet), today and tomorrow (the same balances).
    const today = (await h.as(shop.manager).reports.endOfDay.report({})).today;
    expect((await h.as(shop.accountant).books.trialBalance({ asOf: addDays(today, -1) })).accounts).toEqual([]);
    const now = await h.as(shop.accountant).books.trialBalance({ asOf: today });
    expect(await h.as(shop.accountant).books.trialBalance({ asOf: addDays(today, 1) })).toEqual({ ...now, asOf: addDays(today, 1) });
  });

  it('answers nothing of another store', async () => {
    const other = await openExampleShop(h);
    const tb = await h.as(other.accountant).books.trialBalance({});
    expect(tb.accounts).toEqual([]);
    const stranger = await addStaff(h, other.owner, 'STORE_ACCOUNTANT');
    expect((await h.as(stranger).books.accounts()).accounts.some((a) => a.key === `vendor:${shop.ada}`)).toBe(false);
  });
});

describe('the database guards the journals', () => {
  it('refuses at commit a journal whose legs do not balance, and any change of a leg or a journal', async () => {
    const shop = await openExampleShop(h);
    const store = shop.owner.storeId;
    const unbalanced = handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: bigint }>`insert into journals (store_id, kind, business_day, reference) values (${store}, 'ADJUSTMENT', current_date, 'x') returning id`.execute(trx);
      await sql`insert into journal_legs (journal_id, store_id, account, amount) values (${rows[0]!.id}, ${store}, 'drawer', 100), (${rows[0]!.id}, ${store}, 'rent', -99)`.execute(trx);
    });
    await expect(unbalanced).rejects.toThrow(/does not balance/);

    await playExample(shop);
    await expect(sql`update journal_legs set amount = amount + 1 where store_id = ${store}`.execute(handle.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from journal_legs where store_id = ${store}`.execute(handle.db)).rejects.toThrow(/append-only/);
    await expect(sql`update journals set business_day = business_day + 1 where store_id = ${store}`.execute(handle.db)).rejects.toThrow(/append-only/);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from journals where store_id = ${store}`.execute(handle.db);
    expect(rows[0]!.n).toBe('5');
  });
});

describe('the backfill of history written before the journals', () => {
  it('gives every event of the history the journal the live writer gives it', async () => {
    const fresh = await createTestDb();
    try {
      const fh = createApiHarness(fresh.db);
      const shop = await openExampleShop(fh);
      h = fh;
      await playExample(shop);
      await fh.as(shop.accountant).vendor.adjust({ vendorId: shop.bo, amount: M('-2.50'), memo: 'Broken frame' });
      const today = (await fh.as(shop.manager).reports.endOfDay.report({})).today;
      await fh.as(shop.manager).reports.endOfDay.close({ date: today, openingCash: M('100'), countedCash: M('120') });
      const live = await journalsOf(fresh.db, shop.owner.storeId);

      // Back to the schema before the journals (their tables dropped), then up again: the
      // migration rebuilds them from the orders, payments, ledger, payouts and closes.
      const migrator = new Migrator({ db: fresh.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
      const names = Object.keys(migrations).sort();
      const journalsMigration = names.find((n) => n.endsWith('_create_journals'))!;
      const before = names[names.indexOf(journalsMigration) - 1]!;
      const down = await migrator.migrateTo(before);
      expect(down.error).toBeUndefined();
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();

      const backfilled = await journalsOf(fresh.db, shop.owner.storeId);
      const key = (j: (typeof live)[number]) => `${j.kind} ${j.day} ${JSON.stringify(j.legs, (_, x: unknown) => (typeof x === 'bigint' ? String(x) : x))}`;
      expect(backfilled.map(key).sort()).toEqual(live.map(key).sort());
    } finally {
      h = createApiHarness(handle.db);
      await fresh.close();
    }
  });
});
