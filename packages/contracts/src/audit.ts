/**
 * The audit trail: the actions it records (exact strings, one list for the server that
 * writes events and the screen that filters them), /store/audit/list and
 * /store/audit/people, and which recorded fields are money or percents.
 *
 * An event's `before` and `after` are objects of field → JSON value (null where there is
 * no before, as for a creation, or no after, as for a removal); money and percents are
 * decimal strings of micro-units, named in AUDIT_VALUE_KINDS.
 */
import { z } from 'zod';
import { own, requiredMessage } from './messages';
import { zRole } from './auth';
import { zDateInput, zDateOut, zId, zIdOut, zPaging } from './wire';

export const AUDIT_ACTIONS = [
  'ORDER_SUBMIT',
  'ORDER_APPROVE',
  'ORDER_CANCEL',
  'ORDER_REFUND',
  'VENDOR_RENT_POST',
  'VENDOR_ADJUST',
  'VENDOR_PAYOUT',
  'VENDOR_PAYOUT_RUN',
  'SETTINGS_UPDATE',
  'PAYMENT_METHOD_CREATE',
  'PAYMENT_METHOD_UPDATE',
  'PAYMENT_METHOD_DELETE',
  'STAFF_ADD',
  'STAFF_ASSIGN',
  'STAFF_REVOKE',
  'STAFF_LEAVE',
  'STAFF_PASSWORD_RESET',
  'STAFF_DISABLE',
  'STAFF_ENABLE',
  'DAY_CLOSE',
  'VENDOR_CREATE',
  'VENDOR_UPDATE',
  'VENDOR_DELETE',
  'VENDOR_ARCHIVE',
  'ITEM_CODE_CREATE',
  'ITEM_CODE_UPDATE',
  'ITEM_CODE_DELETE',
  'ITEM_CODE_ARCHIVE',
  'INVENTORY_ITEM_CREATE',
  'INVENTORY_ITEM_UPDATE',
  'INVENTORY_ITEM_ADJUST',
  'INVENTORY_ITEM_ARCHIVE',
  'ITEM_ADD',
  'ITEM_IMPORT',
  'ITEM_EDIT',
  'ITEM_WITHDRAW',
  'ITEM_WITHDRAW_REQUEST',
  'BOOKS_ACCOUNT_NAME',
  'VENDOR_INVITE',
  'VENDOR_INVITE_REVOKE',
  'VENDOR_PORTAL_ACCEPT',
  'VENDOR_PORTAL_REVOKE',
  'OFFLINE_SALE_OVER_LIMIT',
  'OFFLINE_SALE_COMPLETE',
  'OFFLINE_SALE_VOID',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const zAuditAction = z.enum(AUDIT_ACTIONS, { error: own(`action must be one of ${AUDIT_ACTIONS.join(', ')}`) });

/** Recorded values: field → value. */
export type AuditValues = Record<string, unknown>;

export type AuditValueKind = 'money' | 'percent';

const SETTINGS_KINDS = {
  defaultVendorCommissionPercent: 'percent',
  defaultVendorConsignmentCommissionPercent: 'percent',
  defaultConsignmentCommissionPercent: 'percent',
  tax1Percent: 'percent',
  tax2Percent: 'percent',
  tax3Percent: 'percent',
  offlineMaxTotal: 'money',
} as const satisfies Record<string, AuditValueKind>;

const PAYMENT_METHOD_KINDS = {
  vendorFeePercent: 'percent',
  customerFeePercent: 'percent',
  customerFeeAmount: 'money',
  minimumAmount: 'money',
} as const satisfies Record<string, AuditValueKind>;

/**
 * Which recorded fields of each action hold money or a percent (decimal strings of
 * micro-units), so a reader shows '$5.00' or '7.25%' instead of the raw number. A field
 * not named here is shown as it was recorded. An action that records money adds its
 * fields here.
 */
/** The settlement calls' money: balances before and after, amounts, totals and minimums. */
const SETTLEMENT_KINDS = { balance: 'money', amount: 'money', total: 'money', minimum: 'money' } as const satisfies Record<string, AuditValueKind>;

/** Checkout's money: the order's total, customer fees, amount paid and change due; each payment's amount, the part applied, its fee and change. */
const ORDER_KINDS = {
  total: 'money',
  customerFees: 'money',
  amountPaid: 'money',
  changeDue: 'money',
  amount: 'money',
  applied: 'money',
  customerFee: 'money',
  change: 'money',
} as const satisfies Record<string, AuditValueKind>;

/** A refund's money: what the customer got back, its lines' total and their taxes. */
const REFUND_KINDS = { amount: 'money', total: 'money', taxes: 'money' } as const satisfies Record<string, AuditValueKind>;

/** A vendor's rent, and the balance it had when deleted or archived (zero). */
const VENDOR_KINDS = { monthlyRent: 'money', balance: 'money' } as const satisfies Record<string, AuditValueKind>;

/** An item code's commission and its own account's rent. */
const ITEM_CODE_KINDS = { defaultCommissionPercent: 'percent', monthlyRent: 'money' } as const satisfies Record<string, AuditValueKind>;

/** A stock item's price. */
const INVENTORY_ITEM_KINDS = { price: 'money' } as const satisfies Record<string, AuditValueKind>;

export const AUDIT_VALUE_KINDS: Readonly<Partial<Record<AuditAction, Readonly<Record<string, AuditValueKind>>>>> = {
  ORDER_SUBMIT: ORDER_KINDS,
  ORDER_APPROVE: ORDER_KINDS,
  ORDER_CANCEL: ORDER_KINDS,
  ORDER_REFUND: REFUND_KINDS,
  VENDOR_RENT_POST: SETTLEMENT_KINDS,
  VENDOR_ADJUST: SETTLEMENT_KINDS,
  VENDOR_PAYOUT: SETTLEMENT_KINDS,
  VENDOR_PAYOUT_RUN: SETTLEMENT_KINDS,
  SETTINGS_UPDATE: SETTINGS_KINDS,
  PAYMENT_METHOD_CREATE: PAYMENT_METHOD_KINDS,
  PAYMENT_METHOD_UPDATE: PAYMENT_METHOD_KINDS,
  PAYMENT_METHOD_DELETE: PAYMENT_METHOD_KINDS,
  DAY_CLOSE: { openingCash: 'money', countedCash: 'money', expectedCash: 'money', overShort: 'money' },
  VENDOR_CREATE: VENDOR_KINDS,
  VENDOR_UPDATE: VENDOR_KINDS,
  VENDOR_DELETE: VENDOR_KINDS,
  VENDOR_ARCHIVE: VENDOR_KINDS,
  ITEM_CODE_CREATE: ITEM_CODE_KINDS,
  ITEM_CODE_UPDATE: ITEM_CODE_KINDS,
  ITEM_CODE_DELETE: ITEM_CODE_KINDS,
  ITEM_CODE_ARCHIVE: ITEM_CODE_KINDS,
  INVENTORY_ITEM_CREATE: INVENTORY_ITEM_KINDS,
  INVENTORY_ITEM_UPDATE: INVENTORY_ITEM_KINDS,
  INVENTORY_ITEM_ADJUST: INVENTORY_ITEM_KINDS,
  INVENTORY_ITEM_ARCHIVE: INVENTORY_ITEM_KINDS,
  ITEM_ADD: { price: 'money' },
  ITEM_IMPORT: { total: 'money' },
  ITEM_EDIT: { price: 'money' },
  OFFLINE_SALE_OVER_LIMIT: { total: 'money' },
  OFFLINE_SALE_COMPLETE: { total: 'money' },
  OFFLINE_SALE_VOID: { total: 'money' },
};

/** The most events one page of /store/audit/list holds (an export reads pages this large). */
export const AUDIT_PAGE_SIZE_MAX = 500;

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * Events of the caller's store with `from` <= time < `to`, of one action and one person
 * when given, newest first. `from` and `to` are ISO date-times with an offset.
 */
export const ZListAuditInput = z
  .object({
    from: z.unknown().refine(present, requiredMessage('from')).pipe(zDateInput('from')),
    to: z.unknown().refine(present, requiredMessage('to')).pipe(zDateInput('to')),
    /** One action, or every action when absent or null. */
    action: zAuditAction.nullish(),
    /** The user who acted, or everyone when absent or null. */
    actorId: zId.nullish(),
    ...zPaging(AUDIT_PAGE_SIZE_MAX, 25),
  })
  .refine((input) => input.from < input.to, { message: own('to must be later than from'), path: ['to'] });
export type ListAuditInput = z.input<typeof ZListAuditInput>;

/** A recorded JSON value (text, a number, true or false, a list, an object or null). */
const zRecordedValue = z.unknown().meta({ description: 'A JSON value as recorded; money and percents as decimal strings of micro-units' });
const zAuditValues = z.record(z.string(), zRecordedValue).nullable();

const zPerson = z.object({ id: zIdOut, username: z.string() });

export const ZAuditEvent = z.object({
  id: zIdOut,
  createdAt: zDateOut,
  /** Who acted; null for a change made by the system itself. */
  actor: zPerson.nullable(),
  /** The role the actor acted in. */
  role: zRole,
  action: zAuditAction,
  /** What was changed: 'store' (its settings), 'paymentMethod', 'user', ... and its id. */
  targetType: z.string(),
  targetId: z.string(),
  before: zAuditValues,
  after: zAuditValues,
});
export type AuditEvent = z.output<typeof ZAuditEvent>;

export const ZListAuditOutput = z.object({ success: z.boolean(), events: z.array(ZAuditEvent), totalEvents: zIdOut });
export type ListAuditOutput = z.output<typeof ZListAuditOutput>;

/** Everyone who appears as the actor of an event of the store, by username. */
export const ZListAuditPeopleOutput = z.object({ success: z.boolean(), people: z.array(zPerson) });
