/**
 * The statement page's search parameters (which account, which days), read by its route.
 * Kept apart from the page's other helpers: the route tree loads with the first page, so
 * whatever this file imports is in the initial JavaScript (docs/PERFORMANCE.md, Web).
 */

export interface StatementSearch {
  itemCodeId?: number;
  from?: string;
  to?: string;
}

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The page's search parameters as the router hands them over; anything unreadable is left out. */
export function readStatementSearch(raw: Record<string, unknown>): StatementSearch {
  const code = Number(raw.itemCodeId);
  return {
    ...(Number.isSafeInteger(code) && code > 0 ? { itemCodeId: code } : {}),
    ...(isDay(raw.from) ? { from: raw.from } : {}),
    ...(isDay(raw.to) ? { to: raw.to } : {}),
  };
}
