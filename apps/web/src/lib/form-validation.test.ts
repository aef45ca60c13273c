import { describe, expect, test } from 'vitest';
import { ZAdjustInventoryInput, ZSubmitOrderInput, ZUpdateSettingsInput } from '@pos/contracts';
import { fieldOfMessage, requestResolver, wholeNumberFromText } from './form-validation';

describe('requestResolver: a form checked by the schema of what it sends', () => {
  interface Adjust {
    change: string;
    reason: string;
  }
  const toRequest = (values: Adjust) => ({ id: 7, delta: wholeNumberFromText(values.change), reason: values.reason.trim() });
  const validate = requestResolver(ZAdjustInventoryInput, toRequest, (path) => (path === 'delta' ? 'change' : undefined));

  test('nothing to say about a request the schema takes', () => {
    expect(validate({ change: '-2', reason: 'Broken' })).toEqual({});
  });

  test("each message goes under the form field of its request field, or that field's own name", () => {
    expect(validate({ change: '0', reason: '  ' })).toEqual({ change: 'Adjustment must not be zero', reason: 'Reason is required' });
  });

  test('one message a field: the first the schema gives', () => {
    // Not an integer and far too large: the schema reports both; the form shows the first.
    expect(ZAdjustInventoryInput.safeParse(toRequest({ change: '99999999999999999999', reason: 'x' })).error?.issues.length).toBeGreaterThan(1);
    expect(validate({ change: '99999999999999999999', reason: 'x' })).toEqual({ change: 'Adjustment must be a whole number' });
  });

  test('nested request fields are named by their dotted path', () => {
    const submit = requestResolver(ZSubmitOrderInput, (quantity: number) => ({ orderId: 1, items: [{ itemCode: 'A' }, { itemCode: 'B', quantity }] }));
    expect(submit(2)).toEqual({});
    expect(submit(-1)).toEqual({ 'items.1.quantity': 'Quantity must not be negative' });
  });

  test('a message already names its field the way the server words it', () => {
    const zero = { type: 'Percent', value: '0' };
    const settings = requestResolver(ZUpdateSettingsInput, (orderPrefix: string) => ({
      orderPrefix,
      nextOrderNumber: 1,
      defaultVendorCommissionPercent: zero,
      defaultVendorConsignmentCommissionPercent: zero,
      defaultConsignmentCommissionPercent: zero,
    }));
    expect(settings('ORD-')).toEqual({});
    expect(settings(' ')).toEqual({ orderPrefix: 'Order Prefix is required' });
  });
});

describe('wholeNumberFromText: a count as typed, for the schema to judge', () => {
  test('digits with one sign, spaces and grouping commas ignored', () => {
    expect(wholeNumberFromText(' 1,200 ')).toBe(1200);
    expect(wholeNumberFromText('007')).toBe(7);
    expect(wholeNumberFromText('+4')).toBe(4);
    expect(wholeNumberFromText('-3')).toBe(-3);
  });

  test('empty is absent', () => {
    expect(wholeNumberFromText('')).toBeUndefined();
    expect(wholeNumberFromText('  ')).toBeUndefined();
  });

  test('anything else is NaN, never rounded or read another way', () => {
    for (const text of ['2.5', '1e3', '0x10', '3x', '--3', '-', 'Infinity']) expect(wholeNumberFromText(text)).toBeNaN();
  });
});

describe('fieldOfMessage: the field a server message starts by naming', () => {
  const labels = { sku: 'SKU', itemCode: 'Item Code', email: 'Email' };

  test('the label first, in any case, then a space, a colon or a quote', () => {
    expect(fieldOfMessage('SKU "LAMP-01" is already used in this store', labels)).toBe('sku');
    expect(fieldOfMessage('Item code "ZZZ" does not exist in this store', labels)).toBe('itemCode');
    expect(fieldOfMessage('Email: must be an e-mail address', labels)).toBe('email');
  });

  test('no field when the label is only the start of another word, or missing', () => {
    expect(fieldOfMessage('Emails are off today', labels)).toBeNull();
    expect(fieldOfMessage('No such stock item in this store', labels)).toBeNull();
    expect(fieldOfMessage('SKU', labels)).toBeNull();
  });
});
