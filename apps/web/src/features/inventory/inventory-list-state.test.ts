import { describe, expect, test } from 'vitest';
import {
  ariaSort,
  clampPage,
  INITIAL_INVENTORY_LIST,
  inventoryListInput,
  pageCount,
  rangeText,
  showsPageSizes,
  showsPagination,
  toggleSort,
  withPageSize,
  withSearch,
} from './inventory-list-state';

describe('inventory list state', () => {
  test('starts on the first page of 25, SKU ascending, no search', () => {
    expect(inventoryListInput(INITIAL_INVENTORY_LIST)).toEqual({ page: 1, pageSize: 25, sort: 'sku', isAscending: true, search: null });
  });

  test('clicking the sorted column flips it; another column starts ascending; both go to page 1', () => {
    const onPage3 = { ...INITIAL_INVENTORY_LIST, page: 3 };
    const flipped = toggleSort(onPage3, 'sku');
    expect(flipped).toMatchObject({ sort: 'sku', isAscending: false, page: 1 });
    expect(toggleSort(flipped, 'price')).toMatchObject({ sort: 'price', isAscending: true, page: 1 });
    expect(ariaSort(flipped, 'sku')).toBe('descending');
    expect(ariaSort(flipped, 'price')).toBe('none');
    expect(ariaSort(INITIAL_INVENTORY_LIST, 'sku')).toBe('ascending');
  });

  test('a new page size or search goes back to page 1', () => {
    const onPage3 = { ...INITIAL_INVENTORY_LIST, page: 3 };
    expect(withPageSize(onPage3, 50)).toMatchObject({ pageSize: 50, page: 1 });
    expect(withSearch(onPage3, '  lamp ')).toMatchObject({ search: 'lamp', page: 1 });
    expect(inventoryListInput(withSearch(onPage3, 'lamp')).search).toBe('lamp');
  });

  test('the same search after trimming keeps the state as it is', () => {
    const searching = { ...INITIAL_INVENTORY_LIST, search: 'lamp', page: 2 };
    expect(withSearch(searching, 'lamp ')).toBe(searching);
  });

  test('pages: count, when links and sizes show, clamping after an archive', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(showsPagination(10, 10)).toBe(false);
    expect(showsPagination(11, 10)).toBe(true);
    expect(showsPageSizes(10)).toBe(false);
    expect(showsPageSizes(11)).toBe(true);
    expect(clampPage(20, 10, 3)).toBe(2);
    expect(clampPage(0, 10, 3)).toBe(1);
    expect(clampPage(30, 10, 2)).toBe(2);
  });

  test('range text', () => {
    expect(rangeText(1, 1, 25)).toBe('1 item');
    expect(rangeText(0, 1, 25)).toBe('0 items');
    expect(rangeText(12, 2, 10)).toBe('Showing 11–12 of 12 items');
    expect(rangeText(1200, 1, 100)).toBe('Showing 1–100 of 1,200 items');
  });
});
