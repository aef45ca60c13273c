/**
 * The vendor form's values, quick checks and save payload (SPEC 3, 5): Trade Name,
 * contact Name, Email (e-mail format) and Primary Phone are required, Secondary Phone
 * is optional and sent as empty text. The checks only give fast feedback in the
 * server's own words; the server decides.
 */
import type { VendorSaveInput } from '@pos/contracts';

export interface VendorFormValues {
  tradeName: string;
  contactName: string;
  contactEmail: string;
  primaryPhone: string;
  secondaryPhone: string;
  deductMonthlyRent: boolean;
}

export type VendorTextField = Exclude<keyof VendorFormValues, 'deductMonthlyRent'>;
export type VendorFormErrors = Partial<Record<VendorTextField, string>>;

export const EMPTY_VENDOR_VALUES: VendorFormValues = {
  tradeName: '',
  contactName: '',
  contactEmail: '',
  primaryPhone: '',
  secondaryPhone: '',
  deductMonthlyRent: false,
};

/** The label each field's server message starts with. */
export const VENDOR_FIELD_LABELS: Record<VendorTextField, string> = {
  tradeName: 'Trade Name',
  contactName: 'Contact Name',
  contactEmail: 'Email',
  primaryPhone: 'Primary Phone',
  secondaryPhone: 'Secondary Phone',
};

interface VendorLike {
  tradeName: string;
  deductMonthlyRent: boolean;
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
    deductMonthlyRent: vendor.deductMonthlyRent,
  };
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field errors for what is certainly wrong; empty when the form may be sent. */
export function validateVendorValues(values: VendorFormValues): VendorFormErrors {
  const errors: VendorFormErrors = {};
  for (const field of ['tradeName', 'contactName', 'contactEmail', 'primaryPhone'] as const) {
    if (values[field].trim() === '') errors[field] = `${VENDOR_FIELD_LABELS[field]} is required`;
  }
  if (!errors.contactEmail && !EMAIL_SHAPE.test(values.contactEmail.trim())) errors.contactEmail = 'Email must be a valid e-mail address';
  return errors;
}

export function hasErrors(errors: VendorFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** SPEC 3's vendor save payload (edit adds vendorId). */
export function vendorPayload(values: VendorFormValues): VendorSaveInput {
  return {
    tradeName: values.tradeName.trim(),
    contactName: values.contactName.trim(),
    contactEmail: values.contactEmail.trim(),
    primaryPhone: values.primaryPhone.trim(),
    secondaryPhone: values.secondaryPhone.trim(),
    deductMonthlyRent: values.deductMonthlyRent,
  };
}

/** The field a server message is about (it names the field first), or null. */
export function vendorFieldOfMessage(message: string): VendorTextField | null {
  const fields = Object.keys(VENDOR_FIELD_LABELS) as VendorTextField[];
  // 'Secondary Phone' before 'Email' etc. does not matter: no label is a prefix of another.
  return fields.find((f) => message.startsWith(`${VENDOR_FIELD_LABELS[f]} `) || message.startsWith(`${VENDOR_FIELD_LABELS[f]}:`)) ?? null;
}
