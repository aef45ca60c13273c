/**
 * Vendors (the save payload, with the primary contact's fields flat, and the list) and
 * item codes.
 */
import { z } from 'zod';
import { MESSAGES, RENT_LIMIT, RENT_OVERRIDES, RENT_LIMIT_MESSAGE, VENDOR_TYPES, isWholeCents, validateTag } from '@pos/domain';
import { zEmail } from './auth';
import { own } from './messages';
import { zId, zIdOut, zMoney, zMoneyOut, zOptionalText, zPaging, zPercent, zPercentOut, zString, zText } from './wire';

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
