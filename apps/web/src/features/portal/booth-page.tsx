/**
 * My Booth (/portal), the vendor portal's home: the balance now and who owes whom in
 * words, sales today and this month (what they earned the vendor after commission and
 * card fees), the last payout, and the next rent with the day it posts. Made for a phone
 * first: one column at 390 px, four across on a desktop.
 */
import type { ReactNode } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { fromWire } from '@pos/contracts';
import { PAYOUT_METHOD_LABELS } from '@pos/domain';
import { Balance } from '../../components/balance';
import { LoadFailure } from '../../components/load-failure';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { useStoreClock } from '../../lib/store-clock';
import { trpc } from '../../lib/trpc';
import { monthLabel } from '../vendor-accounts/accounts-state';
import { dayLabel } from '../vendor-accounts/statement-view';
import { linesLabel } from './portal-view';

const FAILED_LOAD = 'Failed to load your booth';

function Card({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

function Figures({ figures }: { figures: { lines: number; sales: { value: string }; net: { value: string } } }) {
  return (
    <>
      <Text fz={24} fw={700} data-field="sales">
        <Balance value={fromWire(figures.sales)} />
      </Text>
      <Text size="sm" c="dimmed" data-field="lines">
        {linesLabel(figures.lines)}
      </Text>
      <Text size="sm" data-field="net">
        You earned <Balance value={fromWire(figures.net)} fw={600} />
      </Text>
    </>
  );
}

export function BoothPage() {
  const summary = trpc.portal.summary.useQuery();
  const clock = useStoreClock();
  const s = summary.data;

  return (
    <>
      <PageHeading>My Booth</PageHeading>
      {summary.error ? (
        <LoadFailure
          title={FAILED_LOAD}
          detail={errorMessage(summary.error, 'Please try again.')}
          testId="booth-error"
          retrying={summary.isFetching}
          onRetry={() => void summary.refetch()}
        />
      ) : null}
      {!s ? (
        summary.isPending ? (
          <Stack gap="md" data-testid="booth-loading" aria-busy="true" aria-label="Loading your booth">
            <Skeleton h={120} radius="md" />
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h={110} radius="md" />
              ))}
            </SimpleGrid>
          </Stack>
        ) : null
      ) : (
        <Stack gap="md" maw={1100}>
          <Paper withBorder radius="md" p="lg" component="section" aria-label="Balance" data-testid="booth-balance">
            <Text size="sm" c="dimmed">
              {s.tradeName} at {s.storeName}
            </Text>
            <Text fz={34} fw={800} lh={1.2} data-field="balance">
              <Balance value={fromWire(s.balance)} />
            </Text>
            <Text fw={600} data-field="balance-words">
              {s.balanceWords}
            </Text>
            {s.accounts.length > 1 ? (
              <Table mt="sm" verticalSpacing={4} aria-label="Balance by account" data-testid="booth-accounts">
                <Table.Tbody>
                  {s.accounts.map((a) => (
                    <Table.Tr key={a.itemCodeId ?? 'main'}>
                      <Table.Td>{a.tag ? `Item code ${a.tag}` : 'Main account'}</Table.Td>
                      <Table.Td ta="right">
                        <Balance value={fromWire(a.balance)} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            <Group gap="md" mt="sm">
              <Anchor component={Link} to="/portal/sales" size="sm">
                Every sale, with its split
              </Anchor>
              <Anchor component={Link} to="/portal/statements" size="sm">
                Statement
              </Anchor>
            </Group>
          </Paper>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
            <Card title="Sales today" testId="booth-today">
              <Figures figures={s.salesToday} />
            </Card>
            <Card title={`Sales in ${monthLabel(s.month)}`} testId="booth-month">
              <Figures figures={s.salesMonth} />
            </Card>
            <Card title="Last payout" testId="booth-last-payout">
              {s.lastPayout ? (
                <>
                  <Text fz={24} fw={700} data-field="amount">
                    <Balance value={fromWire(s.lastPayout.amount)} />
                  </Text>
                  <Text size="sm">{clock.date(s.lastPayout.createdAt)}</Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {PAYOUT_METHOD_LABELS[s.lastPayout.method]}
                    {s.lastPayout.reference ? ` · ${s.lastPayout.reference}` : ''}
                  </Text>
                </>
              ) : (
                <Text c="dimmed" size="sm" data-field="none">
                  No payouts yet.
                </Text>
              )}
            </Card>
            <Card title="Next rent" testId="booth-next-rent">
              {s.nextRent ? (
                <>
                  <Text fz={24} fw={700} data-field="amount">
                    <Balance value={fromWire(s.nextRent.amount)} />
                  </Text>
                  <Text size="sm">Rent for {monthLabel(s.nextRent.month)}</Text>
                  <Text size="sm" c="dimmed" data-field="posts-on">
                    {s.nextRent.postsOn <= s.today ? 'Not posted yet: the store posts it this month' : `Posts on ${dayLabel(s.nextRent.postsOn)} at the earliest`}
                  </Text>
                </>
              ) : (
                <Text c="dimmed" size="sm" data-field="none">
                  No rent is taken from your balance.
                </Text>
              )}
            </Card>
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
