/**
 * What a vendor row shows: the primary contact's name, e-mail and primary
 * phone; without a primary contact, the red warning in the contact column and '-' in
 * the e-mail and phone columns.
 */
export const NO_CONTACT_WARNING = 'Warning: no contact assigned';
export const MISSING = '-';

interface ContactLike {
  name: string;
  email: string;
  primaryPhone: string;
}

export interface VendorRowCells {
  /** null: no primary contact (the warning is shown). */
  contactName: string | null;
  email: string;
  phone: string;
}

export function vendorRowCells(vendor: { primaryContact: ContactLike | null }): VendorRowCells {
  const contact = vendor.primaryContact;
  if (!contact) return { contactName: null, email: MISSING, phone: MISSING };
  return {
    contactName: contact.name,
    email: contact.email.trim() === '' ? MISSING : contact.email,
    phone: contact.primaryPhone.trim() === '' ? MISSING : contact.primaryPhone,
  };
}
