/**
 * Vendors > Accounts: the balance of every vendor account (a vendor's main account and each
 * code that receives a separate statement), what the store owes its vendors and what they
 * owe it, filtered (store owes, vendor owes, vendor type) and searched by name, paged by
 * the server. From here: a month's rent, a payout run, and per account its statement, a
 * payout and an adjustment. Every change reloads the list and the dashboards.
 */
import { useState } from 'react';
import { Badge, Button, CloseButton, Group, Loader, Pagination, Paper, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { fromWire, type AccountFilter, type VendorAccount, type VendorType } from '@pos/contracts';
import { VENDOR_TYPE_LABELS, formatMoney } from '@pos/domain';
import { Balance } from '../../components/balance';
import { LinkButton } from '../../components/link-button';
import { LoadFailure } from '../../components/load-failure';
import { SearchIcon } from '../../components/icons';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { pageCount, showsPageSizes, showsPagination, useKeepPageInRange, usePaging } from '../../lib/paging';
import { trpc } from '../../lib/trpc';
import {
  ACCOUNT_PAGE_SIZES,
  ALL_TYPES,
  DEFAULT_ACCOUNT_PAGE_SIZE,
  FILTER_OPTIONS,
  INITIAL_FILTERS,
  SEARCH_DEBOUNCE_MS,
  TYPE_OPTIONS,
  accountName,
  accountsInput,
  type AccountFilters,
} from './accounts-state';
import { AdjustDialog, PayoutDialog } from './account-dialogs';
import { PayoutRunDialog } from './payout-run-dialog';
import { RentDialog } from './rent-dialog';

const FAILED_LOAD = 'Failed to load vendor accounts';
const COLUMN_COUNT = 4;

type Opened = { kind: 'payout' | 'adjust'; account: VendorAccount } | { kind: 'rent' | 'run' } | null;

export function AccountsPage() {
  const utils = trpc.useUtils();
  const paging = usePaging(DEFAULT_ACCOUNT_PAGE_SIZE);
  const [filters, setFilters] = useState<AccountFilters>(INITIAL_FILTERS);
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // A new search (not the same one with other spaces) starts at the first page.
  const { toFirstPage } = paging;
  const search = debounced.trim();
  if (search !== filters.search) {
    setFilters((f) => ({ ...f, search }));
    toFirstPage();
  }

  const list = trpc.vendor.accounts.useQuery(accountsInput(paging, filters), { placeholderData: keepPreviousData });
  const accounts = list.data?.accounts;
  const total = list.data?.total ?? 0;
  useKeepPageInRange(paging, list.isPlaceholderData ? undefined : list.data?.total);

  const [opened, setOpened] = useState<Opened>(null);
  // Each opening starts its dialog's form afresh.
  const [openings, setOpenings] = useState(0);
  const open = (next: NonNullable<Opened>) => {
    setOpenings((n) => n + 1);
    setOpened(next);
  };
  const close = () => setOpened(null);
  /** The balances, every statement and the counters made from them. */
  const refresh = () => Promise.all([utils.vendor.accounts.invalidate(), utils.vendor.statement.invalidate(), utils.vendor.list.invalidate(), utils.dashboard.invalidate()]);

  const setFilter = (change: Partial<AccountFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    toFirstPage();
  };

  const refreshing = list.isFetching && accounts !== undefined;
  const summary = list.data?.summary;

  return (
    <>
      <PageHeading>Vendor Accounts</PageHeading>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={640}>
          <SummaryFigure label="The store owes vendors" testId="accounts-owed" value={summary ? fromWire(summary.owed) : null} count={summary?.accountsOwed} />
          <SummaryFigure label="Vendors owe the store" testId="accounts-owing" value={summary ? fromWire(summary.owing) : null} count={summary?.accountsOwing} />
        </SimpleGrid>

        <Group justify="space-between" align="flex-end" gap="sm">
          <Group align="flex-end" gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="accounts-filter-label">
                Show
              </Text>
              <SegmentedControl
                aria-labelledby="accounts-filter-label"
                data={FILTER_OPTIONS}
                value={filters.filter}
                onChange={(value) => setFilter({ filter: value })}
              />
            </Stack>
            <Select
              label="Vendor Type"
              w={190}
              data={TYPE_OPTIONS}
              value={filters.vendorType ?? ALL_TYPES}
              allowDeselect={false}
              onChange={(value) => setFilter({ vendorType: !value || value === ALL_TYPES ? null : (value as VendorType) })}
            />
            <TextInput
              label="Search"
              placeholder="Vendor name"
              name="search"
              autoComplete="off"
              leftSection={<SearchIcon size={16} />}
              rightSection={typed ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setTyped('')} /> : null}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              w={{ base: '100%', xs: 240 }}
            />
          </Group>
          <Group gap="sm">
            <Button variant="light" onClick={() => open({ kind: 'rent' })} disabled={!list.data}>
              Post Rent
            </Button>
            <Button onClick={() => open({ kind: 'run' })} disabled={!list.data}>
              Payout Run
            </Button>
          </Group>
        </Group>

        {list.error ? (
          <LoadFailure title={FAILED_LOAD} detail={errorMessage(list.error, 'Please try again.')} testId="accounts-error" retrying={list.isFetching} onRetry={() => void list.refetch()} />
        ) : null}

        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              striped
              highlightOnHover
              aria-label="Vendor accounts"
              data-stack
              aria-busy={list.isFetching}
              style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th w={280}>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {accounts === undefined ? (
                  list.isPending ? (
                    <LoadingRows />
                  ) : (
                    <Table.Tr>
                      <Table.Td colSpan={COLUMN_COUNT} />
                    </Table.Tr>
                  )
                ) : accounts.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMN_COUNT}>
                      <Stack gap={4} align="center" py="lg" data-testid="accounts-empty">
                        <Text fw={500}>{emptyTitle(filters)}</Text>
                        <Text size="sm" c="dimmed">
                          {filters.search || filters.vendorType || filters.filter !== 'ALL' ? 'Try other filters.' : 'Vendors added on the Vendors screen have accounts here.'}
                        </Text>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  accounts.map((account) => (
                    <AccountRow
                      key={`${account.vendorId}/${account.itemCodeId ?? 0}`}
                      account={account}
                      onPay={() => open({ kind: 'payout', account })}
                      onAdjust={() => open({ kind: 'adjust', account })}
                    />
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>

        {accounts !== undefined ? (
          <Group gap="md" align="center">
            {showsPagination(total, paging.pageSize) ? (
              <nav aria-label="Account pages">
                <Pagination total={pageCount(total, paging.pageSize)} value={paging.page} onChange={paging.setPage} size="sm" />
              </nav>
            ) : null}
            {showsPageSizes(total, ACCOUNT_PAGE_SIZES) ? (
              <Group gap="xs">
                <Text size="sm" c="dimmed" component="label" htmlFor="accounts-page-size">
                  Rows per page
                </Text>
                <Select
                  id="accounts-page-size"
                  w={80}
                  size="xs"
                  allowDeselect={false}
                  data={ACCOUNT_PAGE_SIZES.map(String)}
                  value={String(paging.pageSize)}
                  onChange={(v) => v && paging.setPageSize(Number(v))}
                />
              </Group>
            ) : null}
            <Text size="sm" c="dimmed" data-testid="accounts-total">
              {totalLabel(total, filters.filter)}
            </Text>
            {refreshing ? <Loader size="xs" aria-label="Loading accounts" /> : null}
          </Group>
        ) : null}
      </Stack>

      <PayoutDialog
        opened={opened?.kind === 'payout'}
        account={opened?.kind === 'payout' ? opened.account : null}
        formKey={openings}
        onClose={close}
        onDone={() => void refresh()}
      />
      <AdjustDialog
        opened={opened?.kind === 'adjust'}
        account={opened?.kind === 'adjust' ? opened.account : null}
        formKey={openings}
        onClose={close}
        onDone={() => void refresh()}
      />
      <RentDialog opened={opened?.kind === 'rent'} month={list.data?.month ?? null} formKey={openings} onClose={close} onPosted={() => void refresh()} />
      <PayoutRunDialog opened={opened?.kind === 'run'} today={list.data?.today ?? null} formKey={openings} onClose={close} onPaid={() => void refresh()} />
    </>
  );
}

/** All pages by vendor (with its accounts); the owed and owing lists by account. */
function totalLabel(total: number, filter: AccountFilter): string {
  const noun = filter === 'ALL' ? 'vendor' : 'account';
  return `${total.toLocaleString('en-US')} ${total === 1 ? noun : `${noun}s`}`;
}

function emptyTitle(filters: AccountFilters): string {
  if (filters.search) return `No accounts match "${filters.search}".`;
  if (filters.filter === 'OWED') return 'The store owes no vendor anything.';
  if (filters.filter === 'OWING') return 'No vendor owes the store anything.';
  return filters.vendorType ? `No ${VENDOR_TYPE_LABELS[filters.vendorType]} accounts.` : 'No vendor accounts yet.';
}

function SummaryFigure({ label, value, count, testId }: { label: string; value: bigint | null; count: number | undefined; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value === null ? (
        <Skeleton h={28} mt={4} w={120} />
      ) : (
        <Group gap="xs" align="baseline">
          <Text fz={22} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(value < 0n ? -value : value)}
          </Text>
          <Text size="sm" c="dimmed">
            {count === 1 ? '1 account' : `${(count ?? 0).toLocaleString('en-US')} accounts`}
          </Text>
        </Group>
      )}
    </Paper>
  );
}

function LoadingRows() {
  return (
    <>
      {Array.from({ length: 5 }, (_, i) => (
        <Table.Tr key={i} data-testid="accounts-loading">
          {Array.from({ length: COLUMN_COUNT }, (_, j) => (
            <Table.Td key={j}>
              <Skeleton h={14} w={j === 0 ? '70%' : '50%'} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

function AccountRow({ account, onPay, onAdjust }: { account: VendorAccount; onPay: () => void; onAdjust: () => void }) {
  const balance = fromWire(account.balance);
  const name = accountName(account);
  return (
    <Table.Tr data-account={name} data-vendor-id={account.vendorId}>
      <Table.Td data-label="Account" style={{ overflowWrap: 'anywhere' }}>
        <Group gap="xs">
          <Text fw={500} size="sm">
            {account.tradeName}
          </Text>
          {account.tag ? (
            <Badge variant="light" color="gray" tt="none" title="Item code with a separate statement">
              {account.tag}
            </Badge>
          ) : null}
          {account.archived ? (
            <Badge variant="outline" color="gray" tt="none">
              archived
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td data-label="Type">{VENDOR_TYPE_LABELS[account.vendorType]}</Table.Td>
      <Table.Td data-label="Balance" ta="right" data-testid="account-balance">
        <Balance value={balance} />
      </Table.Td>
      <Table.Td data-label="Actions">
        <Group gap="xs" wrap="nowrap">
          <LinkButton
            to="/store/vendors/accounts/$vendorId/statement"
            params={{ vendorId: String(account.vendorId) }}
            search={account.itemCodeId === null ? {} : { itemCodeId: account.itemCodeId }}
            variant="light"
            size="xs"
            aria-label={`Statement of ${name}`}
          >
            Statement
          </LinkButton>
          <Button variant="light" size="xs" onClick={onPay} disabled={balance <= 0n} aria-label={`Pay ${name}`}>
            Pay
          </Button>
          <Button variant="subtle" size="xs" onClick={onAdjust} aria-label={`Adjust ${name}`}>
            Adjust
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
