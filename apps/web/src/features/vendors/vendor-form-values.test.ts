import { describe, expect, test } from 'vitest';
import { EMPTY_VENDOR_VALUES, hasErrors, validateVendorValues, vendorFieldOfMessage, vendorFormValues, vendorPayload } from './vendor-form-values';

const GOOD = {
  tradeName: ' Acme Antiques ',
  contactName: 'Ann Smith',
  contactEmail: 'ann@example.com',
  primaryPhone: '555-0100',
  secondaryPhone: '',
  deductMonthlyRent: true,
};

describe('the vendor form', () => {
  test('a new vendor starts empty, without rent deduction', () => {
    expect(vendorFormValues(null)).toEqual(EMPTY_VENDOR_VALUES);
  });

  test('an existing vendor fills the form from its primary contact', () => {
    expect(
      vendorFormValues({
        tradeName: 'Acme',
        deductMonthlyRent: true,
        primaryContact: { name: 'Ann', email: 'a@b.co', primaryPhone: '1', secondaryPhone: '2' },
      }),
    ).toEqual({ tradeName: 'Acme', contactName: 'Ann', contactEmail: 'a@b.co', primaryPhone: '1', secondaryPhone: '2', deductMonthlyRent: true });
  });

  test('a vendor without a contact gets empty contact fields', () => {
    expect(vendorFormValues({ tradeName: 'Acme', deductMonthlyRent: false, primaryContact: null })).toMatchObject({ contactName: '', contactEmail: '' });
  });

  test('requires trade name, contact name, e-mail and primary phone, not the secondary phone', () => {
    const errors = validateVendorValues(EMPTY_VENDOR_VALUES);
    expect(errors).toEqual({
      tradeName: 'Trade Name is required',
      contactName: 'Contact Name is required',
      contactEmail: 'Email is required',
      primaryPhone: 'Primary Phone is required',
    });
    expect(hasErrors(validateVendorValues(GOOD))).toBe(false);
  });

  test('blank text counts as missing', () => {
    expect(validateVendorValues({ ...GOOD, tradeName: '   ' }).tradeName).toBe('Trade Name is required');
  });

  test('checks the e-mail format', () => {
    for (const email of ['ann', 'ann@', 'ann@example', 'a b@example.com']) {
      expect(validateVendorValues({ ...GOOD, contactEmail: email }).contactEmail).toBe('Email must be a valid e-mail address');
    }
  });

  test('the payload is trimmed and sends the secondary phone as empty text', () => {
    expect(vendorPayload(GOOD)).toEqual({ ...GOOD, tradeName: 'Acme Antiques', secondaryPhone: '' });
  });

  test('finds the field a server message is about', () => {
    expect(vendorFieldOfMessage('Email must be a valid e-mail address')).toBe('contactEmail');
    expect(vendorFieldOfMessage('Trade Name is required')).toBe('tradeName');
    expect(vendorFieldOfMessage('Secondary Phone must be at most 40 characters')).toBe('secondaryPhone');
    expect(vendorFieldOfMessage('No such vendor in this store')).toBeNull();
  });
});
