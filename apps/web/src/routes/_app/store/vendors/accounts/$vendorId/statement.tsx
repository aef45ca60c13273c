import { createFileRoute } from '@tanstack/react-router';
import { StatementPage } from '../../../../../../features/vendor-accounts/statement-page';
import { readStatementSearch, type StatementSearch } from '../../../../../../features/vendor-accounts/statement-search';

export const Route = createFileRoute('/_app/store/vendors/accounts/$vendorId/statement')({
  validateSearch: (raw: Record<string, unknown>): StatementSearch => readStatementSearch(raw),
  component: StatementRoute,
});

function StatementRoute() {
  const { vendorId } = Route.useParams();
  const search = Route.useSearch();
  return <StatementPage key={vendorId} vendorId={Number(vendorId)} search={search} />;
}
