/**
 * The vendor portal's SQL: invitations, who holds a vendor's VENDOR assignment, and what a
 * vendor reads of their own accounts. Every read of the portal filters by the store and
 * the vendor its caller's assignment names (docs/ARCHITECTURE.md, Vendor portal).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { inStore } from '../../db-helpers';

type Db = Kysely<Database>;

// ---- invitations --------------------------------------------------------------------

export async function insertInvite(
  db: Db,
  storeId: number,
  invite: { vendorId: bigint; email: string; tokenHash: string; expiresAt: Date; createdBy: bigint },
): Promise<bigint> {
  const row = await db
    .insertInto('vendor_invites')
    .values({
      store_id: BigInt(storeId),
      vendor_id: invite.vendorId,
      email: invite.email,
      token_hash: invite.tokenHash,
      expires_at: invite.expiresAt,
      created_by: invite.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const INVITE_COLUMNS = [
  'id',
  'store_id as storeId',
  'vendor_id as vendorId',
  'email',
  'expires_at as expiresAt',
  'accepted_at as acceptedAt',
  'revoked_at as revokedAt',
] as const;

/** The invitation whose token hashes to `tokenHash`, locked until the transaction ends (accepting takes turns). */
export async function lockInviteByHash(db: Db, tokenHash: string) {
  return db.selectFrom('vendor_invites').select(INVITE_COLUMNS).where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
}

/** An invitation of the store, locked until the transaction ends. */
export async function lockInvite(db: Db, storeId: number, inviteId: number) {
  return db.selectFrom('vendor_invites').select(INVITE_COLUMNS).where(inStore(storeId)).where('id', '=', BigInt(inviteId)).forUpdate().executeTakeFirst();
}

export async function markInviteAccepted(db: Db, inviteId: bigint, userId: bigint): Promise<void> {
  await db.updateTable('vendor_invites').set({ accepted_at: sql`now()`, accepted_by: userId }).where('id', '=', inviteId).execute();
}

export async function markInviteRevoked(db: Db, inviteId: bigint, userId: bigint): Promise<void> {
  await db.updateTable('vendor_invites').set({ revoked_at: sql`now()`, revoked_by: userId }).where('id', '=', inviteId).execute();
}

/** The vendor's invitations still open at `now` (neither accepted, revoked nor expired), newest first. */
export async function listOpenInvites(db: Db, storeId: number, vendorId: number, now: Date) {
  return db
    .selectFrom('vendor_invites as i')
    .innerJoin('users as u', 'u.id', 'i.created_by')
    .select(['i.id as inviteId', 'i.email', 'i.created_at as createdAt', 'i.expires_at as expiresAt', 'u.username as createdBy'])
    .where(inStore(storeId, 'i'))
    .where('i.vendor_id', '=', BigInt(vendorId))
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

// ---- VENDOR assignments ---------------------------------------------------------------

/** Who holds the vendor's VENDOR assignment, in the order they got it. */
export async function listPortalPeople(db: Db, storeId: number, vendorId: number) {
  return db
    .selectFrom('role_assignments as ra')
    .innerJoin('users as u', 'u.id', 'ra.user_id')
    .select(['u.id as userId', 'u.username', 'u.email', 'ra.created_at as since'])
    .where(inStore(storeId, 'ra'))
    .where('ra.role', '=', 'VENDOR')
    .where('ra.vendor_id', '=', BigInt(vendorId))
    .orderBy('ra.id')
    .execute();
}

/** The vendor a user is in the store, when they hold a VENDOR assignment there. */
export async function vendorAssignmentOf(db: Db, storeId: number, userId: bigint): Promise<bigint | null> {
  const row = await db
    .selectFrom('role_assignments')
    .select('vendor_id as vendorId')
    .where(inStore(storeId))
    .where('user_id', '=', userId)
    .where('role', '=', 'VENDOR')
    .executeTakeFirst();
  return row?.vendorId ?? null;
}

/** Removes one person's VENDOR assignment of the vendor; answers whether there was one. */
export async function deleteVendorAssignment(db: Db, storeId: number, vendorId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('role_assignments')
    .where(inStore(storeId))
    .where('role', '=', 'VENDOR')
    .where('vendor_id', '=', BigInt(vendorId))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A vendor of the store: its name, and whether it is archived. */
export async function findVendor(db: Db, storeId: number, vendorId: number | bigint) {
  return db
    .selectFrom('vendors')
    .select(['id', 'trade_name as tradeName', 'archived_at as archivedAt', 'outstanding_statement_balance as balance'])
    .where(inStore(storeId))
    .where('id', '=', BigInt(vendorId))
    .executeTakeFirst();
}

// ---- what a vendor reads ------------------------------------------------------------------

/** The vendor's accounts: its main account and each separate-statement code it has money on or that is live, with balances. */
export async function vendorAccounts(db: Db, storeId: number, vendorId: bigint) {
  const { rows } = await sql<{ itemCodeId: bigint | null; tag: string | null; balance: bigint }>`
    select k.item_code_id as "itemCodeId", c.tag, coalesce(a.balance, 0)::int8 as balance
    from (
      select null::int8 as item_code_id, 0::int8 as account_key
      union
      select a.item_code_id, a.account_key from ledger_accounts a where ${inStore(storeId, 'a')} and a.vendor_id = ${vendorId} and a.account_key <> 0
      union
      select c.id, c.id from item_codes c
      where ${inStore(storeId, 'c')} and c.vendor_id = ${vendorId} and c.receives_separate_statement and c.archived_at is null
    ) k
    left join ledger_accounts a on ${inStore(storeId, 'a')} and a.vendor_id = ${vendorId} and a.account_key = k.account_key
    left join item_codes c on c.id = k.item_code_id
    order by k.account_key = 0 desc, lower(c.tag), k.account_key`.execute(db);
  return rows;
}

/** Restricts entries `e` to one account of the vendor (by its item code), or lets every account through. */
function ofAccount(itemCodeId: number | null) {
  return itemCodeId === null ? sql`true` : sql`a.account_key = ${BigInt(itemCodeId)}`;
}

const HOUR_MS = 3_600_000;

/**
 * Σ of the sale entries (SALE, COMMISSION, CARD_FEE) of the vendor's accounts in
 * [start, end), and how many lines they are (each sold or refunded line posts exactly
 * one SALE entry). Account by account: the whole UTC hours of the period from the sums
 * the ledger keeps per hour (ledger_sale_hours), and the entries of a part-hour at either
 * end (a day starting on a half hour) from the ledger's index of accounts and times.
 */
export async function saleTotals(db: Db, storeId: number, vendorId: bigint, itemCodeId: number | null, start: Date, end: Date) {
  // The first whole hour at or after start, and the last hour boundary at or before end.
  const hoursFrom = new Date(Math.ceil(start.getTime() / HOUR_MS) * HOUR_MS);
  const hoursTo = new Date(Math.floor(end.getTime() / HOUR_MS) * HOUR_MS);
  // The part-hours at either end, each empty when the period starts or ends on the hour.
  const edges = [
    { from: start, to: new Date(Math.min(hoursFrom.getTime(), end.getTime())) },
    { from: new Date(Math.max(hoursTo.getTime(), hoursFrom.getTime(), start.getTime())), to: end },
  ].filter((edge) => edge.from < edge.to);
  const edgeSums = edges.map(
    (edge) => sql`
      union all
      select count(*) filter (where e.kind = 'SALE'), coalesce(sum(e.amount) filter (where e.kind = 'SALE'), 0),
             coalesce(sum(e.amount) filter (where e.kind = 'COMMISSION'), 0), coalesce(sum(e.amount) filter (where e.kind = 'CARD_FEE'), 0)
      from ledger_entries e
      where e.store_id = a.store_id and e.vendor_id = a.vendor_id and coalesce(e.item_code_id, 0) = a.account_key
        and e.created_at >= ${edge.from} and e.created_at < ${edge.to} and e.kind in ('SALE', 'COMMISSION', 'CARD_FEE')`,
  );
  const { rows } = await sql<{ lines: string; lineTotal: string; commission: string; cardFee: string }>`
    select coalesce(sum(t.lines), 0)::text as lines, coalesce(sum(t.sale), 0)::text as "lineTotal",
           coalesce(sum(t.commission), 0)::text as commission, coalesce(sum(t.card_fee), 0)::text as "cardFee"
    from ledger_accounts a
    cross join lateral (
      select h.lines, h.sale, h.commission, h.card_fee from ledger_sale_hours h
      where h.store_id = a.store_id and h.vendor_id = a.vendor_id and h.account_key = a.account_key
        and h.hour >= ${hoursFrom} and h.hour < ${hoursTo}
      ${sql.join(edgeSums, sql``)}
    ) t
    where ${inStore(storeId, 'a')} and a.vendor_id = ${vendorId} and ${ofAccount(itemCodeId)}`.execute(db);
  const r = rows[0]!;
  return { lines: BigInt(r.lines), lineTotal: BigInt(r.lineTotal), commission: BigInt(r.commission), cardFee: BigInt(r.cardFee) };
}

/** The balance now of the vendor's accounts (one account's, given its item code). */
export async function accountsBalance(db: Db, storeId: number, vendorId: bigint, itemCodeId: number | null): Promise<bigint> {
  const { rows } = await sql<{ balance: string }>`
    select coalesce(sum(a.balance), 0)::text as balance from ledger_accounts a
    where ${inStore(storeId, 'a')} and a.vendor_id = ${vendorId} and ${ofAccount(itemCodeId)}`.execute(db);
  return BigInt(rows[0]!.balance);
}

/** A sold or refunded line of the vendor as the portal lists it (no customer, no other lines of the order). */
export interface SaleLineRow {
  date: Date;
  day: string;
  orderNumber: string;
  refundNumber: string | null;
  itemCode: string | null;
  description: string;
  quantity: bigint;
  price: bigint;
  discountPercent: bigint;
  lineTotal: bigint;
  commission: bigint;
  cardFee: bigint;
}

/**
 * One page of the vendor's sold and refunded lines in [start, end), newest first: a page
 * of SALE entries counted off in the index of the vendor's SALE entries by time alone
 * (it carries the item code, for one account's page), from the newest or, for a page in
 * the older half of the period's `total` lines, from the oldest; then each one's
 * line, order, refund, and the COMMISSION and CARD_FEE posted with it. A refund's row
 * has the refunded quantity negative and the reversal's amounts.
 */
export async function saleLinesPage(
  db: Db,
  storeId: number,
  vendorId: bigint,
  itemCodeId: number | null,
  period: { start: Date; end: Date; timeZone: string },
  offset: number,
  limit: number,
  total: number,
): Promise<SaleLineRow[]> {
  if (offset >= total) return [];
  const account = itemCodeId === null ? sql`true` : sql`coalesce(s.item_code_id, 0) = ${BigInt(itemCodeId)}`;
  // A page in the older half is counted off from the oldest line: the same rows, fewer skipped.
  const fromOldest = offset > total / 2;
  const { rows } = await sql<SaleLineRow>`
    with ids as (
      select s.id
      from ledger_entries s
      where ${inStore(storeId, 's')} and s.vendor_id = ${vendorId} and s.kind = 'SALE' and ${account}
        and s.created_at >= ${period.start} and s.created_at < ${period.end}
      ${fromOldest ? sql`order by s.created_at, s.id` : sql`order by s.created_at desc, s.id desc`}
      limit ${fromOldest ? Math.min(limit, total - offset) : limit} offset ${fromOldest ? Math.max(0, total - offset - limit) : offset}
    ),
    page as (
      select s.id, s.created_at, s.order_id, s.order_line_id, s.refund_id, s.amount
      from ids join ledger_entries s on s.id = ids.id
    )
    select p.created_at as date, to_char(p.created_at at time zone ${period.timeZone}, 'YYYY-MM-DD') as day,
           o.order_number as "orderNumber", r.number as "refundNumber",
           coalesce(nullif(l.item_code, ''), c.tag) as "itemCode", l.description,
           case when p.refund_id is null then l.quantity else -coalesce(rl.quantity, 0) end::int8 as quantity,
           l.price, l.discount_percent as "discountPercent", p.amount as "lineTotal",
           coalesce(x.commission, 0)::int8 as commission, coalesce(x.card_fee, 0)::int8 as "cardFee"
    from page p
    join orders o on o.id = p.order_id
    join order_lines l on l.id = p.order_line_id
    left join item_codes c on c.id = l.item_code_id
    left join refunds r on r.id = p.refund_id
    left join lateral (
      select sum(q.quantity) as quantity from refund_lines q where q.refund_id = p.refund_id and q.order_line_id = p.order_line_id
    ) rl on p.refund_id is not null
    left join lateral (
      select sum(e.amount) filter (where e.kind = 'COMMISSION') as commission, sum(e.amount) filter (where e.kind = 'CARD_FEE') as card_fee
      from ledger_entries e
      where ${inStore(storeId, 'e')} and e.order_id = p.order_id and e.order_line_id = p.order_line_id and e.vendor_id = ${vendorId}
        and e.refund_id is not distinct from p.refund_id and e.kind in ('COMMISSION', 'CARD_FEE')
    ) x on true
    order by p.created_at desc, p.id desc`.execute(db);
  return rows;
}

/** Whether the month's rent is posted on the vendor's accounts already. */
export async function rentPosted(db: Db, storeId: number, vendorId: bigint, month: string): Promise<boolean> {
  const { rows } = await sql<{ posted: boolean }>`
    select exists (select 1 from ledger_entries e where ${inStore(storeId, 'e')} and e.vendor_id = ${vendorId} and e.kind = 'RENT' and e.rent_month = ${month}) as posted`.execute(db);
  return rows[0]!.posted;
}

const PAYOUT_COLUMNS = sql`p.id, p.vendor_id as "vendorId", p.item_code_id as "itemCodeId", c.tag, p.amount, p.method, p.reference, p.created_at as "createdAt"`;

export interface PortalPayoutRow {
  id: bigint;
  vendorId: bigint;
  itemCodeId: bigint | null;
  tag: string | null;
  amount: bigint;
  method: 'CHECK' | 'CASH' | 'ACH' | 'STORE_CREDIT';
  reference: string;
  createdAt: Date;
}

/** The vendor's payouts, newest first, and how many there are. */
export async function payoutsPage(db: Db, storeId: number, vendorId: bigint, offset: number, limit: number) {
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<PortalPayoutRow>`
      select ${PAYOUT_COLUMNS} from payouts p left join item_codes c on c.id = p.item_code_id
      where ${inStore(storeId, 'p')} and p.vendor_id = ${vendorId}
      order by p.created_at desc, p.id desc limit ${limit} offset ${offset}`.execute(db),
    sql<{ total: bigint }>`select count(*) as total from payouts p where ${inStore(storeId, 'p')} and p.vendor_id = ${vendorId}`.execute(db),
  ]);
  return { rows, total: count[0]!.total };
}

/** What decides the rent of each of the vendor's live accounts (as the ledger's rentAccounts, for one vendor). */
export async function vendorRentAccounts(db: Db, storeId: number, vendorId: bigint) {
  const { rows } = await sql<{ vendorDeducts: boolean; codeOverride: 'USE_VENDOR_DEFAULT' | 'DEDUCT' | 'DO_NOT_DEDUCT' | null; monthlyRent: bigint }>`
    select v.deduct_monthly_rent as "vendorDeducts", null as "codeOverride", v.monthly_rent as "monthlyRent"
    from vendors v where ${inStore(storeId, 'v')} and v.id = ${vendorId} and v.archived_at is null
    union all
    select v.deduct_monthly_rent, c.deduct_monthly_rent_override, c.monthly_rent
    from item_codes c join vendors v on v.id = c.vendor_id
    where ${inStore(storeId, 'c')} and c.vendor_id = ${vendorId} and c.archived_at is null and c.receives_separate_statement and v.archived_at is null`.execute(db);
  return rows;
}

/** The vendor's payout last made, or undefined. */
export async function lastPayout(db: Db, storeId: number, vendorId: bigint): Promise<PortalPayoutRow | undefined> {
  const { rows } = await sql<PortalPayoutRow>`
    select ${PAYOUT_COLUMNS} from payouts p left join item_codes c on c.id = p.item_code_id
    where ${inStore(storeId, 'p')} and p.vendor_id = ${vendorId}
    order by p.created_at desc, p.id desc limit 1`.execute(db);
  return rows[0];
}
