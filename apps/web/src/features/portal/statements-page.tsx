/**
 * Statements (/portal/statements): the store's own statement of the vendor's account
 * (opening balance, every entry, totals by kind, closing balance) for a period, the main
 * account or a separate-statement one; Print gives the page ready to keep, Download CSV
 * the same figures. The screen is the store's statement screen, read from the portal.
 */
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc';
import { StatementScreen } from '../vendor-accounts/statement-page';
import type { StatementSearch } from '../vendor-accounts/statement-search';
import { AccountSelect } from './portal-period';
import { MAIN_ACCOUNT, accountOfOption, statementAccountOptions } from './portal-view';

export function PortalStatementsPage({ search }: { search: StatementSearch }) {
  const navigate = useNavigate();
  const summary = trpc.portal.summary.useQuery();
  const statement = trpc.portal.statement.useQuery({
    itemCodeId: search.itemCodeId ?? null,
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
  });
  const go = (next: StatementSearch) => void navigate({ to: '/portal/statements', search: next, replace: true });
  return (
    <StatementScreen
      statement={statement}
      today={summary.data?.today ?? null}
      requested={search}
      onPeriod={(from, to) => go({ ...search, from, to })}
      heading="Statements"
      above={
        <AccountSelect
          options={statementAccountOptions(summary.data?.accounts ?? [])}
          value={search.itemCodeId ? String(search.itemCodeId) : MAIN_ACCOUNT}
          onChange={(value) => {
            const { itemCodeId: _main, ...rest } = search;
            const id = accountOfOption(value);
            go(id === undefined ? rest : { ...rest, itemCodeId: id });
          }}
        />
      }
    />
  );
}
