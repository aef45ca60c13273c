/**
 * The Orders page's search parameters: `order` (an order's id) and `number` (its number)
 * open that order's tab, so another page (the books' journals) links to an order.
 * Kept apart from the page: the route tree loads with the first page, so whatever this
 * file imports is in the initial JavaScript (docs/PERFORMANCE.md, Web).
 */

export interface OrdersSearch {
  order?: number;
  number?: string;
}

/** The page's search parameters as the router hands them over; anything unreadable is left out. */
export function readOrdersSearch(raw: Record<string, unknown>): OrdersSearch {
  const order = Number(raw.order);
  const number = typeof raw.number === 'string' || typeof raw.number === 'number' ? String(raw.number) : '';
  return Number.isSafeInteger(order) && order > 0 && number !== '' ? { order, number } : {};
}
