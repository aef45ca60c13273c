import { describe, expect, test } from 'vitest';
import { pagingReducer, showsPageSizes, toggleSort } from '../../lib/paging';
import { DEFAULT_VENDOR_PAGE_SIZE, INITIAL_VENDOR_SORT, VENDOR_PAGE_SIZES, vendorListInput } from './vendor-list-state';

const FIRST_PAGE = { page: 1, pageSize: DEFAULT_VENDOR_PAGE_SIZE };

describe('the vendor list state', () => {
  test('starts on the first page of 20, trade name ascending', () => {
    expect(vendorListInput(FIRST_PAGE, INITIAL_VENDOR_SORT)).toEqual({ page: 1, pageSize: 20, sort: 'tradeName', isAscending: true, search: '' });
  });

  test('the third page shown is page 3 of the server', () => {
    expect(vendorListInput(pagingReducer(FIRST_PAGE, { type: 'page', page: 3 }), INITIAL_VENDOR_SORT).page).toBe(3);
  });

  test('a click on the sorted trade name column sorts it descending', () => {
    expect(vendorListInput(FIRST_PAGE, toggleSort(INITIAL_VENDOR_SORT, 'tradeName'))).toMatchObject({ sort: 'tradeName', isAscending: false });
  });

  test('a search is sent as typed (trimmed by the caller)', () => {
    expect(vendorListInput(FIRST_PAGE, INITIAL_VENDOR_SORT, 'acme').search).toBe('acme');
  });

  test('page sizes 10, 20 and 50; the choice stays while more than 10 vendors exist', () => {
    expect(VENDOR_PAGE_SIZES).toEqual([10, 20, 50]);
    expect(showsPageSizes(10, VENDOR_PAGE_SIZES)).toBe(false);
    expect(showsPageSizes(11, VENDOR_PAGE_SIZES)).toBe(true);
  });
});
