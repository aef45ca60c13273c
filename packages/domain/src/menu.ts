/**
 * The side drawer of SPEC 6 as data, the route rules of SPEC 2, and page titles.
 */

import { MESSAGES } from './errors';
import { type MenuRole, type Role, isVisible } from './roles';

export interface MenuEntry {
  label: string;
  path: string;
  allowed: readonly MenuRole[];
  children?: readonly MenuEntry[];
}

const ALL: readonly MenuRole[] = ['ALL'];
const SYSTEM_ADMINS: readonly MenuRole[] = ['SST_ADMIN', 'ABSOLUTE_ADMIN'];
const STORE_MANAGERS: readonly MenuRole[] = ['STORE_MANAGER', 'STORE_OWNER'];
const STORE_WORKERS: readonly MenuRole[] = ['STORE_STAFF', 'STORE_MANAGER', 'STORE_OWNER'];
const STORE_REPORTERS: readonly MenuRole[] = ['STORE_ACCOUNTANT', 'STORE_MANAGER', 'STORE_OWNER'];

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
    { label: 'Dashboard', path: '/dashboard', allowed: ALL },
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
        { label: 'Inventory', path: '/store/inventory', allowed: STORE_MANAGERS },
        { label: 'Settings', path: '/store/settings', allowed: STORE_MANAGERS },
      ],
    },
    { label: 'Vendors', path: '/store/vendors', allowed: STORE_WORKERS },
    { label: 'Orders', path: '/orders', allowed: STORE_WORKERS },
    // SPEC 2 leaves Customers' visibility open; it follows Orders.
    { label: 'Customers', path: '/customers', allowed: STORE_WORKERS },
    { label: 'Reports', path: '/reports', allowed: STORE_REPORTERS },
    { label: 'Roadmap', path: '/roadmap', allowed: ALL },
    { label: 'Account', path: '/account', allowed: ALL },
  ].map(freezeEntry),
);

/** The drawer for the current role: visible entries, each with its visible children. */
export function visibleMenu(current: Role | null): MenuEntry[] {
  const filter = (entries: readonly MenuEntry[]): MenuEntry[] =>
    entries
      .filter((e) => isVisible(current, e.allowed))
      .map((e) => (e.children ? { ...e, children: filter(e.children) } : { ...e }));
  return filter(MENU);
}

/** SPEC 2 route table: who may open each route (besides '/', the public login page). */
export const ROUTE_ACCESS: Readonly<Record<string, readonly MenuRole[]>> = Object.freeze({
  '/dashboard': ALL,
  '/system': SYSTEM_ADMINS,
  '/system/users': SYSTEM_ADMINS,
  '/system/stores': SYSTEM_ADMINS,
  '/store': STORE_MANAGERS,
  '/store/staff': STORE_MANAGERS,
  '/store/inventory': STORE_MANAGERS,
  '/store/settings': STORE_MANAGERS,
  '/store/vendors': STORE_WORKERS,
  '/orders': STORE_WORKERS,
  // The page shows only a heading and SPEC 2 gives no rule: any signed-in user may open it.
  '/customers': ALL,
  '/reports': STORE_REPORTERS,
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

/** SPEC 2: the top bar falls back to the product name. */
export const DEFAULT_TITLE: string = MESSAGES.productName;
