/** The 'Filter entries' box: a case-insensitive match on title or description. */
import type { RoadmapRow } from './roadmap-entry';

export function filterEntries<T extends Pick<RoadmapRow, 'title' | 'description'>>(rows: readonly T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...rows];
  return rows.filter((row) => row.title.toLowerCase().includes(needle) || row.description.toLowerCase().includes(needle));
}
