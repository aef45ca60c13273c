/**
 * What each role sees (its menu and its routes), written out by hand (not computed from
 * packages/domain) so the browser specs check the product against an independent list.
 */
export const MENUS: Record<string, string[]> = {
  ABSOLUTE_ADMIN: ['/dashboard', '/system', '/system/users', '/system/stores', '/roadmap', '/account'],
  STORE_OWNER: ['/dashboard', '/store', '/store/staff', '/store/settings', '/store/vendors', '/store/vendors/accounts', '/store/items', '/orders', '/attention', '/customers', '/reports', '/books', '/store/audit', '/roadmap', '/account'],
  STORE_MANAGER: ['/dashboard', '/store', '/store/staff', '/store/settings', '/store/vendors', '/store/vendors/accounts', '/store/items', '/orders', '/attention', '/customers', '/reports', '/books', '/roadmap', '/account'],
  STORE_STAFF: ['/dashboard', '/store/vendors', '/store/items', '/orders', '/customers', '/roadmap', '/account'],
  STORE_ACCOUNTANT: ['/dashboard', '/store/vendors', '/store/vendors/accounts', '/reports', '/books', '/store/audit', '/roadmap', '/account'],
  VENDOR: ['/portal', '/portal/sales', '/portal/statements', '/portal/payouts', '/portal/items', '/roadmap', '/account'],
};

export const DASHBOARD_LABELS: Record<string, string[]> = {
  STORE_OWNER: ['Total Revenue', 'Total Orders', 'Total Products', 'Total Staff'],
  STORE_MANAGER: ["Today's Revenue", 'Pending Orders', 'Low Stock Items', 'Active Staff'],
  STORE_STAFF: ["Today's Orders", "Today's Revenue", 'Pending Tasks'],
  STORE_ACCOUNTANT: ['Monthly Revenue', 'Monthly Expenses', 'Pending Invoices', 'Profit Margin'],
  ABSOLUTE_ADMIN: ['Total Stores', 'Total Users'],
};
