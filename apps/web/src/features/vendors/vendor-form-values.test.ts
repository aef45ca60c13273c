import { describe, expect, test } from 'vitest';
import { ITEM_CODE_MONEY_FIELDS, VENDOR_MONEY_FIELDS } from '@pos/domain';
import { EMPTY_VENDOR_VALUES, MANAGER_ONLY_HINT, moneyFieldLock, validateVendorValues, vendorFieldOfMessage, vendorFormValues, vendorPayload } from './vendor-form-values';

const GOOD = {
  tradeName: ' Acme Antiques ',
  contactName: 'Ann Smith',
  contactEmail: 'ann@example.com',
  primaryPhone: '555-0100',
  secondaryPhone: '',
  booth: ' 12A, 14 ',
  mailingAddress: '1 Main St\nSpringfield',
  taxId: '',
  deductMonthlyRent: true,
  vendorType: 'VENDOR_CONSIGNMENT' as const,
  monthlyRent: 150_000_000n,
};

describe('the vendor form', () => {
  test('a new vendor starts empty: a booth vendor without rent or its deduction', () => {
    expect(vendorFormValues(null)).toEqual(EMPTY_VENDOR_VALUES);
    expect(EMPTY_VENDOR_VALUES).toMatchObject({ vendorType: 'VENDOR', monthlyRent: 0n, deductMonthlyRent: false });
  });

  test('an existing vendor fills the form from its primary contact', () => {
    expect(
      vendorFormValues({
        tradeName: 'Acme',
        deductMonthlyRent: true,
        vendorType: 'CONSIGNMENT',
        monthlyRent: { type: 'Money', value: '75500000' },
        booth: '7',
        mailingAddress: 'PO Box 1',
        taxId: '12-3456789',
        primaryContact: { name: 'Ann', email: 'a@b.co', primaryPhone: '1', secondaryPhone: '2' },
      }),
    ).toEqual({
      tradeName: 'Acme',
      contactName: 'Ann',
      contactEmail: 'a@b.co',
      primaryPhone: '1',
      secondaryPhone: '2',
      booth: '7',
      mailingAddress: 'PO Box 1',
      taxId: '12-3456789',
      deductMonthlyRent: true,
      vendorType: 'CONSIGNMENT',
      monthlyRent: 75_500_000n,
    });
  });

  test('a vendor without a contact gets empty contact fields', () => {
    expect(vendorFormValues({ tradeName: 'Acme', deductMonthlyRent: false, vendorType: 'VENDOR', monthlyRent: { type: 'Money', value: '0' }, booth: '', mailingAddress: '', taxId: '', primaryContact: null })).toMatchObject({
      contactName: '',
      contactEmail: '',
    });
  });

  test('requires trade name, contact name, e-mail and primary phone, not the secondary phone', () => {
    const errors = validateVendorValues(EMPTY_VENDOR_VALUES);
    expect(errors).toEqual({
      tradeName: 'Trade Name is required',
      contactName: 'Contact Name is required',
      contactEmail: 'Email is required',
      primaryPhone: 'Primary Phone is required',
    });
    expect(validateVendorValues(GOOD)).toEqual({});
  });

  test('blank text counts as missing; lengths are the server bounds', () => {
    expect(validateVendorValues({ ...GOOD, tradeName: '   ' })).toEqual({ tradeName: 'Trade Name is required' });
    expect(validateVendorValues({ ...GOOD, secondaryPhone: '5'.repeat(41) })).toEqual({ secondaryPhone: 'Secondary Phone must be at most 40 characters' });
  });

  test('checks the e-mail format, as the server does', () => {
    for (const email of ['ann', 'ann@', 'ann@example', 'a b@example.com']) {
      expect(validateVendorValues({ ...GOOD, contactEmail: email }).contactEmail).toBe('Email must be a valid e-mail address');
    }
  });

  test('the payload is trimmed, sends the secondary phone and tax ID as empty text and the rent on the wire', () => {
    expect(vendorPayload(GOOD)).toEqual({ ...GOOD, tradeName: 'Acme Antiques', booth: '12A, 14', secondaryPhone: '', taxId: '', monthlyRent: { type: 'Money', value: '150000000' } });
  });

  test('booth, mailing address and tax ID are optional, with the server bounds', () => {
    expect(validateVendorValues({ ...GOOD, booth: '', mailingAddress: '' })).toEqual({});
    expect(validateVendorValues({ ...GOOD, taxId: '9'.repeat(41) })).toEqual({ taxId: 'Tax ID must be at most 40 characters' });
    expect(vendorFieldOfMessage('Mailing Address must be at most 500 characters')).toBe('mailingAddress');
  });

  test("checks the monthly rent with the server's bounds", () => {
    expect(validateVendorValues({ ...GOOD, monthlyRent: -10_000n })).toEqual({ monthlyRent: 'Monthly Rent must be between $0.00 and $10,000,000.00' });
    expect(validateVendorValues({ ...GOOD, monthlyRent: 150_005_000n })).toEqual({ monthlyRent: 'Monthly Rent must be in whole cents' });
  });

  test('locks the money fields of packages/domain for staff, saying why, and nothing else', () => {
    for (const field of ['vendorType', 'monthlyRent', 'deductMonthlyRent']) expect(moneyFieldLock(VENDOR_MONEY_FIELDS, true, field, 'own')).toEqual({ disabled: true, description: MANAGER_ONLY_HINT });
    expect(moneyFieldLock(VENDOR_MONEY_FIELDS, true, 'tradeName', 'own')).toEqual({ disabled: false, description: 'own' });
    expect(moneyFieldLock(VENDOR_MONEY_FIELDS, false, 'monthlyRent', 'own')).toEqual({ disabled: false, description: 'own' });
    expect(moneyFieldLock(ITEM_CODE_MONEY_FIELDS, true, 'proportionalCcFee').disabled).toBe(true);
    expect(moneyFieldLock(ITEM_CODE_MONEY_FIELDS, true, 'warnOnNoControlCode').disabled).toBe(false);
  });

  test('finds the field a server message is about', () => {
    expect(vendorFieldOfMessage('Email must be a valid e-mail address')).toBe('contactEmail');
    expect(vendorFieldOfMessage('Trade Name is required')).toBe('tradeName');
    expect(vendorFieldOfMessage('Secondary Phone must be at most 40 characters')).toBe('secondaryPhone');
    expect(vendorFieldOfMessage('No such vendor in this store')).toBeNull();
    expect(vendorFieldOfMessage('Emails are off today')).toBeNull();
  });
});
