/**
 * Kysely table types. Money and percent columns are bigint micro-units; int8 is parsed
 * to bigint by both drivers (see create-db.ts), timestamptz to Date.
 */
import type { ColumnType, Generated } from 'kysely';

/** An int8 column: read as bigint, written from bigint, number or decimal string. */
export type Int8 = ColumnType<bigint, bigint | number | string, bigint | number | string>;
export type GeneratedInt8 = ColumnType<bigint, bigint | number | string | undefined, never>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

type Setting<T> = ColumnType<T, T | undefined, T>;
type Int8Setting = ColumnType<bigint, bigint | number | string | undefined, bigint | number | string>;

export interface StoresTable {
  id: GeneratedInt8;
  name: string;
  time_zone: Setting<string>;
  is_platform: Generated<boolean>;
  created_at: CreatedAt;
  /** storeUpdatedAt: moves forward on every change of settings or payment methods. */
  updated_at: Timestamp;
  order_prefix: Setting<string>;
  next_order_number: Int8Setting;
  default_vendor_commission_percent: Int8Setting;
  default_vendor_consignment_commission_percent: Int8Setting;
  default_consignment_commission_percent: Int8Setting;
  tax1_short_name: Setting<string>;
  tax1_long_name: Setting<string>;
  tax1_percent: Int8Setting;
  tax1_enabled: Setting<boolean>;
  tax1_apply_by_default: Setting<boolean>;
  tax2_short_name: Setting<string>;
  tax2_long_name: Setting<string>;
  tax2_percent: Int8Setting;
  tax2_enabled: Setting<boolean>;
  tax2_apply_by_default: Setting<boolean>;
  tax3_short_name: Setting<string>;
  tax3_long_name: Setting<string>;
  tax3_percent: Int8Setting;
  tax3_enabled: Setting<boolean>;
  tax3_apply_by_default: Setting<boolean>;
  /** The store's postal address, printed on vendors' statements. */
  address: Setting<string>;
  /** The offline till's limits per device (docs/ARCHITECTURE.md, The offline till). */
  offline_max_sales: Setting<number>;
  offline_max_total: Int8Setting;
  offline_max_hours: Setting<number>;
}

export interface PaymentMethodsTable {
  id: GeneratedInt8;
  store_id: Int8;
  name: string;
  vendor_fee_percent: Int8;
  customer_fee_percent: Int8;
  customer_fee_amount: Int8;
  minimum_amount: Int8;
  requires_manager_approval: Setting<boolean>;
  /** The till may take it offline; always true for Cash (a trigger keeps it). */
  offline_allowed: Setting<boolean>;
  /** The store's Cash method (one live per store, made with the store): gives change, no fees, never archived. */
  is_cash: ColumnType<boolean, boolean | undefined, never>;
  archived_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A till of a store (docs/ARCHITECTURE.md, The offline till); device_id is the UUID the device made. */
export interface DevicesTable {
  id: GeneratedInt8;
  store_id: Int8;
  device_id: string;
  name: string;
  registered_by: NullableInt8;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** What the device last reported waiting in its outbox. */
  pending: Setting<number>;
  oldest_pending_at: NullableTimestamp;
  reported_at: NullableTimestamp;
}

export type DeviceNumberStatus = 'RESERVED' | 'USED' | 'SKIPPED';
/** Every order number handed to a device; (store, number) is the key, so no number goes to two devices. */
export interface DeviceNumbersTable {
  store_id: Int8;
  order_number: string;
  device_id: Int8;
  status: ColumnType<DeviceNumberStatus, DeviceNumberStatus | undefined, DeviceNumberStatus>;
  reserved_at: CreatedAt;
  used_at: NullableTimestamp;
}

export type OfflineSaleStatus = 'OPEN' | 'COMPLETED' | 'VOIDED';
/** Every offline sale received, once per (store, client id). */
export interface OfflineSalesTable {
  id: GeneratedInt8;
  store_id: Int8;
  device_id: Int8;
  client_id: string;
  order_number: string;
  sold_at: ColumnType<Date, Date | string, Date | string>;
  cashier_id: NullableInt8;
  status: ColumnType<OfflineSaleStatus, OfflineSaleStatus, OfflineSaleStatus>;
  /** Why it needs a manager's attention; '' when it completed as sent. */
  reason: Setting<string>;
  /** The sale as the device sent it (JSON, money as decimal strings). */
  sale: ColumnType<unknown, string, string>;
  total: Int8;
  request_hash: string;
  order_id: NullableInt8;
  /** The first answer, serialized (node:v8), answered again to a resend. */
  answer: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  resolved_by: NullableInt8;
  resolved_at: NullableTimestamp;
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: GeneratedInt8;
  username: string;
  email: string;
  password_hash: string;
  created_at: CreatedAt;
  must_change_password: Generated<boolean>;
  disabled_at: NullableTimestamp;
}

export interface RoleAssignmentsTable {
  id: GeneratedInt8;
  user_id: Int8;
  store_id: Int8;
  role: string;
  /** The vendor a VENDOR assignment belongs to (null for every other role). */
  vendor_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  created_at: CreatedAt;
}

/** Invitations to the vendor portal (migration 0022): the token only as its hash. */
export interface VendorInvitesTable {
  id: GeneratedInt8;
  store_id: Int8;
  vendor_id: Int8;
  email: string;
  token_hash: string;
  expires_at: Timestamp;
  created_by: Int8;
  created_at: CreatedAt;
  accepted_at: NullableTimestamp;
  accepted_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  revoked_at: NullableTimestamp;
  revoked_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

export interface SessionsTable {
  id: GeneratedInt8;
  user_id: Int8;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  last_used_at: Timestamp;
}

/** Sign-in attempts being checked (pending), failures (login and password change) and sign-ups, counted for the limits. */
export interface AuthAttemptsTable {
  id: GeneratedInt8;
  kind: 'pending' | 'failure' | 'signup';
  account: ColumnType<string, string | undefined, string>;
  address: string;
  attempted_at: CreatedAt;
}

export type OrderStatus = 'DRAFT' | 'PENDING' | 'COMPLETED' | 'CANCELLED' | 'REFUNDED';

export interface OrdersTable {
  id: GeneratedInt8;
  store_id: Int8;
  order_number: string;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  customer_name: Generated<string>;
  total: ColumnType<bigint, bigint | number | string | undefined, bigint | number | string>;
  created_by: NullableInt8;
  created_at: CreatedAt;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
  subtotal: Int8Setting;
  discount_total: Int8Setting;
  tax1_total: Int8Setting;
  tax2_total: Int8Setting;
  tax3_total: Int8Setting;
  vendor_share_total: Int8Setting;
  /** Σ customer fees of the order's payments. */
  customer_fees: Int8Setting;
  /** total + customer fees, once completed; zero before. */
  amount_paid: Int8Setting;
  /** Cash handed back. */
  change_due: Int8Setting;
  approved_by: NullableInt8;
  approved_at: NullableTimestamp;
  cancelled_by: NullableInt8;
  cancelled_at: NullableTimestamp;
  cancel_reason: Setting<string>;
}

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE. */
export interface OrderPaymentsTable {
  id: GeneratedInt8;
  store_id: Int8;
  order_id: Int8;
  payment_method_id: Int8;
  /** Snapshots of the method when the order was paid. */
  method_name: string;
  is_cash: boolean;
  vendor_fee_percent: Int8;
  /** As given: for cash, what was tendered. */
  amount: Int8;
  /** The part of the order total it paid. */
  applied: Int8;
  customer_fee: Int8;
  change: Int8;
  created_at: CreatedAt;
}

/**
 * The first answer to a submit with an idempotency key, answered again for the same key
 * and order: the value serialised by node:v8 (`answer_value`), or, kept before that,
 * superjson's text (`answer`); exactly one of the two.
 */
export interface OrderSubmitKeysTable {
  id: GeneratedInt8;
  store_id: Int8;
  order_id: Int8;
  key: string;
  answer: ColumnType<unknown, string | null | undefined, never>;
  answer_value: ColumnType<Uint8Array | null, Uint8Array | null | undefined, never>;
  /** sha256 of the request (packages/api's requestHash); null for a key kept before requests were hashed. */
  request_hash: ColumnType<Uint8Array | null, Uint8Array | null | undefined, never>;
  created_at: CreatedAt;
}

/**
 * The first answer to a call that moves money, per store, procedure (its REST path) and
 * idempotency key, with the sha256 of its request (docs/API.md, Idempotency). Append-only.
 */
export interface IdempotencyKeysTable {
  store_id: Int8;
  procedure: string;
  key: string;
  request_hash: ColumnType<Uint8Array, Uint8Array, never>;
  answer: ColumnType<Uint8Array, Uint8Array, never>;
  created_at: CreatedAt;
}

export type VendorType = 'VENDOR' | 'VENDOR_CONSIGNMENT' | 'CONSIGNMENT';

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
type NullableInt8 = ColumnType<bigint | null, bigint | number | string | null | undefined, bigint | number | string | null>;

export interface VendorsTable {
  id: GeneratedInt8;
  store_id: Int8;
  trade_name: string;
  deduct_monthly_rent: Setting<boolean>;
  vendor_type: Setting<VendorType>;
  monthly_rent: Int8Setting;
  /** A cache of the sum of the vendor's ledger entries, kept by the ledger's trigger. */
  outstanding_statement_balance: Int8Setting;
  contact_id: NullableInt8;
  contact_name: NullableText;
  contact_email: NullableText;
  contact_primary_phone: NullableText;
  contact_secondary_phone: NullableText;
  booth: Setting<string>;
  mailing_address: Setting<string>;
  tax_id: Setting<string>;
  /** The slug of the vendor's books account (docs/BOOKS.md, Default names), kept by the books service; null until computed. */
  account_slug: ColumnType<string | null, string | null | undefined, string | null>;
  /** The slug's first part: names collide only within a family. */
  account_family: ColumnType<string | null, string | null | undefined, string | null>;
  archived_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ItemCodesTable {
  id: GeneratedInt8;
  store_id: Int8;
  vendor_id: NullableInt8;
  tag: string;
  warn_on_no_control_code: Setting<boolean>;
  default_commission_percent: Int8Setting;
  receives_separate_statement: Setting<boolean>;
  proportional_cc_fee: Setting<boolean>;
  deduct_monthly_rent_override: Setting<'USE_VENDOR_DEFAULT' | 'DEDUCT' | 'DO_NOT_DEDUCT'>;
  monthly_rent: Int8Setting;
  archived_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface OrderLinesTable {
  id: GeneratedInt8;
  store_id: Int8;
  order_id: Int8;
  item_code: Setting<string>;
  item_code_id: NullableInt8;
  /** The item the line sells (scanned), and its number as sold. */
  item_id: NullableInt8;
  item_number: Setting<string>;
  description: Setting<string>;
  quantity: Int8Setting;
  price: Int8Setting;
  discount_percent: Int8Setting;
  amount: Int8Setting;
  discount_amount: Int8Setting;
  total: Int8Setting;
  tax1_enabled: Setting<boolean>;
  tax1_percent: Int8Setting;
  tax1_amount: Int8Setting;
  tax1_description: Setting<string>;
  tax2_enabled: Setting<boolean>;
  tax2_percent: Int8Setting;
  tax2_amount: Int8Setting;
  tax2_description: Setting<string>;
  tax3_enabled: Setting<boolean>;
  tax3_percent: Int8Setting;
  tax3_amount: Int8Setting;
  tax3_description: Setting<string>;
  commission_percent: Int8Setting;
  vendor_share: Int8Setting;
  search_text: ColumnType<string, never, never>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RoadmapEntriesTable {
  id: GeneratedInt8;
  store_id: Int8;
  title: string;
  description: string;
  requestor: NullableText;
  estimated_completion: Timestamp;
  actual_completion: NullableTimestamp;
  status: Setting<'in_progress' | 'completed'>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface InventoryItemsTable {
  id: GeneratedInt8;
  store_id: Int8;
  sku: string;
  description: Setting<string>;
  item_code_id: NullableInt8;
  price: Int8Setting;
  quantity_on_hand: Int8Setting;
  reorder_level: Int8Setting;
  archived_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface InventoryMovementsTable {
  id: GeneratedInt8;
  store_id: Int8;
  item_id: Int8;
  delta: Int8;
  quantity_after: Int8;
  reason: string;
  created_by: NullableInt8;
  created_at: CreatedAt;
}

export type ItemStatus = 'ACTIVE' | 'SOLD' | 'WITHDRAWN';
export type ItemMovementKind = 'INTAKE' | 'PRICE' | 'WITHDRAW' | 'SALE' | 'REFUND' | 'ADJUST';

/** The next item number of each store (migration 0023): numbers are never handed out twice. */
export interface ItemNumberCountersTable {
  store_id: Int8;
  next_number: Int8;
}

/** Tagged pieces (migration 0023); never deleted, so an item number is never reused. */
export interface ItemsTable {
  id: GeneratedInt8;
  store_id: Int8;
  item_number: string;
  alias: ColumnType<string | null, string | null | undefined, string | null>;
  item_code_id: NullableInt8;
  description: Setting<string>;
  price: Int8;
  quantity: Int8Setting;
  category: Setting<string>;
  /** A calendar date ('2026-11-03'), the store's day of intake. */
  intake_date: ColumnType<string, string, string>;
  /** The price on the item's last printed tag; null before its first tag. */
  printed_price: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  status: ColumnType<ItemStatus, ItemStatus | undefined, ItemStatus>;
  /** At or below it, an item that carries a SKU counts as low stock. */
  reorder_level: Int8Setting;
  /** The stock item it was moved from (migration 0027), or null. */
  stock_item_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** When the vendor asked from the portal for it to be withdrawn (a manager confirms), or null (migration 0029). */
  withdraw_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  withdraw_request_reason: Setting<string>;
  created_by: NullableInt8;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Every change of an item (append-only). */
export interface ItemMovementsTable {
  id: GeneratedInt8;
  store_id: Int8;
  item_id: Int8;
  kind: ItemMovementKind;
  quantity_delta: Int8Setting;
  quantity_after: Int8;
  price_before: ColumnType<bigint | null, bigint | null | undefined, never>;
  price_after: ColumnType<bigint | null, bigint | null | undefined, never>;
  order_id: NullableInt8;
  note: Setting<string>;
  created_by: NullableInt8;
  created_at: CreatedAt;
}

/** Kept by triggers (migration 0008): read, never written by the application. */
export interface StoreCountersTable {
  store_id: Int8;
  /** Which of its key's rows this is (migration 0035: store-wide sums spread over slots); a figure is the Σ over its key's slots. */
  slot: Generated<number>;
  live_vendors: Int8;
  completed_orders: Int8;
  /** numeric: a sum that cannot overflow; read it as text. */
  completed_revenue: ColumnType<string, never, never>;
}

export type LedgerKind = 'SALE' | 'COMMISSION' | 'CARD_FEE' | 'RENT' | 'ADJUSTMENT' | 'PAYOUT';

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE. */
export interface LedgerEntriesTable {
  id: GeneratedInt8;
  store_id: Int8;
  vendor_id: Int8;
  /** The separate-statement item code whose account this is; null for the vendor's main account. */
  item_code_id: NullableInt8;
  kind: LedgerKind;
  amount: Int8;
  order_id: NullableInt8;
  order_line_id: NullableInt8;
  refund_id: NullableInt8;
  payout_id: NullableInt8;
  /** 'YYYY-MM' on RENT entries only. */
  rent_month: ColumnType<string | null, string | null | undefined, never>;
  memo: ColumnType<string, string | undefined, never>;
  created_by: NullableInt8;
  created_at: CreatedAt;
}

/** Kept by the ledger's trigger: read, never written by the application. */
export interface LedgerAccountsTable {
  store_id: Int8;
  vendor_id: Int8;
  item_code_id: NullableInt8;
  account_key: ColumnType<bigint, never, never>;
  balance: Int8;
}

/** Each account's sale entries summed per UTC hour, kept by the ledger's trigger (migration 0034): read, never written by the application. */
export interface LedgerSaleHoursTable {
  store_id: Int8;
  vendor_id: Int8;
  account_key: Int8;
  hour: Timestamp;
  lines: Int8;
  sale: Int8;
  commission: Int8;
  card_fee: Int8;
}

/** Kept by the ledger's trigger (migration 0013): read, never written by the application. */
export interface LedgerStoreTotalsTable {
  store_id: Int8;
  /** Which of its key's rows this is (migration 0035: store-wide sums spread over slots); a figure is the Σ over its key's slots. */
  slot: Generated<number>;
  /** numeric sums: read them as text. */
  owed: ColumnType<string, never, never>;
  owing: ColumnType<string, never, never>;
  accounts_owed: Int8;
  accounts_owing: Int8;
}

export type PayoutMethod = 'CHECK' | 'CASH' | 'ACH' | 'STORE_CREDIT';

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE. */
export interface PayoutRunsTable {
  id: GeneratedInt8;
  store_id: Int8;
  /** The store's day the run paid earnings through. */
  through: ColumnType<string, string, never>;
  minimum: Int8;
  method: PayoutMethod;
  total: Int8;
  count: ColumnType<number, number, never>;
  created_by: NullableInt8;
  created_at: CreatedAt;
}

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE. */
export interface PayoutsTable {
  id: GeneratedInt8;
  store_id: Int8;
  vendor_id: Int8;
  /** The separate-statement code's account paid, or null for the vendor's main account. */
  item_code_id: NullableInt8;
  amount: Int8;
  method: PayoutMethod;
  reference: ColumnType<string, string | undefined, never>;
  run_id: NullableInt8;
  created_by: NullableInt8;
  created_at: CreatedAt;
}

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE. */
export interface AuditEventsTable {
  id: GeneratedInt8;
  store_id: Int8;
  actor_id: NullableInt8;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: ColumnType<string, string | undefined, never>;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  created_at: CreatedAt;
}

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE. */
export interface RefundsTable {
  id: GeneratedInt8;
  store_id: Int8;
  order_id: Int8;
  /** n of the order's n-th refund; the number is `{orderNumber}-R{n}`. */
  sequence: number;
  number: string;
  reason: string;
  /** What the refunded units' share of their lines' totals came to, before tax. */
  total: Int8;
  tax1: Int8Setting;
  tax2: Int8Setting;
  tax3: Int8Setting;
  /** What the customer got back: total + taxes. */
  amount: Int8;
  created_by: NullableInt8;
  approved_by: NullableInt8;
  created_at: CreatedAt;
}

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE. */
export interface RefundLinesTable {
  id: GeneratedInt8;
  store_id: Int8;
  refund_id: Int8;
  order_line_id: Int8;
  quantity: Int8;
  total: Int8;
  tax1: Int8Setting;
  tax2: Int8Setting;
  tax3: Int8Setting;
}

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE. */
export interface RefundPaymentsTable {
  id: GeneratedInt8;
  store_id: Int8;
  refund_id: Int8;
  payment_method_id: Int8;
  method_name: string;
  is_cash: boolean;
  amount: Int8;
}

/** The dimensions report_days keeps figures by. */
export type ReportDim = 'ALL' | 'CASHIER' | 'ITEM_CODE' | 'PAYMENT_METHOD' | 'TAX' | 'VENDOR';

/** Figures per store, local day and group of one dimension, kept by triggers (migration 0015); never written by the app. */
export interface ReportDaysTable {
  store_id: Int8;
  dim: ReportDim;
  day: ColumnType<string, never, never>;
  key: string;
  /** Which of its key's rows this is (migration 0035: store-wide sums spread over slots); a figure is the Σ over its key's slots. */
  slot: Generated<number>;
  orders: Int8;
  gross: Int8;
  discounts: Int8;
  net: Int8;
  tax1: Int8;
  tax2: Int8;
  tax3: Int8;
  customer_fees: Int8;
  refunds: Int8;
  commission: Int8;
  card_fees: Int8;
  own_sales: Int8;
  applied: Int8;
  tendered: Int8;
  change_given: Int8;
}

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE. A closed day's Z report as it was. */
export interface DayClosesTable {
  id: GeneratedInt8;
  store_id: Int8;
  day: ColumnType<string, string, never>;
  opening_cash: Int8;
  counted_cash: Int8;
  expected_cash: Int8;
  over_short: Int8;
  report: ColumnType<unknown, string, never>;
  closed_by: NullableInt8;
  closed_at: CreatedAt;
}

/** Per store and quarter of an hour, the change of Σ balances above and below zero and of their counts; kept by trigger (migration 0016). */
export interface LedgerBalanceHistoryTable {
  store_id: Int8;
  at: ColumnType<Date, never, never>;
  /** Which of its key's rows this is (migration 0035: store-wide sums spread over slots); a figure is the Σ over its key's slots. */
  slot: Generated<number>;
  owed: ColumnType<string, never, never>;
  owing: ColumnType<string, never, never>;
  accounts_owed: Int8;
  accounts_owing: Int8;
}

export type JournalKind = 'SALE' | 'REFUND' | 'RENT' | 'ADJUSTMENT' | 'PAYOUT' | 'DAY_CLOSE';

/** Append-only: one per event that moves money (docs/BOOKS.md); its legs sum to zero, checked at commit. */
export interface JournalsTable {
  id: GeneratedInt8;
  store_id: Int8;
  kind: JournalKind;
  /** The store's business day (YYYY-MM-DD in its time zone). */
  business_day: ColumnType<string, string, never>;
  order_id: NullableInt8;
  refund_id: NullableInt8;
  payout_id: NullableInt8;
  payout_run_id: NullableInt8;
  ledger_entry_id: NullableInt8;
  day_close_id: NullableInt8;
  rent_month: ColumnType<string | null, string | null | undefined, never>;
  reference: ColumnType<string, string | undefined, never>;
  created_by: NullableInt8;
  created_at: CreatedAt;
}

/** Append-only: one per account of a journal, a debit above zero. */
export interface JournalLegsTable {
  journal_id: Int8;
  store_id: Int8;
  /** An account key of the books (packages/domain books-accounts.ts). */
  account: string;
  amount: Int8;
}

/** Each account's balance (Σ of its legs), kept by the books writer with the legs. */
export interface JournalBalancesTable {
  store_id: Int8;
  account: string;
  /** Which of its key's rows this is (migration 0035: store-wide sums spread over slots); a figure is the Σ over its key's slots. */
  slot: Generated<number>;
  balance: Int8;
  /** A vendor account's place in the chart (migration 0037, generated from `account`): its vendor and code (null: the vendor's main account); null for other accounts. */
  vendor_id: ColumnType<bigint | null, never, never>;
  item_code_id: ColumnType<bigint | null, never, never>;
  /** A vendor's main account: the vendor's kept slug (`vendors.account_slug`), kept by triggers (migration 0037). */
  vendor_slug: Generated<string | null>;
}

/** Each account's movement (Σ of its legs) per business day, kept by the books writer with the legs. */
export interface JournalDaysTable {
  store_id: Int8;
  account: string;
  business_day: ColumnType<string, string, never>;
  /** Which of its key's rows this is (migration 0035: store-wide sums spread over slots); a figure is the Σ over its key's slots. */
  slot: Generated<number>;
  amount: Int8;
}

/** A month end whose balances are kept in journal_month_balances (migration 0033). */
export interface JournalMonthEndsTable {
  store_id: Int8;
  month_end: ColumnType<string, string, never>;
  made_at: CreatedAt;
}

/** Each account's nonzero balance at the end of a kept month end. */
export interface JournalMonthBalancesTable {
  store_id: Int8;
  month_end: ColumnType<string, string, never>;
  account: string;
  balance: Int8;
  /** A vendor account's place in the chart (migration 0037, generated from `account`): its vendor and code (null: the vendor's main account); null for other accounts. */
  vendor_id: ColumnType<bigint | null, never, never>;
  item_code_id: ColumnType<bigint | null, never, never>;
  /** A vendor's main account: the vendor's kept slug (`vendors.account_slug`), kept by triggers (migration 0037). */
  vendor_slug: Generated<string | null>;
}

/** The name and number a store gives an account of its books in QuickBooks or Xero. */
export interface BooksAccountNamesTable {
  store_id: Int8;
  account: string;
  export_name: Setting<string>;
  export_number: Setting<string>;
  updated_by: NullableInt8;
  updated_at: Timestamp;
}

export interface Database {
  journals: JournalsTable;
  journal_legs: JournalLegsTable;
  journal_balances: JournalBalancesTable;
  journal_days: JournalDaysTable;
  journal_month_ends: JournalMonthEndsTable;
  journal_month_balances: JournalMonthBalancesTable;
  books_account_names: BooksAccountNamesTable;
  report_days: ReportDaysTable;
  ledger_balance_history: LedgerBalanceHistoryTable;
  day_closes: DayClosesTable;
  order_payments: OrderPaymentsTable;
  order_submit_keys: OrderSubmitKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  refunds: RefundsTable;
  refund_lines: RefundLinesTable;
  refund_payments: RefundPaymentsTable;
  audit_events: AuditEventsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_store_totals: LedgerStoreTotalsTable;
  ledger_sale_hours: LedgerSaleHoursTable;
  payouts: PayoutsTable;
  payout_runs: PayoutRunsTable;
  store_counters: StoreCountersTable;
  inventory_items: InventoryItemsTable;
  inventory_movements: InventoryMovementsTable;
  item_number_counters: ItemNumberCountersTable;
  items: ItemsTable;
  item_movements: ItemMovementsTable;
  roadmap_entries: RoadmapEntriesTable;
  vendors: VendorsTable;
  item_codes: ItemCodesTable;
  order_lines: OrderLinesTable;
  payment_methods: PaymentMethodsTable;
  devices: DevicesTable;
  device_numbers: DeviceNumbersTable;
  offline_sales: OfflineSalesTable;
  orders: OrdersTable;
  stores: StoresTable;
  users: UsersTable;
  role_assignments: RoleAssignmentsTable;
  vendor_invites: VendorInvitesTable;
  sessions: SessionsTable;
  auth_attempts: AuthAttemptsTable;
}
