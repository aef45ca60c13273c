/**
 * The books' journal view (docs/BOOKS.md, Journals): a period's journals grouped by
 * business day, each with its legs (debits first) and a link to what it comes from (the
 * order of a sale or a refund, read-only in a dialog for an accountant; the statement of
 * each vendor a payout, rent or adjustment moved); or, drilled into from a trial balance row, only one account's
 * journals after its balance before the period. A page holds at most 100 journals.
 */
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Loader, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { ZBooksJournalsInput, fromWire, type BooksJournalsOutput } from '@pos/contracts';
import { JOURNAL_KIND_LABELS, canAccessRoute, formatMoney } from '@pos/domain';
import { LinkAnchor } from '../../components/link-button';
import { LoadFailure } from '../../components/load-failure';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { JournalOrderDialog } from './journal-order';

/** What the journal view shows: a period, and one account or every journal. */
export interface JournalsQuery {
  from: string;
  to: string;
  /** An account's key (as the trial balance names it); '' for every journal. */
  account: string;
}

type Journal = BooksJournalsOutput['journals'][number];
type Cursor = { day: string; id: number };

const ALL = '';

/** A signed balance as an accountant reads it: the amount and Dr or Cr. */
function drCr(amount: bigint): string {
  if (amount === 0n) return formatMoney(0n);
  return `${formatMoney(amount < 0n ? -amount : amount)} ${amount > 0n ? 'Dr' : 'Cr'}`;
}

export function JournalsTab({ query, onQuery }: { query: JournalsQuery; onQuery: (q: JournalsQuery) => void }) {
  // The pages seen so far, by the cursor each started after (none: the first).
  const [pages, setPages] = useState<Cursor[]>([]);
  const change = (q: JournalsQuery) => {
    setPages([]);
    onQuery(q);
  };
  const chart = trpc.books.accounts.useQuery(undefined, { staleTime: 60_000 });
  const input = { from: query.from, to: query.to, ...(query.account ? { account: query.account } : {}), ...(pages.length > 0 ? { after: pages.at(-1) } : {}) };
  const checked = ZBooksJournalsInput.safeParse(input);
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? 'Check the period');
  const journals = trpc.books.journals.useQuery(input, { enabled: problem === null && query.from !== '', placeholderData: keepPreviousData, staleTime: 0 });
  const data = journals.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="form" aria-label="Journals to show" onSubmit={(e) => e.preventDefault()} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput type="date" label="From" name="from" value={query.from} onChange={(e) => change({ ...query, from: e.currentTarget.value })} w={180} />
          <TextInput type="date" label="To" name="to" value={query.to} onChange={(e) => change({ ...query, to: e.currentTarget.value })} w={180} />
          <Select
            label="Account"
            name="account"
            w={300}
            searchable
            allowDeselect={false}
            data={[{ value: ALL, label: 'Every account' }, ...(chart.data?.accounts ?? []).map((a) => ({ value: a.key, label: a.exportName || a.name }))]}
            value={query.account}
            onChange={(v) => change({ ...query, account: v ?? ALL })}
          />
          {journals.isFetching ? <Loader size="xs" aria-label="Loading the journals" /> : null}
        </Group>
        {problem ? (
          <Text c="red" size="sm" role="alert" mt="sm">
            {problem}
          </Text>
        ) : null}
      </Paper>
      {journals.error ? (
        <LoadFailure
          title="Failed to load the journals"
          testId="journals-error"
          detail={errorMessage(journals.error, 'Please try again.')}
          retrying={journals.isFetching}
          onRetry={() => void journals.refetch()}
        />
      ) : null}
      {data ? <JournalList data={data} /> : null}
      {data && (pages.length > 0 || data.next) ? (
        <Group>
          <Button variant="default" disabled={pages.length === 0} onClick={() => setPages((p) => p.slice(0, -1))}>
            Previous page
          </Button>
          <Button variant="default" disabled={!data.next} onClick={() => data.next && setPages((p) => [...p, data.next!])}>
            Next page
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function JournalList({ data }: { data: BooksJournalsOutput }) {
  const days = new Map<string, Journal[]>();
  for (const j of data.journals) days.set(j.day, [...(days.get(j.day) ?? []), j]);
  const account = data.account;
  return (
    <Paper withBorder radius="md" p="md" data-testid="journals">
      <Text fw={600} mb="xs">
        {account ? `${account.name}: journals` : 'Journals'} from {data.from} to {data.to}
      </Text>
      {account ? (
        <Text size="sm" mb="sm" data-testid="opening-balance">
          Balance before {data.from}: {drCr(fromWire(account.opening))}
        </Text>
      ) : null}
      {data.journals.length === 0 ? <Text>No journals in this period{account ? ' on this account' : ''}.</Text> : null}
      <Stack gap="lg">
        {[...days].map(([day, journals]) => (
          <section key={day} aria-label={`Journals of ${day}`}>
            <Text fw={600} size="sm" c="dimmed" mb={4}>
              {day}
            </Text>
            <Table.ScrollContainer minWidth={520}>
              <Table withTableBorder data-testid={`journals-${day}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Account</Table.Th>
                    <Table.Th ta="right">Debit</Table.Th>
                    <Table.Th ta="right">Credit</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                {journals.map((j) => (
                  <JournalRows key={j.id} journal={j} highlight={account?.key ?? null} />
                ))}
              </Table>
            </Table.ScrollContainer>
          </section>
        ))}
      </Stack>
    </Paper>
  );
}

function JournalRows({ journal, highlight }: { journal: Journal; highlight: string | null }) {
  return (
    <Table.Tbody data-testid={`journal-${journal.id}`}>
      <Table.Tr bg="var(--mantine-color-gray-light)">
        <Table.Td colSpan={3}>
          <Group gap="xs">
            <Badge variant="light">{JOURNAL_KIND_LABELS[journal.kind]}</Badge>
            <JournalSource journal={journal} />
          </Group>
        </Table.Td>
      </Table.Tr>
      {journal.legs.map((l) => {
        const amount = fromWire(l.amount);
        const fw = l.account === highlight ? 700 : undefined;
        return (
          <Table.Tr key={l.account}>
            <Table.Td pl={amount < 0n ? 'xl' : undefined} fw={fw}>
              {l.name}
            </Table.Td>
            <Table.Td ta="right" fw={fw}>
              {amount > 0n ? formatMoney(amount) : ''}
            </Table.Td>
            <Table.Td ta="right" fw={fw}>
              {amount < 0n ? formatMoney(-amount) : ''}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </Table.Tbody>
  );
}

/** The vendors a journal moved (their account keys `vendor:<id>` or `vendor:<id>:<code>`), each with the leg's name. */
function vendorsOf(journal: Journal) {
  return journal.legs.flatMap((l) => {
    const m = /^vendor:(\d+)(?::(\d+))?$/.exec(l.account);
    return m ? [{ vendorId: m[1]!, itemCodeId: m[2] === undefined ? undefined : Number(m[2]), name: l.name }] : [];
  });
}

/**
 * What a journal comes from, as a link: a sale's or a refund's order opens in the Orders
 * page for the roles that may open it, and read-only in a dialog over the journals for
 * the others (an accountant: journal-order.tsx); a payout's, a rent's or an adjustment's
 * vendors open their statements of the journal's day.
 */
function JournalSource({ journal }: { journal: Journal }) {
  const { currentRole } = useSession();
  const [reading, setReading] = useState(false);
  const mayOpenOrders = canAccessRoute(currentRole?.role ?? null, '/orders');
  if (journal.orderId !== null && journal.orderNumber !== null) {
    const label = journal.kind === 'REFUND' ? `${journal.reference} of order ${journal.orderNumber}` : `Order ${journal.orderNumber}`;
    if (mayOpenOrders) {
      return (
        <LinkAnchor to="/orders" search={{ order: journal.orderId, number: journal.orderNumber }} size="sm">
          {label}
        </LinkAnchor>
      );
    }
    return (
      <>
        <Anchor component="button" type="button" size="sm" onClick={() => setReading(true)} aria-haspopup="dialog">
          {label}
        </Anchor>
        <JournalOrderDialog orderId={reading ? journal.orderId : null} orderNumber={journal.orderNumber} onClose={() => setReading(false)} />
      </>
    );
  }
  if (journal.kind === 'SALE' || journal.kind === 'REFUND' || journal.kind === 'DAY_CLOSE') {
    return (
      <Text size="sm">
        {journal.kind === 'REFUND' && journal.orderNumber
          ? `${journal.reference} of order ${journal.orderNumber}`
          : journal.kind === 'SALE'
            ? `Order ${journal.reference}`
            : journal.reference}
      </Text>
    );
  }
  return (
    <>
      <Text size="sm">{journal.reference}</Text>
      {vendorsOf(journal).map((v) => (
        <LinkAnchor
          key={`${v.vendorId}:${v.itemCodeId ?? ''}`}
          to="/store/vendors/accounts/$vendorId/statement"
          params={{ vendorId: v.vendorId }}
          search={{ ...(v.itemCodeId === undefined ? {} : { itemCodeId: v.itemCodeId }), from: journal.day, to: journal.day }}
          size="sm"
        >
          Statement of {v.name}
        </LinkAnchor>
      ))}
    </>
  );
}
