/**
 * Roadmap table order: by estimated or actual completion, estimated ascending
 * at first; clicking the sorted column again flips the direction, another column starts
 * ascending. Empty dates go last in ascending order; descending is the exact reverse of
 * the date order, so empties come first there (an actual-completion sort descending
 * shows what is still open, then the latest finished). Equal dates keep id order either way.
 */
import type { RoadmapRow } from './roadmap-entry';

export type SortColumn = 'estimatedCompletion' | 'actualCompletion';
export type SortDirection = 'asc' | 'desc';

export interface RoadmapSort {
  column: SortColumn;
  direction: SortDirection;
}

export const DEFAULT_SORT: RoadmapSort = { column: 'estimatedCompletion', direction: 'asc' };

/** The sort after a click on `column`'s header. */
export function nextSort(current: RoadmapSort, column: SortColumn): RoadmapSort {
  if (current.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** Ascending date order with empty dates last. */
function compareDates(a: Date | null, b: Date | null): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a.getTime() - b.getTime();
}

/** A sorted copy of `rows`. */
export function sortEntries<T extends Pick<RoadmapRow, 'id' | SortColumn>>(rows: readonly T[], sort: RoadmapSort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareDates(a[sort.column], b[sort.column]) || a.id - b.id);
}
