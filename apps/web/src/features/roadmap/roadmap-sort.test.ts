import { describe, expect, test } from 'vitest';
import { DEFAULT_SORT, nextSort, sortEntries } from './roadmap-sort';

const day = (d: number) => new Date(2026, 11, d, 7);
const rows = [
  { id: 1, estimatedCompletion: day(20), actualCompletion: null },
  { id: 2, estimatedCompletion: day(5), actualCompletion: day(6) },
  { id: 3, estimatedCompletion: null, actualCompletion: day(1) },
  { id: 4, estimatedCompletion: day(12), actualCompletion: null },
  { id: 5, estimatedCompletion: day(5), actualCompletion: day(30) },
];
const ids = (list: { id: number }[]) => list.map((r) => r.id);

describe('sortEntries', () => {
  test('the default is estimated completion ascending', () => {
    expect(DEFAULT_SORT).toEqual({ column: 'estimatedCompletion', direction: 'asc' });
    expect(ids(sortEntries(rows, DEFAULT_SORT))).toEqual([2, 5, 4, 1, 3]);
  });

  test('empty dates go last ascending', () => {
    expect(ids(sortEntries(rows, { column: 'actualCompletion', direction: 'asc' }))).toEqual([3, 2, 5, 1, 4]);
  });

  test('descending reverses the date order, so empty dates come first; ties keep id order', () => {
    expect(ids(sortEntries(rows, { column: 'estimatedCompletion', direction: 'desc' }))).toEqual([3, 1, 4, 2, 5]);
    expect(ids(sortEntries(rows, { column: 'actualCompletion', direction: 'desc' }))).toEqual([1, 4, 5, 2, 3]);
  });

  test('does not change its input', () => {
    const copy = [...rows];
    sortEntries(rows, { column: 'actualCompletion', direction: 'desc' });
    expect(rows).toEqual(copy);
  });
});

describe('nextSort', () => {
  test('the same column toggles ascending and descending', () => {
    const desc = nextSort(DEFAULT_SORT, 'estimatedCompletion');
    expect(desc).toEqual({ column: 'estimatedCompletion', direction: 'desc' });
    expect(nextSort(desc, 'estimatedCompletion')).toEqual(DEFAULT_SORT);
  });

  test('another column starts ascending', () => {
    expect(nextSort({ column: 'estimatedCompletion', direction: 'desc' }, 'actualCompletion')).toEqual({ column: 'actualCompletion', direction: 'asc' });
  });
});
