/**
 * The accountant's dashboard reads the month's vendor net (SALE, COMMISSION and CARD_FEE
 * entries) from the balances' history, whose owed and owing together change by exactly
 * the Σ of every entry dated in each quarter hour, less the month's other entries (rent,
 * adjustments, payouts), which this index finds without reading the sales' entries
 * (docs/SETTLEMENT.md, Reports; docs/PERFORMANCE.md, Dashboards).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index ledger_entries_store_time_other on ledger_entries (store_id, created_at) include (amount)
    where kind not in ('SALE', 'COMMISSION', 'CARD_FEE')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index ledger_entries_store_time_other`.execute(db);
}
