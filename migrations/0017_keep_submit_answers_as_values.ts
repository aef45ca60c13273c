/**
 * The first answer to a submit with an idempotency key is kept as the value itself,
 * serialised by the runtime (node:v8: the structured-clone format, which keeps bigints and
 * Dates as they are and which newer versions of Node still read), in `answer_value`.
 * Before, it was superjson's text in the jsonb `answer`, which took every sale with a key
 * several times as long to write; answers kept that way stay and are answered as before.
 * Each key has exactly one of the two.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table order_submit_keys
      add column answer_value bytea,
      alter column answer drop not null,
      add constraint order_submit_keys_one_answer check (num_nonnulls(answer, answer_value) = 1)`.execute(db);
}

/** Back to superjson text only: the keys kept as values go (a repeated submit with one of them then answers 409). */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from order_submit_keys where answer is null`.execute(db);
  await sql`
    alter table order_submit_keys
      drop constraint order_submit_keys_one_answer,
      drop column answer_value,
      alter column answer set not null`.execute(db);
}
