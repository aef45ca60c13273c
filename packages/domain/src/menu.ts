/**
 * The side drawer as data (which role sees which entry), who may open each route, and
 * page titles.
 */

import { MESSAGES } from './errors';
import { type MenuRole, type Role, STAFF_ROLES, VENDOR_ROLE, isVisible } from './roles';

export interface MenuEntry {
  label: string;
  path: string;
  allowed: readonly MenuRole[];
  children?: readonly MenuEntry[];
  /** A screen of its own (not only a heading over its children): where it may be opened, it stays a link. */
  page?: boolean;
}

/** An entry of the current role's drawer. */
export interface VisibleMenuEntry extends MenuEntry {
  /** The current role may open the entry's own path (else it only holds children the role may open). */
  opens: boolean;
  children?: VisibleMenuEntry[];
}

const ALL: readonly MenuRole[] = ['ALL'];
/** Every role but a vendor's: the staff screens a vendor never sees. */
const STAFF: readonly MenuRole[] = STAFF_ROLES;
const VENDORS: readonly MenuRole[] = [VENDOR_ROLE];
const SYSTEM_ADMINS: readonly MenuRole[] = ['SST_ADMIN', 'ABSOLUTE_ADMIN'];
const STORE_MANAGERS: readonly MenuRole[] = ['STORE_MANAGER', 'STORE_OWNER'];
const STORE_WORKERS: readonly MenuRole[] = ['STORE_STAFF', 'STORE_MANAGER', 'STORE_OWNER'];
const STORE_REPORTERS: readonly MenuRole[] = ['STORE_ACCOUNTANT', 'STORE_MANAGER', 'STORE_OWNER'];
/** The audit trail: an accountant, and an owner (whose role includes the accountant's); not a manager. */
const STORE_AUDITORS: readonly MenuRole[] = ['STORE_ACCOUNTANT', 'STORE_OWNER'];

function freezeEntry(e: MenuEntry): MenuEntry {
  return Object.freeze({
    ...e,
    allowed: Object.freeze([...e.allowed]),
    ...(e.children ? { children: Object.freeze(e.children.map(freezeEntry)) } : {}),
  });
}

/** In drawer order. */
export const MENU: readonly MenuEntry[] = Object.freeze(
  [
    { label: 'Dashboard', path: '/dashboard', allowed: STAFF },
    // The vendor portal: a vendor's own booth, sales, statements, payouts and items.
    { label: 'My Booth', path: '/portal', allowed: VENDORS },
    { label: 'Sales', path: '/portal/sales', allowed: VENDORS },
    { label: 'Statements', path: '/portal/statements', allowed: VENDORS },
    { label: 'Payouts', path: '/portal/payouts', allowed: VENDORS },
    { label: 'Items', path: '/portal/items', allowed: VENDORS },
    {
      label: 'System Management',
      path: '/system',
      allowed: SYSTEM_ADMINS,
      children: [
        { label: 'Users', path: '/system/users', allowed: SYSTEM_ADMINS },
        { label: 'Stores', path: '/system/stores', allowed: SYSTEM_ADMINS },
      ],
    },
    {
      label: 'Store Management',
      path: '/store',
      allowed: STORE_MANAGERS,
      children: [
        { label: 'Staff', path: '/store/staff', allowed: STORE_MANAGERS },
        { label: 'Settings', path: '/store/settings', allowed: STORE_MANAGERS },
      ],
    },
    {
      label: 'Vendors',
      path: '/store/vendors',
      allowed: STORE_WORKERS,
      page: true,
      children: [{ label: 'Accounts', path: '/store/vendors/accounts', allowed: STORE_REPORTERS }],
    },
    { label: 'Items', path: '/store/items', allowed: STORE_WORKERS },
    { label: 'Orders', path: '/orders', allowed: STORE_WORKERS },
    // Offline sales the server could not complete as sent, for a manager to resolve.
    { label: 'Needs Attention', path: '/attention', allowed: STORE_MANAGERS },
    // Customers is seen by whoever sees Orders.
    { label: 'Customers', path: '/customers', allowed: STORE_WORKERS },
    { label: 'Reports', path: '/reports', allowed: STORE_REPORTERS },
    { label: 'Books', path: '/books', allowed: STORE_REPORTERS },
    { label: 'Audit', path: '/store/audit', allowed: STORE_AUDITORS },
    { label: 'Roadmap', path: '/roadmap', allowed: ALL },
    { label: 'Account', path: '/account', allowed: ALL },
  ].map(freezeEntry),
);

/**
 * The drawer for the current role: the entries it may open, each with the children it
 * may open; and an entry it may not open that holds children it may (an accountant sees
 * Vendors holding only Accounts).
 */
export function visibleMenu(current: Role | null): VisibleMenuEntry[] {
  const filter = (entries: readonly MenuEntry[]): VisibleMenuEntry[] =>
    entries.flatMap((e) => {
      const opens = isVisible(current, e.allowed);
      const { children: all, ...entry } = e;
      const children = all ? filter(all) : undefined;
      if (!opens && (children ?? []).length === 0) return [];
      return [children ? { ...entry, opens, children } : { ...entry, opens }];
    });
  return filter(MENU);
}

/** Who may open each route (besides '/', the public login page). */
export const ROUTE_ACCESS: Readonly<Record<string, readonly MenuRole[]>> = Object.freeze({
  '/dashboard': STAFF,
  '/portal': VENDORS,
  '/portal/sales': VENDORS,
  '/portal/statements': VENDORS,
  '/portal/payouts': VENDORS,
  '/portal/items': VENDORS,
  '/system': SYSTEM_ADMINS,
  '/system/users': SYSTEM_ADMINS,
  '/system/stores': SYSTEM_ADMINS,
  '/store': STORE_MANAGERS,
  '/store/staff': STORE_MANAGERS,
  // The old Inventory screen's address: it opens the Items screen.
  '/store/inventory': STORE_WORKERS,
  '/store/settings': STORE_MANAGERS,
  '/store/vendors': STORE_WORKERS,
  '/store/items': STORE_WORKERS,
  // Balances, rent, payouts and every account's statement (/store/vendors/accounts/...).
  '/store/vendors/accounts': STORE_REPORTERS,
  '/orders': STORE_WORKERS,
  '/attention': STORE_MANAGERS,
  // The page shows only a heading: any member of a store's staff may open it.
  '/customers': STAFF,
  '/reports': STORE_REPORTERS,
  '/books': STORE_REPORTERS,
  '/store/audit': STORE_AUDITORS,
  '/roadmap': ALL,
  '/account': ALL,
});

function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

function matches(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The most specific ROUTE_ACCESS key for `path` ('/orders/12' → '/orders'), or null. */
export function routeKey(path: string): string | null {
  const p = normalizePath(path);
  let best: string | null = null;
  for (const key of Object.keys(ROUTE_ACCESS)) {
    if (matches(p, key) && (best === null || key.length > best.length)) best = key;
  }
  return best;
}

/** May the current role open `path`? Unknown routes and a null role: false. */
export function canAccessRoute(current: Role | null, path: string): boolean {
  const key = routeKey(path);
  const allowed = key === null ? undefined : ROUTE_ACCESS[key];
  return allowed !== undefined && isVisible(current, allowed);
}

/**
 * Opens with no current role (beside the routes open to all): the dashboard, which says
 * no role is selected and points at the Account page to pick one.
 */
export function opensWithoutRole(path: string): boolean {
  return routeKey(path) === '/dashboard';
}

function flatten(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => [e, ...(e.children ? flatten(e.children) : [])]);
}

const ALL_ENTRIES = flatten(MENU);

/**
 * Top-bar title: the label of the deepest (most specific) menu entry matching
 * `path`, or null (the caller falls back to DEFAULT_TITLE).
 */
export function pageTitle(path: string): string | null {
  const p = normalizePath(path);
  let best: MenuEntry | null = null;
  for (const e of ALL_ENTRIES) {
    if (matches(p, e.path) && (best === null || e.path.length > best.path.length)) best = e;
  }
  return best?.label ?? null;
}

/** The top bar's title where a route has none of its own: the product name. */
export const DEFAULT_TITLE: string = MESSAGES.productName;
