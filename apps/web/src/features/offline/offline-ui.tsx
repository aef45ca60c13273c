/**
 * The offline till's screens (docs/ARCHITECTURE.md, The offline till), loaded with the
 * device's sync after the orders page opens:
 * - OfflineReadiness, online, a line at the foot of the page: whether this till sells offline (“Sell offline on
 *   this till” enables it), how many numbers it holds and how fresh its data is, with a
 *   refresh.
 * - OfflineBanner: offline, how many sales wait to be sent; online, those still waiting,
 *   any the server refused as malformed (stuck), and a warning after 24 hours unsynced.
 * - OfflineTill: a sale rung up with no network. Lines come from an item number (a scan:
 *   code, description and price filled) or an item code (the vendor shown; description and
 *   price typed), with the same arithmetic as online; tender by Cash or a method marked
 *   "May be taken offline"; refused past a limit with the reason. Complete writes the sale
 *   to the outbox with the device's next number before the receipt shows and prints.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Alert, Badge, Box, Button, Group, NumberInput, Paper, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatDateTimeIn, formatMoney } from '@pos/domain';
import { MoneyInput, PercentInput } from '../../components/decimal-input';
import { lineAmounts, lineOwner, type LineState } from '../orders/order-lines';
import { ReceiptSheet, usePrintLayer } from '../orders/receipt';
import type { ReceiptModel, ReceiptStore } from '../orders/receipt-model';
import { loadPaper, RECEIPT_PAPERS, savePaper, type ReceiptPaper } from '../orders/receipt-print';
import { syncIsStale, type DeviceSync, type SyncState } from './device-sync';
import { lineForEntry, offlineFigures, offlineMethods, outboxEntry, UNAVAILABLE_OFFLINE, UNKNOWN_ENTRY, type OfflineMethod } from './offline-sale';
import { setSaleInProgress } from './offline-runtime';

export { deviceSyncFor } from './offline-runtime';

export function useSyncState(sync: DeviceSync): SyncState {
  return useSyncExternalStore(sync.subscribe, sync.getState);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Online, at the foot of the orders page (out of the till's Tab order): whether this till sells offline, enabling it, a refresh. */
export function OfflineReadiness({ sync }: { sync: DeviceSync }) {
  const state = useSyncState(sync);
  if (!state.loaded || state.storeId === null) return null;
  return (
    <Group gap="xs" justify="flex-end" mt="xl" data-testid="offline-readiness">
      <Text size="xs" c="dimmed">
        {!state.enabled
          ? 'This till does not sell offline'
          : state.snapshotAt === null
            ? 'Preparing to sell offline…'
            : `Ready to sell offline: ${plural(state.numbersLeft, 'order number')}, data of ${formatDateTimeIn(new Date(state.snapshotAt), state.snapshot?.store.timeZone)}`}
      </Text>
      <Button variant="subtle" size="compact-xs" loading={state.syncing} onClick={() => void (state.enabled ? sync.run({ forceSnapshot: true }) : sync.enable())} data-testid="offline-prepare">
        {state.enabled ? 'Refresh offline data' : 'Sell offline on this till'}
      </Button>
    </Group>
  );
}

export function OfflineBanner({ sync, online }: { sync: DeviceSync; online: boolean }) {
  const state = useSyncState(sync);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const stale = state.loaded && state.storeId !== null && syncIsStale(state, now);
  if (state.storeId === null) return null;
  return (
    <Stack gap="xs" mb="sm">
      {!online ? (
        <Alert color="orange" variant="filled" role="status" data-testid="offline-banner" title={`Offline — ${plural(state.pending, 'sale')} waiting to be sent`}>
          The till sells offline with what it last took from the server. Sales are sent when the network returns.
        </Alert>
      ) : state.pending > 0 ? (
        <Alert color="blue" variant="light" role="status" data-testid="outbox-banner" title={`${plural(state.pending, 'offline sale')} waiting to be sent`}>
          {state.syncing ? 'Sending…' : (state.lastError ?? 'They are sent in the order they were rung up.')}
        </Alert>
      ) : null}
      {state.stuck.length > 0 ? (
        <Alert color="red" variant="light" role="alert" data-testid="outbox-stuck" title={`${plural(state.stuck.length, 'offline sale')} the server could not take`}>
          {state.stuck.map((s) => (
            <Text key={s.orderNumber} size="sm">
              {s.orderNumber}: {s.error}
            </Text>
          ))}
          <Text size="sm">They stay on this till and are sent again when it next starts.</Text>
        </Alert>
      ) : null}
      {stale ? (
        <Alert color="yellow" variant="light" role="alert" data-testid="sync-stale" title="This till has not synced for 24 hours">
          {state.lastSyncAt === null ? 'It has never reached the server with its offline sales.' : `Last synced ${formatDateTimeIn(new Date(state.lastSyncAt), state.snapshot?.store.timeZone)}.`} Check the network connection.
        </Alert>
      ) : null}
    </Stack>
  );
}

let lineKey = 0;
const nextKey = () => `offline-${++lineKey}`;

export function OfflineTill({ sync, store }: { sync: DeviceSync; store: ReceiptStore }) {
  const state = useSyncState(sync);
  const [lines, setLines] = useState<LineState[]>([]);
  const [entry, setEntry] = useState('');
  const [entryError, setEntryError] = useState<string | null>(null);
  const [customerName, setCustomerName] = useState('');
  const [methodId, setMethodId] = useState<number | null>(null);
  const [tendered, setTendered] = useState<bigint | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<ReceiptModel | null>(null);
  const entryRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setSaleInProgress(lines.length > 0 && done === null);
    return () => setSaleInProgress(false);
  }, [lines.length, done]);

  const snapshot = state.snapshot;
  const methods = useMemo(() => (snapshot ? offlineMethods(snapshot.paymentMethods) : { allowed: [], unavailable: [] }), [snapshot]);
  const method: OfflineMethod | undefined = methods.allowed.find((m) => m.id === methodId) ?? methods.allowed[0];
  const receiptStore = useMemo<ReceiptStore>(() => ({ ...store, name: store.name || snapshot?.store.name || '', timeZone: store.timeZone ?? snapshot?.store.timeZone }), [store, snapshot]);

  if (!state.loaded) return <Text c="dimmed">Reading this till's offline data…</Text>;
  if (snapshot === null) {
    return (
      <Alert color="red" title="This till cannot sell offline yet" data-testid="offline-unprepared">
        It has not taken the store's items, prices, payment methods and a block of order numbers from the server. While online, choose “Sell offline on this till” on the Orders page.
      </Alert>
    );
  }
  if (done) return <OfflineReceiptView receipt={done} onNewSale={() => setDone(null)} />;

  const preview = offlineFigures(lines, method ? [{ method, amount: tendered ?? 0n }] : [], { snapshot, pending: state.pending, pendingTotal: state.pendingTotal, lastSyncAt: state.lastSyncAt, now: new Date() });
  const total = preview.figures?.summary.total ?? 0n;
  const amount = tendered ?? total;
  const figures = offlineFigures(lines, method ? [{ method, amount }] : [], { snapshot, pending: state.pending, pendingTotal: state.pendingTotal, lastSyncAt: state.lastSyncAt, now: new Date() });
  const refusal = state.numbersLeft === 0 ? 'This till has no order numbers left for offline sales. Reconnect to reserve more.' : !method ? 'No payment method may be taken offline' : figures.refusal;
  const plan = figures.figures?.plan;

  const addEntry = (event: FormEvent) => {
    event.preventDefault();
    if (entry.trim() === '') return;
    const line = lineForEntry(snapshot, entry, nextKey());
    if (!line) {
      setEntryError(UNKNOWN_ENTRY(entry.trim()));
      return;
    }
    if (line.itemNumber !== '' && lines.some((l) => l.itemNumber === line.itemNumber)) {
      setEntryError(`Item ${line.itemNumber} is already on this sale`);
      return;
    }
    setLines((ls) => [...ls, line]);
    setEntry('');
    setEntryError(null);
  };
  const change = (key: string, patch: Partial<LineState>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const complete = async () => {
    if (!figures.figures || refusal) return;
    setSaving(true);
    setFailure(null);
    try {
      const sale = await sync.queueSale(outboxEntry(figures.figures, { soldAt: new Date(), customerName }, receiptStore));
      setDone(sale.receipt);
      setLines([]);
      setCustomerName('');
      setTendered(null);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" data-testid="offline-till">
      <Group justify="flex-end">
        <Text size="sm" c="dimmed" data-testid="offline-numbers-left">
          {plural(state.numbersLeft, 'order number')} left on this till
        </Text>
      </Group>
      <form onSubmit={addEntry}>
        <Group align="flex-start" gap="xs">
          <TextInput
            ref={entryRef}
            label="Item number or item code"
            description="Scan a tag or type a code, then Enter"
            value={entry}
            onChange={(e) => {
              setEntry(e.currentTarget.value);
              setEntryError(null);
            }}
            error={entryError}
            autoComplete="off"
            data-testid="offline-entry"
            style={{ flex: 1, maxWidth: 420 }}
            autoFocus
          />
          <Button type="submit" mt={42} variant="light">
            Add
          </Button>
        </Group>
      </form>

      {lines.length > 0 ? (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="Offline sale lines" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th w={90}>Qty</Table.Th>
                <Table.Th w={130}>Price</Table.Th>
                <Table.Th w={110}>Discount</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <OfflineLineRow key={line.key} line={line} onChange={(patch) => change(line.key, patch)} onRemove={() => setLines((ls) => ls.filter((l) => l.key !== line.key))} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}

      <Paper withBorder p="sm" radius="md">
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Stack gap="xs" style={{ flex: 1, minWidth: 260 }}>
            <TextInput label="Customer Name" value={customerName} onChange={(e) => setCustomerName(e.currentTarget.value)} maxLength={200} />
            <Text size="sm" fw={600} id="offline-tender-label">
              Tender
            </Text>
            <SegmentedControl
              aria-labelledby="offline-tender-label"
              data={methods.allowed.map((m) => ({ value: String(m.id), label: m.name }))}
              value={method ? String(method.id) : ''}
              onChange={(v) => {
                setMethodId(Number(v));
                setTendered(null);
              }}
              data-testid="offline-methods"
            />
            <MoneyInput label={method?.isCash ? 'Cash tendered' : `${method?.name ?? 'Payment'} amount`} value={amount} onChange={setTendered} data-testid="offline-amount" />
            {methods.unavailable.length > 0 ? (
              <Box data-testid="offline-unavailable-methods">
                {methods.unavailable.map((m) => (
                  <Text key={m.name} size="sm" c="dimmed">
                    {m.name}: {m.reason}
                  </Text>
                ))}
              </Box>
            ) : null}
            <Text size="sm" c="dimmed">
              {UNAVAILABLE_OFFLINE}
            </Text>
          </Stack>
          <Stack gap={4} miw={220} data-testid="offline-figures">
            {preview.figures ? (
              <>
                <Figure label="Subtotal" value={formatMoney(preview.figures.summary.subtotal)} />
                {preview.figures.summary.discount !== 0n ? <Figure label="Discount" value={`-${formatMoney(preview.figures.summary.discount)}`} /> : null}
                {(['tax1', 'tax2', 'tax3'] as const).map((t, i) =>
                  preview.figures && preview.figures.summary[t] !== 0n ? <Figure key={t} label={snapshot.store.taxes[`tax${(i + 1) as 1 | 2 | 3}ShortName`] || `Tax ${i + 1}`} value={formatMoney(preview.figures.summary[t])} /> : null,
                )}
                <Figure label="Total" value={formatMoney(total)} big testId="offline-total" />
                {plan && plan.customerFees !== 0n ? <Figure label="Customer fees" value={formatMoney(plan.customerFees)} /> : null}
                {plan && method?.isCash ? <Figure label="Change" value={formatMoney(plan.changeDue)} big testId="offline-change" /> : null}
              </>
            ) : (
              <Text c="dimmed">No lines yet</Text>
            )}
          </Stack>
        </Group>
      </Paper>

      {lines.length > 0 && refusal ? (
        <Alert color="red" variant="light" role="alert" data-testid="offline-refusal">
          {refusal}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group>
        <Button size="md" onClick={() => void complete()} loading={saving} disabled={lines.length === 0 || refusal !== null} data-testid="offline-complete">
          Complete Offline Sale
        </Button>
      </Group>
    </Stack>
  );
}

function Figure({ label, value, big = false, testId }: { label: string; value: string; big?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="lg">
      <Text size={big ? 'lg' : 'sm'} fw={big ? 700 : 400}>
        {label}
      </Text>
      <Text size={big ? 'lg' : 'sm'} fw={big ? 700 : 400} data-testid={testId} ff="monospace">
        {value}
      </Text>
    </Group>
  );
}

function OfflineLineRow({ line, onChange, onRemove }: { line: LineState; onChange: (patch: Partial<LineState>) => void; onRemove: () => void }) {
  const owner = lineOwner(line);
  const amounts = lineAmounts(line);
  const scanned = line.itemNumber !== '';
  return (
    <Table.Tr data-testid="offline-line">
      <Table.Td>
        <Text size="sm" fw={600}>
          {scanned ? `#${line.itemNumber}` : line.itemCode}
        </Text>
        <Text size="xs" c="dimmed" data-testid="offline-line-vendor">
          {owner === 'own' || owner === null ? 'Store' : `${owner.tradeName}${owner.booth ? ` · ${owner.booth}` : ''}`}
        </Text>
      </Table.Td>
      <Table.Td>
        <TextInput aria-label="Description" value={line.description} readOnly={scanned} onChange={(e) => onChange({ description: e.currentTarget.value })} data-field="description" />
      </Table.Td>
      <Table.Td>
        <NumberInput aria-label="Quantity" value={line.quantity} min={1} max={scanned ? 1 : 9999} allowDecimal={false} onChange={(v) => onChange({ quantity: typeof v === 'number' && v >= 1 ? v : 1 })} />
      </Table.Td>
      <Table.Td>
        <MoneyInput aria-label="Price" value={line.price} readOnly={scanned} onChange={(price) => onChange({ price })} data-field="price" />
      </Table.Td>
      <Table.Td>
        <PercentInput aria-label="Discount" value={line.discountPercent} onChange={(discountPercent) => onChange({ discountPercent })} />
      </Table.Td>
      <Table.Td ta="right" ff="monospace" data-testid="offline-line-total">
        {amounts ? formatMoney(amounts.total) : '—'}
      </Table.Td>
      <Table.Td>
        <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove}>
          Remove
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function OfflineReceiptView({ receipt, onNewSale }: { receipt: ReceiptModel; onNewSale: () => void }) {
  const [paper, setPaper] = useState<ReceiptPaper>(() => loadPaper(window.localStorage));
  const { print, layer } = usePrintLayer((p) => <ReceiptSheet receipt={receipt} paper={p} />);
  const printRef = useRef<HTMLButtonElement>(null);
  useEffect(() => printRef.current?.focus(), []);
  return (
    <Stack gap="md" data-testid="offline-receipt-view">
      <Alert color="green" variant="light" title={`Offline sale ${receipt.orderNumber} saved on this till`} role="status">
        It is sent to the server when the network returns.{' '}
        <Badge color="orange" variant="light">
          Offline
        </Badge>
      </Alert>
      <Group>
        <SegmentedControl
          aria-label="Receipt paper"
          data={RECEIPT_PAPERS.map((p) => ({ value: p.value, label: p.label }))}
          value={paper}
          onChange={(chosen) => {
            setPaper(chosen);
            savePaper(window.localStorage, chosen);
          }}
        />
        <Button ref={printRef} onClick={() => print(paper)}>
          Print Receipt
        </Button>
        <Button variant="light" onClick={onNewSale} data-testid="offline-new-sale">
          New Offline Sale
        </Button>
      </Group>
      <ReceiptSheet receipt={receipt} paper={paper} />
      {layer}
    </Stack>
  );
}
