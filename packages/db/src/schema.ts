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
  archived_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: GeneratedInt8;
  username: string;
  email: string;
  password_hash: string;
  created_at: CreatedAt;
}

export interface RoleAssignmentsTable {
  id: GeneratedInt8;
  user_id: Int8;
  store_id: Int8;
  role: string;
  created_at: CreatedAt;
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

export interface LoginFailuresTable {
  id: GeneratedInt8;
  identifier: string;
  failed_at: CreatedAt;
}

export type OrderStatus = 'DRAFT' | 'PENDING' | 'COMPLETED' | 'CANCELLED' | 'REFUNDED';

export interface OrdersTable {
  id: GeneratedInt8;
  store_id: Int8;
  order_number: string;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  customer_name: Generated<string>;
  total: ColumnType<bigint, bigint | number | string | undefined, bigint | number | string>;
  created_by: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
  subtotal: Int8Setting;
  discount_total: Int8Setting;
  tax1_total: Int8Setting;
  tax2_total: Int8Setting;
  tax3_total: Int8Setting;
  vendor_share_total: Int8Setting;
}

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
type NullableInt8 = ColumnType<bigint | null, bigint | number | string | null | undefined, bigint | number | string | null>;

export interface VendorsTable {
  id: GeneratedInt8;
  store_id: Int8;
  trade_name: string;
  deduct_monthly_rent: Setting<boolean>;
  outstanding_statement_balance: Int8Setting;
  contact_id: NullableInt8;
  contact_name: NullableText;
  contact_email: NullableText;
  contact_primary_phone: NullableText;
  contact_secondary_phone: NullableText;
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

/** Kept by triggers (migration 0008): read, never written by the application. */
export interface StoreCountersTable {
  store_id: Int8;
  live_vendors: Int8;
  completed_orders: Int8;
  completed_revenue: Int8;
}

export interface Database {
  store_counters: StoreCountersTable;
  inventory_items: InventoryItemsTable;
  inventory_movements: InventoryMovementsTable;
  roadmap_entries: RoadmapEntriesTable;
  vendors: VendorsTable;
  item_codes: ItemCodesTable;
  order_lines: OrderLinesTable;
  payment_methods: PaymentMethodsTable;
  orders: OrdersTable;
  stores: StoresTable;
  users: UsersTable;
  role_assignments: RoleAssignmentsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
}
