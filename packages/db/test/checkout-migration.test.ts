/**
 * The checkout migration on a database that already has stores: each gets one Cash method
 * (a live method named Cash that charges nothing becomes it; one with fees stays as it
 * was), and a store created afterwards gets one in the statement that creates it. The
 * database is taken back to before the migration with the migrations' own down().
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb } from '../../../test/db';
import type { DbHandle } from '../src';
import * as addCheckout from '../../../migrations/0012_add_checkout';
import * as createPayouts from '../../../migrations/0013_create_payouts';
import * as createRefunds from '../../../migrations/0014_create_refunds';
import * as addOfflineTill from '../../../migrations/0028_add_offline_till';
import * as indexOfflineSaleKeys from '../../../migrations/0031_index_offline_sale_keys';

let h: DbHandle;
const stores: Record<'bare' | 'plain' | 'charging', bigint> = { bare: 0n, plain: 0n, charging: 0n };
let plainCash = 0n;

async function insertStore(name: string): Promise<bigint> {
  const { rows } = await sql<{ id: bigint }>`insert into stores (name) values (${name}) returning id`.execute(h.db);
  return rows[0]!.id;
}

async function addMethod(storeId: bigint, name: string, vendorFee: number): Promise<bigint> {
  const { rows } = await sql<{ id: bigint }>`
    insert into payment_methods (store_id, name, vendor_fee_percent, customer_fee_percent, customer_fee_amount, minimum_amount)
    values (${storeId}, ${name}, ${vendorFee}, 0, 0, 0) returning id`.execute(h.db);
  return rows[0]!.id;
}

async function methodsOf(storeId: bigint) {
  const { rows } = await sql<{ id: bigint; name: string; is_cash: boolean }>`
    select id, name, is_cash from payment_methods where store_id = ${storeId} order by id`.execute(h.db);
  return rows;
}

beforeAll(async () => {
  h = await createTestDb();
  // The offline till's trigger reads the Cash flag this migration adds: it goes first, and comes back last.
  for (const m of [indexOfflineSaleKeys, addOfflineTill, createRefunds, createPayouts, addCheckout]) await m.down(h.db);
  stores.bare = await insertStore('Before checkout, no methods');
  stores.plain = await insertStore('Before checkout, a plain cash method');
  stores.charging = await insertStore('Before checkout, a cash method with a fee');
  await addMethod(stores.plain, 'Card', 3_000_000);
  plainCash = await addMethod(stores.plain, ' cash ', 0);
  await addMethod(stores.charging, 'Cash', 1_000_000);
  for (const m of [addCheckout, createPayouts, createRefunds, addOfflineTill, indexOfflineSaleKeys]) await m.up(h.db);
});
afterAll(() => h.close());

describe('0012_add_checkout on stores that exist', () => {
  it('gives a store without methods a Cash method', async () => {
    expect(await methodsOf(stores.bare)).toEqual([{ id: expect.any(BigInt), name: 'Cash', is_cash: true }]);
  });

  it('makes a live method named Cash that charges nothing the Cash method, adding none', async () => {
    expect((await methodsOf(stores.plain)).map((m) => [m.id === plainCash, m.is_cash])).toEqual([
      [false, false],
      [true, true],
    ]);
  });

  it('leaves a method named Cash that charges a fee as it is, and adds the Cash method', async () => {
    expect((await methodsOf(stores.charging)).map((m) => [m.name, m.is_cash])).toEqual([
      ['Cash', false],
      ['Cash', true],
    ]);
  });

  it('gives every store created afterwards its Cash method, also several in one statement', async () => {
    const { rows } = await sql<{ id: bigint }>`insert into stores (name) values ('After 1'), ('After 2') returning id`.execute(h.db);
    for (const { id } of rows) expect((await methodsOf(id)).map((m) => [m.name, m.is_cash])).toEqual([['Cash', true]]);
    const { rows: without } = await sql<{ n: string }>`
      select count(*)::text as n from stores s where not exists (select 1 from payment_methods p where p.store_id = s.id and p.is_cash and p.archived_at is null)`.execute(h.db);
    expect(without[0]!.n).toBe('0');
  });
});
