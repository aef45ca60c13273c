/**
 * Vendors: all their SQL, always within the caller's store. The list pages with a
 * deferred join: the page's ids come from an index that starts with store_id and the
 * sort column, and only those rows are read in full.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@pos/db';
import type { VendorSaveInput, VendorSort } from '@pos/contracts';

type Db = Kysely<Database>;

const SORT_EXPRESSIONS: Record<VendorSort, RawBuilder<unknown>> = {
  tradeName: sql`lower(trade_name)`,
  contactName: sql`lower(contact_name)`,
  email: sql`lower(contact_email)`,
  primaryPhone: sql`contact_primary_phone`,
};

const VENDOR_COLUMNS = [
  'id',
  'trade_name as tradeName',
  'deduct_monthly_rent as deductMonthlyRent',
  'outstanding_statement_balance as outstandingStatementBalance',
  'contact_id as contactId',
  'contact_name as contactName',
  'contact_email as contactEmail',
  'contact_primary_phone as primaryPhone',
  'contact_secondary_phone as secondaryPhone',
] as const;

export interface VendorRow {
  id: bigint;
  tradeName: string;
  deductMonthlyRent: boolean;
  outstandingStatementBalance: bigint;
  contactId: bigint | null;
  contactName: string | null;
  contactEmail: string | null;
  primaryPhone: string | null;
  secondaryPhone: string | null;
}

/**
 * One page of the sorted list. A page past the middle is read from the far end (the
 * reverse order with the mirrored offset) and turned back, so the last page costs what
 * the first does instead of skipping every row before it.
 */
export async function listVendors(db: Db, storeId: number, page: { offset: number; limit: number; total: bigint; sort: VendorSort; ascending: boolean }) {
  const total = Number(page.total);
  if (page.offset >= total) return [];
  const fromEnd = page.offset > total / 2;
  const rows = await readPage(db, storeId, {
    sort: page.sort,
    ascending: fromEnd ? !page.ascending : page.ascending,
    offset: fromEnd ? Math.max(0, total - page.offset - page.limit) : page.offset,
    limit: fromEnd ? Math.min(page.limit, total - page.offset) : page.limit,
  });
  return fromEnd ? rows.reverse() : rows;
}

async function readPage(db: Db, storeId: number, page: { offset: number; limit: number; sort: VendorSort; ascending: boolean }) {
  const key = SORT_EXPRESSIONS[page.sort];
  const direction = page.ascending ? sql`asc` : sql`desc`;
  const { rows } = await sql<VendorRow>`
    select v.id, v.trade_name as "tradeName", v.deduct_monthly_rent as "deductMonthlyRent",
           v.outstanding_statement_balance as "outstandingStatementBalance", v.contact_id as "contactId",
           v.contact_name as "contactName", v.contact_email as "contactEmail",
           v.contact_primary_phone as "primaryPhone", v.contact_secondary_phone as "secondaryPhone"
    from (
      select id, ${key} as sort_key from vendors
      where store_id = ${storeId} and archived_at is null
      order by ${key} ${direction}, id ${direction}
      limit ${page.limit} offset ${page.offset}
    ) p
    join vendors v on v.id = p.id
    order by p.sort_key ${direction}, p.id ${direction}`.execute(db);
  return rows;
}

/** Live vendors of the store, from the counter the database keeps (migration 0008). */
export async function countVendors(db: Db, storeId: number): Promise<bigint> {
  const row = await db.selectFrom('store_counters').select('live_vendors').where('store_id', '=', BigInt(storeId)).executeTakeFirst();
  return row?.live_vendors ?? 0n;
}

function vendorValues(v: VendorSaveInput) {
  return {
    trade_name: v.tradeName,
    deduct_monthly_rent: v.deductMonthlyRent,
    contact_name: v.contactName,
    contact_email: v.contactEmail,
    contact_primary_phone: v.primaryPhone,
    contact_secondary_phone: v.secondaryPhone,
  };
}

export async function insertVendor(db: Db, storeId: number, v: VendorSaveInput): Promise<VendorRow> {
  return db
    .insertInto('vendors')
    .values({ store_id: BigInt(storeId), ...vendorValues(v) })
    .returning(VENDOR_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateVendor(db: Db, storeId: number, vendorId: number, v: VendorSaveInput): Promise<VendorRow | undefined> {
  return db
    .updateTable('vendors')
    .set({ ...vendorValues(v), contact_id: sql`coalesce(contact_id, nextval('vendor_contact_id_seq'))`, updated_at: sql`now()` })
    .where('id', '=', BigInt(vendorId))
    .where('store_id', '=', BigInt(storeId))
    .where('archived_at', 'is', null)
    .returning(VENDOR_COLUMNS)
    .executeTakeFirst();
}

export async function findVendor(db: Db, storeId: number, vendorId: number | bigint): Promise<VendorRow | undefined> {
  return db
    .selectFrom('vendors')
    .select(VENDOR_COLUMNS)
    .where('id', '=', BigInt(vendorId))
    .where('store_id', '=', BigInt(storeId))
    .where('archived_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Whether any of the vendor's item codes (live or archived) is referenced: on an order
 * line, or carried by a stock item. Such a vendor is archived on delete, not erased.
 */
export async function vendorCodesInUse(db: Db, storeId: number, vendorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('item_codes as c')
    .select('c.id')
    .where('c.store_id', '=', BigInt(storeId))
    .where('c.vendor_id', '=', BigInt(vendorId))
    .where(({ or, exists, selectFrom }) =>
      or([
        exists(selectFrom('order_lines as l').select('l.id').whereRef('l.item_code_id', '=', 'c.id')),
        exists(selectFrom('inventory_items as i').select('i.id').whereRef('i.item_code_id', '=', 'c.id')),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function archiveVendor(db: Db, storeId: number, vendorId: number): Promise<void> {
  await db
    .updateTable('item_codes')
    .set({ archived_at: sql`now()` })
    .where('store_id', '=', BigInt(storeId))
    .where('vendor_id', '=', BigInt(vendorId))
    .where('archived_at', 'is', null)
    .execute();
  await db.updateTable('vendors').set({ archived_at: sql`now()` }).where('id', '=', BigInt(vendorId)).where('store_id', '=', BigInt(storeId)).execute();
}

export async function deleteVendor(db: Db, storeId: number, vendorId: number): Promise<void> {
  await db.deleteFrom('item_codes').where('store_id', '=', BigInt(storeId)).where('vendor_id', '=', BigInt(vendorId)).execute();
  await db.deleteFrom('vendors').where('id', '=', BigInt(vendorId)).where('store_id', '=', BigInt(storeId)).execute();
}
