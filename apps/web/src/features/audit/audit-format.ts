/**
 * How the Audit screen and its CSV show an event: the action and role in words, the
 * target by name, the time, and the values before and after as readable lines
 * ('Minimum amount: $10.00 → $5.00'), money and percents shown as such where contracts'
 * AUDIT_VALUE_KINDS says a field holds them. The table and the CSV share these columns,
 * so a download holds exactly what the table shows.
 */
import { AUDIT_VALUE_KINDS, type AuditAction, type AuditEvent, type AuditValues } from '@pos/contracts';
import { formatMoney, formatPercent, formatStampIn, isRole, roleName } from '@pos/domain';
import type { CsvColumn } from '../../lib/csv';

export const ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  ORDER_SUBMIT: 'Order submitted',
  ORDER_APPROVE: 'Order approved',
  ORDER_CANCEL: 'Order cancelled',
  ORDER_REFUND: 'Order refunded',
  VENDOR_RENT_POST: 'Rent posted',
  VENDOR_ADJUST: 'Vendor balance adjusted',
  VENDOR_PAYOUT: 'Vendor paid out',
  VENDOR_PAYOUT_RUN: 'Payout run',
  SETTINGS_UPDATE: 'Settings changed',
  PAYMENT_METHOD_CREATE: 'Payment method added',
  PAYMENT_METHOD_UPDATE: 'Payment method changed',
  PAYMENT_METHOD_DELETE: 'Payment method deleted',
  STAFF_ADD: 'Staff added',
  STAFF_ASSIGN: 'Role assigned',
  STAFF_REVOKE: 'Role revoked',
  STAFF_LEAVE: 'Left the store',
  STAFF_PASSWORD_RESET: 'Password reset',
  STAFF_DISABLE: 'User disabled',
  STAFF_ENABLE: 'User enabled',
  DAY_CLOSE: 'Day closed',
  VENDOR_CREATE: 'Vendor added',
  VENDOR_UPDATE: 'Vendor changed',
  VENDOR_DELETE: 'Vendor deleted',
  VENDOR_ARCHIVE: 'Vendor archived',
  ITEM_CODE_CREATE: 'Item code added',
  ITEM_CODE_UPDATE: 'Item code changed',
  ITEM_CODE_DELETE: 'Item code deleted',
  ITEM_CODE_ARCHIVE: 'Item code archived',
  INVENTORY_ITEM_CREATE: 'Stock item added',
  INVENTORY_ITEM_UPDATE: 'Stock item changed',
  INVENTORY_ITEM_ADJUST: 'Stock adjusted',
  INVENTORY_ITEM_ARCHIVE: 'Stock item archived',
  ITEM_ADD: 'Item added',
  ITEM_IMPORT: 'Items imported',
  ITEM_EDIT: 'Item changed',
  ITEM_WITHDRAW: 'Items withdrawn',
  ITEM_WITHDRAW_REQUEST: 'Withdrawal asked by the vendor',
  BOOKS_ACCOUNT_NAME: 'Books account renamed',
  VENDOR_INVITE: 'Vendor invited to the portal',
  VENDOR_INVITE_REVOKE: 'Portal invitation revoked',
  VENDOR_PORTAL_ACCEPT: 'Portal invitation accepted',
  VENDOR_PORTAL_REVOKE: 'Portal access revoked',
  OFFLINE_SALE_OVER_LIMIT: 'Offline sale past a limit',
  OFFLINE_SALE_COMPLETE: 'Offline sale completed anyway',
  OFFLINE_SALE_VOID: 'Offline sale voided',
};

/** Names of target types; another type is shown as its words ('vendorAccount' → 'Vendor account'). */
const TARGET_LABELS: Readonly<Record<string, string>> = {
  store: 'Store settings',
  paymentMethod: 'Payment method',
  user: 'User',
  order: 'Order',
  vendor: 'Vendor',
  vendorInvite: 'Portal invitation',
  storeDay: 'Store day',
  itemCode: 'Item code',
  inventoryItem: 'Stock item',
};

/** Recorded fields that name a target, in the order they are looked for. */
const NAME_FIELDS = ['name', 'username', 'orderNumber', 'tradeName', 'tag', 'sku'] as const;

/** 'tax1ApplyByDefault' → 'Tax 1 apply by default'. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MICRO_UNITS = /^-?\d+$/;

/** One recorded value in words: money and percents of `action`'s fields as such, roles by name. */
export function formatValue(action: AuditAction, field: string, value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  const kind = AUDIT_VALUE_KINDS[action]?.[field];
  if (kind && (typeof value === 'string' || typeof value === 'number') && MICRO_UNITS.test(String(value))) {
    return kind === 'money' ? formatMoney(BigInt(value)) : formatPercent(BigInt(value));
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === '') return '(blank)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((v) => (isRole(v) ? roleName(v) : formatValue(action, field, v))).join(', ');
  if (typeof value === 'object') return formatRecord(action, value as Record<string, unknown>);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** A recorded object (an order's payment) in words, its name first: 'Card (amount $60.00, customer fee $1.45)'. */
function formatRecord(action: AuditAction, record: Record<string, unknown>): string {
  const { name, ...rest } = record;
  const parts = inShownOrder(Object.keys(rest)).map((field) => `${fieldLabel(field).toLowerCase()} ${formatValue(action, field, rest[field])}`);
  if (typeof name !== 'string') return parts.join(', ');
  return parts.length === 0 ? name : `${name} (${parts.join(', ')})`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Fields in the order they are shown: a name first, then by label (the stored order is the database's, not the writer's). */
function inShownOrder(fields: readonly string[]): string[] {
  const rank = (f: string) => (NAME_FIELDS as readonly string[]).indexOf(f) >>> 0;
  return [...fields].sort((a, b) => rank(a) - rank(b) || fieldLabel(a).localeCompare(fieldLabel(b), 'en', { numeric: true }));
}

/**
 * The change as lines: 'Field: old → new' for each field whose value differs; for a
 * creation (nothing before) or a removal (nothing after), 'Field: value' for each field.
 * A name comes first, the other fields by label.
 */
export function describeChanges(event: Pick<AuditEvent, 'action' | 'before' | 'after'>): string[] {
  const { action, before, after } = event;
  const show = (values: AuditValues) => inShownOrder(Object.keys(values)).map((field) => `${fieldLabel(field)}: ${formatValue(action, field, values[field])}`);
  if (before && after) {
    const fields = inShownOrder([...new Set([...Object.keys(after), ...Object.keys(before)])]).filter((f) => !same(before[f], after[f]));
    if (fields.length === 0) return ['No changes'];
    return fields.map((f) => `${fieldLabel(f)}: ${formatValue(action, f, before[f])} → ${formatValue(action, f, after[f])}`);
  }
  if (after) return show(after);
  if (before) return show(before);
  return [];
}

/** What was changed: 'Store settings', 'Payment method Visa', 'User alice', or the type and id. */
export function targetLabel(event: Pick<AuditEvent, 'targetType' | 'targetId' | 'before' | 'after'>): string {
  if (event.targetType === 'store') return TARGET_LABELS.store!;
  const type = TARGET_LABELS[event.targetType] ?? fieldLabel(event.targetType);
  const values = { ...event.before, ...event.after };
  const name = NAME_FIELDS.map((f) => values[f]).find((v): v is string => typeof v === 'string' && v !== '');
  return name ? `${type} ${name}` : `${type} #${event.targetId}`;
}


export interface AuditColumn extends CsvColumn<AuditEvent> {
  /** The cell holds one line per change. */
  multiline?: boolean;
  nowrap?: boolean;
}

/** The table's columns, and the CSV's; times to the second in the store's zone (what a spreadsheet reads as a date). */
export const auditColumns = (timeZone: string | undefined): readonly AuditColumn[] => [
  { header: 'When', value: (e) => formatStampIn(e.createdAt, timeZone), nowrap: true },
  { header: 'Who', value: (e) => e.actor?.username ?? 'System' },
  { header: 'Role', value: (e) => roleName(e.role) },
  { header: 'Action', value: (e) => ACTION_LABELS[e.action] },
  { header: 'Target', value: targetLabel },
  { header: 'Changes', value: (e) => describeChanges(e).join('\n'), multiline: true },
];
