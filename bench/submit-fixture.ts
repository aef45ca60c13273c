/**
 * The submit scenario's fixture (docs/PERFORMANCE.md, "Checkout"), for the load test
 * (servers.ts) and the in-process comparison (core.ts).
 */
import { sql, type Database } from '@pos/db';
import type { Kysely } from 'kysely';
import type { Identity, SubmitFixture } from './scenarios';

/** Drafts made per run for the submit scenario: more than its warm-up and 30 s at 1 and 16 connections through three doors can use. */
export const SUBMIT_POOL = Number(process.env.BENCH_SUBMIT_POOL ?? 60_000);
/**
 * Vendors whose codes the submit scenario sells, one a sale in turn (SB1, SB2, ...): a mall's
 * tills sell different vendors' items, so concurrent sales rarely share a vendor's rows.
 * `BENCH_SUBMIT_VENDORS=1`: every sale the one vendor's code (each waits on the one before).
 */
export const SUBMIT_VENDORS = Number(process.env.BENCH_SUBMIT_VENDORS ?? 64);

/**
 * The submit scenario's store (Bench Store 2, so store 1's lookups never walk past its
 * sales): `vendors` vendors, each with a code (SB1, SB2, ...) that passes card fees
 * through, a card method with a vendor fee, the store's Cash method, a draft per code for
 * the baseline's recordings, and a pool of fresh drafts (no creator, numbered SB…, so
 * neither the generator nor the leftover removal takes them for its own; those a run
 * leaves unsubmitted are removed by the next).
 */
export async function prepareSubmit(db: Kysely<Database>, cashier: Identity, drafts = SUBMIT_POOL, vendors = SUBMIT_VENDORS): Promise<SubmitFixture> {
  const storeId = BigInt(cashier.storeId);
  const codes: string[] = [];
  for (let n = 1; n <= vendors; n++) {
    const tradeName = n === 1 ? 'Submit Bench Vendor' : `Submit Bench Vendor ${n}`;
    let vendor = await db.selectFrom('vendors').select('id').where('store_id', '=', storeId).where('trade_name', '=', tradeName).executeTakeFirst();
    vendor ??= await db.insertInto('vendors').values({ store_id: storeId, trade_name: tradeName }).returning('id').executeTakeFirstOrThrow();
    const tag = `SB${n}`;
    const code = await db.selectFrom('item_codes').select('id').where('store_id', '=', storeId).where('tag', '=', tag).where('archived_at', 'is', null).executeTakeFirst();
    if (!code) await db.insertInto('item_codes').values({ store_id: storeId, vendor_id: vendor.id, tag, default_commission_percent: 20_000_000n, proportional_cc_fee: true }).execute();
    codes.push(tag);
  }
  let card = await db.selectFrom('payment_methods').select('id').where('store_id', '=', storeId).where('name', '=', 'Bench Card').where('archived_at', 'is', null).executeTakeFirst();
  card ??= await db
    .insertInto('payment_methods')
    .values({ store_id: storeId, name: 'Bench Card', vendor_fee_percent: 2_500_000n, customer_fee_percent: 0n, customer_fee_amount: 0n, minimum_amount: 0n })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cash = await db.selectFrom('payment_methods').select('id').where('store_id', '=', storeId).where('is_cash', '=', true).where('archived_at', 'is', null).executeTakeFirstOrThrow();
  const run = Date.now().toString(36);
  const { rows } = await sql<{ id: string }>`
    insert into orders (store_id, order_number) select ${storeId}, 'SB' || ${run} || '-' || i from generate_series(1 - ${vendors}::int, ${drafts}) i order by i returning id`.execute(db);
  const ids = rows.map((r) => Number(r.id));
  const recordOrderIds = ids.slice(0, vendors);
  return { cashier, codes, recordOrderId: recordOrderIds[0]!, recordOrderIds, orderIds: ids.slice(vendors), cardId: Number(card.id), cashId: Number(cash.id) };
}

