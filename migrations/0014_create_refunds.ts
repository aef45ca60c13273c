/**
 * Refunds (docs/SETTLEMENT.md): money that goes back to a customer for units of a
 * completed order. A refund is its own record, numbered after its order (`A-12-R1`,
 * `A-12-R2`, ...), with who made it, who approved it, why and when, and the amounts it
 * gave back: its lines (units of an order line, their share of the line's total and
 * taxes) and its payments (what each payment method handed back). All three tables are
 * append-only like the ledger, whose reversal entries now refer to their refund.
 */
import { sql, type Kysely } from 'kysely';
import { appendOnly } from './0010_create_audit_events';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table refunds (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      order_id bigint not null references orders (id),
      sequence integer not null check (sequence > 0),
      number text not null,
      reason text not null,
      total bigint not null,
      tax1 bigint not null default 0,
      tax2 bigint not null default 0,
      tax3 bigint not null default 0,
      amount bigint not null,
      created_by bigint references users (id),
      approved_by bigint references users (id),
      created_at timestamptz not null default now(),
      unique (store_id, order_id, sequence)
    )`.execute(db);
  await sql`create index refunds_store_time on refunds (store_id, created_at, id)`.execute(db);
  await sql`create index refunds_store_order on refunds (store_id, order_id)`.execute(db);
  await appendOnly(db, 'refunds');

  await sql`
    create table refund_lines (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      refund_id bigint not null references refunds (id),
      order_line_id bigint not null references order_lines (id),
      quantity bigint not null check (quantity > 0),
      total bigint not null,
      tax1 bigint not null default 0,
      tax2 bigint not null default 0,
      tax3 bigint not null default 0
    )`.execute(db);
  await sql`create index refund_lines_store_line on refund_lines (store_id, order_line_id)`.execute(db);
  await sql`create index refund_lines_refund on refund_lines (refund_id)`.execute(db);
  await appendOnly(db, 'refund_lines');

  await sql`
    create table refund_payments (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id),
      refund_id bigint not null references refunds (id),
      payment_method_id bigint not null references payment_methods (id),
      method_name text not null,
      is_cash boolean not null,
      amount bigint not null check (amount > 0)
    )`.execute(db);
  await sql`create index refund_payments_refund on refund_payments (refund_id)`.execute(db);
  await appendOnly(db, 'refund_payments');

  await sql`alter table ledger_entries add constraint ledger_entries_refund_fk foreign key (refund_id) references refunds (id)`.execute(db);
  await sql`create index ledger_entries_refund on ledger_entries (store_id, refund_id) where refund_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index ledger_entries_refund`.execute(db);
  await sql`alter table ledger_entries drop constraint ledger_entries_refund_fk`.execute(db);
  await sql`drop table refund_payments`.execute(db);
  await sql`drop table refund_lines`.execute(db);
  await sql`drop table refunds`.execute(db);
}
