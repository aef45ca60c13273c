/**
 * The vendor form's values, checks and save payload: Trade Name, contact Name, Email (an
 * e-mail address) and Primary Phone are required, Secondary Phone is optional and sent as
 * empty text; Vendor Type (a booth vendor at first) and Monthly Rent ($0.00 up to the
 * rent limit, whole cents) are always sent, and so are Booth, Mailing Address and Tax ID
 * (optional, empty when not known). The checks are the server's own input
 * schema, on the payload.
 */
import { fromWire, toMoneyWire, VENDOR_TYPES, ZAddVendorInput, type MoneyWire, type VendorType } from '@pos/contracts';
import { VENDOR_TYPE_LABELS } from '@pos/domain';
import { fieldOfMessage, requestResolver } from '../../lib/form-validation';

export interface VendorFormValues {
  tradeName: string;
  contactName: string;
  contactEmail: string;
  primaryPhone: string;
  secondaryPhone: string;
  booth: string;
  mailingAddress: string;
  taxId: string;
  deductMonthlyRent: boolean;
  vendorType: VendorType;
  /** Money micro-units. */
  monthlyRent: bigint;
}

/** The fields a server message may be about. */
export type VendorMessageField = Exclude<keyof VendorFormValues, 'deductMonthlyRent'>;

export const EMPTY_VENDOR_VALUES: VendorFormValues = {
  tradeName: '',
  contactName: '',
  contactEmail: '',
  primaryPhone: '',
  secondaryPhone: '',
  booth: '',
  mailingAddress: '',
  taxId: '',
  deductMonthlyRent: false,
  vendorType: 'VENDOR',
  monthlyRent: 0n,
};

/** Beside a money setting staff see locked (mayChangeVendorMoney). */
export const MANAGER_ONLY_HINT = 'Only a store manager may change this';

/**
 * A form field's lock: disabled, saying why, when `locked` (the caller may not change
 * money settings) and the field is one of `moneyFields` (VENDOR_MONEY_FIELDS or
 * ITEM_CODE_MONEY_FIELDS of packages/domain); else its own description.
 */
export function moneyFieldLock(moneyFields: Readonly<Record<string, string>>, locked: boolean, field: string, description?: string) {
  const on = locked && Object.hasOwn(moneyFields, field);
  return { disabled: on, description: on ? MANAGER_ONLY_HINT : description };
}

export const VENDOR_TYPE_OPTIONS = VENDOR_TYPES.map((value) => ({ value, label: VENDOR_TYPE_LABELS[value] }));

/** The label each field's server message starts with. */
export const VENDOR_FIELD_LABELS: Record<VendorMessageField, string> = {
  tradeName: 'Trade Name',
  vendorType: 'Vendor Type',
  monthlyRent: 'Monthly Rent',
  contactName: 'Contact Name',
  contactEmail: 'Email',
  primaryPhone: 'Primary Phone',
  secondaryPhone: 'Secondary Phone',
  booth: 'Booth',
  mailingAddress: 'Mailing Address',
  taxId: 'Tax ID',
};

interface VendorLike {
  tradeName: string;
  deductMonthlyRent: boolean;
  vendorType: VendorType;
  monthlyRent: MoneyWire;
  booth: string;
  mailingAddress: string;
  taxId: string;
  primaryContact: { name: string; email: string; primaryPhone: string; secondaryPhone: string } | null;
}

export function vendorFormValues(vendor: VendorLike | null): VendorFormValues {
  if (!vendor) return EMPTY_VENDOR_VALUES;
  const contact = vendor.primaryContact;
  return {
    tradeName: vendor.tradeName,
    contactName: contact?.name ?? '',
    contactEmail: contact?.email ?? '',
    primaryPhone: contact?.primaryPhone ?? '',
    secondaryPhone: contact?.secondaryPhone ?? '',
    booth: vendor.booth,
    mailingAddress: vendor.mailingAddress,
    taxId: vendor.taxId,
    deductMonthlyRent: vendor.deductMonthlyRent,
    vendorType: vendor.vendorType,
    monthlyRent: fromWire(vendor.monthlyRent),
  };
}

/** The vendor save payload, text trimmed, money on the wire (edit adds vendorId). */
export function vendorPayload(values: VendorFormValues) {
  return {
    tradeName: values.tradeName.trim(),
    contactName: values.contactName.trim(),
    contactEmail: values.contactEmail.trim(),
    primaryPhone: values.primaryPhone.trim(),
    secondaryPhone: values.secondaryPhone.trim(),
    booth: values.booth.trim(),
    mailingAddress: values.mailingAddress.trim(),
    taxId: values.taxId.trim(),
    deductMonthlyRent: values.deductMonthlyRent,
    vendorType: values.vendorType,
    monthlyRent: toMoneyWire(values.monthlyRent),
  };
}

export type VendorPayload = ReturnType<typeof vendorPayload>;

/** The form's checks: the server's schema, on the payload the form would send. */
export const validateVendorValues = requestResolver(ZAddVendorInput, vendorPayload);

/** The field a server message is about (it names the field first), or null. */
export function vendorFieldOfMessage(message: string): VendorMessageField | null {
  return fieldOfMessage(message, VENDOR_FIELD_LABELS);
}
