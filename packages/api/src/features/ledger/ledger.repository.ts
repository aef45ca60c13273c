/**
 * The vendor ledger's SQL. Entries are only ever inserted (the database refuses UPDATE
 * and DELETE); account balances and vendors' outstanding balances follow by trigger in
 * the same transaction (migration 0011, docs/SETTLEMENT.md).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, LedgerKind } from '@pos/db';
import { DomainError, MESSAGES } from '@pos/domain';
import { dayAfterStart, inStore, isStoreRow } from '../../db-helpers';

type Db = Kysely<Database>;

export interface NewLedgerEntry {
  vendorId: bigint;
  /** The separate-statement item code's account, or null for the vendor's main account. */
  itemCodeId: bigint | null;
  kind: LedgerKind;
  amount: bigint;
  orderId?: bigint | null;
  orderLineId?: bigint | null;
  refundId?: bigint | null;
  payoutId?: bigint | null;
  rentMonth?: string | null;
  memo?: string;
  createdBy: bigint | null;
  /** When the entry is dated (an offline sale's time of sale); now when left out. */
  at?: Date | null;
}

/** The insert of entries (one statement, answering their ids in order), to run alone or as a part of a sale's last statement. */
export function entriesInsert(storeId: number, entries: readonly NewLedgerEntry[]): RawBuilder<{ id: bigint }> {
  const store = BigInt(storeId);
  return sql<{ id: bigint }>`
    insert into ledger_entries (store_id, vendor_id, item_code_id, kind, amount, order_id, order_line_id, refund_id, payout_id, rent_month, memo, created_by, created_at)
    values ${sql.join(
      entries.map(
        (e) =>
          sql`(${store}, ${e.vendorId}, ${e.itemCodeId}, ${e.kind}, ${e.amount}, ${e.orderId ?? null}, ${e.orderLineId ?? null}, ${e.refundId ?? null}, ${e.payoutId ?? null}, ${e.rentMonth ?? null}, ${e.memo ?? ''}, ${e.createdBy}, coalesce(${e.at ?? null}::timestamptz, now()))`,
      ),
    )}
    returning id`;
}

/** A statement that posts entries, with a balance that would leave signed 64-bit range refused like any other overflow. */
export function refusingOverflow<T>(posting: Promise<T>): Promise<T> {
  return posting.catch((error: unknown) => {
    if ((error as { code?: string } | null)?.code === '22003') throw new DomainError('MONEY_OVERFLOW', MESSAGES.moneyOverflow);
    throw error;
  });
}

/** The insert of entries as a data-modifying part of a sale's last statement's WITH (see order.repository's saveOutcome); none for no entries. */
export function entriesWrites(storeId: number, entries: readonly NewLedgerEntry[]): RawBuilder<unknown> | null {
  return entries.length === 0 ? null : sql`sale_entries as (${entriesInsert(storeId, entries)})`;
}

/** Inserts entries in one statement, answering their ids in order; the balances they move follow in the same transaction. */
export async function insertEntries(db: Db, storeId: number, entries: readonly NewLedgerEntry[]): Promise<bigint[]> {
  if (entries.length === 0) return [];
  const { rows } = await refusingOverflow(entriesInsert(storeId, entries).execute(db));
  return rows.map((r) => r.id);
}

/** A completed order's lines that belong to a vendor, with what their item code says about settling them. */
export interface VendorSaleLine {
  lineId: bigint;
  total: bigint;
  commissionPercent: bigint;
  vendorId: bigint;
  itemCodeId: bigint;
  receivesSeparateStatement: boolean;
  proportionalCcFee: boolean;
}

export async function vendorSaleLines(db: Db, storeId: number, orderId: bigint | number): Promise<VendorSaleLine[]> {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('item_codes as c', (join) => join.onRef('c.id', '=', 'l.item_code_id').on(inStore(storeId, 'c')))
    .select([
      'l.id as lineId',
      'l.total',
      'l.commission_percent as commissionPercent',
      'c.id as itemCodeId',
      'c.receives_separate_statement as receivesSeparateStatement',
      'c.proportional_cc_fee as proportionalCcFee',
    ])
    .select(sql<bigint>`c.vendor_id`.as('vendorId'))
    .where(inStore(storeId, 'l'))
    .where('l.order_id', '=', BigInt(orderId))
    .where('c.vendor_id', 'is not', null)
    .orderBy('l.id')
    .execute();
}

/** What a sold line posted, kind by kind, to the account its sale entries went to. */
export interface LineSalePostings {
  lineId: bigint;
  vendorId: bigint;
  itemCodeId: bigint | null;
  sale: bigint;
  commission: bigint;
  cardFee: bigint;
}

/**
 * The SALE, COMMISSION and CARD_FEE a completed order's lines posted when it was sold
 * (entries naming no refund), one row per line and account. Lines of no vendor posted
 * nothing and have no row.
 */
export async function salePostingsOfLines(db: Db, storeId: number, orderId: bigint, lineIds: readonly bigint[]): Promise<LineSalePostings[]> {
  if (lineIds.length === 0) return [];
  const { rows } = await sql<{ lineId: bigint; vendorId: bigint; itemCodeId: bigint | null; sale: string; commission: string; cardFee: string }>`
    select e.order_line_id as "lineId", e.vendor_id as "vendorId", e.item_code_id as "itemCodeId",
           coalesce(sum(e.amount) filter (where e.kind = 'SALE'), 0)::text as sale,
           coalesce(sum(e.amount) filter (where e.kind = 'COMMISSION'), 0)::text as commission,
           coalesce(sum(e.amount) filter (where e.kind = 'CARD_FEE'), 0)::text as "cardFee"
    from ledger_entries e
    where ${inStore(storeId, 'e')} and e.order_id = ${orderId} and e.order_line_id = any(${[...lineIds]}::int8[])
      and e.refund_id is null and e.kind in ('SALE', 'COMMISSION', 'CARD_FEE')
    group by e.order_line_id, e.vendor_id, e.item_code_id
    order by e.order_line_id, e.vendor_id, e.item_code_id nulls first`.execute(db);
  return rows.map((r) => ({ ...r, sale: BigInt(r.sale), commission: BigInt(r.commission), cardFee: BigInt(r.cardFee) }));
}

/** An account's balance (zero for an account with no entries yet). */
export async function accountBalance(db: Db, storeId: number, vendorId: bigint | number, itemCodeId: bigint | number | null): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where(inStore(storeId))
    .where('vendor_id', '=', BigInt(vendorId))
    .where('account_key', '=', itemCodeId === null ? 0n : BigInt(itemCodeId))
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

// ---------------------------------------------------------------------------------
// Settlement: rent, adjustments, payouts, statements and the balances list
// ---------------------------------------------------------------------------------

/** The advisory lock class of a store's settlement (its id is the other half of the key). */
const SETTLEMENT_LOCK_CLASS = 0x5e77;

/**
 * Serialises, until the transaction ends, every rent posting, payout and payout run of
 * the store: two managers clicking at once take turns, and the second sees what the
 * first posted.
 */
export async function lockStoreSettlement(db: Db, storeId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SETTLEMENT_LOCK_CLASS}::int4, ${storeId}::int4)`.execute(db);
}

/**
 * Locks vendors' rows in id order as the ledger's trigger does (FOR NO KEY UPDATE), so
 * no sale or refund moves their balances between a check and the entry it allows.
 */
export async function lockVendors(db: Db, storeId: number, vendorIds: readonly bigint[]): Promise<void> {
  if (vendorIds.length === 0) return;
  await sql`select id from vendors where ${inStore(storeId)} and id = any(${[...vendorIds]}::int8[]) order by id for no key update`.execute(db);
}

/** The store's name, address and time zone, and its today and this month at `now`. */
export async function storeCalendar(db: Db, storeId: number, now: Date) {
  const { rows } = await sql<{ name: string; address: string; timeZone: string; today: string; month: string }>`
    select name, address, time_zone as "timeZone",
           to_char(${now}::timestamptz at time zone time_zone, 'YYYY-MM-DD') as today,
           to_char(${now}::timestamptz at time zone time_zone, 'YYYY-MM') as month
    from stores where ${isStoreRow(storeId)}`.execute(db);
  return rows[0]!;
}

/** When the store's day `from` starts and the day after `to` starts, in its time zone: the period [start, end). */
export async function storeDayBounds(db: Db, storeId: number, from: string, to: string): Promise<{ start: Date; end: Date }> {
  const { rows } = await sql<{ start: Date; end: Date }>`
    select (${from}::date::timestamp at time zone time_zone) as start,
           ${dayAfterStart(to, sql.ref('time_zone'))} as "end"
    from stores where ${isStoreRow(storeId)}`.execute(db);
  return rows[0]!;
}

/** A vendor of the store, live or archived (an archived vendor's account may still hold money). */
export async function findAccountVendor(db: Db, storeId: number, vendorId: number | bigint) {
  return db
    .selectFrom('vendors')
    .select([
      'id',
      'trade_name as tradeName',
      'vendor_type as vendorType',
      'contact_name as contactName',
      'contact_email as contactEmail',
      'contact_primary_phone as contactPhone',
      'mailing_address as mailingAddress',
      'booth',
      'archived_at as archivedAt',
    ])
    .where(inStore(storeId))
    .where('id', '=', BigInt(vendorId))
    .executeTakeFirst();
}

/**
 * The item code whose account of this vendor is meant: a live code of the vendor that
 * receives a separate statement, or any code the vendor has an account for already.
 */
export async function findAccountCode(db: Db, storeId: number, vendorId: number | bigint, itemCodeId: number | bigint) {
  const { rows } = await sql<{ id: bigint; tag: string }>`
    select c.id, c.tag from item_codes c
    where ${inStore(storeId, 'c')} and c.id = ${BigInt(itemCodeId)}
      and ((c.vendor_id = ${BigInt(vendorId)} and c.receives_separate_statement and c.archived_at is null)
           or exists (select 1 from ledger_accounts a where ${inStore(storeId, 'a')} and a.vendor_id = ${BigInt(vendorId)} and a.item_code_id = c.id))`.execute(db);
  return rows[0];
}

/** What decides each live account's rent: the vendor's flag and rent, or the code's override and rent. */
export interface RentAccount {
  vendorId: bigint;
  itemCodeId: bigint | null;
  vendorDeducts: boolean;
  codeOverride: 'USE_VENDOR_DEFAULT' | 'DEDUCT' | 'DO_NOT_DEDUCT' | null;
  monthlyRent: bigint;
}

/** Every live account that carries a monthly rent: vendors' main accounts and their live separate-statement codes. */
export async function rentAccounts(db: Db, storeId: number): Promise<RentAccount[]> {
  const { rows } = await sql<RentAccount>`
    select v.id as "vendorId", null::int8 as "itemCodeId", v.deduct_monthly_rent as "vendorDeducts", null as "codeOverride", v.monthly_rent as "monthlyRent"
    from vendors v where ${inStore(storeId, 'v')} and v.archived_at is null and v.monthly_rent > 0
    union all
    select v.id, c.id, v.deduct_monthly_rent, c.deduct_monthly_rent_override, c.monthly_rent
    from item_codes c join vendors v on v.id = c.vendor_id
    where ${inStore(storeId, 'c')} and c.archived_at is null and c.receives_separate_statement and c.monthly_rent > 0 and v.archived_at is null
    order by 1, 2 nulls first`.execute(db);
  return rows;
}

/** A posting to one account, with the names the screens show it by. */
export interface PostedAmount {
  vendorId: bigint;
  itemCodeId: bigint | null;
  tag: string | null;
  tradeName: string;
  amount: bigint;
}

/**
 * Posts a month's RENT entries; an account whose rent for the month is posted already
 * is skipped (the unique index of rents), so posting a month again posts nothing new.
 * Answers the entries it posted.
 */
export async function insertRentEntries(
  db: Db,
  storeId: number,
  month: string,
  rents: readonly { vendorId: bigint; itemCodeId: bigint | null; amount: bigint }[],
  createdBy: bigint | null,
): Promise<PostedAmount[]> {
  if (rents.length === 0) return [];
  const { rows } = await sql<PostedAmount>`
    with posted as (
      insert into ledger_entries (store_id, vendor_id, item_code_id, kind, amount, rent_month, memo, created_by)
      select ${BigInt(storeId)}, r.vendor_id, r.item_code_id, 'RENT', r.amount, ${month}, '', ${createdBy}
      from unnest(${rents.map((r) => r.vendorId)}::int8[], ${rents.map((r) => r.itemCodeId)}::int8[], ${rents.map((r) => r.amount)}::int8[])
        as r(vendor_id, item_code_id, amount)
      on conflict (store_id, vendor_id, (coalesce(item_code_id, 0)), rent_month) where kind = 'RENT' do nothing
      returning vendor_id, item_code_id, amount
    )
    select p.vendor_id as "vendorId", p.item_code_id as "itemCodeId", c.tag, v.trade_name as "tradeName", p.amount
    from posted p join vendors v on v.id = p.vendor_id left join item_codes c on c.id = p.item_code_id
    order by lower(v.trade_name), p.vendor_id, p.item_code_id nulls first`.execute(db);
  return rows;
}

export interface NewPayout {
  vendorId: bigint;
  itemCodeId: bigint | null;
  amount: bigint;
}

/**
 * Records payouts and posts each one's PAYOUT entry (− its amount, naming it), in two
 * statements: the entries are read from the payouts just written.
 */
export async function insertPayouts(
  db: Db,
  storeId: number,
  payouts: readonly NewPayout[],
  how: { method: string; reference: string; runId: bigint | null; createdBy: bigint | null },
): Promise<{ id: bigint; vendorId: bigint; itemCodeId: bigint | null; amount: bigint; createdAt: Date }[]> {
  if (payouts.length === 0) return [];
  const { rows } = await sql<{ id: bigint; vendorId: bigint; itemCodeId: bigint | null; amount: bigint; createdAt: Date }>`
    insert into payouts (store_id, vendor_id, item_code_id, amount, method, reference, run_id, created_by)
    select ${BigInt(storeId)}, p.vendor_id, p.item_code_id, p.amount, ${how.method}, ${how.reference}, ${how.runId}, ${how.createdBy}
    from unnest(${payouts.map((p) => p.vendorId)}::int8[], ${payouts.map((p) => p.itemCodeId)}::int8[], ${payouts.map((p) => p.amount)}::int8[])
      as p(vendor_id, item_code_id, amount)
    returning id, vendor_id as "vendorId", item_code_id as "itemCodeId", amount, created_at as "createdAt"`.execute(db);
  await sql`
    insert into ledger_entries (store_id, vendor_id, item_code_id, kind, amount, payout_id, memo, created_by)
    select store_id, vendor_id, item_code_id, 'PAYOUT', -amount, id, '', created_by
    from payouts where ${inStore(storeId)} and id = any(${rows.map((r) => r.id)}::int8[])
    order by vendor_id`.execute(db);
  return rows;
}

export async function insertPayoutRun(
  db: Db,
  storeId: number,
  run: { through: string; minimum: bigint; method: string; total: bigint; count: number; createdBy: bigint | null },
): Promise<bigint> {
  const row = await db
    .insertInto('payout_runs')
    .values({ store_id: BigInt(storeId), through: run.through, minimum: run.minimum, method: run.method as 'CHECK', total: run.total, count: run.count, created_by: run.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An account with money owed to its vendor, and what it earned after a moment (payouts aside). */
export interface PayableAccount {
  vendorId: bigint;
  itemCodeId: bigint | null;
  tag: string | null;
  tradeName: string;
  balance: bigint;
  earnedAfterThrough: bigint;
}

/**
 * The accounts of the store a payout run could pay, by trade name, with what each earned
 * from `after` on: balance above zero, and what it earned before `after` less what it
 * was paid (its balance less what it earned since) at least `minimum` and above zero.
 * The run's rule itself is the domain's payoutRunAmount; this only leaves out the
 * accounts it would pay nothing.
 */
export async function payableAccounts(db: Db, storeId: number, after: Date, minimum: bigint): Promise<PayableAccount[]> {
  const { rows } = await sql<PayableAccount & { earnedAfterThrough: string }>`
    select a.vendor_id as "vendorId", a.item_code_id as "itemCodeId", c.tag, v.trade_name as "tradeName", a.balance,
           coalesce(x.amount, 0)::text as "earnedAfterThrough"
    from ledger_accounts a
    join vendors v on v.id = a.vendor_id
    left join item_codes c on c.id = a.item_code_id
    left join (
      select e.vendor_id, coalesce(e.item_code_id, 0) as account_key, sum(e.amount) as amount
      from ledger_entries e
      where ${inStore(storeId, 'e')} and e.created_at >= ${after} and e.kind <> 'PAYOUT'
      group by 1, 2
    ) x on x.vendor_id = a.vendor_id and x.account_key = a.account_key
    where ${inStore(storeId, 'a')} and a.balance > 0
      and a.balance - coalesce(x.amount, 0) >= greatest(${minimum}::int8, 1)
    order by lower(v.trade_name), a.vendor_id, a.account_key`.execute(db);
  return rows.map((r) => ({ ...r, earnedAfterThrough: BigInt(r.earnedAfterThrough) }));
}

/** Selects one account's entries: the vendor's main account (key 0), or one item code's (read by the account's index). */
function ofAccount(storeId: number, vendorId: bigint, itemCodeId: bigint | null, alias: string) {
  return sql`${inStore(storeId, alias)} and ${sql.ref(`${alias}.vendor_id`)} = ${vendorId} and coalesce(${sql.ref(`${alias}.item_code_id`)}, 0) = ${itemCodeId ?? 0n}`;
}

/**
 * Plans the transaction's statements without parallel workers: a statement joins each
 * entry to its order and line by index, a few thousand lookups that one process does in
 * a third of the time it takes to start workers and gather their rows (measured in
 * bench/settlement.ts).
 */
export async function withoutParallelWorkers(trx: Db): Promise<void> {
  await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
}

/** An account's entry as a statement lists it, with what it came from. */
export interface StatementRow {
  id: bigint;
  date: Date;
  day: string;
  kind: LedgerKind;
  orderNumber: string | null;
  itemCode: string | null;
  lineDescription: string | null;
  rentMonth: string | null;
  payoutMethod: string | null;
  payoutReference: string | null;
  payoutRunId: bigint | null;
  /** The refund a reversal entry comes from. */
  refundNumber: string | null;
  amount: bigint;
  memo: string;
}

/**
 * An account's entries in [start, end), oldest first, with what each came from, and in
 * the same statement (one snapshot) its balance now and the sums of its entries from
 * `start` on and from `end` on: opening = balance − Σ from start, closing = balance − Σ
 * from end. Only the period's entries and those after it are read, never the history
 * before it. Every entry of an account has the account's item code, so its tag is read
 * once; what each entry came from is read by its key, entry by entry (`offset 0` keeps
 * each look-up a subquery of its own, which the planner cannot turn into a hash of the
 * whole table: joined, it hashed every item code, order or line to name a month's entries).
 */
export async function accountStatementRows(db: Db, storeId: number, vendorId: bigint, itemCodeId: bigint | null, start: Date, end: Date, timeZone: string) {
  const { rows } = await sql<{ balance: string; fromStart: string; fromEnd: string } & { [K in keyof StatementRow]: StatementRow[K] | null }>`
    select s.balance, s."fromStart", s."fromEnd", x.*
    from (
      select coalesce((select a.balance from ledger_accounts a where ${inStore(storeId, 'a')} and a.vendor_id = ${vendorId}
                         and a.account_key = ${itemCodeId ?? 0n}), 0)::text as balance,
             coalesce((select sum(e.amount) from ledger_entries e where ${ofAccount(storeId, vendorId, itemCodeId, 'e')} and e.created_at >= ${start}), 0)::text as "fromStart",
             coalesce((select sum(e.amount) from ledger_entries e where ${ofAccount(storeId, vendorId, itemCodeId, 'e')} and e.created_at >= ${end}), 0)::text as "fromEnd",
             (select c.tag from item_codes c where c.id = ${itemCodeId}) as tag
    ) s
    left join lateral (
      select e.id, e.created_at as date, to_char(e.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, e.kind,
             o.order_number as "orderNumber", coalesce(nullif(l.item_code, ''), s.tag) as "itemCode", l.description as "lineDescription",
             e.rent_month as "rentMonth", p.method as "payoutMethod", p.reference as "payoutReference", p.run_id as "payoutRunId",
             r.number as "refundNumber", e.amount, e.memo
      from ledger_entries e
      left join lateral (select o.order_number from orders o where o.id = e.order_id offset 0) o on true
      left join lateral (select l.item_code, l.description from order_lines l where l.id = e.order_line_id offset 0) l on true
      left join lateral (select p.method, p.reference, p.run_id from payouts p where p.id = e.payout_id offset 0) p on true
      left join lateral (select r.number from refunds r where r.id = e.refund_id offset 0) r on true
      where ${ofAccount(storeId, vendorId, itemCodeId, 'e')} and e.created_at >= ${start} and e.created_at < ${end}
    ) x on true
    order by x.date, x.id`.execute(db);
  const first = rows[0]!;
  return {
    balance: BigInt(first.balance),
    fromStart: BigInt(first.fromStart),
    fromEnd: BigInt(first.fromEnd),
    entries: rows.filter((r) => r.id !== null).map(({ balance: _b, fromStart: _s, fromEnd: _e, ...entry }) => entry as StatementRow),
  };
}

/**
 * Σ of positive and of negative balances of the store's accounts, and how many of each
 * (kept by trigger, migration 0013; the Σ of the store's slots, migration 0035).
 */
export async function accountsSummary(db: Db, storeId: number) {
  const { rows } = await sql<{ owed: string; owing: string; accountsOwed: bigint; accountsOwing: bigint }>`
    select coalesce(sum(owed), 0)::text as owed, coalesce(sum(owing), 0)::text as owing,
           coalesce(sum(accounts_owed), 0)::int8 as "accountsOwed", coalesce(sum(accounts_owing), 0)::int8 as "accountsOwing"
    from ledger_store_totals where ${inStore(storeId)}`.execute(db);
  const row = rows[0]!;
  return { owed: BigInt(row.owed), owing: BigInt(row.owing), accountsOwed: row.accountsOwed, accountsOwing: row.accountsOwing };
}

export interface AccountRow {
  vendorId: bigint;
  itemCodeId: bigint | null;
  tag: string | null;
  tradeName: string;
  vendorType: 'VENDOR' | 'VENDOR_CONSIGNMENT' | 'CONSIGNMENT';
  balance: bigint;
  archived: boolean;
}

export interface AccountsQuery {
  filter: 'ALL' | 'OWED' | 'OWING';
  vendorType: AccountRow['vendorType'] | null;
  /** A LIKE pattern for the lower-cased trade name, or null. */
  namePattern: string | null;
  offset: number;
  limit: number;
  /** How many rows the filter has, when the caller knows it already (an O(1) counter). */
  knownTotal: bigint | null;
}

/**
 * One page of accounts and how many there are. ALL pages the store's live vendors by
 * trade name (from the index of names, or of type and name), each vendor's main
 * account followed by its live separate-statement codes; a page past the middle is read
 * from the far end and turned back, so the last page costs what the first does. OWED
 * and OWING read the balances' index, largest amounts first, archived accounts included.
 */
export async function listAccounts(db: Db, storeId: number, q: AccountsQuery): Promise<{ rows: AccountRow[]; total: bigint }> {
  const type = q.vendorType === null ? sql`true` : sql`v.vendor_type = ${q.vendorType}`;
  const name = q.namePattern === null ? sql`true` : sql`lower(v.trade_name) like ${q.namePattern}`;
  if (q.filter === 'ALL') {
    const where = sql`${inStore(storeId, 'v')} and v.archived_at is null and ${type} and ${name}`;
    const total = q.knownTotal ?? (await sql<{ total: bigint }>`select count(*) as total from vendors v where ${where}`.execute(db)).rows[0]!.total;
    const count = Number(total);
    if (q.offset >= count) return { rows: [], total };
    const fromEnd = q.offset > count / 2;
    const direction = fromEnd ? sql`desc` : sql`asc`;
    const limit = fromEnd ? Math.min(q.limit, count - q.offset) : q.limit;
    const offset = fromEnd ? Math.max(0, count - q.offset - q.limit) : q.offset;
    const { rows } = await sql<AccountRow & { k: string }>`
      with page as (
        select v.id, lower(v.trade_name) as k from vendors v where ${where}
        order by lower(v.trade_name) ${direction}, v.id ${direction} limit ${limit} offset ${offset}
      )
      select v.id as "vendorId", a.item_code_id as "itemCodeId", a.tag, v.trade_name as "tradeName", v.vendor_type as "vendorType",
             coalesce(la.balance, 0) as balance, false as archived, p.k
      from page p
      join vendors v on v.id = p.id
      cross join lateral (
        select null::int8 as item_code_id, null::text as tag, 0::int8 as account_key
        union all
        select c.id, c.tag, c.id from item_codes c
        where ${inStore(storeId, 'c')} and c.vendor_id = v.id and c.archived_at is null and c.receives_separate_statement
      ) a
      left join ledger_accounts la on ${inStore(storeId, 'la')} and la.vendor_id = v.id and la.account_key = a.account_key
      order by p.k, p.id, a.account_key`.execute(db);
    return { rows: rows.map(({ k: _k, ...row }) => row), total };
  }
  const sign = q.filter === 'OWED' ? sql`a.balance > 0` : sql`a.balance < 0`;
  const order = q.filter === 'OWED' ? sql`a.balance desc` : sql`a.balance asc`;
  const from = sql`
    from ledger_accounts a join vendors v on v.id = a.vendor_id left join item_codes c on c.id = a.item_code_id
    where ${inStore(storeId, 'a')} and ${sign} and ${type} and ${name}`;
  const [{ rows }, total] = await Promise.all([
    sql<AccountRow>`
      select a.vendor_id as "vendorId", a.item_code_id as "itemCodeId", c.tag, v.trade_name as "tradeName", v.vendor_type as "vendorType",
             a.balance, (v.archived_at is not null or (c.id is not null and (c.archived_at is not null or not c.receives_separate_statement))) as archived
      ${from}
      order by ${order}, a.vendor_id, a.account_key limit ${q.limit} offset ${q.offset}`.execute(db),
    q.knownTotal !== null ? Promise.resolve(q.knownTotal) : sql<{ total: bigint }>`select count(*) as total ${from}`.execute(db).then((r) => r.rows[0]!.total),
  ]);
  return { rows, total };
}
