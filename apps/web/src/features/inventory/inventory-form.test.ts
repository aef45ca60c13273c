import { describe, expect, test } from 'vitest';
import type { InventoryItem } from '@pos/contracts';
import {
  BELOW_ZERO,
  checkAddForm,
  checkAdjustForm,
  checkEditForm,
  EMPTY_ITEM_FORM,
  fieldOfServerError,
  formValuesOf,
  parseChange,
  parseWholeNumber,
  resultingQuantity,
} from './inventory-form';

const ITEM: InventoryItem = {
  id: 7,
  sku: 'LAMP-01',
  description: 'Brass lamp',
  itemCode: 'ABC',
  price: { type: 'Money', value: '12500000' },
  quantityOnHand: 3,
  reorderLevel: 5,
  lowStock: true,
};

describe('parseWholeNumber', () => {
  test('reads digits, ignoring spaces and grouping commas', () => {
    expect(parseWholeNumber(' 1,200 ', 'Qty')).toEqual({ value: 1200, error: null });
    expect(parseWholeNumber('007', 'Qty')).toEqual({ value: 7, error: null });
    expect(parseWholeNumber('+4', 'Qty')).toEqual({ value: 4, error: null });
  });

  test('refuses fractions, letters, negatives (unless allowed) and huge numbers', () => {
    expect(parseWholeNumber('2.5', 'Qty').error).toBe('Qty must be a whole number');
    expect(parseWholeNumber('3x', 'Qty').error).toBe('Qty must be a whole number');
    expect(parseWholeNumber('--3', 'Qty').error).toBe('Qty must be a whole number');
    expect(parseWholeNumber('-3', 'Qty').error).toBe('Qty must not be negative');
    expect(parseWholeNumber('-3', 'Qty', { allowNegative: true })).toEqual({ value: -3, error: null });
    expect(parseWholeNumber('1000000001', 'Qty').error).toBe('Qty must be at most 1000000000');
    expect(parseWholeNumber('99999999999999999999', 'Qty').error).toBe('Qty must be at most 1000000000');
    expect(parseWholeNumber('1000000000', 'Qty')).toEqual({ value: 1_000_000_000, error: null });
  });

  test('empty is required, or zero when optional', () => {
    expect(parseWholeNumber('', 'Qty').error).toBe('Qty is required');
    expect(parseWholeNumber('  ', 'Qty', { required: false })).toEqual({ value: 0, error: null });
  });
});

describe('the stock item form', () => {
  test('an item fills the form; money stays bigint', () => {
    expect(formValuesOf(ITEM)).toEqual({ sku: 'LAMP-01', description: 'Brass lamp', itemCode: 'ABC', price: 12_500_000n, quantityOnHand: '3', reorderLevel: '5' });
    expect(formValuesOf({ ...ITEM, itemCode: null }).itemCode).toBe('');
  });

  test('add sends trimmed text, a Money wire price, counts as numbers, no item code as null', () => {
    const checked = checkAddForm({ sku: ' LAMP-02 ', description: ' Lamp ', itemCode: ' ', price: 9_990_000n, quantityOnHand: '4', reorderLevel: '2' });
    expect(checked.errors).toEqual({});
    expect(checked.input).toEqual({ sku: 'LAMP-02', description: 'Lamp', itemCode: null, price: { type: 'Money', value: '9990000' }, quantityOnHand: 4, reorderLevel: 2 });
  });

  test('edit sends the id and no quantity', () => {
    const checked = checkEditForm(7, formValuesOf(ITEM));
    expect(checked.input).toEqual({ id: 7, sku: 'LAMP-01', description: 'Brass lamp', itemCode: 'ABC', price: { type: 'Money', value: '12500000' }, reorderLevel: 5 });
  });

  test('names every field that is wrong and sends nothing', () => {
    const checked = checkAddForm({ ...EMPTY_ITEM_FORM, sku: '  ', price: -1n, quantityOnHand: '1.5', reorderLevel: '-1', itemCode: 'X'.repeat(51) });
    expect(checked.input).toBeNull();
    expect(checked.errors).toEqual({
      sku: 'SKU is required',
      price: 'Price must not be negative',
      quantityOnHand: 'Quantity On Hand must be a whole number',
      reorderLevel: 'Reorder Level must not be negative',
      itemCode: 'Item Code must be at most 50 characters',
    });
  });

  test("a server refusal is marked on the field it names", () => {
    expect(fieldOfServerError('SKU "LAMP-01" is already used in this store')).toBe('sku');
    expect(fieldOfServerError('Item code "ZZZ" does not exist in this store')).toBe('itemCode');
    expect(fieldOfServerError('Reorder Level must be a whole number')).toBe('reorderLevel');
    expect(fieldOfServerError('No such stock item in this store')).toBeNull();
  });
});

describe('the adjustment form', () => {
  test('a change is a signed whole number, never zero', () => {
    expect(parseChange('-2')).toEqual({ value: -2, error: null });
    expect(parseChange('5')).toEqual({ value: 5, error: null });
    expect(parseChange('+5')).toEqual({ value: 5, error: null });
    expect(parseChange('0').error).toBe('Change must not be zero');
    expect(parseChange('').error).toBe('Change is required');
    expect(parseChange('1.5').error).toBe('Change must be a whole number');
  });

  test('shows the resulting quantity once the change reads', () => {
    expect(resultingQuantity(3, '-2')).toBe(1);
    expect(resultingQuantity(3, '5')).toBe(8);
    expect(resultingQuantity(3, '-5')).toBe(-2);
    expect(resultingQuantity(3, '-')).toBeNull();
  });

  test('needs a reason and refuses to go below zero', () => {
    expect(checkAdjustForm(7, 3, { change: '-2', reason: ' Broken ' })).toEqual({ errors: {}, input: { id: 7, delta: -2, reason: 'Broken' } });
    expect(checkAdjustForm(7, 3, { change: '-4', reason: '' })).toEqual({ errors: { change: BELOW_ZERO, reason: 'Reason is required' }, input: null });
    expect(checkAdjustForm(7, 3, { change: '-3', reason: 'Sold out' }).input).toEqual({ id: 7, delta: -3, reason: 'Sold out' });
  });
});
