/**
 * Store settings and payment methods: all their SQL, always within the caller's store.
 * Every change moves the store's updated_at (storeUpdatedAt) strictly forward, so
 * clients holding older settings know to refresh.
 */
import { sql, type Kysely, type Selection } from 'kysely';
import type { Database } from '@pos/db';
import type { UpdateSettingsInput } from '@pos/contracts';
import { columnList, inStore, isStoreRow } from '../../db-helpers';

type Db = Kysely<Database>;

const SETTINGS_COLUMNS = [
  'order_prefix as orderPrefix',
  'next_order_number as nextOrderNumber',
  'default_vendor_commission_percent as defaultVendorCommissionPercent',
  'default_vendor_consignment_commission_percent as defaultVendorConsignmentCommissionPercent',
  'default_consignment_commission_percent as defaultConsignmentCommissionPercent',
  'tax1_short_name as tax1ShortName',
  'tax1_long_name as tax1LongName',
  'tax1_percent as tax1Percent',
  'tax1_enabled as tax1Enabled',
  'tax1_apply_by_default as tax1ApplyByDefault',
  'tax2_short_name as tax2ShortName',
  'tax2_long_name as tax2LongName',
  'tax2_percent as tax2Percent',
  'tax2_enabled as tax2Enabled',
  'tax2_apply_by_default as tax2ApplyByDefault',
  'tax3_short_name as tax3ShortName',
  'tax3_long_name as tax3LongName',
  'tax3_percent as tax3Percent',
  'tax3_enabled as tax3Enabled',
  'tax3_apply_by_default as tax3ApplyByDefault',
  'time_zone as timeZone',
  'address',
  'offline_max_sales as offlineMaxSales',
  'offline_max_total as offlineMaxTotal',
  'offline_max_hours as offlineMaxHours',
  'updated_at as storeUpdatedAt',
] as const;

const NEXT_UPDATED_AT = sql<Date>`greatest(clock_timestamp(), updated_at + interval '1 millisecond')`;

/** The store's settings; `forUpdate` locks the row until the transaction ends (to compare before a change). */
const SETTINGS_SELECT = columnList(SETTINGS_COLUMNS);
/** The settings' select list for a statement that reads the store as `s` beside other tables. */
export const SETTINGS_OF_S = columnList(SETTINGS_COLUMNS, 's');
export type Settings = Selection<Database, 'stores', (typeof SETTINGS_COLUMNS)[number]>;

export async function getSettings(db: Db, storeId: number, options: { forUpdate?: boolean } = {}): Promise<Settings> {
  const { rows } = await sql<Settings>`select ${SETTINGS_SELECT} from stores where ${isStoreRow(storeId)} ${options.forUpdate ? sql`for update` : sql``}`.execute(db);
  if (!rows[0]) throw new Error(`store ${storeId} has no row`);
  return rows[0];
}

export async function getTimeZone(db: Db, storeId: number): Promise<string> {
  const row = await db.selectFrom('stores').select('time_zone').where(isStoreRow(storeId)).executeTakeFirstOrThrow();
  return row.time_zone;
}

export async function updateSettings(db: Db, storeId: number, s: UpdateSettingsInput) {
  return db
    .updateTable('stores')
    .set({
      order_prefix: s.orderPrefix,
      next_order_number: s.nextOrderNumber,
      default_vendor_commission_percent: s.defaultVendorCommissionPercent,
      default_vendor_consignment_commission_percent: s.defaultVendorConsignmentCommissionPercent,
      default_consignment_commission_percent: s.defaultConsignmentCommissionPercent,
      tax1_short_name: s.tax1ShortName,
      tax1_long_name: s.tax1LongName,
      tax1_percent: s.tax1Percent,
      tax1_enabled: s.tax1Enabled,
      tax1_apply_by_default: s.tax1ApplyByDefault,
      tax2_short_name: s.tax2ShortName,
      tax2_long_name: s.tax2LongName,
      tax2_percent: s.tax2Percent,
      tax2_enabled: s.tax2Enabled,
      tax2_apply_by_default: s.tax2ApplyByDefault,
      tax3_short_name: s.tax3ShortName,
      tax3_long_name: s.tax3LongName,
      tax3_percent: s.tax3Percent,
      tax3_enabled: s.tax3Enabled,
      tax3_apply_by_default: s.tax3ApplyByDefault,
      ...(s.timeZone ? { time_zone: s.timeZone } : {}),
      ...(s.address === undefined ? {} : { address: s.address }),
      ...(s.offlineMaxSales === undefined ? {} : { offline_max_sales: s.offlineMaxSales }),
      ...(s.offlineMaxTotal === undefined ? {} : { offline_max_total: s.offlineMaxTotal }),
      ...(s.offlineMaxHours === undefined ? {} : { offline_max_hours: s.offlineMaxHours }),
      updated_at: NEXT_UPDATED_AT,
    })
    .where(isStoreRow(storeId))
    .returning(SETTINGS_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Moves storeUpdatedAt forward and answers it. */
export async function touchStore(db: Db, storeId: number): Promise<Date> {
  const row = await db
    .updateTable('stores')
    .set({ updated_at: NEXT_UPDATED_AT })
    .where(isStoreRow(storeId))
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  return row.updated_at;
}

export async function getStoreUpdatedAt(db: Db, storeId: number): Promise<Date> {
  const row = await db.selectFrom('stores').select('updated_at').where(isStoreRow(storeId)).executeTakeFirstOrThrow();
  return row.updated_at;
}

const PAYMENT_COLUMNS = [
  'id',
  'name',
  'vendor_fee_percent as vendorFeePercent',
  'customer_fee_percent as customerFeePercent',
  'customer_fee_amount as customerFeeAmount',
  'minimum_amount as minimumAmount',
  'requires_manager_approval as requiresManagerApproval',
  'offline_allowed as offlineAllowed',
  'is_cash as isCash',
] as const;

export interface PaymentMethodValues {
  name: string;
  vendorFeePercent: bigint;
  customerFeePercent: bigint;
  customerFeeAmount: bigint;
  minimumAmount: bigint;
  requiresManagerApproval: boolean;
  offlineAllowed: boolean;
}

function paymentRow(v: PaymentMethodValues) {
  return {
    name: v.name,
    vendor_fee_percent: v.vendorFeePercent,
    customer_fee_percent: v.customerFeePercent,
    customer_fee_amount: v.customerFeeAmount,
    minimum_amount: v.minimumAmount,
    requires_manager_approval: v.requiresManagerApproval,
    offline_allowed: v.offlineAllowed,
  };
}

export async function listPaymentMethods(db: Db, storeId: number) {
  return db
    .selectFrom('payment_methods')
    .select(PAYMENT_COLUMNS)
    .where(inStore(storeId))
    .where('archived_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function insertPaymentMethod(db: Db, storeId: number, v: PaymentMethodValues) {
  return db
    .insertInto('payment_methods')
    .values({ store_id: BigInt(storeId), ...paymentRow(v) })
    .returning(PAYMENT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * The payment methods of these ids that belong to this store, live or archived, with
 * their fees (checkout decides which it may take).
 */
const PAYMENT_SELECT = columnList(PAYMENT_COLUMNS);
type PaymentMethodRow = Selection<Database, 'payment_methods', (typeof PAYMENT_COLUMNS)[number]> & { archived: boolean };

export async function findPaymentMethods(db: Db, storeId: number, ids: readonly bigint[]): Promise<PaymentMethodRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<PaymentMethodRow>`
    select ${PAYMENT_SELECT}, archived_at is not null as archived from payment_methods
    where ${inStore(storeId)} and id = any(${[...ids]}::int8[])`.execute(db);
  return rows;
}

/** The store's live Cash method. */
export async function findCashMethod(db: Db, storeId: number) {
  return db
    .selectFrom('payment_methods')
    .select(PAYMENT_COLUMNS)
    .select(sql<boolean>`false`.as('archived'))
    .where(inStore(storeId))
    .where('is_cash', '=', true)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
}

/** An active payment method of this store, locked until the transaction ends; undefined when there is none. */
export async function lockPaymentMethod(db: Db, storeId: number, id: number) {
  return db
    .selectFrom('payment_methods')
    .select(PAYMENT_COLUMNS)
    .where('id', '=', BigInt(id))
    .where(inStore(storeId))
    .where('archived_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Undefined when the id is not an active payment method of this store. */
export async function updatePaymentMethod(db: Db, storeId: number, id: number, v: PaymentMethodValues) {
  return db
    .updateTable('payment_methods')
    .set({ ...paymentRow(v), updated_at: sql`now()` })
    .where('id', '=', BigInt(id))
    .where(inStore(storeId))
    .where('archived_at', 'is', null)
    .returning(PAYMENT_COLUMNS)
    .executeTakeFirst();
}

/**
 * Archives instead of erasing: orders may refer to a payment method, and what a user
 * entered is never hard-deleted while history can point at it. Answers the method as it
 * was, or undefined when the id is not an active payment method of this store. The Cash
 * method is never archived (the caller refuses it first; the database refuses it too).
 */
export async function archivePaymentMethod(db: Db, storeId: number, id: number) {
  return db
    .updateTable('payment_methods')
    .set({ archived_at: sql`now()` })
    .where('id', '=', BigInt(id))
    .where(inStore(storeId))
    .where('archived_at', 'is', null)
    .where('is_cash', '=', false)
    .returning(PAYMENT_COLUMNS)
    .executeTakeFirst();
}
