import { createFileRoute } from '@tanstack/react-router';
import { SalesPage } from '../../../features/portal/sales-page';
import { readStatementSearch, type StatementSearch } from '../../../features/vendor-accounts/statement-search';

export const Route = createFileRoute('/_app/portal/sales')({
  validateSearch: (raw: Record<string, unknown>): StatementSearch => readStatementSearch(raw),
  component: SalesRoute,
});

function SalesRoute() {
  return <SalesPage search={Route.useSearch()} />;
}
