/**
 * The Order Lookup tab: filters (Status finds, say, the PENDING orders a manager
 * approves), Search Orders (Enter in any box searches too), and the results; a row
 * (click, or Enter on it) opens that order.
 */
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Badge, Box, Button, Group, LoadingOverlay, NativeSelect, Paper, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { skipToken } from '@tanstack/react-query';
import { formatMoney, formatMoneyEditable, MESSAGES } from '@pos/domain';
import { fromWire, LOOKUP_LIMIT, type OrderStatus, type OrderStub } from '@pos/contracts';
import { useStoreClock } from '../../lib/store-clock';
import { trpc } from '../../lib/trpc';
import { DayInput } from '../../components/day-input';
import { SearchIcon } from '../../components/icons';
import {
  amountFilter,
  buildLookupInput,
  EMPTY_LOOKUP_FORM,
  sameLookupInput,
  STATUS_FILTER_OPTIONS,
  statusLabel,
  type LookupForm,
  type LookupFormErrors,
  type LookupInput,
} from './lookup-filters';
import { statusColor } from './order-view';

export interface OrderLookupProps {
  onOpen: (order: { orderId: number; orderNumber: string }) => void;
  /** A status to filter by at once (the page was opened as /orders?status=...). */
  initialStatus?: OrderStatus | null;
}

export function OrderLookup({ onOpen, initialStatus = null }: OrderLookupProps) {
  const [form, setForm] = useState<LookupForm>(() => (initialStatus ? { ...EMPTY_LOOKUP_FORM, status: initialStatus } : EMPTY_LOOKUP_FORM));
  const [errors, setErrors] = useState<LookupFormErrors>({});
  const [input, setInput] = useState<LookupInput | null>(() => {
    if (!initialStatus) return null;
    const built = buildLookupInput({ ...EMPTY_LOOKUP_FORM, status: initialStatus });
    return built.ok ? built.input : null;
  });
  const results = trpc.order.lookup.useQuery(input ?? skipToken, { retry: false, staleTime: 0, placeholderData: (previous) => previous });

  const set = (field: keyof LookupForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    const built = buildLookupInput(form);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    if (sameLookupInput(input, built.input)) void results.refetch();
    else setInput(built.input);
  };

  // Enter searches from any box, date boxes included.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      search();
    }
  };

  const text = (field: 'orderNumber' | 'customer' | 'itemKeyword', label: string) => (
    <TextInput label={label} name={field} autoComplete="off" maxLength={200} value={form[field]} onChange={(e) => set(field)(e.currentTarget.value)} />
  );
  const date = (field: 'startDate' | 'endDate', label: string) => (
    <DayInput label={label} name={field} value={form[field]} error={errors[field]} onChange={set(field)} />
  );

  const searching = results.isFetching;
  return (
    <Box>
      <Paper withBorder radius="md" p="md" component="form" aria-label="Order Lookup" onSubmit={search} onKeyDown={onKeyDown} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="sm">
          {text('orderNumber', 'Order Number')}
          {text('customer', 'Customer')}
          {text('itemKeyword', 'Item Keyword')}
          <NativeSelect label="Status" name="status" data={STATUS_FILTER_OPTIONS} value={form.status} onChange={(e) => set('status')(e.currentTarget.value)} />
          {date('startDate', 'Start Date')}
          {date('endDate', 'End Date')}
          <AmountFilterInput label="Min Amount" name="minAmount" value={form.minAmount} error={errors.minAmount} onChange={set('minAmount')} />
          <AmountFilterInput label="Max Amount" name="maxAmount" value={form.maxAmount} error={errors.maxAmount} onChange={set('maxAmount')} />
        </SimpleGrid>
        <Group justify="flex-end" mt="md" gap="sm">
          <Button
            variant="subtle"
            color="gray"
            onClick={() => {
              setForm(EMPTY_LOOKUP_FORM);
              setErrors({});
            }}
          >
            Clear
          </Button>
          <Button type="submit" leftSection={<SearchIcon size={16} />} loading={searching}>
            Search Orders
          </Button>
        </Group>
      </Paper>

      <Box mt="md" pos="relative">
        {input === null ? (
          <Text c="dimmed" size="sm">
            Enter any filters and press Search Orders (or Enter).
          </Text>
        ) : results.isError ? (
          <Alert color="red" variant="light" role="alert">
            {MESSAGES.orderSearchFailed}
          </Alert>
        ) : results.data ? (
          <>
            <LoadingOverlay visible={searching} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
            <LookupResults stubs={results.data.orderStubs} onOpen={onOpen} />
          </>
        ) : (
          <Text c="dimmed" size="sm" aria-busy="true">
            Searching orders...
          </Text>
        )}
      </Box>
    </Box>
  );
}

function LookupResults({ stubs, onOpen }: { stubs: readonly OrderStub[]; onOpen: OrderLookupProps['onOpen'] }) {
  const clock = useStoreClock();
  if (stubs.length === 0) {
    return (
      <Text c="dimmed" data-testid="lookup-empty">
        {MESSAGES.noOrdersFound}
      </Text>
    );
  }
  const open = (stub: OrderStub) => onOpen({ orderId: stub.id, orderNumber: stub.orderNumber });
  return (
    <>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={600}>
          <Table highlightOnHover verticalSpacing="xs" aria-label="Orders found" data-stack>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order Number</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stubs.map((stub) => (
                <Table.Tr
                  key={stub.id}
                  data-order-id={stub.id}
                  data-order-number={stub.orderNumber}
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  title={`Open order ${stub.orderNumber}`}
                  onClick={() => open(stub)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      open(stub);
                    }
                  }}
                >
                  <Table.Td fw={500} data-label="Order Number">
                    {stub.orderNumber}
                  </Table.Td>
                  <Table.Td data-label="Customer">{stub.customerName}</Table.Td>
                  <Table.Td data-label="Date">{clock.dateTime(stub.createdAt)}</Table.Td>
                  <Table.Td data-label="Status">
                    <Badge color={statusColor(stub.status)} variant="light">
                      {statusLabel(stub.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-label="Total">
                    {formatMoney(fromWire(stub.total))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Text size="xs" c="dimmed" mt={6}>
        {stubs.length >= LOOKUP_LIMIT ? `Showing the newest ${LOOKUP_LIMIT} orders; narrow the search to see older ones.` : `${stubs.length} ${stubs.length === 1 ? 'order' : 'orders'}, newest first.`}
      </Text>
    </>
  );
}

/**
 * A money filter: like MoneyInput (domain parsing and messages, invalid text goes
 * back to the previous value on blur), except that an empty box means no filter.
 */
function AmountFilterInput({ label, name, value, error, onChange }: { label: string; name: string; value: string; error: string | undefined; onChange: (text: string) => void }) {
  const lastGood = useRef(value);
  const [blurError, setBlurError] = useState<string | null>(null);
  return (
    <TextInput
      label={label}
      name={name}
      leftSection="$"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      error={error ?? blurError ?? undefined}
      onFocus={() => {
        lastGood.current = value;
      }}
      onChange={(e) => {
        setBlurError(null);
        onChange(e.currentTarget.value);
      }}
      onBlur={() => {
        const parsed = amountFilter(value);
        if (parsed.error) {
          setBlurError(parsed.error);
          onChange(lastGood.current);
          return;
        }
        const text = parsed.value === null ? '' : formatMoneyEditable(parsed.value);
        if (text !== value) onChange(text);
      }}
    />
  );
}
