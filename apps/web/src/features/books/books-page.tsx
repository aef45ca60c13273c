/**
 * The books (docs/BOOKS.md), for STORE_ACCOUNTANT and the owner, and STORE_MANAGER to
 * read: the trial balance as of a day (printable, CSV), the chart of accounts with the
 * name and number each account is exported under (editable by the accountant and the
 * owner), a period's journals by day (journals-tab.tsx; a trial balance row drills into
 * its account's journals of the month to that day), and a period's export for hledger,
 * QuickBooks Desktop, QuickBooks Online or Xero. A large store has some 100,000 accounts:
 * the trial balance and the chart show a page of them at a time (every row is in the
 * answer, the CSV and the totals), found by name or number; on paper, every account found
 * up to `PRINTED_ACCOUNTS` (past that, the CSV holds them).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Loader, Pagination, Paper, Select, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { BOOKS_EXPORT_FORMATS, BOOKS_EXPORT_FORMAT_LABELS, ZBooksExportInput, fromWire, type BooksExportFormat } from '@pos/contracts';
import { ACCOUNT_KIND_LABELS, formatMoney, includes, monthStart } from '@pos/domain';
import { DownloadIcon } from '../../components/icons';
import { LoadFailure } from '../../components/load-failure';
import { PageHeading } from '../../components/page-heading';
import { downloadCsv, downloadFile, toCsv } from '../../lib/csv';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { pageCount, showsPagination, useKeepPageInRange, usePaging } from '../../lib/paging';
import { usePrinting } from '../../lib/printing';
import { useStoreClock } from '../../lib/store-clock';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import classes from './books.module.css';
import { JournalsTab, type JournalsQuery } from './journals-tab';

type Tab = 'trial' | 'journals' | 'accounts' | 'export';

export function BooksPage() {
  const [tab, setTab] = useState<Tab>('trial');
  // The store's today, by its clock (not the chart's date: the chart may list 100,000 accounts).
  const clock = useStoreClock();
  const today = clock.timeZone ? clock.stamp(new Date()).slice(0, 10) : '';
  const [journalsTyped, setJournals] = useState<JournalsQuery | null>(null);
  const journals = journalsTyped ?? { from: today, to: today, account: '' };
  const drill = (account: string, asOf: string) => {
    setJournals({ from: monthStart(asOf), to: asOf, account });
    setTab('journals');
  };
  return (
    <>
      <PageHeading>Books</PageHeading>
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="trial">Trial balance</Tabs.Tab>
          <Tabs.Tab value="journals">Journals</Tabs.Tab>
          <Tabs.Tab value="accounts">Chart of accounts</Tabs.Tab>
          <Tabs.Tab value="export">Export</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="trial">
          <TrialBalanceTab onDrill={drill} />
        </Tabs.Panel>
        <Tabs.Panel value="journals">
          <JournalsTab query={journals} onQuery={setJournals} />
        </Tabs.Panel>
        <Tabs.Panel value="accounts">
          <AccountsTab />
        </Tabs.Panel>
        <Tabs.Panel value="export">
          <ExportTab today={today} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** `onDrill(account, asOf)`: show the account's journals of the month to `asOf`. */
function TrialBalanceTab({ onDrill }: { onDrill: (account: string, asOf: string) => void }) {
  const [asOf, setAsOf] = useState('');
  const tb = trpc.books.trialBalance.useQuery(asOf ? { asOf } : {}, { placeholderData: keepPreviousData, staleTime: 0 });
  const data = tb.data;
  const rows = useMemo(() => data?.accounts ?? [], [data]);
  const [find, setFind] = useState('');
  const shown = usePage(rows, find, trialRowTexts);
  const csv = () =>
    data &&
    downloadCsv(
      `trial-balance-${data.asOf}.csv`,
      toCsv(rows, [
        { header: 'Account', value: (r) => r.name },
        { header: 'Number', value: (r) => r.number },
        { header: 'Type', value: (r) => ACCOUNT_KIND_LABELS[r.kind] },
        { header: 'Debit', value: (r) => formatMoney(fromWire(r.debit)) },
        { header: 'Credit', value: (r) => formatMoney(fromWire(r.credit)) },
      ]),
    );
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="form" aria-label="Trial balance settings" onSubmit={(e) => e.preventDefault()} noValidate className={classes.screenOnly}>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap="sm" align="flex-end">
            <TextInput type="date" label="As of (end of day)" name="asOf" value={asOf || data?.asOf || ''} onChange={(e) => setAsOf(e.currentTarget.value)} w={220} />
            <TextInput label="Find an account" name="find" placeholder="Name or number" value={find} onChange={(e) => setFind(e.currentTarget.value)} w={240} />
          </Group>
          <Group gap="sm">
            {tb.isFetching ? <Loader size="xs" aria-label="Loading the trial balance" /> : null}
            <Button variant="default" onClick={() => window.print()} disabled={!data}>
              Print
            </Button>
            <Button leftSection={<DownloadIcon size={16} />} disabled={!data || rows.length === 0} onClick={csv}>
              Download CSV
            </Button>
          </Group>
        </Group>
      </Paper>
      {tb.error ? <LoadFailure title="Failed to load the trial balance" testId="trial-balance-error" detail={errorMessage(tb.error, 'Please try again.')} retrying={tb.isFetching} onRetry={() => void tb.refetch()} /> : null}
      {!data && tb.isPending ? <Text>Loading the trial balance…</Text> : null}
      {data ? (
        <Paper withBorder radius="md" p="md" className={classes.sheet}>
          <Text fw={600} mb="sm">
            Trial balance at the end of {data.asOf}
          </Text>
          {rows.length === 0 ? (
            <Text>No money has moved yet: every account is at zero.</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped data-testid="trial-balance">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Account</Table.Th>
                    <Table.Th>Number</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th ta="right">Debit</Table.Th>
                    <Table.Th ta="right">Credit</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.rows.map((r) => (
                    <Table.Tr key={r.account}>
                      <Table.Td>
                        <Anchor component="button" type="button" size="sm" onClick={() => onDrill(r.account, data.asOf)} aria-label={`Journals of ${r.name}`}>
                          {r.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{r.number}</Table.Td>
                      <Table.Td>{ACCOUNT_KIND_LABELS[r.kind]}</Table.Td>
                      <Table.Td ta="right">{fromWire(r.debit) === 0n ? '' : formatMoney(fromWire(r.debit))}</Table.Td>
                      <Table.Td ta="right">{fromWire(r.credit) === 0n ? '' : formatMoney(fromWire(r.credit))}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={3}>Total</Table.Th>
                    <Table.Th ta="right" data-testid="total-debit">
                      {formatMoney(fromWire(data.totalDebit))}
                    </Table.Th>
                    <Table.Th ta="right" data-testid="total-credit">
                      {formatMoney(fromWire(data.totalCredit))}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          )}
          {shown.pager}
        </Paper>
      ) : null}
    </Stack>
  );
}

const ACCOUNTS_PAGE = 100;
/** The most accounts a printed trial balance or chart holds: a store's 100,000 would be some 2,000 sheets. */
const PRINTED_ACCOUNTS = 5_000;
const trialRowTexts = (r: { name: string; number: string }) => [r.name, r.number];

/**
 * One page of `rows` (those whose texts contain `find`, any case), with its page links and
 * what they hold: a store's 100,000 accounts are in the answer, a page of them on screen.
 * Printed, the rows are every one found (at most `PRINTED_ACCOUNTS`), without page links.
 */
function usePage<T>(rows: readonly T[], find: string, texts: (row: T) => string[]): { rows: readonly T[]; pager: ReactNode } {
  const paging = usePaging(ACCOUNTS_PAGE);
  const printing = usePrinting();
  const needle = find.trim().toLowerCase();
  const found = useMemo(() => (needle ? rows.filter((r) => texts(r).some((t) => t.toLowerCase().includes(needle))) : rows), [rows, needle, texts]);
  useKeepPageInRange(paging, found.length);
  const { toFirstPage } = paging;
  useEffect(() => toFirstPage(), [needle, toFirstPage]);
  if (printing) {
    const pager =
      found.length > PRINTED_ACCOUNTS ? (
        <Text mt="sm" size="sm">
          The first {PRINTED_ACCOUNTS.toLocaleString('en-US')} of {found.length.toLocaleString('en-US')} accounts: Download CSV holds every one.
        </Text>
      ) : null;
    return { rows: found.slice(0, PRINTED_ACCOUNTS), pager };
  }
  const from = (paging.page - 1) * paging.pageSize;
  const pager =
    found.length === 0 && needle ? (
      <Text mt="sm" c="dimmed">
        No account matches {find.trim()}.
      </Text>
    ) : showsPagination(found.length, paging.pageSize) ? (
      <Group mt="sm" gap="md">
        <nav aria-label="Account pages">
          <Pagination total={pageCount(found.length, paging.pageSize)} value={paging.page} onChange={paging.setPage} size="sm" />
        </nav>
        <Text size="sm" c="dimmed">
          {from + 1}–{Math.min(from + paging.pageSize, found.length)} of {found.length} accounts
        </Text>
      </Group>
    ) : null;
  return { rows: found.slice(from, from + paging.pageSize), pager };
}

function AccountsTab() {
  const session = useSession();
  const mayName = session.currentRole !== null && includes(session.currentRole.role, 'STORE_ACCOUNTANT');
  const accounts = trpc.books.accounts.useQuery(undefined, { staleTime: 0 });
  const [find, setFind] = useState('');
  const shown = usePage(accounts.data?.accounts ?? NO_ACCOUNTS, find, accountTexts);
  if (accounts.error) return <LoadFailure title="Failed to load the chart of accounts" testId="accounts-error" detail={errorMessage(accounts.error, 'Please try again.')} retrying={accounts.isFetching} onRetry={() => void accounts.refetch()} />;
  if (!accounts.data) return <Text>Loading the chart of accounts…</Text>;
  return (
    <Paper withBorder radius="md" p="md" className={classes.sheet}>
      <Text size="sm" c="dimmed" mb="sm" className={classes.screenOnly}>
        Each account is exported under its QuickBooks or Xero name and number when you give one; otherwise under the name shown. Balances are as of {accounts.data.asOf}.
        {mayName ? '' : ' Only an accountant or the owner may change the names.'}
      </Text>
      <TextInput label="Find an account" name="find" placeholder="Name, export name or number" value={find} onChange={(e) => setFind(e.currentTarget.value)} w={280} mb="sm" className={classes.screenOnly} />
      <Table.ScrollContainer minWidth={760}>
        <Table striped data-testid="chart-of-accounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
              <Table.Th>Export name</Table.Th>
              <Table.Th>Number</Table.Th>
              {mayName ? <Table.Th aria-label="Actions" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.rows.map((a) => (
              <AccountRow key={a.key} account={a} editable={mayName} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.pager}
    </Paper>
  );
}

type ChartRow = { key: string; kind: keyof typeof ACCOUNT_KIND_LABELS; name: string; exportName: string; exportNumber: string; balance: Parameters<typeof fromWire>[0] };
const NO_ACCOUNTS: readonly ChartRow[] = [];
const accountTexts = (a: ChartRow) => [a.name, a.exportName, a.exportNumber];

function AccountRow({ account, editable }: { account: ChartRow; editable: boolean }) {
  const [name, setName] = useState(account.exportName);
  const [number, setNumber] = useState(account.exportNumber);
  const utils = trpc.useUtils();
  const save = trpc.books.saveAccount.useMutation({
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      void utils.books.invalidate();
    },
    onError: (error) => notifyFailure('The account was not renamed', errorMessage(error, 'Please try again.')),
  });
  const changed = name !== account.exportName || number !== account.exportNumber;
  const balance = fromWire(account.balance);
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {account.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="gray">
          {ACCOUNT_KIND_LABELS[account.kind]}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">{balance === 0n ? '' : `${formatMoney(balance < 0n ? -balance : balance)} ${balance > 0n ? 'Dr' : 'Cr'}`}</Table.Td>
      <Table.Td>
        {editable ? (
          <TextInput size="xs" aria-label={`Export name of ${account.name}`} value={name} maxLength={100} placeholder={account.name} onChange={(e) => setName(e.currentTarget.value)} />
        ) : (
          account.exportName
        )}
      </Table.Td>
      <Table.Td>
        {editable ? <TextInput size="xs" w={100} aria-label={`Number of ${account.name}`} value={number} maxLength={20} onChange={(e) => setNumber(e.currentTarget.value)} /> : account.exportNumber}
      </Table.Td>
      {editable ? (
        <Table.Td>
          <Button size="xs" disabled={!changed} loading={save.isPending} onClick={() => save.mutate({ account: account.key, exportName: name, exportNumber: number })}>
            Save
          </Button>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

function ExportTab({ today }: { today: string }) {
  const [fromTyped, setFrom] = useState<string | null>(null);
  const [toTyped, setTo] = useState<string | null>(null);
  const from = fromTyped ?? (today ? monthStart(today) : '');
  const to = toTyped ?? today;
  const [format, setFormat] = useState<BooksExportFormat>('qbo-csv');
  const [busy, setBusy] = useState(false);
  const utils = trpc.useUtils();
  const checked = ZBooksExportInput.safeParse({ from, to, format });
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? 'Check the period');
  const download = async () => {
    setBusy(true);
    try {
      const file = await utils.books.export.fetch({ from, to, format }, { staleTime: 0 });
      downloadFile(file.filename, new Blob([file.content], { type: file.contentType }));
      notifySuccess(`${file.filename} downloaded`);
    } catch (error) {
      notifyFailure('The export failed', errorMessage(error, 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" aria-label="Export the books" noValidate onSubmit={(e) => (e.preventDefault(), problem === null && void download())}>
      <Stack gap="sm" maw={520}>
        <Text size="sm" c="dimmed">
          hledger gets one transaction per sale, refund, rent, adjustment, payout and closed day, exact to the micro-unit. QuickBooks and Xero get one journal entry per business day in cents; a
          rounding line keeps each entry balanced.
        </Text>
        <Group grow>
          <TextInput type="date" label="From" name="from" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label="To" name="to" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </Group>
        <Select
          label="Format"
          name="format"
          allowDeselect={false}
          data={BOOKS_EXPORT_FORMATS.map((f) => ({ value: f, label: BOOKS_EXPORT_FORMAT_LABELS[f] }))}
          value={format}
          onChange={(v) => v && setFormat(v)}
        />
        {problem ? (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" leftSection={<DownloadIcon size={16} />} loading={busy} disabled={problem !== null}>
            Download
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
