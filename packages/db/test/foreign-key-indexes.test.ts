/**
 * Deleting a row makes PostgreSQL look for rows that still refer to it, in every table
 * with a foreign key onto it. Without an index that leads with the key's columns that
 * look-up reads the whole referencing table (a removed draft line once scanned the whole
 * ledger). Over the migrated catalogue: every foreign key has such an index, unless the
 * table it refers to is one whose rows the product never deletes, listed here with the
 * reason; and no statement of the product or the bench deletes from a listed table.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb } from '../../../test/db';
import type { DbHandle } from '../src';

/** Tables whose rows are never deleted, so a key onto them is never checked on delete. */
const NEVER_DELETED: Record<string, string> = {
  users: 'accounts are kept for the history that names them (sessions and role assignments go instead)',
  stores: 'a store is never removed',
  payment_methods: 'methods are archived: payments refer to them',
  inventory_items: 'items are archived, their movements are history',
  payouts: 'append-only money',
  refunds: 'append-only money',
};

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h.close();
});

interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refers_to: string;
}

async function unindexedForeignKeys(): Promise<ForeignKey[]> {
  // An index serves the check when its first columns are the key's columns (in any order)
  // and it has no predicate that could leave a referring row out, beyond "x is not null"
  // on a nullable key column (a null refers to nothing).
  const { rows } = await sql<ForeignKey>`
    select c.conname as name, c.conrelid::regclass::text as table, c.confrelid::regclass::text as refers_to,
           array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, n)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.n) as columns
    from pg_constraint c
    join pg_namespace ns on ns.oid = c.connamespace and ns.nspname = 'public'
    where c.contype = 'f'
      and not exists (
        select 1 from pg_index i
        where i.indrelid = c.conrelid
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
          and (i.indpred is null
               or pg_get_expr(i.indpred, i.indrelid) in (
                 select '(' || a.attname || ' IS NOT NULL)' from pg_attribute a
                 where a.attrelid = c.conrelid and a.attnum = any (c.conkey))))
    order by 2, 1`.execute(h.db);
  return rows;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name));
}

describe('foreign keys and the indexes their checks use', () => {
  it('every foreign key onto a table the product deletes from has an index leading with its columns', async () => {
    const missing = (await unindexedForeignKeys()).filter((fk) => !(fk.refers_to in NEVER_DELETED));
    expect(missing.map((fk) => `${fk.table} (${fk.columns.join(', ')}) -> ${fk.refers_to}`)).toEqual([]);
  });

  it('the allowance is in use and true: each listed table has unindexed keys onto it, and nothing deletes from it', async () => {
    const allowed = new Set((await unindexedForeignKeys()).map((fk) => fk.refers_to));
    expect(Object.keys(NEVER_DELETED).filter((t) => !allowed.has(t))).toEqual([]);
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const files = [...(await sourceFiles(join(root, 'packages/api/src'))), ...(await sourceFiles(join(root, 'apps/server/src'))), ...(await sourceFiles(join(root, 'bench')))];
    const deletes: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const m of text.matchAll(/deleteFrom\(\s*'(\w+)|delete\s+from\s+(\w+)/gi)) deletes.push(m[1] ?? m[2]!);
    }
    expect(deletes).toContain('order_lines'); // the scan sees the product's deletes
    expect(deletes.filter((t) => t in NEVER_DELETED)).toEqual([]);
  });
});
