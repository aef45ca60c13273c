import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb } from '../../../test/db';
import type { DbHandle } from '../src';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
  await sql`create table probe (id int primary key, note text)`.execute(h.db);
});
afterAll(() => h.close());

describe('database transactions', () => {
  it('leaves nothing behind when a transaction rolls back', async () => {
    await expect(
      h.db.transaction().execute(async (trx) => {
        await sql`insert into probe values (1, 'rolled back')`.execute(trx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const { rows } = await sql<{ n: bigint }>`select count(*) as n from probe`.execute(h.db);
    expect(rows[0]?.n).toBe(0n);
  });

  it('keeps concurrent transactions apart: only the committed ones remain', async () => {
    const attempts = Array.from({ length: 20 }, (_, i) =>
      h.db.transaction().execute(async (trx) => {
        await sql`insert into probe values (${100 + i}, 'tx')`.execute(trx);
        await new Promise((r) => setTimeout(r, 2));
        const { rows } = await sql<{ n: bigint }>`select count(*) as n from probe where id >= 100`.execute(trx);
        if (i % 2 === 1) throw new Error(`abort ${i}`);
        return rows[0]?.n;
      }),
    );
    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(10);
    const { rows } = await sql<{ id: number }>`select id from probe where id >= 100 order by id`.execute(h.db);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => 100 + i * 2));
  });

  it('reports affected rows and reads int8 as bigint', async () => {
    await sql`insert into probe values (500, 'a'), (501, 'b')`.execute(h.db);
    const result = await h.db.withTables<{ probe: { id: number; note: string | null } }>().updateTable('probe').set({ note: 'c' }).where('id', '>=', 500).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
    const { rows } = await sql<{ big: bigint }>`select 9223372036854775807::int8 as big`.execute(h.db);
    expect(rows[0]?.big).toBe(9223372036854775807n);
  });

  it('has the migrated schema with the platform store', async () => {
    const platform = await h.db.selectFrom('stores').select(['name', 'is_platform']).where('is_platform', '=', true).execute();
    expect(platform).toEqual([{ name: 'Platform', is_platform: true }]);
  });
});
