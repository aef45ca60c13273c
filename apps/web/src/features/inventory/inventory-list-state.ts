/**
 * The inventory table's paging, sort and search: pages of 10, 25, 50 or 100 rows (25 at
 * first, the server's default), SKU ascending at first; a new sort or search goes back to
 * the first page.
 */
import type { InventorySort } from '@pos/contracts';
import type { PageState, SortState } from '../../lib/paging';

export const DEFAULT_INVENTORY_PAGE_SIZE = 25;
/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export const INITIAL_INVENTORY_SORT: SortState<InventorySort> = { sort: 'sku', isAscending: true };

/** The /store/inventory/list input; `search` is what was typed, '' for none. */
export function inventoryListInput(paging: PageState, sort: SortState<InventorySort>, search: string) {
  const trimmed = search.trim();
  return { page: paging.page, pageSize: paging.pageSize, sort: sort.sort, isAscending: sort.isAscending, search: trimmed === '' ? null : trimmed };
}

/** 'Showing 26–50 of 120 items', or the count alone when it all fits. */
export function rangeText(totalItems: number, page: number, pageSize: number): string {
  const noun = totalItems === 1 ? 'item' : 'items';
  if (totalItems <= pageSize) return `${totalItems.toLocaleString('en-US')} ${noun}`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(totalItems, page * pageSize);
  return `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${totalItems.toLocaleString('en-US')} ${noun}`;
}
