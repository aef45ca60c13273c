/**
 * Keeping submit answers as values: a key kept before (superjson text) stays through the
 * migration, a key has exactly one answer, and the migration's own down() takes the
 * database back (the keys kept as values go, those kept as text stay).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb } from '../../../test/db';
import type { DbHandle } from '../src';
import * as keepAnswersAsValues from '../../../migrations/0017_keep_submit_answers_as_values';

let h: DbHandle;
let orderId = 0n;
let storeId = 0n;
const TEXT_ANSWER = JSON.stringify({ json: { success: true, message: 'Order submitted', order: { total: '21000000' } }, meta: { values: { 'order.total': ['bigint'] }, v: 1 } });

async function keys() {
  const { rows } = await sql<{ key: string; text: boolean; value: boolean }>`
    select key, answer is not null as text, answer_value is not null as value from order_submit_keys where order_id = ${orderId} order by key`.execute(h.db);
  return rows;
}

beforeAll(async () => {
  h = await createTestDb();
  await keepAnswersAsValues.down(h.db);
  ({ id: storeId } = (await sql<{ id: bigint }>`insert into stores (name) values ('Keys before values') returning id`.execute(h.db)).rows[0]!);
  ({ id: orderId } = (await sql<{ id: bigint }>`insert into orders (store_id, order_number) values (${storeId}, 'K-1') returning id`.execute(h.db)).rows[0]!);
  await sql`insert into order_submit_keys (store_id, order_id, key, answer) values (${storeId}, ${orderId}, 'before', ${TEXT_ANSWER})`.execute(h.db);
  await keepAnswersAsValues.up(h.db);
});
afterAll(() => h.close());

describe('0017_keep_submit_answers_as_values', () => {
  it('keeps the answers kept as text, and takes new ones as values', async () => {
    await sql`insert into order_submit_keys (store_id, order_id, key, answer_value) values (${storeId}, ${orderId}, 'after', ${new Uint8Array([255, 15, 84])})`.execute(h.db);
    expect(await keys()).toEqual([
      { key: 'after', text: false, value: true },
      { key: 'before', text: true, value: false },
    ]);
    const { rows } = await sql<{ answer: unknown }>`select answer from order_submit_keys where key = 'before' and order_id = ${orderId}`.execute(h.db);
    expect(rows[0]!.answer).toEqual(JSON.parse(TEXT_ANSWER));
  });

  it('refuses a key with no answer or with both', async () => {
    await expect(sql`insert into order_submit_keys (store_id, order_id, key) values (${storeId}, ${orderId}, 'none')`.execute(h.db)).rejects.toThrow(/order_submit_keys_one_answer/);
    await expect(
      sql`insert into order_submit_keys (store_id, order_id, key, answer, answer_value) values (${storeId}, ${orderId}, 'both', ${TEXT_ANSWER}, ${new Uint8Array([1])})`.execute(h.db),
    ).rejects.toThrow(/order_submit_keys_one_answer/);
  });

  it('goes back with its down(): the keys kept as values go, those kept as text stay', async () => {
    await keepAnswersAsValues.down(h.db);
    expect((await sql<{ key: string }>`select key from order_submit_keys where order_id = ${orderId}`.execute(h.db)).rows).toEqual([{ key: 'before' }]);
    await keepAnswersAsValues.up(h.db);
    expect(await keys()).toEqual([{ key: 'before', text: true, value: false }]);
  });
});
