import { describe, expect, test } from 'vitest';
import { ariaSort, clampPage, pageCount, pagingReducer, showsPageSizes, showsPagination, TABLE_PAGE_SIZES, toggleSort, type PageState } from './paging';

const ON_PAGE_3: PageState = { page: 3, pageSize: 10 };

describe('the page state of a server-paged table', () => {
  test('turns to a page, 1-based', () => {
    expect(pagingReducer({ page: 1, pageSize: 10 }, { type: 'page', page: 2 })).toEqual({ page: 2, pageSize: 10 });
  });

  test('a new page size starts again at the first page', () => {
    expect(pagingReducer(ON_PAGE_3, { type: 'pageSize', pageSize: 50 })).toEqual({ page: 1, pageSize: 50 });
  });

  test('a new sort or search goes back to the first page', () => {
    expect(pagingReducer(ON_PAGE_3, { type: 'firstPage' })).toEqual({ page: 1, pageSize: 10 });
  });

  test('a page past the end after a delete falls back to the last page that exists', () => {
    expect(pagingReducer(ON_PAGE_3, { type: 'total', total: 20 })).toEqual({ page: 2, pageSize: 10 });
    expect(pagingReducer(ON_PAGE_3, { type: 'total', total: 0 })).toEqual({ page: 1, pageSize: 10 });
  });

  test('an action that changes nothing keeps the same state, so nothing is fetched again', () => {
    expect(pagingReducer(ON_PAGE_3, { type: 'page', page: 3 })).toBe(ON_PAGE_3);
    expect(pagingReducer(ON_PAGE_3, { type: 'total', total: 30 })).toBe(ON_PAGE_3);
    const first = { page: 1, pageSize: 25 };
    expect(pagingReducer(first, { type: 'firstPage' })).toBe(first);
  });
});

describe('page counts and what the pager shows', () => {
  test('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 10)).toBe(2);
    expect(pageCount(21, 10)).toBe(3);
    expect(clampPage(25, 10, 2)).toBe(2);
    expect(clampPage(25, 10, 9)).toBe(3);
  });

  test('page links only when the rows do not fit on one page', () => {
    expect(showsPagination(20, 20)).toBe(false);
    expect(showsPagination(21, 20)).toBe(true);
    expect(showsPagination(0, 10)).toBe(false);
  });

  test('the page-size choice while more rows exist than the smallest page holds', () => {
    expect(TABLE_PAGE_SIZES).toEqual([10, 25, 50, 100]);
    expect(showsPageSizes(10, TABLE_PAGE_SIZES)).toBe(false);
    expect(showsPageSizes(11, TABLE_PAGE_SIZES)).toBe(true);
  });
});

describe('sortable columns', () => {
  test('clicking the sorted column flips it; another column starts ascending', () => {
    const byName = { sort: 'name', isAscending: true };
    const flipped = toggleSort(byName, 'name');
    expect(flipped).toEqual({ sort: 'name', isAscending: false });
    expect(toggleSort(flipped, 'name')).toEqual(byName);
    expect(toggleSort(flipped, 'email')).toEqual({ sort: 'email', isAscending: true });
  });

  test('aria-sort names the sorted column only', () => {
    expect(ariaSort({ sort: 'name', isAscending: true }, 'name')).toBe('ascending');
    expect(ariaSort({ sort: 'name', isAscending: false }, 'name')).toBe('descending');
    expect(ariaSort({ sort: 'name', isAscending: true }, 'email')).toBe('none');
  });
});
