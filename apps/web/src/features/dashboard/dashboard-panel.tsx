/**
 * One dashboard panel bound to its query: skeleton cards while it loads, the counters
 * once it answers, and on failure a message ('Failed to connect to server' when
 * the server did not answer, else its message or 'Failed to load dashboard data') with
 * a way to try again.
 */
import { Alert, Button, Stack, Title } from '@mantine/core';
import { MESSAGES } from '@pos/domain';
import { errorMessage } from '../../lib/errors';
import { StatGrid } from './stat-grid';

interface Answer {
  success: boolean;
  message: string;
}

export interface PanelField<T> {
  label: string;
  value: (data: T) => string;
  note?: string;
  to?: { path: string; search?: Record<string, string> };
}

export interface PanelQuery<T> {
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** Dashboards change with every sale: ask again each time one is opened. */
export const DASHBOARD_QUERY_OPTIONS = { staleTime: 0 } as const;

export function DashboardPanel<T extends Answer>({ title, fields, query }: { title: string; fields: readonly PanelField<T>[]; query: PanelQuery<T> }) {
  const failure = query.error ? errorMessage(query.error, MESSAGES.dashboardFailed) : query.data && !query.data.success ? query.data.message || MESSAGES.dashboardFailed : null;
  if (failure !== null) {
    return (
      <Stack gap="sm" component="section" aria-label={title}>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Alert color="red" variant="light" role="alert" data-testid="dashboard-error">
          {failure}
        </Alert>
        <div>
          <Button variant="default" size="xs" loading={query.isFetching} onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </Stack>
    );
  }
  const data = query.data;
  return <StatGrid title={title} counters={fields.map((f) => ({ label: f.label, value: data ? f.value(data) : null, note: f.note, to: f.to }))} />;
}
