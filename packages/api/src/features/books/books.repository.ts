/**
 * The books' SQL (docs/BOOKS.md): journals and their legs are only ever inserted (the
 * database refuses UPDATE and DELETE, and refuses at commit a journal whose legs do not
 * sum to zero); the facts each kind of journal is computed from; the sums the trial
 * balance and the exports read; the names a store gives its accounts.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database, JournalKind } from '@pos/db';
import type { JournalLeg, TaxSlot } from '@pos/domain';
import { inStore } from '../../db-helpers';

type Db = Kysely<Database>;

/** What a journal comes from: its kind and its source row (one journal per source). */
export interface JournalHead {
  kind: JournalKind;
  /** The store's business day; when left out, the store's day (in its time zone) at `at`. */
  businessDay?: string | null;
  /** When the journal's event happened (an offline sale's time of sale); now when left out. */
  at?: Date | null;
  orderId?: bigint | null;
  refundId?: bigint | null;
  payoutId?: bigint | null;
  payoutRunId?: bigint | null;
  ledgerEntryId?: bigint | null;
  dayCloseId?: bigint | null;
  rentMonth?: string | null;
  reference: string;
  createdBy: bigint | null;
}

/**
 * The insert of a journal and its legs, and the legs added to the account sums the trial
 * balance reads (`journal_balances`, `journal_days`: migration 0030), as the
 * data-modifying parts (`journal_*`) of one statement's WITH: alone (insertJournal) or in
 * a sale's last statement. The sums' rows are taken in account order, as every journal
 * takes them, so two postings never wait on each other crosswise. A store-wide account's
 * sums go to its slot of the transaction (`SUMS_SLOT`), so concurrent sales of one store
 * do not wait on its drawer's, revenue's or tax's rows. The legs' balance is checked at
 * commit.
 */
/**
 * The row of an account's sums a journal adds to (migration 0035, one store's sums spread
 * over slots): a vendor's accounts one row (slot 0: a store of 100,000 vendors keeps the
 * rows it had), a store-wide account the slot of the transaction's id, the same for every
 * row the transaction adds to.
 */
const SUMS_SLOT = sql`case when l.account like 'vendor:%' then 0 else txid_current() % 8 end::int2`;

export function journalWrites(storeId: number, head: JournalHead, legs: readonly JournalLeg[]): RawBuilder<unknown> {
  const store = BigInt(storeId);
  return sql`
    journal_head as (
      insert into journals (store_id, kind, business_day, order_id, refund_id, payout_id, payout_run_id, ledger_entry_id, day_close_id, rent_month, reference, created_by)
      select s.id, ${head.kind}, coalesce(${head.businessDay ?? null}::date, (coalesce(${head.at ?? null}::timestamptz, now()) at time zone s.time_zone)::date),
             ${head.orderId ?? null}::int8, ${head.refundId ?? null}::int8, ${head.payoutId ?? null}::int8, ${head.payoutRunId ?? null}::int8,
             ${head.ledgerEntryId ?? null}::int8, ${head.dayCloseId ?? null}::int8, ${head.rentMonth ?? null}, ${head.reference}, ${head.createdBy}
      from stores s where s.id = ${store}
      returning id, store_id, business_day),
    journal_lines as (select * from unnest(${legs.map((l) => l.account)}::text[], ${legs.map((l) => l.amount)}::int8[]) as l (account, amount)),
    journal_leg_rows as (
      insert into journal_legs (journal_id, store_id, account, amount)
      select j.id, j.store_id, l.account, l.amount from journal_head j cross join journal_lines l),
    journal_day_sums as (
      insert into journal_days as d (store_id, account, business_day, slot, amount)
      select j.store_id, l.account, j.business_day, ${SUMS_SLOT}, l.amount from journal_head j cross join journal_lines l order by l.account
      on conflict (store_id, account, business_day, slot) do update set amount = d.amount + excluded.amount),
    journal_balance_sums as (
      insert into journal_balances as b (store_id, account, slot, balance)
      select j.store_id, l.account, ${SUMS_SLOT}, l.amount from journal_head j cross join journal_lines l order by l.account
      on conflict (store_id, account, slot) do update set balance = b.balance + excluded.balance)${
        mayDateBack(head)
          ? sql`,
    journal_month_sums as (
      insert into journal_month_balances as mb (store_id, month_end, account, balance)
      select m.store_id, m.month_end, l.account, l.amount
      from journal_head j join journal_month_ends m on m.store_id = j.store_id and m.month_end >= j.business_day cross join journal_lines l
      order by m.month_end, l.account
      on conflict (store_id, month_end, account) do update set balance = mb.balance + excluded.balance)`
          : sql``
      }`;
}

/**
 * Whether a journal may be dated on or before a kept month end: one dated by its caller
 * (a day closed late), or an event of more than 12 hours ago (an offline sale landed
 * late). A month end is kept from two days after it (docs/BOOKS.md, The trial balance at
 * scale), so a journal of now never is. Such a journal adds its legs to the kept month
 * ends on or after its day (`journal_month_sums` above), under the month ends' lock
 * taken before its statement (`lockMonthEndsShared`).
 */
export function mayDateBack(head: JournalHead): boolean {
  return Boolean(head.businessDay) || (head.at != null && head.at.getTime() < Date.now() - 12 * 3_600_000);
}

/**
 * The month ends' lock, shared, before the statement of a journal that may date back: a
 * month end computed meanwhile (`keepMonthEnd`, which takes it alone) either sees this
 * journal's days, or commits before the statement begins and is seen by it.
 */
export async function lockMonthEndsShared(db: Db, storeId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(${monthEndLock(storeId)})`.execute(db);
}

/** Inserts a journal and its legs in one statement, with the sums they move (see journalWrites). */
export async function insertJournal(db: Db, storeId: number, head: JournalHead, legs: readonly JournalLeg[]): Promise<void> {
  if (mayDateBack(head)) await lockMonthEndsShared(db, storeId);
  await sql`with ${journalWrites(storeId, head, legs)} select 1`.execute(db);
}

/** A sold line as the books see it: its total and taxes, and what it posted to its vendor's account (no account: the store's own line). */
export interface SaleLineFacts {
  lineId: bigint;
  total: bigint;
  taxes: [bigint, bigint, bigint];
  vendorId: bigint | null;
  itemCodeId: bigint | null;
  sale: bigint;
  commission: bigint;
  cardFee: bigint;
}

/** A completed order's lines with what each posted at the sale (entries naming no refund). */
export async function saleLineFacts(db: Db, storeId: number, orderId: bigint): Promise<SaleLineFacts[]> {
  const { rows } = await sql<{
    lineId: bigint;
    total: bigint;
    tax1: bigint;
    tax2: bigint;
    tax3: bigint;
    vendorId: bigint | null;
    itemCodeId: bigint | null;
    sale: string | null;
    commission: string | null;
    cardFee: string | null;
  }>`
    with posted as (
      select e.order_line_id, e.vendor_id, e.item_code_id,
             sum(e.amount) filter (where e.kind = 'SALE') as sale,
             coalesce(sum(e.amount) filter (where e.kind = 'COMMISSION'), 0) as commission,
             coalesce(sum(e.amount) filter (where e.kind = 'CARD_FEE'), 0) as card_fee
      from ledger_entries e
      where ${inStore(storeId, 'e')} and e.order_id = ${orderId} and e.refund_id is null and e.kind in ('SALE', 'COMMISSION', 'CARD_FEE')
      group by e.order_line_id, e.vendor_id, e.item_code_id
    )
    select l.id as "lineId", l.total, l.tax1_amount as tax1, l.tax2_amount as tax2, l.tax3_amount as tax3,
           p.vendor_id as "vendorId", p.item_code_id as "itemCodeId",
           p.sale::text as sale, p.commission::text as commission, p.card_fee::text as "cardFee"
    from order_lines l left join posted p on p.order_line_id = l.id
    where ${inStore(storeId, 'l')} and l.order_id = ${orderId}
    order by l.id`.execute(db);
  return rows.map((r) => ({
    lineId: r.lineId,
    total: r.total,
    taxes: [r.tax1, r.tax2, r.tax3],
    vendorId: r.vendorId,
    itemCodeId: r.itemCodeId,
    sale: BigInt(r.sale ?? 0),
    commission: BigInt(r.commission ?? 0),
    cardFee: BigInt(r.cardFee ?? 0),
  }));
}

/** A completed order's payments: what each applied to the total, and the fee charged on top. */
export async function salePayments(db: Db, storeId: number, orderId: bigint) {
  return db
    .selectFrom('order_payments')
    .select(['payment_method_id as paymentMethodId', 'is_cash as isCash', 'applied', 'customer_fee as customerFee'])
    .where(inStore(storeId))
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** A refunded line as the books see it: the line, its units refunded before this refund, those refunded now, and where its sale posted. */
export interface RefundLineFacts extends SaleLineFacts {
  quantity: bigint;
  refundedBefore: bigint;
  refundedNow: bigint;
}

/** A refund's lines: each order line it refunds, with its sale's postings and the units earlier refunds took. */
export async function refundLineFacts(db: Db, storeId: number, refund: { id: bigint; orderId: bigint }): Promise<RefundLineFacts[]> {
  const { rows } = await sql<{
    lineId: bigint;
    quantity: bigint;
    total: bigint;
    tax1: bigint;
    tax2: bigint;
    tax3: bigint;
    refundedBefore: string;
    refundedNow: string;
  }>`
    select l.id as "lineId", l.quantity, l.total, l.tax1_amount as tax1, l.tax2_amount as tax2, l.tax3_amount as tax3,
           coalesce(sum(rl.quantity) filter (where rl.refund_id < ${refund.id}), 0)::text as "refundedBefore",
           coalesce(sum(rl.quantity) filter (where rl.refund_id = ${refund.id}), 0)::text as "refundedNow"
    from refund_lines rl join order_lines l on l.id = rl.order_line_id
    where ${inStore(storeId, 'rl')} and rl.refund_id <= ${refund.id}
      and rl.order_line_id in (select order_line_id from refund_lines where ${inStore(storeId)} and refund_id = ${refund.id})
    group by l.id
    order by l.id`.execute(db);
  const posted = new Map((await saleLineFacts(db, storeId, refund.orderId)).map((f) => [f.lineId, f]));
  return rows.map((r) => ({
    ...posted.get(r.lineId)!,
    quantity: r.quantity,
    refundedBefore: BigInt(r.refundedBefore),
    refundedNow: BigInt(r.refundedNow),
  }));
}

/** What a refund posted to vendors' accounts, and what it paid back by each method. */
export async function refundMoney(db: Db, storeId: number, refundId: bigint) {
  const [entries, payments] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .select(['vendor_id as vendorId', 'item_code_id as itemCodeId', 'amount'])
      .where(inStore(storeId))
      .where('refund_id', '=', refundId)
      .execute(),
    db
      .selectFrom('refund_payments')
      .select(['payment_method_id as paymentMethodId', 'is_cash as isCash', 'amount'])
      .where(inStore(storeId))
      .where('refund_id', '=', refundId)
      .orderBy('id')
      .execute(),
  ]);
  return { entries, payments };
}

// ---------------------------------------------------------------------------------
// The sums the trial balance reads. Each kept sum is read through one function here
// (`balancesSql`, `daysSql`, `monthEndSql`), always summed per account, so a change in
// how the writer spreads a sum's rows touches one place.
// ---------------------------------------------------------------------------------

/** Each account's balance (Σ of its legs) from `journal_balances`, one row per account (a store-wide account's slots summed). */
function balancesSql(storeId: number) {
  return sql<{ account: string; amount: bigint }>`select account, sum(balance)::int8 as amount from journal_balances where ${inStore(storeId)} group by account`;
}

/** Each account's movement over business days after..through (`after` excluded; null: from the first day), from `journal_days`. */
function daysSql(storeId: number, after: string | null, through: string | null) {
  return sql<{ account: string; amount: bigint }>`
    select account, sum(amount) as amount from journal_days
    where ${inStore(storeId)}
      ${after === null ? sql`` : sql`and business_day > ${after}::date`}
      ${through === null ? sql`` : sql`and business_day <= ${through}::date`}
    group by account`;
}

/** Each account's balance at the end of a kept month end, from `journal_month_balances`. */
function monthEndSql(storeId: number, monthEnd: string) {
  return sql<{ account: string; amount: bigint }>`
    select account, sum(balance) as amount from journal_month_balances where ${inStore(storeId)} and month_end = ${monthEnd}::date group by account`;
}

/**
 * How the balances at the end of a day are read: from a kept total (today's balances or
 * a month end's) plus or less the days between it and the day, or the days from the
 * first.
 */
export type SumsPlan =
  | { from: 'nothing' }
  | { from: 'balances'; lessDaysAfter: string | null }
  | { from: 'days'; through: string }
  | { from: 'month-end'; monthEnd: string; plusDaysThrough: string }
  | { from: 'month-end'; monthEnd: string; lessDaysAfter: string };

/** Each account's balance by a plan (several rows of one account may come back; `sumsOf` adds them). */
function planSql(storeId: number, plan: SumsPlan) {
  switch (plan.from) {
    case 'nothing':
      return sql<{ account: string; amount: bigint }>`select null::text as account, 0::int8 as amount where false`;
    case 'balances':
      return plan.lessDaysAfter === null
        ? balancesSql(storeId)
        : sql<{ account: string; amount: bigint }>`${balancesSql(storeId)} union all select account, -amount from (${daysSql(storeId, plan.lessDaysAfter, null)}) d`;
    case 'days':
      return daysSql(storeId, null, plan.through);
    case 'month-end':
      return 'plusDaysThrough' in plan
        ? sql<{ account: string; amount: bigint }>`${monthEndSql(storeId, plan.monthEnd)} union all ${daysSql(storeId, plan.monthEnd, plan.plusDaysThrough)}`
        : sql<{ account: string; amount: bigint }>`${monthEndSql(storeId, plan.monthEnd)} union all select account, -amount from (${daysSql(storeId, plan.lessDaysAfter, plan.monthEnd)}) d`;
  }
}

/**
 * Each account's balance at the end of a day, one row per account, zero balances
 * included: today's balances are that already (`balancesSql`), the other plans are
 * summed per account.
 */
function sumsOf(storeId: number, plan: SumsPlan) {
  if (plan.from === 'balances' && plan.lessDaysAfter === null) return balancesSql(storeId);
  return sql<{ account: string; amount: bigint }>`select account, sum(amount)::int8 as amount from (${planSql(storeId, plan)}) p group by account`;
}

/** The first and last business day with a movement, or null when the store has no journal. */
export async function journalSpan(db: Db, storeId: number): Promise<{ first: string; last: string } | null> {
  const span = await db
    .selectFrom('journal_days')
    .select((eb) => [sql<string | null>`to_char(${eb.fn.min('business_day')}, 'YYYY-MM-DD')`.as('first'), sql<string | null>`to_char(${eb.fn.max('business_day')}, 'YYYY-MM-DD')`.as('last')])
    .where(inStore(storeId))
    .executeTakeFirst();
  return span?.first && span.last ? { first: span.first, last: span.last } : null;
}

/** Whether the balances at a month end are kept. */
export async function hasMonthEnd(db: Db, storeId: number, monthEnd: string): Promise<boolean> {
  const row = await db.selectFrom('journal_month_ends').select('month_end').where(inStore(storeId)).where('month_end', '=', monthEnd).executeTakeFirst();
  return row !== undefined;
}

/** The lock that orders computing a month end against a journal dated on or before one (a day closed late). */
const monthEndLock = (storeId: number) => sql`hashtextextended(${`journal_month_ends:${storeId}`}, 0)`;

/**
 * Keeps each account's balance at the end of `monthEnd` (in a transaction): the nearest
 * kept month end before it plus the days since, or the days from the first. Computed
 * once; a journal dated on or before it afterwards adds its legs (`insertJournal`).
 */
export async function keepMonthEnd(trx: Db, storeId: number, monthEnd: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${monthEndLock(storeId)})`.execute(trx);
  if (await hasMonthEnd(trx, storeId, monthEnd)) return;
  const before = await trx
    .selectFrom('journal_month_ends')
    .select(sql<string>`to_char(max(month_end), 'YYYY-MM-DD')`.as('monthEnd'))
    .where(inStore(storeId))
    .where('month_end', '<', monthEnd)
    .executeTakeFirst();
  const plan: SumsPlan = before?.monthEnd ? { from: 'month-end', monthEnd: before.monthEnd, plusDaysThrough: monthEnd } : { from: 'days', through: monthEnd };
  await trx.insertInto('journal_month_ends').values({ store_id: BigInt(storeId), month_end: monthEnd }).execute();
  // Each vendor's main account with the vendor's kept slug (the rows' trigger would read it row by row).
  await sql`
    insert into journal_month_balances (store_id, month_end, account, balance, vendor_slug)
    select ${BigInt(storeId)}::int8, ${monthEnd}::date, s.account, s.amount, v.account_slug
    from (${sumsOf(storeId, plan)}) s
    left join vendors v on ${inStore(storeId, 'v')}
      and v.id = (case when s.account like 'vendor:%' and split_part(s.account, ':', 3) = '' then split_part(s.account, ':', 2)::int8 end)
    where s.amount <> 0`.execute(trx);
}

/** Each account's balance (Σ of its legs) by a plan (`planSums` in the service), zero balances left out. */
export async function accountSums(db: Db, storeId: number, plan: SumsPlan): Promise<JournalLeg[]> {
  const { rows } = await sql<{ account: string; amount: string }>`select account, amount::text from (${sumsOf(storeId, plan)}) s where amount <> 0`.execute(db);
  return rows.map((r) => ({ account: r.account as JournalLeg['account'], amount: BigInt(r.amount) }));
}

/**
 * Each account's balance at the end of a day by a plan, as the trial balance reads it
 * (docs/BOOKS.md, The trial balance at scale), in one statement and as two texts, not
 * rows: some 100,000 rows cost the driver and the service more than the statement
 * (docs/PERFORMANCE.md, Books).
 *
 * - `vendors`: the vendor accounts, a line each, `account<TAB>amount<TAB>slug`, in the
 *   chart's order (by `vendor_id`, then `item_code_id`, the vendor's main account first:
 *   the places kept on the rows, migration 0037). The kept total's rows (today's
 *   balances or a month end's, nonzero) with the vendor's kept slug, and the days'
 *   movements (summed per account, signed) with none; so an account may have several
 *   lines, always adjacent, which the reader adds; a sum may be zero. No slug: a code's
 *   account, or a vendor whose slug is not kept (the reader names those).
 * - `others`: the store-wide accounts (their sums spread over slots), a line each,
 *   `account<TAB>amount`, nonzero, in no order.
 *
 * Keys hold only `[a-z0-9:-]` and slugs only letters, digits and `-` (accountSlug), so
 * neither holds a tab or a line break. Run in a transaction of its own given the memory
 * to order some 100,000 lines in memory.
 */
export async function accountLines(db: Db, storeId: number, plan: Exclude<SumsPlan, { from: 'nothing' }>): Promise<{ vendors: string; others: string }> {
  const store = BigInt(storeId);
  const kept =
    plan.from === 'month-end'
      ? sql`select account, balance, vendor_slug, vendor_id, item_code_id from journal_month_balances where store_id = ${store} and month_end = ${plan.monthEnd}::date`
      : plan.from === 'balances'
        ? sql`select account, balance, vendor_slug, vendor_id, item_code_id from journal_balances where store_id = ${store}`
        : null;
  const days =
    plan.from === 'days'
      ? { after: null, through: plan.through, sign: 1 }
      : 'plusDaysThrough' in plan
        ? { after: plan.monthEnd, through: plan.plusDaysThrough, sign: 1 }
        : plan.lessDaysAfter === null
          ? null
          : { after: plan.lessDaysAfter, through: plan.from === 'month-end' ? plan.monthEnd : null, sign: -1 };
  const daysSums = days && sql`select account, (amount * ${days.sign})::int8 as amount from (${daysSql(storeId, days.after, days.through)}) d`;
  const vendorLines = [
    kept && sql`select account, balance as amount, vendor_slug, vendor_id, item_code_id from (${kept}) k where vendor_id is not null and balance <> 0`,
    daysSums &&
      sql`select account, amount, null::text, split_part(account, ':', 2)::int8, nullif(split_part(account, ':', 3), '')::int8 from days where account like 'vendor:%'`,
  ].filter((part) => part !== null);
  const otherLines = [
    kept && sql`select account, balance as amount from (${kept}) k where vendor_id is null`,
    daysSums && sql`select account, amount from days where account not like 'vendor:%'`,
  ].filter((part) => part !== null);
  const read = async (trx: Db) => {
    await sql`set local work_mem = '64MB'`.execute(trx);
    const { rows } = await sql<{ vendors: string | null; others: string | null }>`
      ${daysSums ? sql`with days as materialized (${daysSums})` : sql``}
      select
        (select string_agg(v.account || E'\\t' || v.amount || E'\\t' || coalesce(v.vendor_slug, ''), E'\\n' order by v.vendor_id, v.item_code_id nulls first)
         from (${sql.join(vendorLines, sql` union all `)}) v (account, amount, vendor_slug, vendor_id, item_code_id)) as vendors,
        (select string_agg(o.account || E'\\t' || o.amount, E'\\n')
         from (select account, sum(amount)::int8 as amount from (${sql.join(otherLines, sql` union all `)}) u group by account) o where o.amount <> 0) as others`.execute(trx);
    return { vendors: rows[0]?.vendors ?? '', others: rows[0]?.others ?? '' };
  };
  return (db as Transaction<Database>).isTransaction ? read(db) : db.transaction().execute(read);
}

/** One account's balance at the end of business day `through` (a drill-down's balance before its period). */
export async function accountSum(db: Db, storeId: number, account: string, through: string): Promise<bigint> {
  const row = await db
    .selectFrom('journal_days')
    .select((eb) => eb.fn.sum<string | null>('amount').as('amount'))
    .where(inStore(storeId))
    .where('account', '=', account)
    .where('business_day', '<=', through)
    .executeTakeFirst();
  return BigInt(row?.amount ?? 0);
}

/** The journals of business days from..to, each with its legs, in the order they were written. */
export async function journalsBetween(db: Db, storeId: number, from: string, to: string) {
  const { rows } = await sql<{ id: bigint; kind: JournalKind; day: string; reference: string; legs: { account: string; amount: string }[] }>`
    select j.id, j.kind, to_char(j.business_day, 'YYYY-MM-DD') as day, j.reference,
           coalesce((select json_agg(json_build_object('account', l.account, 'amount', l.amount::text) order by l.account)
                     from journal_legs l where l.journal_id = j.id), '[]') as legs
    from journals j
    where ${inStore(storeId, 'j')} and j.business_day between ${from}::date and ${to}::date
    order by j.business_day, j.id`.execute(db);
  return rows.map((r) => ({ ...r, legs: r.legs.map((l) => ({ account: l.account as JournalLeg['account'], amount: BigInt(l.amount) })) }));
}

/** A page of journals of business days from..to in day and id order (after `after`), each with its legs (debits first, the larger first); only those with a leg on `account` when given. */
export interface JournalsQuery {
  from: string;
  to: string;
  account?: string | undefined;
  after?: { day: string; id: number } | undefined;
  limit: number;
}

export async function journalsPage(db: Db, storeId: number, q: JournalsQuery) {
  const { rows } = await sql<{
    id: bigint;
    kind: JournalKind;
    day: string;
    reference: string;
    orderId: bigint | null;
    orderNumber: string | null;
    refundId: bigint | null;
    payoutId: bigint | null;
    legs: { account: string; amount: string }[];
  }>`
    select j.id, j.kind, to_char(j.business_day, 'YYYY-MM-DD') as day, j.reference,
           j.order_id as "orderId", o.order_number as "orderNumber", j.refund_id as "refundId", j.payout_id as "payoutId",
           coalesce((select json_agg(json_build_object('account', l.account, 'amount', l.amount::text) order by l.amount < 0, abs(l.amount) desc, l.account)
                     from journal_legs l where l.journal_id = j.id), '[]') as legs
    from journals j left join orders o on o.id = j.order_id and o.store_id = j.store_id
    where ${inStore(storeId, 'j')} and j.business_day between ${q.from}::date and ${q.to}::date
      ${q.account === undefined ? sql`` : sql`and exists (select 1 from journal_legs a where ${inStore(storeId, 'a')} and a.account = ${q.account} and a.journal_id = j.id)`}
      ${q.after === undefined ? sql`` : sql`and (j.business_day, j.id) > (${q.after.day}::date, ${BigInt(q.after.id)}::int8)`}
    order by j.business_day, j.id
    limit ${q.limit}`.execute(db);
  return rows.map((r) => ({ ...r, legs: r.legs.map((l) => ({ account: l.account, amount: BigInt(l.amount) })) }));
}

/**
 * What the chart of accounts is made from: payment methods (archived too), tax slots,
 * vendors with their kept slugs (from `vendors_store_account_slug`, the index alone; null
 * when forgotten since), and codes with their own account.
 */
export async function chartFacts(db: Db, storeId: number) {
  const [store, paymentMethods, vendors, codes] = await Promise.all([
    db
      .selectFrom('stores')
      .select(['name', 'time_zone as timeZone', 'tax1_short_name', 'tax2_short_name', 'tax3_short_name'])
      .where('id', '=', BigInt(storeId))
      .executeTakeFirstOrThrow(),
    db.selectFrom('payment_methods').select(['id', 'name', 'is_cash as isCash']).where(inStore(storeId)).orderBy('id').execute(),
    db.selectFrom('vendors').select(['id', 'account_slug as slug']).where(inStore(storeId)).orderBy('id').execute(),
    // Codes with a separate statement, and codes whose account outlived the setting: two
    // small partial indexes, never every item code of the store.
    sql<{ id: bigint; vendorId: bigint; code: string }>`
      select c.id, c.vendor_id as "vendorId", c.tag as code from item_codes c
      where ${inStore(storeId, 'c')} and c.vendor_id is not null and c.receives_separate_statement
      union
      select c.id, c.vendor_id as "vendorId", c.tag as code from item_codes c
      where ${inStore(storeId, 'c')} and c.vendor_id is not null
        and c.id in (select a.item_code_id from ledger_accounts a where ${inStore(storeId, 'a')} and a.item_code_id is not null)
      order by id`
      .execute(db)
      .then((r) => r.rows),
  ]);
  const taxes = ([1, 2, 3] as const satisfies readonly TaxSlot[]).map((slot) => ({ slot, shortName: store[`tax${slot}_short_name`] }));
  return {
    storeName: store.name,
    timeZone: store.timeZone,
    chart: { paymentMethods, taxes, vendors, separateStatementCodes: codes.map((c) => ({ id: c.id, vendorId: c.vendorId, code: c.code })) },
  };
}

// ---------------------------------------------------------------------------------
// The vendors' kept slugs (docs/BOOKS.md, Default names)
// ---------------------------------------------------------------------------------

export interface VendorSlugRow {
  id: bigint;
  name: string;
  slug: string | null;
  family: string | null;
}

/** Whether a vendor of the store has no kept slug yet (a partial index of those). */
export async function hasVendorsWithoutSlug(db: Db, storeId: number): Promise<boolean> {
  const row = await db.selectFrom('vendors').select('id').where(inStore(storeId)).where('account_slug', 'is', null).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The vendors with no kept slug, with the family they had (a renamed vendor's old one). */
export async function vendorsWithoutSlug(db: Db, storeId: number): Promise<VendorSlugRow[]> {
  return db
    .selectFrom('vendors')
    .select(['id', 'trade_name as name', 'account_slug as slug', 'account_family as family'])
    .where(inStore(storeId))
    .where('account_slug', 'is', null)
    .orderBy('id')
    .execute();
}

/** Takes the families' locks (in one order), so two renames in one family compute its slugs one after the other. */
export async function lockSlugFamilies(db: Db, storeId: number, families: readonly string[]): Promise<void> {
  const keys = [...new Set(families)].sort().map((f) => `vendor_slugs:${storeId}:${f}`);
  await sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(${keys}::text[]) with ordinality as t (k, n) order by n`.execute(db);
}

/** The vendors (archived too) whose kept family is one of `families`, or whose slug is not kept. */
export async function vendorsOfFamilies(db: Db, storeId: number, families: readonly string[]): Promise<VendorSlugRow[]> {
  return db
    .selectFrom('vendors')
    .select(['id', 'trade_name as name', 'account_slug as slug', 'account_family as family'])
    .where(inStore(storeId))
    .where((eb) => eb.or([eb('account_family', 'in', [...families]), eb('account_slug', 'is', null)]))
    .orderBy('id')
    .execute();
}

/** Keeps vendors' slugs and families. */
export async function saveVendorSlugs(db: Db, storeId: number, rows: readonly { id: bigint; slug: string; family: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update vendors v set account_slug = s.slug, account_family = s.family
    from unnest(${rows.map((r) => r.id)}::int8[], ${rows.map((r) => r.slug)}::text[], ${rows.map((r) => r.family)}::text[]) as s (id, slug, family)
    where ${inStore(storeId, 'v')} and v.id = s.id`.execute(db);
}

/** The kept slugs of some vendors. */
export async function vendorSlugs(db: Db, storeId: number, vendorIds: readonly bigint[]) {
  if (vendorIds.length === 0) return [];
  return db
    .selectFrom('vendors')
    .select(['id', 'account_slug as slug'])
    .where(inStore(storeId))
    .where(sql<boolean>`id = any(${[...vendorIds]}::int8[])`)
    .execute();
}

/** The codes with their own account (as `chartFacts` lists them) of some vendors. */
export async function accountCodesOf(db: Db, storeId: number, vendorIds: readonly bigint[]) {
  if (vendorIds.length === 0) return [];
  const { rows } = await sql<{ id: bigint; vendorId: bigint; code: string }>`
    select c.id, c.vendor_id as "vendorId", c.tag as code from item_codes c
    where ${inStore(storeId, 'c')} and c.vendor_id = any(${[...vendorIds]}::int8[])
      and (c.receives_separate_statement
           or exists (select 1 from ledger_accounts a where ${inStore(storeId, 'a')} and a.item_code_id = c.id))
    order by c.id`.execute(db);
  return rows;
}

/** The store's payment methods (archived too) and tax short names: what the clearing and tax accounts are named from. */
export async function smallChartFacts(db: Db, storeId: number) {
  const [store, paymentMethods] = await Promise.all([
    db.selectFrom('stores').select(['tax1_short_name', 'tax2_short_name', 'tax3_short_name']).where('id', '=', BigInt(storeId)).executeTakeFirstOrThrow(),
    db.selectFrom('payment_methods').select(['id', 'name', 'is_cash as isCash']).where(inStore(storeId)).orderBy('id').execute(),
  ]);
  const taxes = ([1, 2, 3] as const satisfies readonly TaxSlot[]).map((slot) => ({ slot, shortName: store[`tax${slot}_short_name`] }));
  return { paymentMethods, taxes };
}

/** The names and numbers the store gave some of its accounts. */
export async function accountNamesOf(db: Db, storeId: number, accounts: readonly string[]) {
  if (accounts.length === 0) return [];
  return db
    .selectFrom('books_account_names')
    .select(['account', 'export_name as exportName', 'export_number as exportNumber'])
    .where(inStore(storeId))
    .where(sql<boolean>`account = any(${[...accounts]}::text[])`)
    .execute();
}

/** The names and numbers the store gave its accounts. */
export async function accountNames(db: Db, storeId: number) {
  return db.selectFrom('books_account_names').select(['account', 'export_name as exportName', 'export_number as exportNumber']).where(inStore(storeId)).execute();
}

/** Sets the name and number of one account (empty for the default). */
export async function saveAccountName(db: Db, storeId: number, name: { account: string; exportName: string; exportNumber: string; updatedBy: bigint | null }) {
  await db
    .insertInto('books_account_names')
    .values({ store_id: BigInt(storeId), account: name.account, export_name: name.exportName, export_number: name.exportNumber, updated_by: name.updatedBy })
    .onConflict((oc) =>
      oc.columns(['store_id', 'account']).doUpdateSet({ export_name: name.exportName, export_number: name.exportNumber, updated_by: name.updatedBy, updated_at: new Date() }),
    )
    .execute();
}

/** The store's today in its time zone. */
export async function storeToday(db: Db, storeId: number): Promise<string> {
  const { rows } = await sql<{ today: string }>`select to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today from stores where id = ${BigInt(storeId)}`.execute(db);
  return rows[0]!.today;
}
