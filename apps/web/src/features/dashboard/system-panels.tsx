import { trpc } from '../../lib/trpc';
import { formatCount } from './dashboard-format';
import { DASHBOARD_QUERY_OPTIONS, DashboardPanel } from './dashboard-panel';

export function AbsoluteAdminPanel() {
  const query = trpc.dashboard.absoluteAdmin.useQuery(undefined, DASHBOARD_QUERY_OPTIONS);
  return (
    <DashboardPanel
      title="System Overview"
      query={query}
      fields={[
        { label: 'Total Stores', value: (d) => formatCount(d.totalStores) },
        { label: 'Total Users', value: (d) => formatCount(d.totalUsers) },
      ]}
    />
  );
}

export function SstStaffPanel() {
  const query = trpc.dashboard.sstStaff.useQuery(undefined, DASHBOARD_QUERY_OPTIONS);
  return (
    <DashboardPanel
      title="SST Staff Dashboard"
      query={query}
      fields={[
        { label: 'Total Stores', value: (d) => formatCount(d.totalStores) },
        { label: 'Total Users', value: (d) => formatCount(d.totalUsers) },
      ]}
    />
  );
}

export function SstManagerPanel() {
  const query = trpc.dashboard.sstManager.useQuery(undefined, DASHBOARD_QUERY_OPTIONS);
  return (
    <DashboardPanel
      title="SST Manager Dashboard"
      query={query}
      fields={[
        { label: 'Total Stores', value: (d) => formatCount(d.totalStores) },
        { label: 'Active Stores', value: (d) => formatCount(d.activeStores) },
        { label: 'Total Users', value: (d) => formatCount(d.totalUsers) },
      ]}
    />
  );
}
