/**
 * Store settings, flattened into one object of fields (tax1ShortName, tax1Percent, ...),
 * and payment methods.
 */
import { z } from 'zod';
import { isValidTimeZone, OFFLINE_MAX_HOURS_LIMIT, OFFLINE_MAX_SALES_LIMIT, TAX_SHORT_NAME_MAX_LENGTH } from '@pos/domain';
import { ZRoleAssignment } from './auth';
import { own, requiredMessage } from './messages';
import { zDateOut, zId, zIdOut, zMoney, zMoneyOut, zOptionalText, zPercent, zPercentOut, zString, zText } from './wire';

const requiredPercent = (label: string) => z.unknown().refine((v) => v !== undefined && v !== null, requiredMessage(label)).pipe(zPercent(label));
const requiredMoney = (label: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null, requiredMessage(label))
    .pipe(zMoney)
    .refine((v) => v >= 0n, own(`${label} must not be negative`));

export const zTimeZone = zString('Time zone').trim().max(100, own('Time zone must be at most 100 characters')).refine(isValidTimeZone, own('Time zone must be an IANA time zone such as America/New_York'));

/** An owner opens another store: its name and, optionally, its zone (else the current store's). */
export const ZAddStoreInput = z.object({
  storeName: zText('Store name', 100),
  timeZone: zTimeZone.optional(),
});
/** The new store, and the caller's assignments with its STORE_OWNER role, for the stored session. */
export const ZAddStoreOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  store: z.object({ id: zIdOut, name: z.string(), timeZone: z.string() }),
  roles: z.array(ZRoleAssignment),
});

function taxInput(n: 1 | 2 | 3) {
  return {
    shortName: zOptionalText(`Tax ${n} short name`, TAX_SHORT_NAME_MAX_LENGTH).default(''),
    longName: zOptionalText(`Tax ${n} long name`, 100).default(''),
    percent: zPercent(`Tax ${n} Percentage`).default(0n),
    enabled: z.boolean().default(false),
    applyByDefault: z.boolean().default(false),
  };
}
const t1 = taxInput(1);
const t2 = taxInput(2);
const t3 = taxInput(3);

const limitInt = (label: string, max: number) => {
  const message = own(`${label} must be a whole number from 1 to ${max}`);
  return z.number({ error: message }).int(message).min(1, message).max(max, message);
};
/** Largest offline total limit a store may set. */
export const OFFLINE_MAX_TOTAL_LIMIT = 1_000_000_000_000n;
/**
 * The offline till's limits per device (docs/ARCHITECTURE.md, The offline till): how many
 * sales, how much money and how many hours it may sell without the network. Each left out
 * of a settings update keeps the saved value.
 */
const offlineLimitInputs = {
  offlineMaxSales: limitInt('Offline sales limit', OFFLINE_MAX_SALES_LIMIT).optional(),
  offlineMaxTotal: zMoney.refine((v) => v > 0n && v <= OFFLINE_MAX_TOTAL_LIMIT, own('Offline total limit must be more than $0.00 and at most $1,000,000.00')).optional(),
  offlineMaxHours: limitInt('Offline hours limit', OFFLINE_MAX_HOURS_LIMIT).optional(),
};
const offlineLimitOutputs = { offlineMaxSales: zIdOut, offlineMaxTotal: zMoneyOut, offlineMaxHours: zIdOut };
export const ZOfflineLimits = z.object(offlineLimitOutputs);

export const ZUpdateSettingsInput = z.object({
  orderPrefix: zText('Order Prefix', 20),
  nextOrderNumber: z
    .number({ error: own('Next Order Number must be an integer of at least 1') })
    .int(own('Next Order Number must be an integer of at least 1'))
    .min(1, own('Next Order Number must be an integer of at least 1'))
    .max(Number.MAX_SAFE_INTEGER, own('Next Order Number is too large')),
  defaultVendorCommissionPercent: requiredPercent('Default Vendor Commission Percent'),
  defaultVendorConsignmentCommissionPercent: requiredPercent('Default Vendor Consignment Commission Percent'),
  defaultConsignmentCommissionPercent: requiredPercent('Default Consignment Commission Percent'),
  tax1ShortName: t1.shortName,
  tax1LongName: t1.longName,
  tax1Percent: t1.percent,
  tax1Enabled: t1.enabled,
  tax1ApplyByDefault: t1.applyByDefault,
  tax2ShortName: t2.shortName,
  tax2LongName: t2.longName,
  tax2Percent: t2.percent,
  tax2Enabled: t2.enabled,
  tax2ApplyByDefault: t2.applyByDefault,
  tax3ShortName: t3.shortName,
  tax3LongName: t3.longName,
  tax3Percent: t3.percent,
  tax3Enabled: t3.enabled,
  tax3ApplyByDefault: t3.applyByDefault,
  /** Optional: the store's IANA time zone, for "today" and "this month" on dashboards. */
  timeZone: zTimeZone.optional(),
  /** Optional: the store's postal address, printed on vendors' statements; absent keeps the saved one. */
  address: zOptionalText('Store Address', 300).optional(),
  ...offlineLimitInputs,
});
export type UpdateSettingsInput = z.output<typeof ZUpdateSettingsInput>;

/** The store's three tax slots as its settings answer them (also the offline till's copy). */
export const ZStoreTaxes = z.object({
  tax1ShortName: z.string(),
  tax1LongName: z.string(),
  tax1Percent: zPercentOut,
  tax1Enabled: z.boolean(),
  tax1ApplyByDefault: z.boolean(),
  tax2ShortName: z.string(),
  tax2LongName: z.string(),
  tax2Percent: zPercentOut,
  tax2Enabled: z.boolean(),
  tax2ApplyByDefault: z.boolean(),
  tax3ShortName: z.string(),
  tax3LongName: z.string(),
  tax3Percent: zPercentOut,
  tax3Enabled: z.boolean(),
  tax3ApplyByDefault: z.boolean(),
});

export const ZSettingsOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  statusCode: z.number(),
  orderPrefix: z.string(),
  nextOrderNumber: zIdOut,
  defaultVendorCommissionPercent: zPercentOut,
  defaultVendorConsignmentCommissionPercent: zPercentOut,
  defaultConsignmentCommissionPercent: zPercentOut,
  ...ZStoreTaxes.shape,
  timeZone: z.string(),
  address: z.string(),
  ...offlineLimitOutputs,
  storeUpdatedAt: zDateOut,
});
export type SettingsOutput = z.output<typeof ZSettingsOutput>;

/** The store's clock, for every role of the store: every screen shows times in this zone. */
export const ZTimeZoneOutput = z.object({ success: z.boolean(), timeZone: z.string() });
export type TimeZoneOutput = z.output<typeof ZTimeZoneOutput>;

const paymentMethodFields = {
  name: zText('Name', 100),
  vendorFeePercent: requiredPercent('Vendor Fee'),
  customerFeePercent: requiredPercent('Customer Fee Percent'),
  customerFeeAmount: requiredMoney('Customer Fee Amount'),
  minimumAmount: requiredMoney('Minimum Amount'),
  requiresManagerApproval: z.boolean().default(false),
  /** For an external card terminal: the till may take this method with no network (never one that needs approval). */
  offlineAllowed: z.boolean().default(false),
};
export const ZCreatePaymentMethodInput = z.object(paymentMethodFields);
export const ZUpdatePaymentMethodInput = z.object({ id: zId, ...paymentMethodFields });
export const ZDeletePaymentMethodInput = z.object({ id: zId });

export const ZPaymentMethod = z.object({
  id: zIdOut,
  name: z.string(),
  vendorFeePercent: zPercentOut,
  customerFeePercent: zPercentOut,
  customerFeeAmount: zMoneyOut,
  minimumAmount: zMoneyOut,
  requiresManagerApproval: z.boolean(),
  /** The till may take it offline (Cash always may). */
  offlineAllowed: z.boolean(),
  /** The store's Cash method: it gives change, charges no fees, and cannot be archived. */
  isCash: z.boolean(),
});
export type PaymentMethod = z.output<typeof ZPaymentMethod>;

export const ZListPaymentMethodsOutput = z.object({ success: z.boolean(), paymentMethods: z.array(ZPaymentMethod), storeUpdatedAt: zDateOut });
export const ZPaymentMethodOutput = z.object({ success: z.boolean(), message: z.string(), paymentMethod: ZPaymentMethod, storeUpdatedAt: zDateOut });
export const ZDeletePaymentMethodOutput = z.object({ success: z.boolean(), message: z.string(), storeUpdatedAt: zDateOut });
