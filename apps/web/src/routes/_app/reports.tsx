import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../../features/reports/reports-page';
import { readReportsSearch, type ReportsSearch } from '../../features/reports/reports-search';

export const Route = createFileRoute('/_app/reports')({
  validateSearch: (raw: Record<string, unknown>): ReportsSearch => readReportsSearch(raw),
  component: ReportsRoute,
});

function ReportsRoute() {
  const { tab } = Route.useSearch();
  return <ReportsPage key={tab ?? 'sales'} initialTab={tab} />;
}
