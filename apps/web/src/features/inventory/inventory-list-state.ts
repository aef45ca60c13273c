/**
 * The inventory table's paging, sort and search: pages of 10, 25, 50 or 100 (25 at
 * first, the server's default), SKU ascending at first; clicking the sorted column flips
 * its direction, another column starts ascending; every change but a page turn goes back
 * to the first page.
 */
import type { InventorySort } from '@pos/contracts';

export const INVENTORY_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_INVENTORY_PAGE_SIZE = 25;
/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface InventoryListState {
  /** 1-based, as the server counts pages. */
  page: number;
  pageSize: number;
  sort: InventorySort;
  isAscending: boolean;
  /** The search as sent (already debounced and trimmed); '' for none. */
  search: string;
}

export const INITIAL_INVENTORY_LIST: InventoryListState = {
  page: 1,
  pageSize: DEFAULT_INVENTORY_PAGE_SIZE,
  sort: 'sku',
  isAscending: true,
  search: '',
};

/** The /store/inventory/list input for the table's state. */
export function inventoryListInput(state: InventoryListState) {
  return {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    isAscending: state.isAscending,
    search: state.search === '' ? null : state.search,
  };
}

export function toggleSort(state: InventoryListState, column: InventorySort): InventoryListState {
  const isAscending = state.sort === column ? !state.isAscending : true;
  return { ...state, sort: column, isAscending, page: 1 };
}

export function withPageSize(state: InventoryListState, pageSize: number): InventoryListState {
  return { ...state, pageSize, page: 1 };
}

/** A new search starts at the first page; the same search (after trimming) changes nothing. */
export function withSearch(state: InventoryListState, typed: string): InventoryListState {
  const search = typed.trim();
  return search === state.search ? state : { ...state, search, page: 1 };
}

export function pageCount(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/** Page links only when the items do not fit on one page. */
export function showsPagination(totalItems: number, pageSize: number): boolean {
  return totalItems > pageSize;
}

/** The page-size choice stays offered whenever more than the smallest page exists. */
export function showsPageSizes(totalItems: number): boolean {
  return totalItems > Math.min(...INVENTORY_PAGE_SIZES);
}

/** The last page that exists, when an archive left the current page past the end. */
export function clampPage(totalItems: number, pageSize: number, page: number): number {
  return Math.max(1, Math.min(page, pageCount(totalItems, pageSize)));
}

/** aria-sort of a column header. */
export function ariaSort(state: InventoryListState, column: InventorySort): 'ascending' | 'descending' | 'none' {
  if (state.sort !== column) return 'none';
  return state.isAscending ? 'ascending' : 'descending';
}

/** 'Showing 26–50 of 120 items', or the count alone when it all fits. */
export function rangeText(totalItems: number, page: number, pageSize: number): string {
  const noun = totalItems === 1 ? 'item' : 'items';
  if (totalItems <= pageSize) return `${totalItems.toLocaleString('en-US')} ${noun}`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(totalItems, page * pageSize);
  return `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${totalItems.toLocaleString('en-US')} ${noun}`;
}
