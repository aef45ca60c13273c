import { describe, expect, test } from 'vitest';
import type { InventoryItem } from '@pos/contracts';
import { addItemInput, adjustInput, adjustValidator, editItemInput, editItemValidator, EMPTY_ITEM_FORM, fieldOfServerError, formValuesOf, resultingQuantity, validateAddItem } from './inventory-form';

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

describe('the stock item form', () => {
  test('an item fills the form; money stays bigint', () => {
    expect(formValuesOf(ITEM)).toEqual({ sku: 'LAMP-01', description: 'Brass lamp', itemCode: 'ABC', price: 12_500_000n, quantityOnHand: '3', reorderLevel: '5' });
    expect(formValuesOf({ ...ITEM, itemCode: null }).itemCode).toBe('');
  });

  test('add sends trimmed text, a Money wire price, counts as numbers, no item code as null', () => {
    const values = { sku: ' LAMP-02 ', description: ' Lamp ', itemCode: ' ', price: 9_990_000n, quantityOnHand: '1,200', reorderLevel: '2' };
    expect(validateAddItem(values)).toEqual({});
    expect(addItemInput(values)).toEqual({ sku: 'LAMP-02', description: 'Lamp', itemCode: null, price: { type: 'Money', value: '9990000' }, quantityOnHand: 1200, reorderLevel: 2 });
  });

  test('empty counts are left to the server default (zero)', () => {
    const values = { ...EMPTY_ITEM_FORM, sku: 'A', quantityOnHand: ' ', reorderLevel: '' };
    expect(validateAddItem(values)).toEqual({});
    expect(addItemInput(values)).toMatchObject({ quantityOnHand: undefined, reorderLevel: undefined });
  });

  test('edit sends the id and no quantity', () => {
    expect(editItemValidator(7)(formValuesOf(ITEM))).toEqual({});
    expect(editItemInput(7, formValuesOf(ITEM))).toEqual({ id: 7, sku: 'LAMP-01', description: 'Brass lamp', itemCode: 'ABC', price: { type: 'Money', value: '12500000' }, reorderLevel: 5 });
  });

  test('names every field that is wrong, in the server words', () => {
    expect(validateAddItem({ ...EMPTY_ITEM_FORM, sku: '  ', price: -1n, quantityOnHand: '1.5', reorderLevel: '-1', itemCode: 'X'.repeat(51) })).toEqual({
      sku: 'SKU is required',
      price: 'Price must not be negative',
      quantityOnHand: 'Quantity On Hand must be a whole number',
      reorderLevel: 'Reorder Level must not be negative',
      itemCode: 'Item Code must be at most 50 characters',
    });
    expect(validateAddItem({ ...EMPTY_ITEM_FORM, sku: 'A', quantityOnHand: '1000000001', reorderLevel: '3x' })).toEqual({
      quantityOnHand: 'Quantity On Hand must be at most 1000000000',
      reorderLevel: 'Reorder Level must be a whole number',
    });
  });

  test('a server refusal is marked on the field it names', () => {
    expect(fieldOfServerError('SKU "LAMP-01" is already used in this store')).toBe('sku');
    expect(fieldOfServerError('Item code "ZZZ" does not exist in this store')).toBe('itemCode');
    expect(fieldOfServerError('Reorder Level must be a whole number')).toBe('reorderLevel');
    expect(fieldOfServerError('No such stock item in this store')).toBeNull();
  });
});

describe('the adjustment form', () => {
  const check = adjustValidator(7, 3);

  test('sends a signed whole change and the reason trimmed', () => {
    expect(check({ change: '-2', reason: ' Broken ' })).toEqual({});
    expect(adjustInput(7, { change: '-2', reason: ' Broken ' })).toEqual({ id: 7, delta: -2, reason: 'Broken' });
    expect(adjustInput(7, { change: '+5', reason: 'Delivery' }).delta).toBe(5);
  });

  test('a change is required, a whole number, never zero', () => {
    expect(check({ change: '', reason: 'x' })).toEqual({ change: 'Adjustment is required' });
    expect(check({ change: '1.5', reason: 'x' })).toEqual({ change: 'Adjustment must be a whole number' });
    expect(check({ change: '0', reason: 'x' })).toEqual({ change: 'Adjustment must not be zero' });
  });

  test('shows the resulting quantity once the change is one the server takes', () => {
    expect(resultingQuantity(3, '-2')).toBe(1);
    expect(resultingQuantity(3, '5')).toBe(8);
    expect(resultingQuantity(3, '-5')).toBe(-2);
    expect(resultingQuantity(3, '-')).toBeNull();
    expect(resultingQuantity(3, '0')).toBeNull();
  });

  test('needs a reason and refuses to go below zero on the figures shown', () => {
    expect(check({ change: '-4', reason: '' })).toEqual({ change: 'Quantity on hand cannot go below zero', reason: 'Reason is required' });
    expect(check({ change: '-3', reason: 'Sold out' })).toEqual({});
  });
});
