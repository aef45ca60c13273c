/**
 * Store-role dashboards: each role's panel bound to its own query. The labels, their
 * order, how each counter reads, the line that says what it is (every revenue says
 * whether tax is in; all are net of refunds) and the screen it links to stay here. A
 * manager's or an owner's dashboard also shows the store's set-up list until it is done.
 */
import { Stack } from '@mantine/core';
import type { StoreRole } from '@pos/domain';
import { trpc } from '../../lib/trpc';
import { formatCounter, type CounterKind } from './dashboard-format';
import { DASHBOARD_QUERY_OPTIONS, DashboardPanel, type PanelField, type PanelQuery } from './dashboard-panel';
import { SetupList } from './setup-list';

interface FieldSpec {
  key: string;
  label: string;
  kind: CounterKind;
  note: string;
  to: { path: string; search?: Record<string, string> };
}

export const STORE_PANELS: Record<StoreRole, { title: string; fields: readonly FieldSpec[] }> = {
  STORE_OWNER: {
    title: 'Store Owner Dashboard',
    fields: [
      { key: 'totalRevenue', label: 'Total Revenue', kind: 'money', note: 'All completed sales, tax included, net of refunds', to: { path: '/reports' } },
      { key: 'totalOrders', label: 'Total Orders', kind: 'count', note: 'Completed orders, all time', to: { path: '/orders', search: { status: 'COMPLETED' } } },
      { key: 'totalProducts', label: 'Total Products', kind: 'count', note: 'Items for sale', to: { path: '/store/items' } },
      { key: 'totalStaff', label: 'Total Staff', kind: 'count', note: 'People with a role in this store', to: { path: '/store/staff' } },
    ],
  },
  STORE_MANAGER: {
    title: 'Store Manager Dashboard',
    fields: [
      { key: 'dailyRevenue', label: "Today's Revenue", kind: 'money', note: "Today's completed sales, tax included, net of refunds", to: { path: '/reports', search: { tab: 'endOfDay' } } },
      { key: 'pendingOrders', label: 'Pending Orders', kind: 'count', note: "Waiting for a manager's approval", to: { path: '/orders', search: { status: 'PENDING' } } },
      { key: 'lowStockItems', label: 'Low Stock Items', kind: 'count', note: 'Items at or below their reorder level', to: { path: '/store/items' } },
      { key: 'activeStaff', label: 'Active Staff', kind: 'count', note: 'Signed in within the last 24 hours', to: { path: '/store/staff' } },
    ],
  },
  STORE_STAFF: {
    title: 'Store Staff Dashboard',
    fields: [
      { key: 'todayOrders', label: "Today's Orders", kind: 'count', note: 'Completed today', to: { path: '/orders', search: { status: 'COMPLETED' } } },
      { key: 'todayRevenue', label: "Today's Revenue", kind: 'money', note: "Today's completed sales, tax included, net of refunds", to: { path: '/orders', search: { status: 'COMPLETED' } } },
      { key: 'pendingTasks', label: 'Pending Tasks', kind: 'count', note: 'Your orders still in draft', to: { path: '/orders', search: { status: 'DRAFT' } } },
    ],
  },
  STORE_ACCOUNTANT: {
    title: 'Store Accountant Dashboard',
    fields: [
      { key: 'monthlyRevenue', label: 'Monthly Revenue', kind: 'money', note: "This month's completed sales, tax excluded, net of refunds", to: { path: '/reports' } },
      { key: 'monthlyExpenses', label: 'Monthly Expenses', kind: 'money', note: "Vendors' shares of this month's sales, less the commission and card fees they bear", to: { path: '/reports', search: { tab: 'vendors' } } },
      { key: 'pendingInvoices', label: 'Pending Invoices', kind: 'count', note: 'Vendor accounts the store owes money', to: { path: '/store/vendors/accounts' } },
      { key: 'profitMargin', label: 'Profit Margin', kind: 'percent', note: "What the store keeps (commission and fees) over this month's revenue", to: { path: '/reports' } },
    ],
  },
};

type Answer = { success: boolean; message: string };

function Panel<T extends Answer>({ role, query }: { role: StoreRole; query: PanelQuery<T> }) {
  const panel = STORE_PANELS[role];
  const fields: PanelField<T>[] = panel.fields.map((f) => ({ label: f.label, note: f.note, to: f.to, value: (d) => formatCounter(f.kind, (d as Record<string, unknown>)[f.key]) }));
  return <DashboardPanel title={panel.title} fields={fields} query={query} />;
}

function OwnerPanel() {
  return (
    <Stack gap="xl">
      <SetupList />
      <Panel role="STORE_OWNER" query={trpc.dashboard.storeOwner.useQuery(undefined, DASHBOARD_QUERY_OPTIONS)} />
    </Stack>
  );
}

function ManagerPanel() {
  return (
    <Stack gap="xl">
      <SetupList />
      <Panel role="STORE_MANAGER" query={trpc.dashboard.storeManager.useQuery(undefined, DASHBOARD_QUERY_OPTIONS)} />
    </Stack>
  );
}

function StaffPanel() {
  return <Panel role="STORE_STAFF" query={trpc.dashboard.storeStaff.useQuery(undefined, DASHBOARD_QUERY_OPTIONS)} />;
}

function AccountantPanel() {
  return <Panel role="STORE_ACCOUNTANT" query={trpc.dashboard.storeAccountant.useQuery(undefined, DASHBOARD_QUERY_OPTIONS)} />;
}

/** The current store role's dashboard: STORE_OWNER → storeOwner, and so on. */
export function StorePanel({ role }: { role: StoreRole }) {
  switch (role) {
    case 'STORE_OWNER':
      return <OwnerPanel />;
    case 'STORE_MANAGER':
      return <ManagerPanel />;
    case 'STORE_STAFF':
      return <StaffPanel />;
    case 'STORE_ACCOUNTANT':
      return <AccountantPanel />;
  }
}
