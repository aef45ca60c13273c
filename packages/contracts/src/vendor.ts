/**
 * Vendors (the save payload, with the primary contact's fields flat, and the list) and
 * item codes.
 */
import { z } from 'zod';
import { MESSAGES, RENT_LIMIT, RENT_OVERRIDES, RENT_LIMIT_MESSAGE, VENDOR_TYPES, isWholeCents, validateTag } from '@pos/domain';
import { zEmail } from './auth';
import { own } from './messages';
import { zId, zIdOut, zMoney, zMoneyOut, zOptionalText, zPaging, zPercent, zPercentOut, zString, zText, toMoneyWire, toPercentWire } from './wire';

own(MESSAGES.tagRequired);
own(MESSAGES.tagAlphanumeric);

export const VENDOR_SORTS = ['tradeName', 'contactName', 'email', 'primaryPhone'] as const;
export type VendorSort = (typeof VENDOR_SORTS)[number];

export const ZListVendorsInput = z.object({
  ...zPaging(100, 20),
  sort: z.enum(VENDOR_SORTS, { error: own(`sort must be one of ${VENDOR_SORTS.join(', ')}`) }).default('tradeName'),
  isAscending: z.boolean().default(true),
  /** Part of a trade name, contact name, contact e-mail or item-code tag; empty: every vendor. */
  search: zOptionalText('Search', 100).default(''),
});

export { VENDOR_TYPES };
export type { VendorType } from '@pos/domain';

export const zVendorType = z.enum(VENDOR_TYPES, { error: own(`Vendor Type must be one of ${VENDOR_TYPES.join(', ')}`) });

/** A monthly rent: $0.00 up to the rent limit, in whole cents. */
export const zMonthlyRent = zMoney
  .refine((v) => v >= 0n && v <= RENT_LIMIT, own(RENT_LIMIT_MESSAGE))
  .refine(isWholeCents, own('Monthly Rent must be in whole cents'));

/**
 * Vendor Type and Monthly Rent are optional: a new vendor without them is a VENDOR
 * paying no rent, and an edit that leaves them out keeps the saved ones.
 */
const vendorFields = {
  tradeName: zText('Trade Name', 200),
  contactName: zText('Contact Name', 200),
  contactEmail: zEmail,
  primaryPhone: zText('Primary Phone', 40),
  secondaryPhone: zOptionalText('Secondary Phone', 40).default(''),
  deductMonthlyRent: z.boolean().default(false),
  vendorType: zVendorType.optional(),
  monthlyRent: zMonthlyRent.optional(),
  /** Booth number(s), mailing address and tax ID: left out, a new vendor has none and an edit keeps the saved ones. */
  booth: zOptionalText('Booth', 100).optional(),
  mailingAddress: zOptionalText('Mailing Address', 500).optional(),
  taxId: zOptionalText('Tax ID', 40).optional(),
};
export const ZAddVendorInput = z.object(vendorFields);
export const ZEditVendorInput = z.object({ vendorId: zId, ...vendorFields });
export const ZVendorIdInput = z.object({ vendorId: zId });
export type VendorSaveInput = z.output<typeof ZAddVendorInput>;

export const DEDUCT_RENT_OVERRIDES = RENT_OVERRIDES;

export const ZItemCode = z.object({
  id: zIdOut,
  tag: z.string(),
  vendorId: zIdOut.nullable(),
  warnOnNoControlCode: z.boolean(),
  defaultCommissionPercent: zPercentOut,
  receivesSeparateStatement: z.boolean(),
  proportionalCcFee: z.boolean(),
  deductMonthlyRentOverride: z.enum(DEDUCT_RENT_OVERRIDES),
  monthlyRent: zMoneyOut,
});
export type ItemCode = z.output<typeof ZItemCode>;

export const ZPrimaryContact = z.object({
  id: zIdOut,
  name: z.string(),
  email: z.string(),
  primaryPhone: z.string(),
  secondaryPhone: z.string(),
  priority: z.number(),
});

export const ZVendor = z.object({
  id: zIdOut,
  tradeName: z.string(),
  primaryContact: ZPrimaryContact.nullable(),
  deductMonthlyRent: z.boolean(),
  vendorType: zVendorType,
  monthlyRent: zMoneyOut,
  booth: z.string(),
  mailingAddress: z.string(),
  taxId: z.string(),
  outstandingStatementBalance: zMoneyOut,
  itemCodes: z.array(ZItemCode),
});
export type Vendor = z.output<typeof ZVendor>;

export const ZListVendorsOutput = z.object({ success: z.boolean(), vendors: z.array(ZVendor), totalVendors: zIdOut });
export const ZVendorOutput = z.object({ success: z.boolean(), message: z.string(), vendor: ZVendor });
export const ZFetchVendorOutput = z.object({ success: z.boolean(), vendor: ZVendor });
export const ZVendorDeleteOutput = z.object({ success: z.boolean(), message: z.string(), archived: z.boolean() });

const zTag = zString('Tag', MESSAGES.tagRequired)
  .trim()
  .max(50, own('Tag must be at most 50 characters'))
  .superRefine((tag, ctx) => {
    const problem = validateTag(tag);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const itemCodeFields = {
  tag: zTag,
  vendorId: zId.nullable().default(null),
  warnOnNoControlCode: z.boolean().default(false),
  /** Absent: the store's default commission for the vendor's type (the default vendor commission for a code of no vendor). */
  defaultCommissionPercent: zPercent('Default Commission Percent').optional(),
  receivesSeparateStatement: z.boolean().default(false),
  proportionalCcFee: z.boolean().default(false),
  deductMonthlyRentOverride: z
    .enum(DEDUCT_RENT_OVERRIDES, { error: own(`deductMonthlyRentOverride must be one of ${DEDUCT_RENT_OVERRIDES.join(', ')}`) })
    .default('USE_VENDOR_DEFAULT'),
  /** The rent of a code that receives a separate statement; absent: $0.00 for a new code, the saved rent on an edit. */
  monthlyRent: zMonthlyRent.optional(),
};
export const ZAddItemCodeInput = z.object(itemCodeFields);
/** Edit is a whole save; vendorId must be given (null unassigns), so leaving it out never detaches a code. */
export const ZEditItemCodeInput = z.object({
  id: zId,
  ...itemCodeFields,
  vendorId: z.union([zId, z.null()], { error: own('vendorId must be given: a vendor id, or null for no vendor') }),
});
export const ZItemCodeIdInput = z.object({ id: zId });
export type ItemCodeSaveInput = z.output<typeof ZAddItemCodeInput>;

export const ZItemCodesOutput = z.object({ success: z.boolean(), message: z.string(), itemCodes: z.array(ZItemCode) });

type ListVendorsOutput = z.output<typeof ZListVendorsOutput>;
const VENDOR_TYPE_SET: ReadonlySet<unknown> = new Set(VENDOR_TYPES);
const RENT_OVERRIDE_SET: ReadonlySet<unknown> = new Set(DEDUCT_RENT_OVERRIDES);
/** zIdOut's input: a bigint, or a finite number. */
const isIdIn = (v: unknown): v is bigint | number => typeof v === 'bigint' || (typeof v === 'number' && Number.isFinite(v));

/** An item code as `ZItemCode` answers it, or null where its parse would not answer this loop's way. */
function itemCodeOut(c: Record<string, unknown> | null): ItemCode | null {
  if (
    typeof c !== 'object' ||
    c === null ||
    !isIdIn(c.id) ||
    typeof c.tag !== 'string' ||
    !(c.vendorId === null || isIdIn(c.vendorId)) ||
    typeof c.warnOnNoControlCode !== 'boolean' ||
    typeof c.defaultCommissionPercent !== 'bigint' ||
    typeof c.receivesSeparateStatement !== 'boolean' ||
    typeof c.proportionalCcFee !== 'boolean' ||
    !RENT_OVERRIDE_SET.has(c.deductMonthlyRentOverride) ||
    typeof c.monthlyRent !== 'bigint'
  ) {
    return null;
  }
  return {
    id: Number(c.id),
    tag: c.tag,
    vendorId: c.vendorId === null ? null : Number(c.vendorId),
    warnOnNoControlCode: c.warnOnNoControlCode,
    defaultCommissionPercent: toPercentWire(c.defaultCommissionPercent),
    receivesSeparateStatement: c.receivesSeparateStatement,
    proportionalCcFee: c.proportionalCcFee,
    deductMonthlyRentOverride: c.deductMonthlyRentOverride as ItemCode['deductMonthlyRentOverride'],
    monthlyRent: toMoneyWire(c.monthlyRent),
  };
}

/** A vendor as `ZVendor` answers it, or null where its parse would not answer this loop's way. */
function vendorOut(v: Record<string, unknown> | null): Vendor | null {
  if (
    typeof v !== 'object' ||
    v === null ||
    !isIdIn(v.id) ||
    typeof v.tradeName !== 'string' ||
    typeof v.deductMonthlyRent !== 'boolean' ||
    !VENDOR_TYPE_SET.has(v.vendorType) ||
    typeof v.monthlyRent !== 'bigint' ||
    typeof v.booth !== 'string' ||
    typeof v.mailingAddress !== 'string' ||
    typeof v.taxId !== 'string' ||
    typeof v.outstandingStatementBalance !== 'bigint' ||
    !Array.isArray(v.itemCodes)
  ) {
    return null;
  }
  let primaryContact: Vendor['primaryContact'] = null;
  const p = v.primaryContact as Record<string, unknown> | null;
  if (p !== null) {
    if (
      typeof p !== 'object' ||
      !isIdIn(p.id) ||
      typeof p.name !== 'string' ||
      typeof p.email !== 'string' ||
      typeof p.primaryPhone !== 'string' ||
      typeof p.secondaryPhone !== 'string' ||
      typeof p.priority !== 'number' ||
      !Number.isFinite(p.priority)
    ) {
      return null;
    }
    primaryContact = { id: Number(p.id), name: p.name, email: p.email, primaryPhone: p.primaryPhone, secondaryPhone: p.secondaryPhone, priority: p.priority };
  }
  const codes = v.itemCodes as (Record<string, unknown> | null)[];
  const itemCodes = new Array<ItemCode>(codes.length);
  for (let i = 0; i < codes.length; i++) {
    const code = itemCodeOut(codes[i]!);
    if (code === null) return null;
    itemCodes[i] = code;
  }
  return {
    id: Number(v.id),
    tradeName: v.tradeName,
    primaryContact,
    deductMonthlyRent: v.deductMonthlyRent,
    vendorType: v.vendorType as Vendor['vendorType'],
    monthlyRent: toMoneyWire(v.monthlyRent),
    booth: v.booth,
    mailingAddress: v.mailingAddress,
    taxId: v.taxId,
    outstandingStatementBalance: toMoneyWire(v.outstandingStatementBalance),
    itemCodes,
  };
}

/**
 * The vendor list's answer check: exactly what `ZListVendorsOutput.parse` answers
 * (unknown keys left out, ids as numbers, money and percents in their wire form, the
 * schema's key order), in one loop over the page's vendors and codes instead of zod's
 * run over every field (docs/PERFORMANCE.md, "Read paths"). Anything the loop does not
 * accept goes to zod's parse, so a bad answer fails with zod's own error.
 */
export function parseListVendorsOutput(value: unknown): ListVendorsOutput {
  const answer = value as Record<string, unknown> | null;
  if (typeof answer !== 'object' || answer === null || typeof answer.success !== 'boolean' || !Array.isArray(answer.vendors) || !isIdIn(answer.totalVendors)) {
    return ZListVendorsOutput.parse(value);
  }
  const rows = answer.vendors as (Record<string, unknown> | null)[];
  const vendors = new Array<Vendor>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const vendor = vendorOut(rows[i]!);
    if (vendor === null) return ZListVendorsOutput.parse(value);
    vendors[i] = vendor;
  }
  return { success: answer.success, vendors, totalVendors: Number(answer.totalVendors) };
}
