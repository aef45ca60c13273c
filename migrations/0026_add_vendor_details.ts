/**
 * A vendor's booth number(s), mailing address (printed on its statements) and tax ID:
 * free text, empty when not known. The vendor list's search reads trade name, contact
 * name and e-mail, and item-code tags, case-insensitively.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table vendors add column booth text not null default '', add column mailing_address text not null default '', add column tax_id text not null default ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table vendors drop column booth, drop column mailing_address, drop column tax_id`.execute(db);
}
