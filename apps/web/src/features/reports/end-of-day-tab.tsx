/**
 * End of Day: the Z report of a chosen day of the store (today by default): its sales,
 * payments by method with their fees (and a donut of them), the cash the drawer should
 * hold and what was counted (over or short, in colour and in words), voids and who rang
 * what. A manager closes the day once; a closed day shows as it was closed and is
 * reprinted, never changed. The cash typed stays in its boxes whatever the server says.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DonutChart } from './charts';
import { keepPreviousData } from '@tanstack/react-query';
import { fromWire, toMoneyWire, type EndOfDay } from '@pos/contracts';
import { formatDateTimeIn, formatMoney, includes, overShortWord } from '@pos/domain';
import { DayInput } from '../../components/day-input';
import { LoadFailure } from '../../components/load-failure';
import { MoneyInput } from '../../components/decimal-input';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { SLICE_COLORS } from './sales-tab';
import classes from './reports.module.css';
import { newIdempotencyKey } from '../../lib/idempotency';

const FAILED_LOAD = 'Failed to load the end-of-day report';
const FAILED_CLOSE = 'Failed to close the day';

const m = (wire: { value: string }) => formatMoney(fromWire(wire));
const dollars = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function OverShort({ amount }: { amount: bigint | null }) {
  if (amount === null) return <Text c="dimmed">Enter the counted cash</Text>;
  const word = overShortWord(amount);
  // Dark shades: AA contrast on white, and the word says it without the colour.
  const color = word === 'Over' ? 'green.9' : word === 'Short' ? 'red.9' : 'dark.7';
  return (
    <Text fw={700} c={color} data-testid="over-short">
      {word === 'Even' ? 'Even: $0.00' : `${word} by ${formatMoney(amount < 0n ? -amount : amount)}`}
    </Text>
  );
}

function ZReport({ eod }: { eod: EndOfDay }) {
  const r = eod.report;
  const overShort = r.cash.overShort === null ? null : fromWire(r.cash.overShort);
  const slices = r.payments.filter((p) => fromWire(p.applied) > 0n).map((p, i) => ({ name: p.name, value: Number(fromWire(p.applied)) / 1_000_000, color: SLICE_COLORS[i % SLICE_COLORS.length]! }));
  return (
    <Paper withBorder radius="md" p="md" className={classes.sheet} data-testid="z-report">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          Z report: {r.storeName}, {r.date}
        </Title>
        {eod.closed ? (
          <Badge color="dark" variant="filled" size="lg" tt="none" data-testid="closed-badge">
            Closed by {eod.closed.by ?? 'a former user'} at {formatDateTimeIn(eod.closed.at, r.timeZone)}
          </Badge>
        ) : (
          <Badge color="blue.8" variant="filled" size="lg">
            Open
          </Badge>
        )}
      </Group>
      <Title order={3} size="h4" mt="md" mb="xs">
        Sales
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Sales" value={String(r.sales.orders)} testId="z-sales-count" />
        <Figure label="Gross" value={m(r.sales.gross)} />
        <Figure label="Discounts" value={m(r.sales.discounts)} />
        <Figure label="Net sales" value={m(r.sales.net)} testId="z-net" />
        {r.taxes.map((t) => (
          <Figure key={t.n} label={t.name} value={m(r.sales[`tax${t.n}` as 'tax1'])} />
        ))}
        <Figure label="Customer fees" value={m(r.sales.customerFees)} />
        <Figure label="Refunds" value={m(r.sales.refunds)} />
        <Figure label="Commission" value={m(r.sales.commission)} />
      </SimpleGrid>

      <Title order={3} size="h4" mt="lg" mb="xs">
        Payments by method
      </Title>
      {r.payments.length === 0 ? (
        <Text>No payments this day.</Text>
      ) : (
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Table.ScrollContainer minWidth={560} style={{ flex: 1 }} type="native" tabIndex={0} role="region" aria-label="Payments by method (scrolls sideways)">
            <Table withTableBorder striped data-testid="z-payments">
              <Table.Thead>
                <Table.Tr>
                  {['Method', 'Orders', 'Applied to totals', 'Customer fees', 'Tendered', 'Change', 'Refunds', 'Returns'].map((h, i) => (
                    <Table.Th key={h} scope="col" className={i > 0 ? classes.numeric : undefined}>
                      {h}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.payments.map((p) => (
                  <Table.Tr key={p.paymentMethodId}>
                    <Table.Th scope="row">{p.name}</Table.Th>
                    <Table.Td className={classes.numeric}>{p.orders}</Table.Td>
                    <Table.Td className={classes.numeric}>{m(p.applied)}</Table.Td>
                    <Table.Td className={classes.numeric}>{m(p.customerFees)}</Table.Td>
                    <Table.Td className={classes.numeric}>{p.isCash ? m(p.tendered) : '—'}</Table.Td>
                    <Table.Td className={classes.numeric}>{p.isCash ? m(p.change) : '—'}</Table.Td>
                    <Table.Td className={classes.numeric}>{m(p.refunds)}</Table.Td>
                    <Table.Td className={classes.numeric}>{m(p.returns)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {slices.length > 0 ? (
            <figure className={classes.chart} aria-label="Payments by method" data-testid="z-chart">
              <DonutChart data={slices} valueFormatter={dollars} size={160} thickness={28} withTooltip />
              <Text component="figcaption" size="sm" c="dimmed" ta="center">
                Applied to totals by method
              </Text>
            </figure>
          ) : null}
        </Group>
      )}

      <Title order={3} size="h4" mt="lg" mb="xs">
        Cash drawer
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Opening cash" value={m(r.cash.opening)} />
        <Figure label="Cash taken (tendered less change)" value={m(r.cash.taken)} />
        <Figure label="Cash refunds" value={m(r.cash.refunds)} />
        <Figure label="Cash returns (sales below zero)" value={m(r.cash.returns)} testId="z-returns" />
        <Figure label="Cash payouts" value={m(r.cash.payouts)} />
        <Figure label="Expected cash" value={m(r.cash.expected)} testId="z-expected" />
        <Figure label="Counted cash" value={r.cash.counted ? m(r.cash.counted) : '—'} />
        <div>
          <Text size="sm" c="dimmed">
            Over / short
          </Text>
          <OverShort amount={overShort} />
        </div>
      </SimpleGrid>

      <Title order={3} size="h4" mt="lg" mb="xs">
        Who rang what
      </Title>
      {r.cashiers.length === 0 ? (
        <Text>Nobody rang a sale this day.</Text>
      ) : (
        <Table withTableBorder striped data-testid="z-cashiers">
          <Table.Thead>
            <Table.Tr>
              {['Cashier', 'Orders', 'Net sales', 'Taxes', 'Customer fees', 'Refunds'].map((h, i) => (
                <Table.Th key={h} scope="col" className={i > 0 ? classes.numeric : undefined}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.cashiers.map((c) => (
              <Table.Tr key={c.userId ?? 0}>
                <Table.Th scope="row">{c.name}</Table.Th>
                <Table.Td className={classes.numeric}>{c.orders}</Table.Td>
                <Table.Td className={classes.numeric}>{m(c.net)}</Table.Td>
                <Table.Td className={classes.numeric}>{m(c.taxes)}</Table.Td>
                <Table.Td className={classes.numeric}>{m(c.customerFees)}</Table.Td>
                <Table.Td className={classes.numeric}>{m(c.refunds)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <Title order={3} size="h4" mt="lg" mb="xs">
        Voids
      </Title>
      {r.voids.length === 0 ? (
        <Text>No orders were cancelled this day.</Text>
      ) : (
        <Table withTableBorder striped data-testid="z-voids">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Order</Table.Th>
              <Table.Th scope="col">Cancelled by</Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
              <Table.Th scope="col" className={classes.numeric}>
                Total
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.voids.map((v) => (
              <Table.Tr key={v.orderNumber}>
                <Table.Th scope="row">{v.orderNumber}</Table.Th>
                <Table.Td>{v.cancelledBy ?? '—'}</Table.Td>
                <Table.Td>{v.reason}</Table.Td>
                <Table.Td className={classes.numeric}>{m(v.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

type DeviceWaiting = { deviceName: string; pending: number; oldestPendingAt: string | null; reportedAt: string };

/** The tills whose last report had offline sales not yet sent: the close would not count them. */
function DevicesWaitingWarning({ devices, timeZone }: { devices: DeviceWaiting[]; timeZone: string | undefined }) {
  const when = (at: string) => (timeZone ? formatDateTimeIn(at, timeZone) : '');
  const total = devices.reduce((n, d) => n + d.pending, 0);
  return (
    <Alert color="orange" variant="light" role="alert" title={`${total} offline sale${total === 1 ? '' : 's'} not sent yet`} data-testid="devices-waiting">
      <Text size="sm">These tills reported sales made offline that have not reached the server. Reconnect them before closing, or their sales will miss this day.</Text>
      <Stack gap={2} mt="xs">
        {devices.map((d) => (
          <Text key={`${d.deviceName}-${d.reportedAt}`} size="sm">
            <b>{d.deviceName}</b>: {d.pending} waiting{d.oldestPendingAt ? `, the oldest from ${when(d.oldestPendingAt)}` : ''} (reported {when(d.reportedAt)})
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

export function EndOfDayTab() {
  const session = useSession();
  const mayClose = session.currentRole !== null && includes(session.currentRole.role, 'STORE_MANAGER');
  const utils = trpc.useUtils();
  const [date, setDate] = useState('');
  const [openingCash, setOpeningCash] = useState(0n);
  const [countedCash, setCountedCash] = useState<bigint | null>(null);
  const [confirming, setConfirming] = useState(false);
  // One key per opening of the confirmation: a double press or a retry closes once.
  const [closeKey, setCloseKey] = useState('');
  const input = { ...(date ? { date } : {}), openingCash: toMoneyWire(openingCash), ...(countedCash !== null ? { countedCash: toMoneyWire(countedCash) } : {}) };
  const eod = trpc.reports.endOfDay.report.useQuery(input, { placeholderData: keepPreviousData, staleTime: 0 });
  const close = trpc.reports.endOfDay.close.useMutation({
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      setConfirming(false);
      utils.reports.endOfDay.report.setData(input, answer);
      void utils.reports.endOfDay.report.invalidate();
    },
    onError: (error) => notifyFailure(FAILED_CLOSE, errorMessage(error, 'Please try again.')),
  });
  // Tills that reported offline sales not yet sent: closing now would leave them out.
  const dayStatus = trpc.order.dayStatus.useQuery(undefined, { enabled: mayClose, refetchInterval: 60_000 });
  const waiting = dayStatus.data?.devicesWaiting ?? [];
  const data = eod.data;
  const day = date || data?.report.date || '';
  const closed = data?.closed ?? null;
  const future = data ? day > data.today : false;
  const closedCash = closed && data ? { opening: fromWire(data.report.cash.opening), counted: data.report.cash.counted ? fromWire(data.report.cash.counted) : 0n } : null;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="form" aria-label="End of day settings" onSubmit={(e) => e.preventDefault()} noValidate className={classes.screenOnly}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <DayInput label="Day" name="date" value={day} onChange={setDate} />
          {/* A closed day shows the cash it was closed with; what was typed waits for an open day. */}
          <MoneyInput label="Opening cash" name="openingCash" value={closedCash ? closedCash.opening : openingCash} onChange={setOpeningCash} disabled={closed !== null} />
          <MoneyInput
            label="Counted cash"
            name="countedCash"
            value={closedCash ? closedCash.counted : (countedCash ?? 0n)}
            onChange={(v) => setCountedCash(v)}
            disabled={closed !== null}
            description={countedCash === null && !closed ? 'Count the drawer, then type what it holds' : undefined}
          />
          <Select
            label="Closed days"
            name="closedDays"
            placeholder={data && data.closedDays.length === 0 ? 'None yet' : 'Reprint a closed day'}
            data={data?.closedDays ?? []}
            value={closed ? day : null}
            onChange={(v) => v && setDate(v)}
            disabled={!data || data.closedDays.length === 0}
          />
        </SimpleGrid>
        <Group justify="space-between" mt="md" gap="sm">
          <Text size="sm" c="dimmed">
            {closed ? 'This day is closed: its report is reprinted as it was closed.' : 'Expected cash = opening + cash taken − cash refunds − cash returns − cash payouts.'}
          </Text>
          <Group gap="sm">
            {eod.isFetching ? <Loader size="xs" aria-label="Loading the end-of-day report" /> : null}
            <Button variant="default" onClick={() => window.print()} disabled={!data}>
              {closed ? 'Reprint' : 'Print'}
            </Button>
            {mayClose && !closed ? (
              <Button
                color="blue.8"
                onClick={() => {
                  setCloseKey(newIdempotencyKey());
                  setConfirming(true);
                }}
                disabled={!data || future || countedCash === null || eod.isFetching}>
                Close day
              </Button>
            ) : null}
          </Group>
        </Group>
      </Paper>
      {eod.error ? (
        <LoadFailure title={FAILED_LOAD} detail={errorMessage(eod.error, 'Please try again.')} testId="eod-error" retrying={eod.isFetching} onRetry={() => void eod.refetch()} />
      ) : null}
      {future ? (
        <Alert color="blue" variant="light">
          {day} has not begun: there is nothing to report yet.
        </Alert>
      ) : null}
      {mayClose && !closed && waiting.length > 0 ? <DevicesWaitingWarning devices={waiting} timeZone={data?.report.timeZone} /> : null}
      {!data && eod.isPending ? <Text>Loading the end-of-day report…</Text> : null}
      {data ? <ZReport eod={data} /> : null}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Close ${day}?`} centered>
        {data ? (
          <Stack gap="sm">
            <Text>
              Expected cash {m(data.report.cash.expected)}, counted {countedCash === null ? '—' : formatMoney(countedCash)}.
            </Text>
            <OverShort amount={data.report.cash.overShort === null ? null : fromWire(data.report.cash.overShort)} />
            {waiting.length > 0 ? <DevicesWaitingWarning devices={waiting} timeZone={data.report.timeZone} /> : null}
            <Text size="sm">A closed day is kept as it is now: it can be reprinted, not changed.</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button
                color="blue.8"
                loading={close.isPending}
                onClick={() => countedCash !== null && close.mutate({ date: day, openingCash: toMoneyWire(openingCash), countedCash: toMoneyWire(countedCash), idempotencyKey: closeKey })}
              >
                Close day
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
