/**
 * The Orders page's search parameters: `order` (an order's id) and `number` (its number)
 * open that order's tab, so another page (the books' journals) links to an order;
 * `status` opens the lookup filtered to that status (a dashboard card's link).
 * Kept apart from the page: the route tree loads with the first page, so whatever this
 * file imports is in the initial JavaScript (docs/PERFORMANCE.md, Web).
 */
import type { OrderStatus } from '@pos/contracts';

/** The statuses a link may filter by (the contract's, as types only: no code of it loads here). */
const STATUSES: Readonly<Record<OrderStatus, true>> = { DRAFT: true, PENDING: true, COMPLETED: true, CANCELLED: true, REFUNDED: true };

export interface OrdersSearch {
  order?: number;
  number?: string;
  status?: OrderStatus;
}

/** The page's search parameters as the router hands them over; anything unreadable is left out. */
export function readOrdersSearch(raw: Record<string, unknown>): OrdersSearch {
  const order = Number(raw.order);
  const number = typeof raw.number === 'string' || typeof raw.number === 'number' ? String(raw.number) : '';
  const status = typeof raw.status === 'string' && Object.hasOwn(STATUSES, raw.status) ? { status: raw.status as OrderStatus } : {};
  return Number.isSafeInteger(order) && order > 0 && number !== '' ? { order, number, ...status } : status;
}
