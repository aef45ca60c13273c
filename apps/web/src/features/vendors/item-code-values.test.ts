import { describe, expect, test } from 'vitest';
import { commissionLabel, itemCodeFormValues, itemCodePayload, newItemCodeValues, RENT_OVERRIDE_OPTIONS, tagError } from './item-code-values';

const CODE = {
  id: 7,
  tag: 'AB12',
  vendorId: 3,
  warnOnNoControlCode: true,
  defaultCommissionPercent: { type: 'Percent' as const, value: '12500000' },
  receivesSeparateStatement: false,
  proportionalCcFee: true,
  deductMonthlyRentOverride: 'DEDUCT' as const,
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
    });
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
    });
  });

  test('an unknown commission is left to the server (the store default)', () => {
    expect(itemCodePayload(newItemCodeValues(null), 3)).not.toHaveProperty('defaultCommissionPercent');
  });

  test('tags: required, letters and digits only', () => {
    expect(tagError('')).toBe('Tag is required');
    expect(tagError('  ')).toBe('Tag is required');
    expect(tagError('AB-1')).toBe('Tag must contain only letters and numbers');
    expect(tagError('AB 1')).toBe('Tag must contain only letters and numbers');
    expect(tagError('ab12')).toBeNull();
  });

  test('readable labels for the rent deduction choices', () => {
    expect(RENT_OVERRIDE_OPTIONS).toEqual([
      { value: 'USE_VENDOR_DEFAULT', label: 'Use Vendor Default' },
      { value: 'DEDUCT', label: 'Deduct' },
      { value: 'DO_NOT_DEDUCT', label: 'Do Not Deduct' },
    ]);
  });

  test('the commission chip shows a formatted percent', () => {
    expect(commissionLabel(CODE)).toBe('12.5% commission');
  });
});
