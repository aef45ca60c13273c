/**
 * A vendor account's statement (/store/vendors/accounts/$vendorId/statement, with the
 * item code of a separate statement and the period as search parameters): the period
 * (this month by default, in the store's time zone), the opening balance, every entry
 * (date, kind, order number, item code, description, memo, amount), totals by kind and
 * the closing balance. Print gives a page ready to mail (statement.module.css); Download
 * CSV gives the same figures. Below it, for whoever may invite (an accountant, a manager,
 * an owner: mayManagePortalAccess), the vendor's portal access with Invite to Portal: an
 * accountant has no vendor form, so this is where they invite.
 */
import type { ReactNode } from 'react';
import { Anchor, Box, Button, Group, Loader, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { fromWire, type Statement } from '@pos/contracts';
import { LEDGER_KINDS, LEDGER_KIND_LABELS, formatMoney, mayManagePortalAccess } from '@pos/domain';
import { Balance } from '../../components/balance';
import { LoadFailure } from '../../components/load-failure';
import { PageHeading } from '../../components/page-heading';
import { downloadCsv } from '../../lib/csv';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { PortalAccessSection } from '../vendors/portal-access-section';
import { accountName } from './accounts-state';
import classes from './statement.module.css';
import { PeriodFields } from './period-fields';
import { periodLabel, statementCsv, statementFilename, vendorTypeLabel, type StatementSearch } from './statement-view';

const FAILED_LOAD = 'Failed to load the statement';
const COLUMNS = ['Date', 'Kind', 'Order', 'Item Code', 'Description', 'Memo', 'Amount'] as const;

export function StatementPage({ vendorId, search }: { vendorId: number; search: StatementSearch }) {
  const navigate = useNavigate();
  const statement = trpc.vendor.statement.useQuery({ vendorId, itemCodeId: search.itemCodeId ?? null, ...(search.from ? { from: search.from } : {}), ...(search.to ? { to: search.to } : {}) });
  const accounts = trpc.vendor.accounts.useQuery({ pageSize: 1 });
  const s = statement.data;
  const { currentRole } = useSession();
  const mayInvite = currentRole !== null && mayManagePortalAccess(currentRole.role);
  return (
    <StatementScreen
      below={s && mayInvite ? <PortalAccessSection key={s.vendor.id} vendor={{ id: s.vendor.id, tradeName: s.vendor.tradeName, email: s.vendor.contactEmail }} /> : null}
      statement={statement}
      today={accounts.data?.today ?? null}
      requested={search}
      onPeriod={(from, to) =>
        void navigate({ to: '/store/vendors/accounts/$vendorId/statement', params: { vendorId: String(vendorId) }, search: { ...search, from, to }, replace: true })
      }
      heading={s ? `Statement: ${accountName({ tradeName: s.vendor.tradeName, tag: s.account.tag })}` : 'Statement'}
      back={
        <Anchor component={Link} to="/store/vendors/accounts" size="sm">
          ← Vendor Accounts
        </Anchor>
      }
    />
  );
}

/** What the statement screen needs of its query (the store's or the vendor portal's). */
export interface StatementQuery {
  data: Statement | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The statement screen: the period picker, Print and Download CSV, and the sheet. The
 * store's screen and the vendor portal's show the one statement alike.
 */
export function StatementScreen({
  statement,
  today,
  requested,
  onPeriod,
  heading,
  back,
  above,
  below,
}: {
  statement: StatementQuery;
  /** The store's today, for the period presets. */
  today: string | null;
  requested: { from?: string | undefined; to?: string | undefined };
  onPeriod: (from: string, to: string) => void;
  heading: string;
  back?: ReactNode;
  /** Controls of the caller's shown beside the period (the portal's account choice). */
  above?: ReactNode;
  /** What the caller shows under the sheet, on screen only (the store's portal access). */
  below?: ReactNode;
}) {
  const s = statement.data;
  return (
    <>
      <Box className={classes.screenOnly}>
        {back}
        <PageHeading>{heading}</PageHeading>
        <Paper withBorder radius="md" p="md" mb="md">
          <Group align="flex-end" justify="space-between" gap="sm">
            <Group align="flex-end" gap="sm">
              {above}
              <PeriodFields from={s?.from ?? requested.from} to={s?.to ?? requested.to} today={today} onPeriod={onPeriod} />
            </Group>
            <Group gap="sm">
              <Button variant="default" disabled={!s} onClick={() => window.print()}>
                Print
              </Button>
              <Button variant="default" disabled={!s} onClick={() => s && downloadCsv(statementFilename(s), statementCsv(s))}>
                Download CSV
              </Button>
              {statement.isFetching && s ? <Loader size="xs" aria-label="Loading the statement" /> : null}
            </Group>
          </Group>
        </Paper>
        {statement.error ? (
          <LoadFailure
            title={FAILED_LOAD}
            detail={errorMessage(statement.error, 'Please try again.')}
            testId="statement-error"
            retrying={statement.isFetching}
            onRetry={() => void statement.refetch()}
          />
        ) : null}
      </Box>
      {s ? <StatementSheet s={s} /> : statement.isPending ? <SheetSkeleton /> : null}
      {below ? (
        <Box className={classes.screenOnly} mt="md" maw={920}>
          {below}
        </Box>
      ) : null}
    </>
  );
}

function SheetSkeleton() {
  return (
    <Paper withBorder radius="md" p="lg" className={classes.sheet} data-testid="statement-loading">
      <Stack gap="sm">
        <Skeleton h={20} w="40%" />
        <Skeleton h={14} w="30%" />
        <Skeleton h={120} />
      </Stack>
    </Paper>
  );
}

function StatementSheet({ s }: { s: Statement }) {
  const contact = [s.vendor.contactName, s.vendor.contactEmail, s.vendor.contactPhone].filter((v): v is string => Boolean(v));
  return (
    <Paper withBorder radius="md" p="lg" className={classes.sheet} component="article" aria-label="Statement" data-testid="statement">
      <Stack gap="md">
        <div className={classes.letterhead}>
          <div>
            <Text fw={700} size="lg" data-testid="statement-store">
              {s.store.name}
            </Text>
            {s.store.address ? (
              <Text component="address" size="sm" className={classes.address}>
                {s.store.address}
              </Text>
            ) : null}
          </div>
          <div>
            <Title order={2} size="h3">
              Vendor Statement
            </Title>
            <Text size="sm" data-testid="statement-period">
              {periodLabel(s.from, s.to)}
            </Text>
            <Text size="xs" c="dimmed">
              Dates in {s.store.timeZone} time
            </Text>
          </div>
        </div>

        <div className={classes.recipient}>
          <Text fw={600} data-testid="statement-vendor">
            {s.vendor.tradeName}
          </Text>
          {s.vendor.mailingAddress ? (
            <Text component="address" size="sm" className={classes.address} data-testid="statement-vendor-address">
              {s.vendor.mailingAddress}
            </Text>
          ) : null}
          {s.vendor.booth ? <Text size="sm">Booth {s.vendor.booth}</Text> : null}
          {contact.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {vendorTypeLabel(s)}
            {s.account.tag ? ` · separate statement for item code ${s.account.tag}` : ''}
          </Text>
        </div>

        <div className={classes.figures}>
          <Figure label="Opening balance" value={fromWire(s.openingBalance)} testId="statement-opening" />
          <Figure label="Closing balance" value={fromWire(s.closingBalance)} testId="statement-closing" />
        </div>

        {/* Scrolls sideways inside itself on a phone; focusable, so the keyboard scrolls it too. */}
        <div className={classes.entries} tabIndex={0} role="region" aria-label="Entries, scrollable">
          <Table aria-label="Entries" miw={680} striped verticalSpacing={6} data-testid="statement-entries">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} className={c === 'Amount' ? classes.money : undefined}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{s.from}</Table.Td>
                <Table.Td colSpan={5}>
                  <Text size="sm" fw={600}>
                    Opening balance
                  </Text>
                </Table.Td>
                <Table.Td className={classes.money}>
                  <Balance value={fromWire(s.openingBalance)} />
                </Table.Td>
              </Table.Tr>
              {s.entries.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" size="sm" ta="center" py="sm" data-testid="statement-empty">
                      No entries in this period.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                s.entries.map((e) => (
                  <Table.Tr key={e.id} data-kind={e.kind}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.day}</Table.Td>
                    <Table.Td>{LEDGER_KIND_LABELS[e.kind]}</Table.Td>
                    <Table.Td>{e.orderNumber ?? ''}</Table.Td>
                    <Table.Td>{e.itemCode ?? ''}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.description}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.memo}</Table.Td>
                    <Table.Td className={classes.money}>
                      <Balance value={fromWire(e.amount)} />
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </div>

        {/* On a phone's screen the entries are a list instead, one entry a row, so nothing scrolls sideways; printed, always the table. */}
        <ul className={classes.entryList} aria-label="Entries" data-testid="statement-entry-list">
          <li className={classes.entryItem}>
            <div>
              <Text size="sm" fw={600}>
                Opening balance
              </Text>
              <Text size="xs" c="dimmed">
                {s.from}
              </Text>
            </div>
            <Text size="sm" className={classes.money}>
              <Balance value={fromWire(s.openingBalance)} />
            </Text>
          </li>
          {s.entries.length === 0 ? (
            <li className={classes.entryItem}>
              <Text c="dimmed" size="sm">
                No entries in this period.
              </Text>
            </li>
          ) : (
            s.entries.map((e) => (
              <li key={e.id} className={classes.entryItem} data-kind={e.kind}>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {LEDGER_KIND_LABELS[e.kind]}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[e.day, e.orderNumber, e.itemCode ? `Item code ${e.itemCode}` : null].filter(Boolean).join(' · ')}
                  </Text>
                  {e.description || e.memo ? (
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {[e.description, e.memo].filter(Boolean).join(' · ')}
                    </Text>
                  ) : null}
                </div>
                <Text size="sm" className={classes.money}>
                  <Balance value={fromWire(e.amount)} />
                </Text>
              </li>
            ))
          )}
        </ul>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Table aria-label="Totals by kind" verticalSpacing={4} data-testid="statement-totals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Totals</Table.Th>
                <Table.Th className={classes.money}>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {LEDGER_KINDS.map((k) => (
                <Table.Tr key={k} data-kind={k}>
                  <Table.Td>{LEDGER_KIND_LABELS[k]}</Table.Td>
                  <Table.Td className={classes.money}>
                    <Balance value={fromWire(s.totals[k])} />
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr className={classes.closing}>
                <Table.Td fw={700}>Closing balance</Table.Td>
                <Table.Td className={classes.money} fw={700}>
                  <Balance value={fromWire(s.closingBalance)} />
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed">
            {fromWire(s.closingBalance) >= 0n
              ? `The store owes ${s.vendor.tradeName} ${formatMoney(fromWire(s.closingBalance))} at the end of the period.`
              : `${s.vendor.tradeName} owes the store ${formatMoney(-fromWire(s.closingBalance))} at the end of the period.`}
          </Text>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Figure({ label, value, testId }: { label: string; value: bigint; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} data-testid={testId}>
        <Balance value={value} />
      </Text>
    </div>
  );
}
