import { describe, expect, test } from 'vitest';
import {
  ariaSort,
  clampPageIndex,
  INITIAL_VENDOR_LIST,
  pageCount,
  showsPageSizes,
  showsPagination,
  toggleSort,
  vendorListInput,
  withPageSize,
} from './vendor-list-state';

describe('the vendor list state', () => {
  test('starts on the first page of 20, trade name ascending', () => {
    expect(vendorListInput(INITIAL_VENDOR_LIST)).toEqual({ page: 1, pageSize: 20, sort: 'tradeName', isAscending: true });
  });

  test('sends the 0-based page index as page + 1', () => {
    expect(vendorListInput({ ...INITIAL_VENDOR_LIST, pageIndex: 2 }).page).toBe(3);
  });

  test('clicking the sorted column flips the direction and goes back to the first page', () => {
    const once = toggleSort({ ...INITIAL_VENDOR_LIST, pageIndex: 3 }, 'tradeName');
    expect(once).toMatchObject({ sort: 'tradeName', isAscending: false, pageIndex: 0 });
    expect(toggleSort(once, 'tradeName').isAscending).toBe(true);
  });

  test('clicking another column sorts by it ascending', () => {
    const desc = toggleSort(INITIAL_VENDOR_LIST, 'tradeName');
    expect(toggleSort(desc, 'email')).toMatchObject({ sort: 'email', isAscending: true });
  });

  test('a new page size starts at the first page', () => {
    expect(withPageSize({ ...INITIAL_VENDOR_LIST, pageIndex: 4 }, 50)).toMatchObject({ pageSize: 50, pageIndex: 0 });
  });

  test('page links only when the total exceeds the page size', () => {
    expect(showsPagination(20, 20)).toBe(false);
    expect(showsPagination(21, 20)).toBe(true);
    expect(showsPagination(0, 10)).toBe(false);
  });

  test('the page-size choice stays while more than 10 vendors exist', () => {
    expect(showsPageSizes(10)).toBe(false);
    expect(showsPageSizes(11)).toBe(true);
  });

  test('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(25, 10)).toBe(3);
    expect(pageCount(40, 20)).toBe(2);
  });

  test('an index past the end falls back to the last page', () => {
    expect(clampPageIndex(20, 10, 2)).toBe(1);
    expect(clampPageIndex(0, 10, 3)).toBe(0);
    expect(clampPageIndex(25, 10, 1)).toBe(1);
  });

  test('aria-sort names the sorted column only', () => {
    expect(ariaSort(INITIAL_VENDOR_LIST, 'tradeName')).toBe('ascending');
    expect(ariaSort({ ...INITIAL_VENDOR_LIST, isAscending: false }, 'tradeName')).toBe('descending');
    expect(ariaSort(INITIAL_VENDOR_LIST, 'email')).toBe('none');
  });
});
