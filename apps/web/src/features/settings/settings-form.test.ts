import { describe, expect, it } from 'vitest';
import { settingsFieldOf, sameSettings, toSettingsForm, toUpdateSettingsRequest, validateSettingsForm, type SettingsAnswer, type SettingsForm, type TaxForm } from './settings-form';

/** The form with tax `n` (1-based) changed by `patch`. */
function withTax(form: SettingsForm, n: 1 | 2 | 3, patch: Partial<TaxForm>): SettingsForm {
  return { ...form, taxes: form.taxes.map((t, i) => (i === n - 1 ? { ...t, ...patch } : t)) as SettingsForm['taxes'] };
}

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
  address: '12 Harbour Street\nHalifax NS B3J 1A1',
  offlineMaxSales: 50,
  offlineMaxTotal: { type: 'Money', value: '2000000000' },
  offlineMaxHours: 24,
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
    expect(toUpdateSettingsRequest({ ...form, address: '  1 Main St  ' }).address).toBe('1 Main St');
  });

  it('leaves the time zone out when none is chosen', () => {
    expect(toUpdateSettingsRequest({ ...toSettingsForm(ANSWER), timeZone: '' })).not.toHaveProperty('timeZone');
  });
});

describe('validateSettingsForm: the server schema, its messages under the form fields', () => {
  const valid = toSettingsForm(ANSWER);

  it('accepts the loaded settings', () => {
    expect(validateSettingsForm(valid)).toEqual({});
  });

  it('refuses a tax short name longer than 6 characters under that tax, spaces around it not counted', () => {
    expect(validateSettingsForm(withTax(valid, 2, { shortName: 'ABCDEFG' }))).toEqual({ 'taxes.1.shortName': 'Tax 2 short name must be at most 6 characters' });
    expect(validateSettingsForm(withTax(valid, 2, { shortName: ' ABCDEF ' }))).toEqual({});
    expect(validateSettingsForm(withTax(valid, 3, { longName: 'x'.repeat(101) }))).toEqual({ 'taxes.2.longName': 'Tax 3 long name must be at most 100 characters' });
  });

  it('requires an order prefix and a next order number that is an integer of at least 1', () => {
    expect(validateSettingsForm({ ...valid, orderPrefix: '  ' })).toEqual({ orderPrefix: 'Order Prefix is required' });
    for (const bad of ['', '0', '-3', '1.5', 'abc', '1e3', '99999999999999999999']) {
      expect(validateSettingsForm({ ...valid, nextOrderNumber: bad })).toEqual({ nextOrderNumber: 'Next Order Number must be an integer of at least 1' });
    }
    expect(validateSettingsForm({ ...valid, nextOrderNumber: ' 7 ' })).toEqual({});
    expect(validateSettingsForm({ ...valid, nextOrderNumber: '1,500' })).toEqual({});
  });

  it('refuses a percent outside 0% to 100% under its box, in the server words', () => {
    expect(validateSettingsForm(withTax(valid, 1, { percentage: 100_000_001n }))).toEqual({ 'taxes.0.percentage': 'Tax 1 Percentage: Percentage must be between 0% and 100%' });
  });

  it('shows every tax field of the request under the tax it belongs to, other fields under their own name', () => {
    expect(settingsFieldOf('tax1ShortName')).toBe('taxes.0.shortName');
    expect(settingsFieldOf('tax2Percent')).toBe('taxes.1.percentage');
    expect(settingsFieldOf('tax3Enabled')).toBe('taxes.2.isEnabled');
    expect(settingsFieldOf('tax3ApplyByDefault')).toBe('taxes.2.applyByDefault');
    expect(settingsFieldOf('orderPrefix')).toBeUndefined();
  });
});

describe('sameSettings', () => {
  it('tells an edited form from the loaded one by what each would save', () => {
    const a: SettingsForm = toSettingsForm(ANSWER);
    expect(sameSettings(a, toSettingsForm(ANSWER))).toBe(true);
    expect(sameSettings(a, withTax(a, 3, { isEnabled: true }))).toBe(false);
    expect(sameSettings(a, withTax(a, 1, { percentage: 5_000_001n }))).toBe(false);
    expect(sameSettings(a, { ...a, defaultConsignmentCommissionPercent: 1n })).toBe(false);
    expect(sameSettings(a, { ...a, nextOrderNumber: '1001 ' })).toBe(true);
    expect(sameSettings(a, withTax(a, 2, { longName: ' Provincial Sales Tax ' }))).toBe(true);
  });
});
