/**
 * Store-role dashboards (SPEC 2). Their server counters arrive with a later issue; until
 * then each panel shows its labels with '—'. Pass `values` (already formatted) to wire
 * one to its query: the labels and their order stay here.
 */
import type { StoreRole } from '@pos/domain';
import { NO_VALUE, StatGrid } from './stat-grid';

export const STORE_PANELS: Record<StoreRole, { title: string; fields: readonly { key: string; label: string }[] }> = {
  STORE_OWNER: {
    title: 'Store Owner Dashboard',
    fields: [
      { key: 'totalRevenue', label: 'Total Revenue' },
      { key: 'totalOrders', label: 'Total Orders' },
      { key: 'totalProducts', label: 'Total Products' },
      { key: 'totalStaff', label: 'Total Staff' },
    ],
  },
  STORE_MANAGER: {
    title: 'Store Manager Dashboard',
    fields: [
      { key: 'dailyRevenue', label: "Today's Revenue" },
      { key: 'pendingOrders', label: 'Pending Orders' },
      { key: 'lowStockItems', label: 'Low Stock Items' },
      { key: 'activeStaff', label: 'Active Staff' },
    ],
  },
  STORE_STAFF: {
    title: 'Store Staff Dashboard',
    fields: [
      { key: 'todayOrders', label: "Today's Orders" },
      { key: 'todayRevenue', label: "Today's Revenue" },
      { key: 'pendingTasks', label: 'Pending Tasks' },
    ],
  },
  STORE_ACCOUNTANT: {
    title: 'Store Accountant Dashboard',
    fields: [
      { key: 'monthlyRevenue', label: 'Monthly Revenue' },
      { key: 'monthlyExpenses', label: 'Monthly Expenses' },
      { key: 'pendingInvoices', label: 'Pending Invoices' },
      { key: 'profitMargin', label: 'Profit Margin' },
    ],
  },
};

export function StorePanel({ role, values = {} }: { role: StoreRole; values?: Readonly<Record<string, string>> }) {
  const panel = STORE_PANELS[role];
  return <StatGrid title={panel.title} counters={panel.fields.map((f) => ({ label: f.label, value: values[f.key] ?? NO_VALUE }))} />;
}
