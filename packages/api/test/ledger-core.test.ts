/**
 * The vendor ledger's foundations on a real database: the worked example's postings of an
 * order checkout completes (it posts once, in the completing transaction), balances kept in step with the entries (also under concurrent
 * postings that touch the same vendors in opposite orders), a month's rent at most once
 * per account, and a table the database itself keeps append-only, like the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '@pos/db';
import { parseMoney, parsePercent } from '@pos/domain';
import { insertEntries } from '../src/features/ledger/ledger.repository';
import { postOrderSale } from '../src/features/ledger/ledger.service';
import { recordAudit } from '../src/features/audit/audit.service';
import { createTestDb } from '../../../test/db';
import { createApiHarness, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';
import { addCardMethod, cashMethodOf } from '../../../test/sales';

const M = (text: string) => ({ type: 'Money' as const, value: String(parseMoney(text)) });
const P = (text: string) => ({ type: 'Percent' as const, value: String(parsePercent(text)) });
const $ = parseMoney;

let handle: DbHandle;
let h: ApiHarness;
let owner: Person;

async function addVendor(tradeName: string) {
  const { vendor } = await h.as(owner).vendor.add({
    tradeName,
    contactName: `${tradeName} Contact`,
    contactEmail: `${tradeName.toLowerCase()}@example.test`,
    primaryPhone: '555-0100',
    secondaryPhone: '',
    deductMonthlyRent: true,
  });
  return BigInt(vendor.id);
}

async function addCode(vendorId: bigint, tag: string, commission: string, over: { proportionalCcFee?: boolean; receivesSeparateStatement?: boolean } = {}) {
  await h.as(owner).store.itemcode.add({ tag, vendorId: Number(vendorId), defaultCommissionPercent: P(commission), ...over });
  const row = await handle.db.selectFrom('item_codes').select('id').where('tag', '=', tag).where('store_id', '=', BigInt(owner.storeId)).executeTakeFirstOrThrow();
  return row.id;
}

const gst = { tax1Enabled: true, tax1Percent: P('5'), tax1Description: 'GST' };

type Line = { itemCode: string; description: string; quantity: number; price: string; discount?: string };
const itemsOf = (lines: Line[]) =>
  lines.map((l) => ({ itemCode: l.itemCode, description: l.description, quantity: l.quantity, price: M(l.price), discountPercent: P(l.discount ?? '0'), ...gst }));

/** Rings up and completes an order through the API (paid by `payments`, else by Cash); answers its id and total. */
async function completeOrder(lines: Line[], payments?: { paymentMethodId: number; amount: ReturnType<typeof M> }[]) {
  const next = await h.as(owner).order.next({});
  const order = await h.as(owner).order.submit({ orderId: next.nextOrderId, customerName: 'Ledger test', items: itemsOf(lines), ...(payments ? { payments } : {}) });
  return { id: BigInt(order.order.id), total: BigInt(order.order.total.value) };
}

/** Rings up an order and leaves it a DRAFT (nothing posted); answers its id and total. */
async function draftOrder(lines: Line[]) {
  const next = await h.as(owner).order.next({});
  let lineId = next.nextOrderLineId;
  let total = 0n;
  for (const [i, l] of lines.entries()) {
    const saved = await h.as(owner).order.updateLine({ orderLineId: lineId, ...itemsOf([l])[0]!, itemDescription: l.description, createNewLine: i < lines.length - 1 });
    lineId = saved.newOrderLineId ?? lineId;
    total = BigInt(saved.summary.total.value);
  }
  return { id: BigInt(next.nextOrderId), total };
}

async function entriesOf(orderId: bigint) {
  return handle.db
    .selectFrom('ledger_entries')
    .select(['vendor_id', 'item_code_id', 'kind', 'amount'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** Every cached balance equals the sum of its entries. */
async function expectBalancesInStep() {
  const { rows: accounts } = await sql<{ mismatches: string }>`
    select count(*)::text as mismatches from ledger_accounts a
    where a.balance <> (select coalesce(sum(e.amount), 0) from ledger_entries e
                        where e.store_id = a.store_id and e.vendor_id = a.vendor_id and coalesce(e.item_code_id, 0) = a.account_key)`.execute(handle.db);
  const { rows: vendors } = await sql<{ mismatches: string }>`
    select count(*)::text as mismatches from vendors v
    where v.outstanding_statement_balance <> (select coalesce(sum(e.amount), 0) from ledger_entries e where e.vendor_id = v.id)`.execute(handle.db);
  expect([accounts[0]!.mismatches, vendors[0]!.mismatches]).toEqual(['0', '0']);
}

let ada: bigint;
let bo: bigint;
let ada1: bigint;

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  owner = await signUpOwner(h);
  ada = await addVendor('Ada');
  bo = await addVendor('Bo');
  ada1 = await addCode(ada, 'ADA1', '10', { proportionalCcFee: true });
  await addCode(bo, 'BO1', '35');
});
afterAll(() => handle.close());

describe('posting a completed order', () => {
  it('posts the worked example once, as checkout completes it: Ada +72.00 −7.20 −1.23, Bo +25.00 −8.75, nothing for the gift wrap', async () => {
    const card = await addCardMethod(h, owner, { vendorFeePercent: parsePercent('3'), customerFeePercent: parsePercent('2'), customerFeeAmount: $('0.25'), minimumAmount: $('5') });
    const cash = await cashMethodOf(h, owner);
    const order = await completeOrder(
      [
        { itemCode: 'ADA1', description: 'Lamp', quantity: 2, price: '40', discount: '10' },
        { itemCode: 'BO1', description: 'Chair', quantity: 1, price: '25' },
        { itemCode: '', description: 'Gift wrap', quantity: 1, price: '3' },
      ],
      [
        { paymentMethodId: card.id, amount: M('60') },
        { paymentMethodId: cash.id, amount: M('50') },
      ],
    );
    expect(order.total).toBe($('105'));
    expect(await entriesOf(order.id)).toEqual([
      { vendor_id: ada, item_code_id: null, kind: 'SALE', amount: $('72') },
      { vendor_id: ada, item_code_id: null, kind: 'COMMISSION', amount: $('-7.20') },
      { vendor_id: ada, item_code_id: null, kind: 'CARD_FEE', amount: $('-1.23') },
      { vendor_id: bo, item_code_id: null, kind: 'SALE', amount: $('25') },
      { vendor_id: bo, item_code_id: null, kind: 'COMMISSION', amount: $('-8.75') },
    ]);
    const balances = await handle.db.selectFrom('vendors').select(['id', 'outstanding_statement_balance as balance']).where('id', 'in', [ada, bo]).orderBy('id').execute();
    expect(balances.map((b) => b.balance)).toEqual([$('63.57'), $('16.25')]);
    await expectBalancesInStep();
  });

  it('posts a separate-statement code to its own account, which the vendor balance includes', async () => {
    const own = await addCode(ada, 'ADASEP', '20', { receivesSeparateStatement: true });
    const before = (await handle.db.selectFrom('vendors').select('outstanding_statement_balance as b').where('id', '=', ada).executeTakeFirstOrThrow()).b;
    const order = await completeOrder([{ itemCode: 'ADASEP', description: 'Quilt', quantity: 1, price: '50' }]);
    expect(await entriesOf(order.id)).toEqual([
      { vendor_id: ada, item_code_id: own, kind: 'SALE', amount: $('50') },
      { vendor_id: ada, item_code_id: own, kind: 'COMMISSION', amount: $('-10') },
    ]);
    const account = await handle.db.selectFrom('ledger_accounts').select('balance').where('vendor_id', '=', ada).where('item_code_id', '=', own).executeTakeFirstOrThrow();
    expect(account.balance).toBe($('40'));
    const after = (await handle.db.selectFrom('vendors').select('outstanding_statement_balance as b').where('id', '=', ada).executeTakeFirstOrThrow()).b;
    expect(after - before).toBe($('40'));
  });

  it('posts nothing when the transaction rolls back', async () => {
    const order = await draftOrder([{ itemCode: 'BO1', description: 'Stool', quantity: 1, price: '10' }]);
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await postOrderSale(trx, owner.storeId, order, [], null);
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await entriesOf(order.id)).toEqual([]);
    await expectBalancesInStep();
  });

  it("moves the vendor's balance without writing any of the vendor's indexes (a HOT update)", async () => {
    // The session's own counts of vendor rows updated, and of those HOT, not yet reported.
    const countsIn = async (trx: typeof handle.db) =>
      (
        await sql<{ updated: number; hot: number }>`
          select pg_stat_get_xact_tuples_updated('vendors'::regclass)::int as updated, pg_stat_get_xact_tuples_hot_updated('vendors'::regclass)::int as hot`.execute(trx)
      ).rows[0]!;
    const [before, after] = await handle.db.transaction().execute(async (trx) => {
      const first = await countsIn(trx);
      await insertEntries(trx, owner.storeId, [{ vendorId: bo, itemCodeId: null, kind: 'ADJUSTMENT', amount: $('2.50'), memo: 'hot', createdBy: null }]);
      return [first, await countsIn(trx)];
    });
    expect({ updated: after.updated - before.updated, hot: after.hot - before.hot }).toEqual({ updated: 1, hot: 1 });
    await expectBalancesInStep();
  });

  it('keeps balances in step under concurrent postings to the same vendors in opposite orders', async () => {
    const posts = Array.from({ length: 40 }, (_, i) =>
      handle.db.transaction().execute((trx) =>
        insertEntries(
          trx,
          owner.storeId,
          (i % 2 === 0 ? [ada, bo] : [bo, ada]).map((vendorId) => ({ vendorId, itemCodeId: null, kind: 'ADJUSTMENT' as const, amount: $('1.01'), memo: 'concurrency', createdBy: null })),
        ),
      ),
    );
    await Promise.all(posts);
    await expectBalancesInStep();
  });
});

describe('append-only, enforced by the database', () => {
  it.each(['ledger_entries', 'audit_events'])('%s refuses UPDATE, DELETE and TRUNCATE', async (table) => {
    await insertEntries(handle.db, owner.storeId, [{ vendorId: ada, itemCodeId: null, kind: 'ADJUSTMENT', amount: 1n, memo: 'x', createdBy: null }]);
    await recordAudit(handle.db, { storeId: owner.storeId, userId: BigInt(owner.userId), role: 'STORE_OWNER' }, { action: 'SETTINGS_UPDATE', targetType: 'test', targetId: 1 });
    await expect(sql.raw(`update ${table} set created_at = now()`).execute(handle.db)).rejects.toThrow(/append-only/);
    await expect(sql.raw(`delete from ${table}`).execute(handle.db)).rejects.toThrow(/append-only/);
    await expect(sql.raw(`truncate ${table} cascade`).execute(handle.db)).rejects.toThrow(/append-only/);
    const { rows } = await sql.raw<{ n: string }>(`select count(*)::text as n from ${table}`).execute(handle.db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });

  it('takes a month of rent once per account', async () => {
    const rent = { vendorId: bo, itemCodeId: null, kind: 'RENT' as const, amount: $('-150'), rentMonth: '2026-11', createdBy: null };
    await insertEntries(handle.db, owner.storeId, [rent]);
    await expect(insertEntries(handle.db, owner.storeId, [rent])).rejects.toMatchObject({ code: '23505' });
    await insertEntries(handle.db, owner.storeId, [{ ...rent, itemCodeId: ada1, vendorId: ada }]);
  });
});

describe('the audit trail', () => {
  it('keeps an event with money as decimal strings, and none when its transaction rolls back', async () => {
    const actor = { storeId: owner.storeId, userId: BigInt(owner.userId), role: 'STORE_OWNER' };
    await recordAudit(handle.db, actor, { action: 'PAYMENT_METHOD_UPDATE', targetType: 'paymentMethod', targetId: 7n, before: { minimumAmount: 5_000_000n }, after: { minimumAmount: 6_000_000n } });
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await recordAudit(trx, actor, { action: 'PAYMENT_METHOD_DELETE', targetType: 'x', targetId: 1 });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const events = await handle.db.selectFrom('audit_events').select(['action', 'target_id', 'before', 'after']).where('store_id', '=', BigInt(owner.storeId)).where('action', 'in', ['PAYMENT_METHOD_UPDATE', 'PAYMENT_METHOD_DELETE']).execute();
    expect(events).toEqual([{ action: 'PAYMENT_METHOD_UPDATE', target_id: '7', before: { minimumAmount: '5000000' }, after: { minimumAmount: '6000000' } }]);
  });
});
