/**
 * The item-code form's values, checks and save payload: the checks are the server's own
 * input schema (a tag is required and has letters and digits only), a new code starts at
 * the store's default commission for its vendor's type (left to the server when the
 * settings could not be read), and the monthly rent deduction defaults to
 * USE_VENDOR_DEFAULT. A code's own monthly rent counts only when it receives a separate
 * statement: it is sent as $0.00 otherwise. Staff change no money setting
 * (mayChangeVendorMoney): their saves leave the commission and the rent out, so a new
 * code takes the store's default and an edited one keeps its own.
 */
import { DEDUCT_RENT_OVERRIDES, fromWire, toMoneyWire, toPercentWire, ZAddItemCodeInput, type ItemCode, type SettingsOutput, type VendorType } from '@pos/contracts';
import { defaultCommissionFor, formatPercent } from '@pos/domain';
import { requestResolver } from '../../lib/form-validation';

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
  /** Money micro-units; kept only with a separate statement. */
  monthlyRent: bigint;
}

/** The commission a new code of a vendor of this type starts at, from the store's settings (null until they are read). */
export function newCodeCommission(settings: Pick<SettingsOutput, 'defaultVendorCommissionPercent' | 'defaultVendorConsignmentCommissionPercent' | 'defaultConsignmentCommissionPercent'> | undefined, vendorType: VendorType): bigint | null {
  if (!settings) return null;
  return defaultCommissionFor(vendorType, {
    defaultVendorCommissionPercent: fromWire(settings.defaultVendorCommissionPercent),
    defaultVendorConsignmentCommissionPercent: fromWire(settings.defaultVendorConsignmentCommissionPercent),
    defaultConsignmentCommissionPercent: fromWire(settings.defaultConsignmentCommissionPercent),
  });
}

export function newItemCodeValues(storeDefaultPercent: bigint | null): ItemCodeFormValues {
  return {
    tag: '',
    warnOnNoControlCode: false,
    defaultCommissionPercent: storeDefaultPercent,
    receivesSeparateStatement: false,
    proportionalCcFee: false,
    deductMonthlyRentOverride: 'USE_VENDOR_DEFAULT',
    monthlyRent: 0n,
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
    monthlyRent: fromWire(code.monthlyRent),
  };
}

/**
 * The /store/itemcode/add payload (edit adds id); the vendor is always named. With
 * `moneyLocked` (staff) the commission and the rent are left out: the server keeps them.
 */
export function itemCodePayload(values: ItemCodeFormValues, vendorId: number, moneyLocked = false) {
  const commission = values.defaultCommissionPercent === null || moneyLocked ? {} : { defaultCommissionPercent: toPercentWire(values.defaultCommissionPercent) };
  return {
    tag: values.tag.trim(),
    vendorId,
    warnOnNoControlCode: values.warnOnNoControlCode,
    ...commission,
    receivesSeparateStatement: values.receivesSeparateStatement,
    proportionalCcFee: values.proportionalCcFee,
    deductMonthlyRentOverride: values.deductMonthlyRentOverride,
    ...(moneyLocked ? {} : { monthlyRent: toMoneyWire(values.receivesSeparateStatement ? values.monthlyRent : 0n) }),
  };
}

export type ItemCodePayload = ReturnType<typeof itemCodePayload>;

/** The form's checks for a code of `vendorId`: the server's schema, on the payload. */
export function itemCodeValidator(vendorId: number, moneyLocked = false) {
  return requestResolver(ZAddItemCodeInput, (values: ItemCodeFormValues) => itemCodePayload(values, vendorId, moneyLocked));
}

/** The commission chip's text, e.g. '15% commission'. */
export function commissionLabel(code: Pick<ItemCode, 'defaultCommissionPercent'>): string {
  return `${formatPercent(fromWire(code.defaultCommissionPercent))} commission`;
}
