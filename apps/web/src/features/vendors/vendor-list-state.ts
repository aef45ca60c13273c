/**
 * The vendor list's paging and sort: page sizes 10, 20, 50 (20 at first), trade name
 * ascending at first; the pages are counted from 1 as the server counts them.
 */
import type { VendorSort } from '@pos/contracts';
import type { PageState, SortState } from '../../lib/paging';

export const VENDOR_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_VENDOR_PAGE_SIZE = 20;

export const INITIAL_VENDOR_SORT: SortState<VendorSort> = { sort: 'tradeName', isAscending: true };

/** The /vendor/list input for the table's page, sort and search. */
export function vendorListInput(paging: PageState, sort: SortState<VendorSort>, search = '') {
  return { page: paging.page, pageSize: paging.pageSize, sort: sort.sort, isAscending: sort.isAscending, search };
}
