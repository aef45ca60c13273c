import { describe, expect, it } from 'vitest';
import {
  firstError,
  sameSettings,
  toSettingsForm,
  toUpdateSettingsRequest,
  validateSettingsForm,
  withTax,
  type SettingsAnswer,
  type SettingsForm,
} from './settings-form';

const pct = (value: string) => ({ type: 'Percent' as const, value });

const ANSWER: SettingsAnswer = {
  success: true,
  message: 'OK',
  statusCode: 200,
  orderPrefix: 'ORD-',
  nextOrderNumber: 1001,
  defaultVendorCommissionPercent: pct('10000000'),
  defaultVendorConsignmentCommissionPercent: pct('12500000'),
  defaultConsignmentCommissionPercent: pct('40000000'),
  tax1ShortName: 'GST',
  tax1LongName: 'Goods and Services Tax',
  tax1Percent: pct('5000000'),
  tax1Enabled: true,
  tax1ApplyByDefault: true,
  tax2ShortName: 'PST',
  tax2LongName: 'Provincial Sales Tax',
  tax2Percent: pct('7250000'),
  tax2Enabled: true,
  tax2ApplyByDefault: false,
  tax3ShortName: '',
  tax3LongName: '',
  tax3Percent: pct('0'),
  tax3Enabled: false,
  tax3ApplyByDefault: false,
  timeZone: 'America/Toronto',
  storeUpdatedAt: '2025-01-01T10:00:00.000Z',
};

describe('toSettingsForm', () => {
  it('groups each tax as shortName, longName, percentage, isEnabled, applyByDefault', () => {
    const form = toSettingsForm(ANSWER);
    expect(form.taxes).toEqual([
      { shortName: 'GST', longName: 'Goods and Services Tax', percentage: 5_000_000n, isEnabled: true, applyByDefault: true },
      { shortName: 'PST', longName: 'Provincial Sales Tax', percentage: 7_250_000n, isEnabled: true, applyByDefault: false },
      { shortName: '', longName: '', percentage: 0n, isEnabled: false, applyByDefault: false },
    ]);
    expect(form).toMatchObject({
      orderPrefix: 'ORD-',
      nextOrderNumber: '1001',
      timeZone: 'America/Toronto',
      defaultVendorCommissionPercent: 10_000_000n,
      defaultVendorConsignmentCommissionPercent: 12_500_000n,
      defaultConsignmentCommissionPercent: 40_000_000n,
    });
  });
});

describe('toUpdateSettingsRequest', () => {
  it('flattens the form back into the server form, percents as strings of micro-units', () => {
    const request = toUpdateSettingsRequest(toSettingsForm(ANSWER));
    const { success: _s, message: _m, statusCode: _c, storeUpdatedAt: _u, ...fields } = ANSWER;
    expect(request).toEqual(fields);
  });

  it('trims text and converts the next order number', () => {
    const form = withTax({ ...toSettingsForm(ANSWER), orderPrefix: '  INV-  ', nextOrderNumber: ' 42 ' }, 3, { shortName: ' HST ', longName: ' Harmonized ' });
    const request = toUpdateSettingsRequest(form);
    expect(request.orderPrefix).toBe('INV-');
    expect(request.nextOrderNumber).toBe(42);
    expect(request.tax3ShortName).toBe('HST');
    expect(request.tax3LongName).toBe('Harmonized');
  });

  it('leaves the time zone out when none is chosen', () => {
    expect(toUpdateSettingsRequest({ ...toSettingsForm(ANSWER), timeZone: '' })).not.toHaveProperty('timeZone');
  });
});

describe('validateSettingsForm', () => {
  const valid = toSettingsForm(ANSWER);

  it('accepts the loaded settings', () => {
    expect(validateSettingsForm(valid)).toEqual({});
  });

  it('refuses a tax short name longer than 6 characters, spaces around it not counted', () => {
    expect(validateSettingsForm(withTax(valid, 2, { shortName: 'ABCDEFG' }))).toEqual({ tax2ShortName: 'Tax 2 short name must be at most 6 characters' });
    expect(validateSettingsForm(withTax(valid, 2, { shortName: ' ABCDEF ' }))).toEqual({});
  });

  it('requires an order prefix and a next order number that is an integer of at least 1', () => {
    expect(validateSettingsForm({ ...valid, orderPrefix: '  ' }).orderPrefix).toBe('Order Prefix is required');
    for (const bad of ['', '0', '-3', '1.5', 'abc', '1e3']) {
      expect(validateSettingsForm({ ...valid, nextOrderNumber: bad }).nextOrderNumber).toBe('Next Order Number must be an integer of at least 1');
    }
    expect(validateSettingsForm({ ...valid, nextOrderNumber: '99999999999999999999' }).nextOrderNumber).toBe('Next Order Number is too large');
    expect(validateSettingsForm({ ...valid, nextOrderNumber: ' 7 ' })).toEqual({});
  });

  it('reports the first problem in screen order', () => {
    const errors = validateSettingsForm(withTax({ ...valid, nextOrderNumber: '0' }, 1, { shortName: 'TOOLONG' }));
    expect(firstError(errors)).toEqual({ field: 'nextOrderNumber', message: 'Next Order Number must be an integer of at least 1' });
    expect(firstError({})).toBeNull();
  });
});

describe('sameSettings and withTax', () => {
  it('tells an edited form from the loaded one', () => {
    const a: SettingsForm = toSettingsForm(ANSWER);
    expect(sameSettings(a, toSettingsForm(ANSWER))).toBe(true);
    expect(sameSettings(a, withTax(a, 3, { isEnabled: true }))).toBe(false);
    expect(sameSettings(a, withTax(a, 1, { percentage: 5_000_001n }))).toBe(false);
    expect(sameSettings(a, { ...a, defaultConsignmentCommissionPercent: 1n })).toBe(false);
    expect(sameSettings(a, { ...a, nextOrderNumber: '1001 ' })).toBe(true);
  });

  it('changes one tax and keeps the others', () => {
    const a = toSettingsForm(ANSWER);
    const b = withTax(a, 2, { applyByDefault: true });
    expect(b.taxes[1]?.applyByDefault).toBe(true);
    expect(b.taxes[0]).toBe(a.taxes[0]);
    expect(b.taxes[2]).toBe(a.taxes[2]);
    expect(a.taxes[1]?.applyByDefault).toBe(false);
  });
});
