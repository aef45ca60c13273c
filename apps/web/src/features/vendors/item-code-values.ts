/**
 * The item-code form's values and save payload (SPEC 3, 5, 9): the tag is checked with
 * the domain's rule, a new code starts at the store's default vendor commission percent
 * (left to the server when the settings could not be read), and the monthly rent
 * deduction defaults to USE_VENDOR_DEFAULT.
 */
import { DEDUCT_RENT_OVERRIDES, fromWire, toPercentWire, type ItemCode } from '@pos/contracts';
import { formatPercent, validateTag } from '@pos/domain';

export type RentOverride = (typeof DEDUCT_RENT_OVERRIDES)[number];

export const RENT_OVERRIDE_LABELS: Record<RentOverride, string> = {
  USE_VENDOR_DEFAULT: 'Use Vendor Default',
  DEDUCT: 'Deduct',
  DO_NOT_DEDUCT: 'Do Not Deduct',
};

export const RENT_OVERRIDE_OPTIONS = DEDUCT_RENT_OVERRIDES.map((value) => ({ value, label: RENT_OVERRIDE_LABELS[value] }));

export interface ItemCodeFormValues {
  tag: string;
  warnOnNoControlCode: boolean;
  /** null: not known yet (a new code with unreadable settings); the server applies the store default. */
  defaultCommissionPercent: bigint | null;
  receivesSeparateStatement: boolean;
  proportionalCcFee: boolean;
  deductMonthlyRentOverride: RentOverride;
}

export function newItemCodeValues(storeDefaultPercent: bigint | null): ItemCodeFormValues {
  return {
    tag: '',
    warnOnNoControlCode: false,
    defaultCommissionPercent: storeDefaultPercent,
    receivesSeparateStatement: false,
    proportionalCcFee: false,
    deductMonthlyRentOverride: 'USE_VENDOR_DEFAULT',
  };
}

export function itemCodeFormValues(code: ItemCode): ItemCodeFormValues {
  return {
    tag: code.tag,
    warnOnNoControlCode: code.warnOnNoControlCode,
    defaultCommissionPercent: fromWire(code.defaultCommissionPercent),
    receivesSeparateStatement: code.receivesSeparateStatement,
    proportionalCcFee: code.proportionalCcFee,
    deductMonthlyRentOverride: code.deductMonthlyRentOverride,
  };
}

/** The tag's problem in the spec's words, or null. */
export function tagError(tag: string): string | null {
  return validateTag(tag.trim());
}

/** The /store/itemcode/add payload (edit adds id); the vendor is always named. */
export function itemCodePayload(values: ItemCodeFormValues, vendorId: number) {
  return {
    tag: values.tag.trim(),
    vendorId,
    warnOnNoControlCode: values.warnOnNoControlCode,
    ...(values.defaultCommissionPercent === null ? {} : { defaultCommissionPercent: toPercentWire(values.defaultCommissionPercent) }),
    receivesSeparateStatement: values.receivesSeparateStatement,
    proportionalCcFee: values.proportionalCcFee,
    deductMonthlyRentOverride: values.deductMonthlyRentOverride,
  };
}

/** The commission chip's text, e.g. '15% commission'. */
export function commissionLabel(code: Pick<ItemCode, 'defaultCommissionPercent'>): string {
  return `${formatPercent(fromWire(code.defaultCommissionPercent))} commission`;
}
