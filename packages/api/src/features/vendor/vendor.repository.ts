/**
 * Vendors: all their SQL, always within the caller's store. The list pages with a
 * deferred join: the page's ids come from an index that starts with store_id and the
 * sort column, and only those rows are read in full.
 */
import { sql, type Kysely, type RawBuilder, type Selection } from 'kysely';
import type { Database } from '@pos/db';
import type { VendorSaveInput, VendorSort } from '@pos/contracts';
import { compiledByShape, inStore, inStoreSlot } from '../../db-helpers';

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
  'vendor_type as vendorType',
  'monthly_rent as monthlyRent',
  'outstanding_statement_balance as outstandingStatementBalance',
  'contact_id as contactId',
  'contact_name as contactName',
  'contact_email as contactEmail',
  'contact_primary_phone as primaryPhone',
  'contact_secondary_phone as secondaryPhone',
  'booth',
  'mailing_address as mailingAddress',
  'tax_id as taxId',
] as const;

export type VendorRow = Selection<Database, 'vendors', (typeof VENDOR_COLUMNS)[number]>;

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

async function readPage(db: Db, storeId: number, page: { offset: number; limit: number; sort: VendorSort; ascending: boolean }): Promise<VendorRow[]> {
  return (await pageStatement(db, `${page.sort} ${page.ascending ? 'asc' : 'desc'}`, BigInt(storeId), page.limit, page.offset)).rows;
}

/** A page's statement, compiled once per sort and direction (`compiledByShape`; the shape is `<sort> <asc|desc>`). */
const pageStatement = compiledByShape((db: Db, shape: string, store: bigint, limit: number, offset: number) => {
  const [sort, direction] = shape.split(' ') as [VendorSort, 'asc' | 'desc'];
  const key = SORT_EXPRESSIONS[sort];
  const ids = db
    .selectFrom('vendors')
    .select(['id as pageId', key.as('sortKey')])
    .where(inStoreSlot(store))
    .where('archived_at', 'is', null)
    .orderBy(key, direction)
    .orderBy('id', direction)
    .limit(limit)
    .offset(offset);
  return db
    .selectFrom(ids.as('p'))
    .innerJoin('vendors', 'vendors.id', 'p.pageId')
    .select(VENDOR_COLUMNS)
    .orderBy('p.sortKey', direction)
    .orderBy('p.pageId', direction);
});

/** `text` as a LIKE pattern that matches it anywhere, its own % _ and \\ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The live vendors whose trade name, contact name or e-mail, or a live item code's tag, contains `search` (any case). */
function searchedVendors(db: Db, storeId: number, search: string) {
  const pattern = containsPattern(search);
  return db
    .selectFrom('vendors')
    .where(inStore(storeId))
    .where('archived_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb(sql`lower(trade_name)`, 'like', pattern),
        eb(sql`lower(contact_name)`, 'like', pattern),
        eb(sql`lower(contact_email)`, 'like', pattern),
        eb.exists(
          eb
            .selectFrom('item_codes as c')
            .select('c.id')
            .whereRef('c.vendor_id', '=', 'vendors.id')
            .where('c.archived_at', 'is', null)
            .where(sql`lower(c.tag)`, 'like', pattern),
        ),
      ]),
    );
}

/** One page of the vendors a search finds, in the list's sort, and how many it finds. */
export async function searchVendors(db: Db, storeId: number, search: string, page: { offset: number; limit: number; sort: VendorSort; ascending: boolean }) {
  const key = SORT_EXPRESSIONS[page.sort];
  const direction = page.ascending ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    searchedVendors(db, storeId, search).select(VENDOR_COLUMNS).orderBy(key, direction).orderBy('id', direction).limit(page.limit).offset(page.offset).execute(),
    searchedVendors(db, storeId, search).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: BigInt(count.n) };
}

/** Live vendors of the store, from the counter the database keeps (migration 0008; the Σ of the store's slots, migration 0035). */
export async function countVendors(db: Db, storeId: number): Promise<bigint> {
  const { rows } = await countStatement(db, '', BigInt(storeId));
  return rows[0]!.n;
}

/** Compiled once (`compiledByShape`): the vendor list runs it on every call. */
const countStatement = compiledByShape((_db: Db, _shape: string, store: bigint) => sql<{ n: bigint }>`select coalesce(sum(live_vendors), 0)::int8 as n from store_counters where ${inStoreSlot(store)}`);

/** The columns a save writes; Vendor Type and Monthly Rent only when given (a new vendor takes the defaults). */
function vendorValues(v: VendorSaveInput) {
  return {
    trade_name: v.tradeName,
    deduct_monthly_rent: v.deductMonthlyRent,
    contact_name: v.contactName,
    contact_email: v.contactEmail,
    contact_primary_phone: v.primaryPhone,
    contact_secondary_phone: v.secondaryPhone,
    ...(v.vendorType === undefined ? {} : { vendor_type: v.vendorType }),
    ...(v.monthlyRent === undefined ? {} : { monthly_rent: v.monthlyRent }),
    ...(v.booth === undefined ? {} : { booth: v.booth }),
    ...(v.mailingAddress === undefined ? {} : { mailing_address: v.mailingAddress }),
    ...(v.taxId === undefined ? {} : { tax_id: v.taxId }),
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
    .where(inStore(storeId))
    .where('archived_at', 'is', null)
    .returning(VENDOR_COLUMNS)
    .executeTakeFirst();
}

export async function findVendor(db: Db, storeId: number, vendorId: number | bigint, opts: { forUpdate?: boolean } = {}): Promise<VendorRow | undefined> {
  const query = db.selectFrom('vendors').select(VENDOR_COLUMNS).where('id', '=', BigInt(vendorId)).where(inStore(storeId)).where('archived_at', 'is', null);
  // Locked, the row's balance holds still: the ledger's trigger updates it with every entry.
  return (opts.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Whether the vendor is referenced: it has ledger entries, or one of its item codes
 * (live or archived) is on an order line or carried by an item. Such a vendor is
 * archived on delete, not erased.
 */
export async function vendorCodesInUse(db: Db, storeId: number, vendorId: number): Promise<boolean> {
  const entry = await db.selectFrom('ledger_entries').select('id').where(inStore(storeId)).where('vendor_id', '=', BigInt(vendorId)).limit(1).executeTakeFirst();
  if (entry) return true;
  const row = await db
    .selectFrom('item_codes as c')
    .select('c.id')
    .where(inStore(storeId, 'c'))
    .where('c.vendor_id', '=', BigInt(vendorId))
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('order_lines as l').select('l.id').whereRef('l.item_code_id', '=', 'c.id')),
        eb.exists(eb.selectFrom('items as i').select('i.id').whereRef('i.item_code_id', '=', 'c.id')),
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
    .where(inStore(storeId))
    .where('vendor_id', '=', BigInt(vendorId))
    .where('archived_at', 'is', null)
    .execute();
  await db.updateTable('vendors').set({ archived_at: sql`now()` }).where('id', '=', BigInt(vendorId)).where(inStore(storeId)).execute();
}

export async function deleteVendor(db: Db, storeId: number, vendorId: number): Promise<void> {
  await db.deleteFrom('item_codes').where(inStore(storeId)).where('vendor_id', '=', BigInt(vendorId)).execute();
  await db.deleteFrom('vendors').where('id', '=', BigInt(vendorId)).where(inStore(storeId)).execute();
}
