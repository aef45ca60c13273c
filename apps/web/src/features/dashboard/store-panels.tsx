/**
 * Store-role dashboards: each role's panel bound to its own query. The
 * labels, their order and how each counter reads stay here.
 */
import type { StoreRole } from '@pos/domain';
import { trpc } from '../../lib/trpc';
import { formatCounter, type CounterKind } from './dashboard-format';
import { DASHBOARD_QUERY_OPTIONS, DashboardPanel, type PanelField, type PanelQuery } from './dashboard-panel';

interface FieldSpec {
  key: string;
  label: string;
  kind: CounterKind;
}

export const STORE_PANELS: Record<StoreRole, { title: string; fields: readonly FieldSpec[] }> = {
  STORE_OWNER: {
    title: 'Store Owner Dashboard',
    fields: [
      { key: 'totalRevenue', label: 'Total Revenue', kind: 'money' },
      { key: 'totalOrders', label: 'Total Orders', kind: 'count' },
      { key: 'totalProducts', label: 'Total Products', kind: 'count' },
      { key: 'totalStaff', label: 'Total Staff', kind: 'count' },
    ],
  },
  STORE_MANAGER: {
    title: 'Store Manager Dashboard',
    fields: [
      { key: 'dailyRevenue', label: "Today's Revenue", kind: 'money' },
      { key: 'pendingOrders', label: 'Pending Orders', kind: 'count' },
      { key: 'lowStockItems', label: 'Low Stock Items', kind: 'count' },
      { key: 'activeStaff', label: 'Active Staff', kind: 'count' },
    ],
  },
  STORE_STAFF: {
    title: 'Store Staff Dashboard',
    fields: [
      { key: 'todayOrders', label: "Today's Orders", kind: 'count' },
      { key: 'todayRevenue', label: "Today's Revenue", kind: 'money' },
      { key: 'pendingTasks', label: 'Pending Tasks', kind: 'count' },
    ],
  },
  STORE_ACCOUNTANT: {
    title: 'Store Accountant Dashboard',
    fields: [
      { key: 'monthlyRevenue', label: 'Monthly Revenue', kind: 'money' },
      { key: 'monthlyExpenses', label: 'Monthly Expenses', kind: 'money' },
      { key: 'pendingInvoices', label: 'Pending Invoices', kind: 'count' },
      { key: 'profitMargin', label: 'Profit Margin', kind: 'percent' },
    ],
  },
};

type Answer = { success: boolean; message: string };

function Panel<T extends Answer>({ role, query }: { role: StoreRole; query: PanelQuery<T> }) {
  const panel = STORE_PANELS[role];
  const fields: PanelField<T>[] = panel.fields.map((f) => ({ label: f.label, value: (d) => formatCounter(f.kind, (d as Record<string, unknown>)[f.key]) }));
  return <DashboardPanel title={panel.title} fields={fields} query={query} />;
}

function OwnerPanel() {
  return <Panel role="STORE_OWNER" query={trpc.dashboard.storeOwner.useQuery(undefined, DASHBOARD_QUERY_OPTIONS)} />;
}

function ManagerPanel() {
  return <Panel role="STORE_MANAGER" query={trpc.dashboard.storeManager.useQuery(undefined, DASHBOARD_QUERY_OPTIONS)} />;
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
