import { describe, expect, test } from 'vitest';
import { toggleSort } from '../../lib/paging';
import { DEFAULT_INVENTORY_PAGE_SIZE, INITIAL_INVENTORY_SORT, inventoryListInput, rangeText } from './inventory-list-state';

const FIRST_PAGE = { page: 1, pageSize: DEFAULT_INVENTORY_PAGE_SIZE };

describe('inventory list state', () => {
  test('starts on the first page of 25, SKU ascending, no search', () => {
    expect(inventoryListInput(FIRST_PAGE, INITIAL_INVENTORY_SORT, '')).toEqual({ page: 1, pageSize: 25, sort: 'sku', isAscending: true, search: null });
  });

  test('sends the search trimmed, and blank as none', () => {
    expect(inventoryListInput(FIRST_PAGE, INITIAL_INVENTORY_SORT, '  lamp ').search).toBe('lamp');
    expect(inventoryListInput(FIRST_PAGE, INITIAL_INVENTORY_SORT, '   ').search).toBeNull();
  });

  test('a click on the SKU header sorts it descending', () => {
    expect(inventoryListInput(FIRST_PAGE, toggleSort(INITIAL_INVENTORY_SORT, 'sku'), '')).toMatchObject({ sort: 'sku', isAscending: false });
  });

  test('range text', () => {
    expect(rangeText(1, 1, 25)).toBe('1 item');
    expect(rangeText(0, 1, 25)).toBe('0 items');
    expect(rangeText(12, 2, 10)).toBe('Showing 11–12 of 12 items');
    expect(rangeText(1200, 1, 100)).toBe('Showing 1–100 of 1,200 items');
  });
});
