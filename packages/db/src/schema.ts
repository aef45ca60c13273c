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

export interface StoresTable {
  id: GeneratedInt8;
  name: string;
  time_zone: Generated<string>;
  is_platform: Generated<boolean>;
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

export interface OrdersTable {
  id: GeneratedInt8;
  store_id: Int8;
  order_number: string;
  status: Generated<string>;
  customer_name: Generated<string>;
  total: ColumnType<bigint, bigint | number | string | undefined, bigint | number | string>;
  created_by: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface Database {
  orders: OrdersTable;
  stores: StoresTable;
  users: UsersTable;
  role_assignments: RoleAssignmentsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
}
