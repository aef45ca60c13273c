/**
 * Vendors: every vendor account's balance at the end of a day (today by default), by
 * trade name in pages, with what the store owes its vendors and what they owe it;
 * the page shown downloads as CSV and prints.
 */
import { useState } from 'react';
import { Button, Group, Loader, Pagination, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { fromWire } from '@pos/contracts';
import { formatMoney } from '@pos/domain';
import { DayInput } from '../../components/day-input';
import { DownloadIcon } from '../../components/icons';
import { LoadFailure } from '../../components/load-failure';
import { downloadCsv } from '../../lib/csv';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ReportTableView } from './report-table-view';
import { tableCsv, tableFilename, type ReportTable } from './report-table';
import classes from './reports.module.css';

const FAILED_LOAD = 'Failed to load vendor balances';
const PAGE_SIZE = 100;

export function VendorsTab() {
  const [asOf, setAsOf] = useState('');
  const [page, setPage] = useState(1);
  const balances = trpc.reports.vendorBalances.useQuery({ ...(asOf ? { asOf } : {}), page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData, staleTime: 0 });
  const data = balances.data;
  const table: ReportTable | null = data
    ? {
        title: `Vendor balances as of ${data.asOf}`,
        columns: [
          { id: 'vendor', header: 'Vendor', numeric: false },
          { id: 'account', header: 'Account', numeric: false },
          { id: 'balance', header: 'Balance', numeric: true },
        ],
        rows: data.accounts.map((a) => ({
          key: `${a.vendorId}/${a.itemCodeId ?? 0}`,
          cells: [a.tradeName, a.tag ? `Item code ${a.tag}` : 'Main account', formatMoney(fromWire(a.balance))],
        })),
        totals: null,
      }
    : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="form" aria-label="Vendor balances settings" onSubmit={(e) => e.preventDefault()} noValidate className={classes.screenOnly}>
        <Group justify="space-between" align="flex-end" gap="sm">
          <DayInput
            label="As of"
            name="asOf"
            value={asOf || data?.asOf || ''}
            onChange={(day) => {
              setAsOf(day);
              setPage(1);
            }}
            w={200}
          />
          <Group gap="sm">
            {balances.isFetching ? <Loader size="xs" aria-label="Loading vendor balances" /> : null}
            <Button variant="default" onClick={() => window.print()} disabled={!table}>
              Print
            </Button>
            <Button leftSection={<DownloadIcon size={16} />} disabled={!table || table.rows.length === 0} onClick={() => table && downloadCsv(tableFilename(table), tableCsv(table))}>
              Download CSV
            </Button>
          </Group>
        </Group>
      </Paper>
      {balances.error ? (
        <LoadFailure title={FAILED_LOAD} detail={errorMessage(balances.error, 'Please try again.')} testId="vendors-error" retrying={balances.isFetching} onRetry={() => void balances.refetch()} />
      ) : null}
      {!data && balances.isPending ? <Text>Loading vendor balances…</Text> : null}
      {data && table ? (
        <Paper withBorder radius="md" p="md" className={classes.sheet}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
            <div>
              <Text size="sm" c="dimmed">
                The store owes its vendors ({data.accountsOwed} {data.accountsOwed === 1 ? 'account' : 'accounts'})
              </Text>
              <Text fw={700} size="lg" data-testid="owed">
                {formatMoney(fromWire(data.owed))}
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                Vendors owe the store ({data.accountsOwing} {data.accountsOwing === 1 ? 'account' : 'accounts'})
              </Text>
              <Text fw={700} size="lg" data-testid="owing">
                {formatMoney(-fromWire(data.owing))}
              </Text>
            </div>
          </SimpleGrid>
          {table.rows.length === 0 ? <Text>No vendor account has entries yet.</Text> : <ReportTableView table={table} testId="vendors-table" />}
          {pages > 1 ? <Pagination mt="md" total={pages} value={page} onChange={setPage} className={classes.screenOnly} getControlProps={(control) => ({ 'aria-label': `${control} page` })} /> : null}
        </Paper>
      ) : null}
    </Stack>
  );
}
