/**
 * Tables paged by the server: one page state for them all. The page is 1-based, as the
 * server and Mantine's Pagination count it; a new page size (and, by the screen's
 * choice, a new sort or search) starts again at the first page; a page left past the
 * end (after a delete or an archive) falls back to the last page. Also the sort of a
 * sortable column: the sorted column flips its direction, another starts ascending.
 */
import { useEffect, useMemo, useReducer } from 'react';

/** Table page sizes, unless a screen has its own. */
export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;

export interface PageState {
  /** 1-based. */
  page: number;
  pageSize: number;
}

export type PagingAction =
  | { type: 'page'; page: number }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'firstPage' }
  | { type: 'total'; total: number };

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Page links only when the rows do not fit on one page. */
export function showsPagination(total: number, pageSize: number): boolean {
  return total > pageSize;
}

/**
 * The page-size choice stays offered whenever more rows exist than the smallest page
 * holds, so a user who picked the largest size can go back to a smaller one.
 */
export function showsPageSizes(total: number, pageSizes: readonly number[]): boolean {
  return total > Math.min(...pageSizes);
}

/** The page that exists nearest to `page` for `total` rows. */
export function clampPage(total: number, pageSize: number, page: number): number {
  return Math.max(1, Math.min(page, pageCount(total, pageSize)));
}

/** The page state after an action; the same object when nothing changes. */
export function pagingReducer(state: PageState, action: PagingAction): PageState {
  switch (action.type) {
    case 'page':
      return action.page === state.page ? state : { ...state, page: action.page };
    case 'pageSize':
      return { page: 1, pageSize: action.pageSize };
    case 'firstPage':
      return state.page === 1 ? state : { ...state, page: 1 };
    case 'total': {
      const page = clampPage(action.total, state.pageSize, state.page);
      return page === state.page ? state : { ...state, page };
    }
  }
}

/** A table's page state, starting on the first page of `defaultPageSize` rows. */
export function usePaging(defaultPageSize: number) {
  const [state, dispatch] = useReducer(pagingReducer, { page: 1, pageSize: defaultPageSize });
  const actions = useMemo(
    () => ({
      setPage: (page: number) => dispatch({ type: 'page', page }),
      setPageSize: (pageSize: number) => dispatch({ type: 'pageSize', pageSize }),
      toFirstPage: () => dispatch({ type: 'firstPage' }),
      /** The server now counts `total` rows: a page past the end becomes the last one. */
      keepInRange: (total: number) => dispatch({ type: 'total', total }),
    }),
    [],
  );
  return { ...state, ...actions };
}

export type Paging = ReturnType<typeof usePaging>;

/**
 * Keeps the page within the server's total once it is known; pass undefined while the
 * table shows a placeholder (the previous page's answer), whose total may be stale.
 */
export function useKeepPageInRange(paging: Paging, total: number | undefined): void {
  const { keepInRange } = paging;
  useEffect(() => {
    if (total !== undefined) keepInRange(total);
  }, [keepInRange, total]);
}

export interface SortState<S extends string> {
  sort: S;
  isAscending: boolean;
}

/** The sort after a click on `column`'s header. */
export function toggleSort<S extends string>(state: SortState<S>, column: S): SortState<S> {
  return { sort: column, isAscending: state.sort === column ? !state.isAscending : true };
}

/** aria-sort of a column header. */
export function ariaSort<S extends string>(state: SortState<S>, column: S): 'ascending' | 'descending' | 'none' {
  if (state.sort !== column) return 'none';
  return state.isAscending ? 'ascending' : 'descending';
}
