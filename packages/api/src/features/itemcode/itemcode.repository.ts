/** Item codes: all their SQL, always within the caller's store. */
import { sql, type Kysely, type Selection } from 'kysely';
import type { Database } from '@pos/db';
import { columnList, compiledByShape, inStore, inStoreSlot } from '../../db-helpers';

type Db = Kysely<Database>;

export interface ItemCodeValues {
  tag: string;
  vendorId: number | null;
  warnOnNoControlCode: boolean;
  defaultCommissionPercent: bigint;
  receivesSeparateStatement: boolean;
  proportionalCcFee: boolean;
  deductMonthlyRentOverride: 'USE_VENDOR_DEFAULT' | 'DEDUCT' | 'DO_NOT_DEDUCT';
  monthlyRent: bigint;
}

const ITEM_CODE_COLUMNS = [
  'id',
  'tag',
  'vendor_id as vendorId',
  'warn_on_no_control_code as warnOnNoControlCode',
  'default_commission_percent as defaultCommissionPercent',
  'receives_separate_statement as receivesSeparateStatement',
  'proportional_cc_fee as proportionalCcFee',
  'deduct_monthly_rent_override as deductMonthlyRentOverride',
  'monthly_rent as monthlyRent',
] as const;

function values(v: ItemCodeValues) {
  return {
    tag: v.tag,
    vendor_id: v.vendorId,
    warn_on_no_control_code: v.warnOnNoControlCode,
    default_commission_percent: v.defaultCommissionPercent,
    receives_separate_statement: v.receivesSeparateStatement,
    proportional_cc_fee: v.proportionalCcFee,
    deduct_monthly_rent_override: v.deductMonthlyRentOverride,
    monthly_rent: v.monthlyRent,
  };
}

/** The live codes of one vendor (or the unassigned ones for null), oldest first. */
export async function listVendorItemCodes(db: Db, storeId: number, vendorId: number | bigint | null) {
  let query = db.selectFrom('item_codes').select(ITEM_CODE_COLUMNS).where(inStore(storeId)).where('archived_at', 'is', null);
  query = vendorId === null ? query.where('vendor_id', 'is', null) : query.where('vendor_id', '=', BigInt(vendorId));
  return query.orderBy('id').execute();
}

/** The live codes of several vendors at once (a page of the vendor list), oldest first. */
export async function listItemCodesOfVendors(db: Db, storeId: number, vendorIds: readonly bigint[]) {
  if (vendorIds.length === 0) return [];
  return (await codesOfVendorsStatement(db, String(vendorIds.length), BigInt(storeId), ...vendorIds)).rows;
}

/** A vendor page's codes, compiled once per number of vendors (`compiledByShape`): the vendor list runs it on every call. */
const codesOfVendorsStatement = compiledByShape((db: Db, _shape: string, store: bigint, ...vendorIds: bigint[]) =>
  db.selectFrom('item_codes').select(ITEM_CODE_COLUMNS).where(inStoreSlot(store)).where('vendor_id', 'in', vendorIds).where('archived_at', 'is', null).orderBy('id'),
);

export async function insertItemCode(db: Db, storeId: number, v: ItemCodeValues) {
  return db.insertInto('item_codes').values({ store_id: BigInt(storeId), ...values(v) }).returning(ITEM_CODE_COLUMNS).executeTakeFirstOrThrow();
}

export async function updateItemCode(db: Db, storeId: number, id: number, v: ItemCodeValues) {
  return db
    .updateTable('item_codes')
    .set({ ...values(v), updated_at: sql`now()` })
    .where('id', '=', BigInt(id))
    .where(inStore(storeId))
    .where('archived_at', 'is', null)
    .returning(ITEM_CODE_COLUMNS)
    .executeTakeFirst();
}

export async function findItemCode(db: Db, storeId: number, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = db.selectFrom('item_codes').select(ITEM_CODE_COLUMNS).where('id', '=', BigInt(id)).where(inStore(storeId)).where('archived_at', 'is', null);
  return (opts.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The live code with this tag in the store, case-insensitively. */
const ITEM_CODE_SELECT = columnList(ITEM_CODE_COLUMNS);
export type ItemCodeRow = Selection<Database, 'item_codes', (typeof ITEM_CODE_COLUMNS)[number]>;

export async function findItemCodeByTag(db: Db, storeId: number, tag: string): Promise<ItemCodeRow | undefined> {
  const { rows } = await sql<ItemCodeRow>`
    select ${ITEM_CODE_SELECT} from item_codes where ${inStore(storeId)} and lower(tag) = ${tag.toLowerCase()} and archived_at is null`.execute(db);
  return rows[0];
}

/** The store's live codes of these tags (any case), by lower-cased tag (as findItemCodeByTag compares them); one statement for a whole order. */
export async function findItemCodesByTags(db: Db, storeId: number, tags: readonly string[]): Promise<Map<string, ItemCodeRow>> {
  if (tags.length === 0) return new Map();
  const { rows } = await sql<ItemCodeRow & { key: string }>`
    select ${ITEM_CODE_SELECT}, lower(tag) as key from item_codes
    where ${inStore(storeId)} and lower(tag) = any(${[...new Set(tags.map((t) => t.toLowerCase()))]}::text[]) and archived_at is null`.execute(db);
  return new Map(rows.map(({ key, ...code }) => [key, code]));
}

/** The store's live codes of these ids, by id (as text). */
export async function findItemCodesByIds(db: Db, storeId: number, ids: readonly bigint[]): Promise<Map<string, ItemCodeRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('item_codes')
    .select(ITEM_CODE_COLUMNS)
    .where(inStore(storeId))
    .where('id', 'in', [...new Set(ids)])
    .where('archived_at', 'is', null)
    .execute();
  return new Map(rows.map((code) => [String(code.id), code]));
}

/**
 * Whether the code is referenced: sold (on an order line), carried by an item, or
 * the account of ledger entries. A referenced code is archived on delete, never erased
 * (the rows keep pointing at it).
 */
export async function itemCodeInUse(db: Db, storeId: number, id: number): Promise<boolean> {
  const { rows } = await sql<{ used: boolean }>`
    select exists (select 1 from order_lines where ${inStore(storeId)} and item_code_id = ${id})
        or exists (select 1 from items where ${inStore(storeId)} and item_code_id = ${id})
        or exists (select 1 from ledger_entries where ${inStore(storeId)} and item_code_id = ${id}) as used`.execute(db);
  return rows[0]?.used === true;
}

export async function archiveItemCode(db: Db, storeId: number, id: number): Promise<void> {
  await db.updateTable('item_codes').set({ archived_at: sql`now()` }).where('id', '=', BigInt(id)).where(inStore(storeId)).execute();
}

export async function deleteItemCode(db: Db, storeId: number, id: number): Promise<void> {
  await db.deleteFrom('item_codes').where('id', '=', BigInt(id)).where(inStore(storeId)).execute();
}
