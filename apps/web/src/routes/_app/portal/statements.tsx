import { createFileRoute } from '@tanstack/react-router';
import { PortalStatementsPage } from '../../../features/portal/statements-page';
import { readStatementSearch, type StatementSearch } from '../../../features/vendor-accounts/statement-search';

export const Route = createFileRoute('/_app/portal/statements')({
  validateSearch: (raw: Record<string, unknown>): StatementSearch => readStatementSearch(raw),
  component: StatementsRoute,
});

function StatementsRoute() {
  return <PortalStatementsPage search={Route.useSearch()} />;
}
