import { describe, expect, test } from 'vitest';
import { commissionLabel, itemCodeFormValues, itemCodePayload, itemCodeValidator, newCodeCommission, newItemCodeValues, RENT_OVERRIDE_OPTIONS } from './item-code-values';

const CODE = {
  id: 7,
  tag: 'AB12',
  vendorId: 3,
  warnOnNoControlCode: true,
  defaultCommissionPercent: { type: 'Percent' as const, value: '12500000' },
  receivesSeparateStatement: false,
  proportionalCcFee: true,
  deductMonthlyRentOverride: 'DEDUCT' as const,
  monthlyRent: { type: 'Money' as const, value: '0' },
};

describe('the item-code form', () => {
  test('a new code takes the store default commission and uses the vendor default for rent', () => {
    expect(newItemCodeValues(15_000_000n)).toEqual({
      tag: '',
      warnOnNoControlCode: false,
      defaultCommissionPercent: 15_000_000n,
      receivesSeparateStatement: false,
      proportionalCcFee: false,
      deductMonthlyRentOverride: 'USE_VENDOR_DEFAULT',
      monthlyRent: 0n,
    });
  });

  test("a new code's commission is the store default of its vendor's type", () => {
    const settings = {
      defaultVendorCommissionPercent: { type: 'Percent' as const, value: '10000000' },
      defaultVendorConsignmentCommissionPercent: { type: 'Percent' as const, value: '20000000' },
      defaultConsignmentCommissionPercent: { type: 'Percent' as const, value: '35000000' },
    };
    expect(newCodeCommission(settings, 'VENDOR')).toBe(10_000_000n);
    expect(newCodeCommission(settings, 'VENDOR_CONSIGNMENT')).toBe(20_000_000n);
    expect(newCodeCommission(settings, 'CONSIGNMENT')).toBe(35_000_000n);
    expect(newCodeCommission(undefined, 'CONSIGNMENT')).toBeNull();
  });

  test('sends a monthly rent only for a code with a separate statement', () => {
    const values = { ...newItemCodeValues(0n), tag: 'SEP1', monthlyRent: 40_000_000n };
    expect(itemCodePayload({ ...values, receivesSeparateStatement: true }, 3).monthlyRent).toEqual({ type: 'Money', value: '40000000' });
    expect(itemCodePayload(values, 3).monthlyRent).toEqual({ type: 'Money', value: '0' });
  });

  test('an existing code fills the form, the percent as bigint micro-units', () => {
    expect(itemCodeFormValues(CODE)).toMatchObject({ tag: 'AB12', defaultCommissionPercent: 12_500_000n, deductMonthlyRentOverride: 'DEDUCT' });
  });

  test('the payload names the vendor and sends the percent on the wire', () => {
    expect(itemCodePayload({ ...itemCodeFormValues(CODE), tag: ' AB12 ' }, 3)).toEqual({
      tag: 'AB12',
      vendorId: 3,
      warnOnNoControlCode: true,
      defaultCommissionPercent: { type: 'Percent', value: '12500000' },
      receivesSeparateStatement: false,
      proportionalCcFee: true,
      deductMonthlyRentOverride: 'DEDUCT',
      monthlyRent: { type: 'Money', value: '0' },
    });
  });

  test('an unknown commission is left to the server (the store default)', () => {
    expect(itemCodePayload(newItemCodeValues(null), 3)).not.toHaveProperty('defaultCommissionPercent');
  });

  test('tags: required, letters and digits only, in the server words', () => {
    const validate = itemCodeValidator(3);
    const tagError = (tag: string) => validate({ ...newItemCodeValues(15_000_000n), tag }).tag ?? null;
    expect(tagError('')).toBe('Tag is required');
    expect(tagError('  ')).toBe('Tag is required');
    expect(tagError('AB-1')).toBe('Tag must contain only letters and numbers');
    expect(tagError('AB 1')).toBe('Tag must contain only letters and numbers');
    expect(tagError('X'.repeat(51))).toBe('Tag must be at most 50 characters');
    expect(tagError('ab12')).toBeNull();
    expect(validate({ ...newItemCodeValues(null), tag: 'ab12' })).toEqual({});
  });

  test('a commission over 100% is refused under its box', () => {
    expect(itemCodeValidator(3)({ ...newItemCodeValues(100_000_001n), tag: 'AB12' })).toEqual({
      defaultCommissionPercent: 'Default Commission Percent: Percentage must be between 0% and 100%',
    });
  });

  test('readable labels for the rent deduction choices', () => {
    expect(RENT_OVERRIDE_OPTIONS).toEqual([
      { value: 'USE_VENDOR_DEFAULT', label: 'Use Vendor Default' },
      { value: 'DEDUCT', label: 'Deduct' },
      { value: 'DO_NOT_DEDUCT', label: 'Do Not Deduct' },
    ]);
  });

  test('staff save neither commission nor rent: the server keeps them (a new code takes the store default)', () => {
    const payload = itemCodePayload({ ...itemCodeFormValues(CODE), receivesSeparateStatement: true, monthlyRent: 40_000_000n }, 3, true);
    expect(payload).not.toHaveProperty('defaultCommissionPercent');
    expect(payload).not.toHaveProperty('monthlyRent');
    expect(payload).toMatchObject({ tag: 'AB12', vendorId: 3, proportionalCcFee: true, deductMonthlyRentOverride: 'DEDUCT' });
    expect(itemCodeValidator(3, true)({ ...newItemCodeValues(15_000_000n), tag: 'NEW1' })).toEqual({});
  });

  test('the commission chip shows a formatted percent', () => {
    expect(commissionLabel(CODE)).toBe('12.5% commission');
  });
});
