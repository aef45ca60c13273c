/**
 * The books' invariants on a store's database rows (docs/BOOKS.md), for the property
 * tests that play random histories through the API: every journal's legs sum to zero;
 * every vendor account's ledger balance is minus its balance in the books (and no vendor
 * account has legs without ledger entries); the trial balance's debits equal its credits.
 */
import { expect } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';

export async function expectBooksMatchLedger(db: Kysely<Database>, storeId: number): Promise<void> {
  const unbalanced = await sql<{ id: string }>`
    select j.id::text from journals j join journal_legs l on l.journal_id = j.id
    where j.store_id = ${storeId} group by j.id having sum(l.amount) <> 0`.execute(db);
  expect(unbalanced.rows).toEqual([]);

  const { rows } = await sql<{ account: string; ledger: string; books: string }>`
    with ledger as (
      select 'vendor:' || vendor_id || coalesce(':' || item_code_id, '') as account, balance from ledger_accounts where store_id = ${storeId}
    ), books as (
      select account, sum(amount) as balance from journal_legs where store_id = ${storeId} and account like 'vendor:%' group by account
    )
    select coalesce(l.account, b.account) as account, coalesce(l.balance, 0)::text as ledger, coalesce(b.balance, 0)::text as books
    from ledger l full join books b on b.account = l.account`.execute(db);
  for (const r of rows) expect(BigInt(r.ledger), `${r.account}: ledger ${r.ledger}, books ${r.books}`).toBe(-BigInt(r.books));

  const sides = await sql<{ debit: string; credit: string }>`
    select coalesce(sum(balance) filter (where balance > 0), 0)::text as debit, coalesce(-sum(balance) filter (where balance < 0), 0)::text as credit
    from (select account, sum(amount) as balance from journal_legs where store_id = ${storeId} group by account) a`.execute(db);
  expect(sides.rows[0]!.debit).toBe(sides.rows[0]!.credit);
}
