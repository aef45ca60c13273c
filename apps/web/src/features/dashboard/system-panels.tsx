import type { ReactNode } from 'react';
import { Alert, Loader, Group, Text } from '@mantine/core';
import { MESSAGES } from '@pos/domain';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { StatGrid } from './stat-grid';

const count = (n: number) => n.toLocaleString('en-US');

interface Answer {
  success: boolean;
  message: string;
}

/** Loading, failure (SPEC 8) or the panel. */
function DashboardState<T extends Answer>({
  query,
  children,
}: {
  query: { isPending: boolean; error: unknown; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  if (query.error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(query.error, MESSAGES.dashboardFailed)}
      </Alert>
    );
  }
  if (query.isPending || !query.data) {
    return (
      <Group gap="sm" aria-busy="true">
        <Loader size="sm" />
        <Text c="dimmed">Loading dashboard...</Text>
      </Group>
    );
  }
  if (!query.data.success) {
    return (
      <Alert color="red" variant="light" role="alert">
        {query.data.message || MESSAGES.dashboardFailed}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}

export function AbsoluteAdminPanel() {
  const query = trpc.dashboard.absoluteAdmin.useQuery();
  return (
    <DashboardState query={query}>
      {(d) => (
        <StatGrid
          title="System Overview"
          counters={[
            { label: 'Total Stores', value: count(d.totalStores) },
            { label: 'Total Users', value: count(d.totalUsers) },
          ]}
        />
      )}
    </DashboardState>
  );
}

export function SstStaffPanel() {
  const query = trpc.dashboard.sstStaff.useQuery();
  return (
    <DashboardState query={query}>
      {(d) => (
        <StatGrid
          title="SST Staff Dashboard"
          counters={[
            { label: 'Total Stores', value: count(d.totalStores) },
            { label: 'Total Users', value: count(d.totalUsers) },
          ]}
        />
      )}
    </DashboardState>
  );
}

export function SstManagerPanel() {
  const query = trpc.dashboard.sstManager.useQuery();
  return (
    <DashboardState query={query}>
      {(d) => (
        <StatGrid
          title="SST Manager Dashboard"
          counters={[
            { label: 'Total Stores', value: count(d.totalStores) },
            { label: 'Active Stores', value: count(d.activeStores) },
            { label: 'Total Users', value: count(d.totalUsers) },
          ]}
        />
      )}
    </DashboardState>
  );
}
