/**
 * Payouts (/portal/payouts): every payout the store made the vendor, newest first, with
 * its amount, method and reference (a check number, a transfer's id), and the account
 * it came from when the vendor has a separate-statement one.
 */
import { useState } from 'react';
import { Alert, Group, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { fromWire } from '@pos/contracts';
import { PAYOUT_METHOD_LABELS } from '@pos/domain';
import { Balance } from '../../components/balance';
import { LoadFailure } from '../../components/load-failure';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { pageCount } from '../../lib/paging';
import { useStoreClock } from '../../lib/store-clock';
import { trpc } from '../../lib/trpc';

const FAILED_LOAD = 'Failed to load your payouts';
const PAGE_SIZE = 50;

export function PayoutsPage() {
  const [page, setPage] = useState(1);
  const payouts = trpc.portal.payouts.useQuery({ page, pageSize: PAGE_SIZE });
  const clock = useStoreClock();
  const d = payouts.data;

  return (
    <>
      <PageHeading>Payouts</PageHeading>
      {payouts.error ? (
        <LoadFailure title={FAILED_LOAD} detail={errorMessage(payouts.error, 'Please try again.')} testId="payouts-error" retrying={payouts.isFetching} onRetry={() => void payouts.refetch()} />
      ) : null}
      {!d ? (
        payouts.isPending ? (
          <Stack gap="sm" data-testid="payouts-loading" aria-busy="true" aria-label="Loading your payouts">
            <Skeleton h={64} radius="md" />
            <Skeleton h={64} radius="md" />
          </Stack>
        ) : null
      ) : d.payouts.length === 0 ? (
        <Alert color="gray" variant="light" data-testid="payouts-empty">
          No payouts yet. When the store pays you, each payout is listed here with its method and reference.
        </Alert>
      ) : (
        <Stack gap="sm" maw={720} role="list" aria-label="Payouts" data-testid="payouts">
          {d.payouts.map((p) => (
            <Paper key={p.id} withBorder radius="md" p="sm" role="listitem" data-testid="payout">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{clock.date(p.createdAt)}</Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {PAYOUT_METHOD_LABELS[p.method]}
                    {p.reference ? ` · ${p.reference}` : ''}
                    {p.tag ? ` · item code ${p.tag}` : ''}
                  </Text>
                </div>
                <Text fw={700} fz="lg" data-field="amount">
                  <Balance value={fromWire(p.amount)} />
                </Text>
              </Group>
            </Paper>
          ))}
          {d.total > PAGE_SIZE ? <Pagination total={pageCount(d.total, PAGE_SIZE)} value={page} onChange={setPage} size="sm" /> : null}
        </Stack>
      )}
    </>
  );
}
