/**
 * The vendor list's paging and sort (SPEC 9): page sizes 10, 20, 50 (default 20), a UI
 * page index from 0 sent to the server as page + 1, tradeName ascending at first;
 * clicking the sorted column flips the direction, another column starts ascending.
 */
import type { VendorSort } from '@pos/contracts';

export const VENDOR_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_VENDOR_PAGE_SIZE = 20;

export interface VendorListState {
  /** 0-based, as the table shows it. */
  pageIndex: number;
  pageSize: number;
  sort: VendorSort;
  isAscending: boolean;
}

export const INITIAL_VENDOR_LIST: VendorListState = {
  pageIndex: 0,
  pageSize: DEFAULT_VENDOR_PAGE_SIZE,
  sort: 'tradeName',
  isAscending: true,
};

/** The /vendor/list input for the table's state. */
export function vendorListInput(state: VendorListState) {
  return { page: state.pageIndex + 1, pageSize: state.pageSize, sort: state.sort, isAscending: state.isAscending };
}

/** The state after a click on `column`'s header: back to the first page. */
export function toggleSort(state: VendorListState, column: VendorSort): VendorListState {
  const isAscending = state.sort === column ? !state.isAscending : true;
  return { ...state, sort: column, isAscending, pageIndex: 0 };
}

/** A new page size starts again at the first page. */
export function withPageSize(state: VendorListState, pageSize: number): VendorListState {
  return { ...state, pageSize, pageIndex: 0 };
}

/** SPEC 2: page links only when the vendors do not fit on one page. */
export function showsPagination(totalVendors: number, pageSize: number): boolean {
  return totalVendors > pageSize;
}

/**
 * The page-size choice stays offered whenever more than the smallest page exists, so a
 * user who picked 50 can go back to 10 even though 50 shows everything.
 */
export function showsPageSizes(totalVendors: number): boolean {
  return totalVendors > Math.min(...VENDOR_PAGE_SIZES);
}

export function pageCount(totalVendors: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalVendors / pageSize));
}

/** The last page that exists, when deletes left the current index past the end. */
export function clampPageIndex(totalVendors: number, pageSize: number, pageIndex: number): number {
  return Math.min(pageIndex, pageCount(totalVendors, pageSize) - 1);
}

/** aria-sort of a column header. */
export function ariaSort(state: VendorListState, column: VendorSort): 'ascending' | 'descending' | 'none' {
  if (state.sort !== column) return 'none';
  return state.isAscending ? 'ascending' : 'descending';
}
