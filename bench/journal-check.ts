/**
 * Checks that journals written in set-based SQL by a bench's generator are the books
 * writer's: a sample of SALE journals, leg for leg, against what the writer computes for
 * the same order (`saleLegs`, the domain's saleJournal on the writer's own reads), and the
 * sums the writer keeps (journal_days, journal_balances) against the legs.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { saleLegs } from '../packages/api/src/features/books/books.service';

/** Compares `sample` SALE journals of the store (spread by a hash of their ids) with the writer's legs; answers how many vendor legs were among them. */
export async function checkSaleJournals(db: Kysely<Database>, storeId: number, sample: number): Promise<{ journals: number; vendorLegs: number }> {
  const { rows } = await sql<{ orderId: bigint; legs: Record<string, string> }>`
    select j.order_id as "orderId", (select json_object_agg(l.account, l.amount::text) from journal_legs l where l.journal_id = j.id) as legs
    from journals j where j.store_id = ${storeId} and j.kind = 'SALE'
    order by md5(j.id::text) limit ${sample}`.execute(db);
  let vendorLegs = 0;
  for (const s of rows) {
    const written = Object.fromEntries((await saleLegs(db, storeId, s.orderId)).map((l) => [l.account, String(l.amount)]));
    if (JSON.stringify(Object.entries(written).sort()) !== JSON.stringify(Object.entries(s.legs).sort())) {
      throw new Error(`order ${s.orderId}: the writer's legs ${JSON.stringify(written)} are not the generated ${JSON.stringify(s.legs)}`);
    }
    vendorLegs += Object.keys(written).filter((a) => a.startsWith('vendor:')).length;
  }
  return { journals: rows.length, vendorLegs };
}

/** Checks that the store's journal_days and journal_balances (each key summed over its slots) equal the sums of its legs. */
export async function checkJournalSums(db: Kysely<Database>, storeId: number): Promise<void> {
  // Every leg of the store is read here: longer than the product's statement timeout allows.
  const { rows: drift } = await db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    return sql<{ days: string; balances: string }>`
    select (select count(*) from (select account, business_day, sum(l.amount) as amount from journals j join journal_legs l on l.journal_id = j.id
                                  where j.store_id = ${storeId} group by account, business_day) t
            full join (select account, business_day, sum(amount) as amount from journal_days where store_id = ${storeId} group by 1, 2) d using (account, business_day)
            where t.amount is distinct from d.amount)::text as days,
           (select count(*) from (select account, sum(amount) as amount from journal_days where store_id = ${storeId} group by account) t
            full join (select account, sum(balance) as balance from journal_balances where store_id = ${storeId} group by 1) b using (account)
            where t.amount is distinct from b.balance)::text as balances`.execute(trx);
  });
  if (drift[0]!.days !== '0' || drift[0]!.balances !== '0') throw new Error(`the writer's sums differ from the legs: ${JSON.stringify(drift[0])}`);
}
