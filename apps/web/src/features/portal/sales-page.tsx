/**
 * Sales (/portal/sales): every sold and refunded line of the vendor's accounts in a
 * period, newest first, each with its exact split: line total, the store's commission,
 * the card fee, and the net that went to the vendor's balance. A refund is a negative
 * row naming the original sale. The period's totals (over every page) stand beside the
 * balance now, so the vendor can check them against each other. A phone gets one card
 * per line; a wide screen a table. No customer and no other line of an order is shown:
 * the server never sends them.
 */
import { useState } from 'react';
import { Alert, Group, Loader, Pagination, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { fromWire, type PortalSaleLine } from '@pos/contracts';
import { formatPercent } from '@pos/domain';
import { Balance } from '../../components/balance';
import { LoadFailure } from '../../components/load-failure';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { pageCount } from '../../lib/paging';
import { trpc } from '../../lib/trpc';
import type { StatementSearch } from '../vendor-accounts/statement-search';
import { ALL_ACCOUNTS, accountOfOption, linesLabel, netInWords, saleLineWhere, salesAccountOptions } from './portal-view';
import { PortalPeriod } from './portal-period';

const FAILED_LOAD = 'Failed to load your sales';
const PAGE_SIZE = 50;
/** From this width the lines are a table; below it, one card per line. */
const WIDE = '(min-width: 64em)';
const COLUMNS = ['Date', 'Order', 'Item', 'Description', 'Qty', 'Price', 'Discount', 'Line total', 'Commission', 'Card fee', 'Net'] as const;
const MONEY_COLUMNS: ReadonlySet<string> = new Set(['Qty', 'Price', 'Discount', 'Line total', 'Commission', 'Card fee', 'Net']);

type Line = PortalSaleLine;

export function SalesPage({ search }: { search: StatementSearch }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const summary = trpc.portal.summary.useQuery();
  const sales = trpc.portal.sales.useQuery({
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
    itemCodeId: search.itemCodeId ?? null,
    page,
    pageSize: PAGE_SIZE,
  });
  const wide = useMediaQuery(WIDE, false, { getInitialValueInEffect: false });
  const d = sales.data;

  const go = (next: StatementSearch) => {
    setPage(1);
    void navigate({ to: '/portal/sales', search: next, replace: true });
  };

  return (
    <>
      <PageHeading>Sales</PageHeading>
      <PortalPeriod
        from={d?.from ?? search.from}
        to={d?.to ?? search.to}
        today={summary.data?.today ?? null}
        onPeriod={(from, to) => go({ ...search, from, to })}
        account={{
          options: salesAccountOptions(summary.data?.accounts ?? []),
          value: search.itemCodeId ? String(search.itemCodeId) : ALL_ACCOUNTS,
          onChange: (value) => {
            const { itemCodeId: _all, ...rest } = search;
            const id = accountOfOption(value);
            go(id === undefined ? rest : { ...rest, itemCodeId: id });
          },
        }}
        trailing={sales.isFetching && d ? <Loader size="xs" aria-label="Loading your sales" /> : null}
      />
      {sales.error ? (
        <LoadFailure title={FAILED_LOAD} detail={errorMessage(sales.error, 'Please try again.')} testId="sales-error" retrying={sales.isFetching} onRetry={() => void sales.refetch()} />
      ) : null}
      {!d ? (
        sales.isPending ? (
          <Stack gap="sm" data-testid="sales-loading" aria-busy="true" aria-label="Loading your sales">
            <Skeleton h={90} radius="md" />
            <Skeleton h={200} radius="md" />
          </Stack>
        ) : null
      ) : (
        <Stack gap="md">
          <Paper withBorder radius="md" p="md" component="section" aria-label="Totals of the period" data-testid="sales-totals">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
              <Figure label="Lines" field="lines">
                {d.totalLines.toLocaleString('en-US')}
              </Figure>
              <Figure label="Line totals" field="lineTotal">
                <Balance value={fromWire(d.totals.lineTotal)} />
              </Figure>
              <Figure label="Commission" field="commission">
                <Balance value={fromWire(d.totals.commission)} />
              </Figure>
              <Figure label="Card fees" field="cardFee">
                <Balance value={fromWire(d.totals.cardFee)} />
              </Figure>
              <Figure label="Net to you" field="net" strong>
                <Balance value={fromWire(d.totals.net)} />
              </Figure>
              <Figure label="Balance now" field="balance" strong>
                <Balance value={fromWire(d.balance)} />
              </Figure>
            </SimpleGrid>
            <Text size="sm" c="dimmed" mt="xs" data-field="check">
              {netInWords(d.totals.net)}: line totals less commission and card fees, to the cent.
            </Text>
          </Paper>
          {d.lines.length === 0 ? (
            <Alert color="gray" variant="light" data-testid="sales-empty">
              No sales in this period.
            </Alert>
          ) : wide ? (
            <LinesTable lines={d.lines} />
          ) : (
            <Stack gap="sm" data-testid="sales-lines" aria-label="Sales lines" role="list">
              {d.lines.map((l, i) => (
                <LineCard key={`${l.orderNumber}-${l.refundNumber ?? ''}-${i}`} line={l} />
              ))}
            </Stack>
          )}
          {d.totalLines > PAGE_SIZE ? (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {linesLabel(d.totalLines)}
              </Text>
              <Pagination total={pageCount(d.totalLines, PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
            </Group>
          ) : null}
        </Stack>
      )}
    </>
  );
}

function Figure({ label, field, strong, children }: { label: string; field: string; strong?: boolean; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={strong ? 20 : 16} fw={strong ? 700 : 500} data-field={field}>
        {children}
      </Text>
    </div>
  );
}

function LinesTable({ lines }: { lines: readonly Line[] }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped verticalSpacing={6} aria-label="Sales lines" data-testid="sales-lines">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c} ta={MONEY_COLUMNS.has(c) ? 'right' : undefined}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l, i) => (
            <Table.Tr key={`${l.orderNumber}-${l.refundNumber ?? ''}-${i}`} data-testid="sale-line" data-refund={l.refundNumber ? true : undefined}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.day}</Table.Td>
              <Table.Td>{l.refundNumber ? `Refund ${l.refundNumber} of ${l.orderNumber}` : l.orderNumber}</Table.Td>
              <Table.Td>{l.itemNumber ?? l.itemCode ?? ''}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.description}</Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Money value={l.price} field="price" />
              <Table.Td ta="right">{formatPercent(fromWire(l.discountPercent))}</Table.Td>
              <Money value={l.lineTotal} field="lineTotal" />
              <Money value={l.commission} field="commission" />
              <Money value={l.cardFee} field="cardFee" />
              <Money value={l.net} field="net" strong />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Money({ value, field, strong }: { value: { value: string }; field: string; strong?: boolean }) {
  return (
    <Table.Td ta="right" data-field={field} fw={strong ? 700 : undefined}>
      <Balance value={fromWire(value)} />
    </Table.Td>
  );
}

/** One line on a phone: what and where, then its split, net last. */
function LineCard({ line: l }: { line: Line }) {
  const split: [string, string, React.ReactNode][] = [
    ['Quantity × price', 'price', <>
      {l.quantity} × <Balance value={fromWire(l.price)} />
    </>],
    ['Discount', 'discount', formatPercent(fromWire(l.discountPercent))],
    ['Line total', 'lineTotal', <Balance value={fromWire(l.lineTotal)} />],
    ['Commission', 'commission', <Balance value={fromWire(l.commission)} />],
    ['Card fee', 'cardFee', <Balance value={fromWire(l.cardFee)} />],
  ];
  return (
    <Paper withBorder radius="md" p="sm" role="listitem" data-testid="sale-line" data-refund={l.refundNumber ? true : undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {l.description}
          </Text>
          <Text size="xs" c="dimmed">
            {saleLineWhere(l)}
          </Text>
        </div>
        <div style={{ textAlign: 'right' }}>
          <Text size="xs" c="dimmed">
            Net
          </Text>
          <Text fw={700} data-field="net">
            <Balance value={fromWire(l.net)} />
          </Text>
        </div>
      </Group>
      <dl style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: '2px 12px', margin: '6px 0 0' }}>
        {split.map(([label, field, value]) => (
          <div key={field} style={{ display: 'contents' }}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" ta="right" m={0} data-field={field}>
              {value}
            </Text>
          </div>
        ))}
      </dl>
    </Paper>
  );
}
