/**
 * Every migration, in order. Append-only once landed: never edit a landed migration,
 * add the next NNNN_verb_object.ts and list it here.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001_create_accounts';
import * as m0002 from './0002_create_orders';
import * as m0003 from './0003_add_store_settings';
import * as m0004 from './0004_create_vendors';
import * as m0005 from './0005_create_order_lines';
import * as m0006 from './0006_create_roadmap_entries';
import * as m0007 from './0007_create_inventory';
import * as m0008 from './0008_create_store_counters';
import * as m0009 from './0009_harden_limits';
import * as m0010 from './0010_create_audit_events';
import * as m0011 from './0011_create_vendor_ledger';
import * as m0012 from './0012_add_checkout';
import * as m0013 from './0013_create_payouts';
import * as m0014 from './0014_create_refunds';
import * as m0015 from './0015_create_reports';
import * as m0016 from './0016_index_reports';
import * as m0017 from './0017_keep_submit_answers_as_values';
import * as m0018 from './0018_drop_unused_vendor_balance_index';
import * as m0019 from './0019_create_idempotency_keys';
import * as m0020 from './0020_create_journals';
import * as m0021 from './0021_index_foreign_keys';
import * as m0022 from './0022_add_user_status';
import * as m0023 from './0023_create_items';
import * as m0024 from './0024_add_vendor_portal';
import * as m0025 from './0025_index_item_foreign_keys';
import * as m0026 from './0026_add_vendor_details';
import * as m0027 from './0027_move_stock_to_items';
import * as m0028 from './0028_add_offline_till';
import * as m0029 from './0029_add_item_withdraw_requests';
import * as m0030 from './0030_keep_journal_balances';
import * as m0031 from './0031_index_offline_sale_keys';
import * as m0032 from './0032_date_back_dated_history';
import * as m0033 from './0033_keep_books_names_and_month_ends';
import * as m0034 from './0034_keep_vendor_sale_hours';
import * as m0035 from './0035_spread_store_sums';
import * as m0036 from './0036_index_vendor_account_slugs';
import * as m0037 from './0037_keep_vendor_account_places';
import * as m0038 from './0038_index_ledger_other_entries';

export const migrations: Record<string, Migration> = {
  '0001_create_accounts': m0001,
  '0002_create_orders': m0002,
  '0003_add_store_settings': m0003,
  '0004_create_vendors': m0004,
  '0005_create_order_lines': m0005,
  '0006_create_roadmap_entries': m0006,
  '0007_create_inventory': m0007,
  '0008_create_store_counters': m0008,
  '0009_harden_limits': m0009,
  '0010_create_audit_events': m0010,
  '0011_create_vendor_ledger': m0011,
  '0012_add_checkout': m0012,
  '0013_create_payouts': m0013,
  '0014_create_refunds': m0014,
  '0015_create_reports': m0015,
  '0016_index_reports': m0016,
  '0017_keep_submit_answers_as_values': m0017,
  '0018_drop_unused_vendor_balance_index': m0018,
  '0019_create_idempotency_keys': m0019,
  '0020_create_journals': m0020,
  '0021_index_foreign_keys': m0021,
  '0022_add_user_status': m0022,
  '0023_create_items': m0023,
  '0024_add_vendor_portal': m0024,
  '0025_index_item_foreign_keys': m0025,
  '0026_add_vendor_details': m0026,
  '0027_move_stock_to_items': m0027,
  '0028_add_offline_till': m0028,
  '0029_add_item_withdraw_requests': m0029,
  '0030_keep_journal_balances': m0030,
  '0031_index_offline_sale_keys': m0031,
  '0032_date_back_dated_history': m0032,
  '0033_keep_books_names_and_month_ends': m0033,
  '0034_keep_vendor_sale_hours': m0034,
  '0035_spread_store_sums': m0035,
  '0036_index_vendor_account_slugs': m0036,
  '0037_keep_vendor_account_places': m0037,
  '0038_index_ledger_other_entries': m0038,
};
