import { describe, expect, test } from 'vitest';
import { isLowStock } from '../src/stock';

describe('low stock', () => {
  const clock = { alias: 'CLOCK-9', quantity: 2, reorderLevel: 2, status: 'ACTIVE' };

  test('a stock item at or below its reorder level is low; above it is not', () => {
    expect(isLowStock(clock)).toBe(true);
    expect(isLowStock({ ...clock, quantity: 0, status: 'SOLD' })).toBe(true);
    expect(isLowStock({ ...clock, quantity: 3 })).toBe(false);
  });

  test('a vendor’s item (no SKU) and a withdrawn stock item are never low', () => {
    expect(isLowStock({ ...clock, alias: null, quantity: 0, reorderLevel: 0 })).toBe(false);
    expect(isLowStock({ ...clock, status: 'WITHDRAWN' })).toBe(false);
  });
});
