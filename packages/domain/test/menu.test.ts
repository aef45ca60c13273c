import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TITLE,
  MENU,
  ROLES,
  ROUTE_ACCESS,
  canAccessRoute,
  opensWithoutRole,
  pageTitle,
  routeKey,
  visibleMenu,
  type MenuEntry,
  type Role,
} from '../src/index';

const labels = (entries: readonly MenuEntry[]): string[] => entries.map((e) => e.label);

function tree(entries: readonly MenuEntry[]): unknown[] {
  return entries.map((e) => (e.children ? { [e.label]: tree(e.children) } : e.label));
}

describe('MENU', () => {
  it('lists the drawer in order with paths and rules', () => {
    const flat = (es: readonly MenuEntry[]): [string, string, readonly string[]][] =>
      es.flatMap((e) => [[e.label, e.path, e.allowed] as [string, string, readonly string[]], ...flat(e.children ?? [])]);
    const workers = ['STORE_STAFF', 'STORE_MANAGER', 'STORE_OWNER'];
    const managers = ['STORE_MANAGER', 'STORE_OWNER'];
    const admins = ['SST_ADMIN', 'ABSOLUTE_ADMIN'];
    const staff = ROLES.filter((r) => r !== 'VENDOR');
    expect(flat(MENU)).toEqual([
      ['Dashboard', '/dashboard', staff],
      ['My Booth', '/portal', ['VENDOR']],
      ['Sales', '/portal/sales', ['VENDOR']],
      ['Statements', '/portal/statements', ['VENDOR']],
      ['Payouts', '/portal/payouts', ['VENDOR']],
      ['Items', '/portal/items', ['VENDOR']],
      ['System Management', '/system', admins],
      ['Users', '/system/users', admins],
      ['Stores', '/system/stores', admins],
      ['Store Management', '/store', managers],
      ['Staff', '/store/staff', managers],
      ['Settings', '/store/settings', managers],
      ['Vendors', '/store/vendors', workers],
      ['Accounts', '/store/vendors/accounts', ['STORE_ACCOUNTANT', 'STORE_MANAGER', 'STORE_OWNER']],
      ['Items', '/store/items', workers],
      ['Orders', '/orders', workers],
      ['Needs Attention', '/attention', managers],
      ['Customers', '/customers', workers],
      ['Reports', '/reports', ['STORE_ACCOUNTANT', 'STORE_MANAGER', 'STORE_OWNER']],
      ['Books', '/books', ['STORE_ACCOUNTANT', 'STORE_MANAGER', 'STORE_OWNER']],
      ['Audit', '/store/audit', ['STORE_ACCOUNTANT', 'STORE_OWNER']],
      ['Roadmap', '/roadmap', ['ALL']],
      ['Account', '/account', ['ALL']],
    ]);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(MENU)).toBe(true);
    expect(Object.isFrozen(MENU[0])).toBe(true);
  });
});

describe('visibleMenu', () => {
  const storeSide = [
    'Dashboard',
    { 'Store Management': ['Staff', 'Settings'] },
    { Vendors: ['Accounts'] },
    'Items',
    'Orders',
    'Needs Attention',
    'Customers',
    'Reports',
    'Books',
    'Roadmap',
    'Account',
  ];
  const ownerSide = storeSide.flatMap((e) => (e === 'Books' ? ['Books', 'Audit'] : [e]));
  const expected: Record<Role, unknown[]> = {
    STORE_STAFF: ['Dashboard', { Vendors: [] }, 'Items', 'Orders', 'Customers', 'Roadmap', 'Account'],
    STORE_ACCOUNTANT: ['Dashboard', { Vendors: ['Accounts'] }, 'Reports', 'Books', 'Audit', 'Roadmap', 'Account'],
    STORE_MANAGER: storeSide,
    STORE_OWNER: ownerSide,
    ABSOLUTE_ADMIN: ['Dashboard', { 'System Management': ['Users', 'Stores'] }, 'Roadmap', 'Account'],
    SST_ADMIN: ['Dashboard', { 'System Management': ['Users', 'Stores'] }, 'Roadmap', 'Account'],
    SST_MANAGER: ['Dashboard', 'Roadmap', 'Account'],
    SST_STAFF: ['Dashboard', 'Roadmap', 'Account'],
    VENDOR: ['My Booth', 'Sales', 'Statements', 'Payouts', 'Items', 'Roadmap', 'Account'],
  };

  it.each(ROLES)('%s', (role) => {
    expect(tree(visibleMenu(role))).toEqual(expected[role]);
  });

  it('STORE_STAFF sees neither Store Management nor Reports', () => {
    const l = labels(visibleMenu('STORE_STAFF'));
    expect(l).not.toContain('Store Management');
    expect(l).not.toContain('Reports');
  });

  it('shows Vendors as a screen to those who may open it, and as the heading of Accounts to an accountant', () => {
    const vendors = (role: Role) => visibleMenu(role).find((e) => e.label === 'Vendors');
    expect(vendors('STORE_MANAGER')).toMatchObject({ opens: true, page: true, children: [{ label: 'Accounts', opens: true }] });
    expect(vendors('STORE_STAFF')).toMatchObject({ opens: true, children: [] });
    expect(vendors('STORE_ACCOUNTANT')).toMatchObject({ opens: false, children: [{ label: 'Accounts', path: '/store/vendors/accounts', opens: true }] });
    expect(canAccessRoute('STORE_ACCOUNTANT', '/store/vendors')).toBe(false);
    expect(canAccessRoute('STORE_ACCOUNTANT', '/store/vendors/accounts/12/statement')).toBe(true);
    expect(canAccessRoute('STORE_STAFF', '/store/vendors/accounts')).toBe(false);
    expect(canAccessRoute('STORE_OWNER', '/store/vendors/accounts')).toBe(true);
  });

  it('shows nothing without a current role', () => {
    expect(visibleMenu(null)).toEqual([]);
  });

  it('does not hand out the frozen MENU objects', () => {
    const v = visibleMenu('STORE_OWNER');
    expect(Object.isFrozen(v[0])).toBe(false);
    expect(labels(MENU)).toHaveLength(18);
  });
});

describe('ROUTE_ACCESS', () => {
  it('matches the menu rule for each menu path except /customers', () => {
    const flat = (es: readonly MenuEntry[]): MenuEntry[] => es.flatMap((e) => [e, ...flat(e.children ?? [])]);
    for (const e of flat(MENU)) {
      if (e.path === '/customers') expect(ROUTE_ACCESS[e.path]).toEqual(ROLES.filter((r) => r !== 'VENDOR'));
      else expect(ROUTE_ACCESS[e.path]).toEqual(e.allowed);
    }
    // Besides the menu's: the old Inventory screen's address, which opens Items for whoever may.
    expect(Object.keys(ROUTE_ACCESS)).toHaveLength(flat(MENU).length + 1);
    expect(ROUTE_ACCESS['/store/inventory']).toEqual(ROUTE_ACCESS['/store/items']);
  });

  it('routeKey finds the most specific route', () => {
    expect(routeKey('/orders')).toBe('/orders');
    expect(routeKey('/orders/12')).toBe('/orders');
    expect(routeKey('/store/vendors/3?x=1')).toBe('/store/vendors');
    expect(routeKey('/store')).toBe('/store');
    expect(routeKey('/storefront')).toBeNull();
    expect(routeKey('/')).toBeNull();
  });

  it('canAccessRoute applies the hierarchy', () => {
    expect(canAccessRoute('STORE_STAFF', '/orders')).toBe(true);
    expect(canAccessRoute('STORE_STAFF', '/store/vendors')).toBe(true);
    expect(canAccessRoute('STORE_STAFF', '/store/settings')).toBe(false);
    expect(canAccessRoute('STORE_MANAGER', '/store/settings')).toBe(true);
    expect(canAccessRoute('STORE_ACCOUNTANT', '/reports')).toBe(true);
    expect(canAccessRoute('STORE_ACCOUNTANT', '/orders')).toBe(false);
    expect(canAccessRoute('STORE_ACCOUNTANT', '/store/audit')).toBe(true);
    expect(canAccessRoute('STORE_OWNER', '/store/audit')).toBe(true);
    expect(canAccessRoute('STORE_MANAGER', '/store/audit')).toBe(false);
    expect(canAccessRoute('STORE_ACCOUNTANT', '/store')).toBe(false);
    expect(canAccessRoute('STORE_ACCOUNTANT', '/customers')).toBe(true);
    expect(canAccessRoute('ABSOLUTE_ADMIN', '/system/users')).toBe(true);
    expect(canAccessRoute('SST_MANAGER', '/system')).toBe(false);
    expect(canAccessRoute('SST_STAFF', '/roadmap')).toBe(true);
    expect(canAccessRoute(null, '/dashboard')).toBe(false);
    expect(canAccessRoute('VENDOR', '/portal/sales')).toBe(true);
    expect(canAccessRoute('VENDOR', '/roadmap')).toBe(true);
    expect(canAccessRoute('VENDOR', '/dashboard')).toBe(false);
    expect(canAccessRoute('VENDOR', '/customers')).toBe(false);
    expect(canAccessRoute('VENDOR', '/store/vendors')).toBe(false);
    expect(canAccessRoute('STORE_OWNER', '/portal')).toBe(false);
    expect(canAccessRoute('STORE_OWNER', '/nowhere')).toBe(false);
  });

  it('with no current role only the dashboard opens beside the screens open to all (it says no role is selected)', () => {
    expect(opensWithoutRole('/dashboard')).toBe(true);
    expect(opensWithoutRole('/dashboard/')).toBe(true);
    for (const path of ['/orders', '/portal', '/store/settings', '/customers', '/nowhere', '/']) expect(opensWithoutRole(path)).toBe(false);
  });
});

describe('pageTitle', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/store', 'Store Management'],
    ['/store/settings', 'Settings'],
    ['/store/audit', 'Audit'],
    ['/store/vendors', 'Vendors'],
    ['/store/vendors/5', 'Vendors'],
    ['/store/items', 'Items'],
    ['/system/users', 'Users'],
    ['/orders/', 'Orders'],
    ['/orders?tab=2', 'Orders'],
    ['/orders#x', 'Orders'],
    ['/account', 'Account'],
    ['/', null],
    ['', null],
    ['/storefront', null],
    ['/unknown', null],
  ])('%j → %j', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });

  it('falls back to the product name', () => {
    expect(DEFAULT_TITLE).toBe('Consignment POS');
  });
});
