/**
 * The order a sale's or a refund's journal comes from, read-only, in a dialog over the
 * journals (docs/BOOKS.md, Journals): for the roles that read the books but may not open
 * the Orders page (an accountant). Its lines, figures, payments and refunds as
 * `/books/order` answers them; the journals behind it keep their period, account and page.
 */
import { Alert, Badge, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { fromWire, type Order } from '@pos/contracts';
import { formatMoney } from '@pos/domain';
import { errorMessage } from '../../lib/errors';
import { useStoreClock } from '../../lib/store-clock';
import { trpc } from '../../lib/trpc';
import { orderStatusLabel } from '../orders/lookup-filters';
import { statusColor } from '../orders/order-view';
import { RefundList } from '../orders/refund-list';
import { SummaryFigures } from '../orders/summary-figures';

export function JournalOrderDialog({ orderId, orderNumber, onClose }: { orderId: number | null; orderNumber: string; onClose: () => void }) {
  return (
    <Modal opened={orderId !== null} onClose={onClose} title={`Order ${orderNumber}`} size="xl">
      {orderId !== null ? <OrderSource orderId={orderId} /> : null}
    </Modal>
  );
}

function OrderSource({ orderId }: { orderId: number }) {
  const clock = useStoreClock();
  const read = trpc.books.order.useQuery({ orderId }, { staleTime: 60_000 });
  if (read.error) {
    return (
      <Alert color="red" title="Failed to load the order">
        {errorMessage(read.error, 'Please try again.')}
      </Alert>
    );
  }
  const order = read.data?.order;
  if (!order) return <Loader size="sm" aria-label="Loading the order" />;
  return (
    <Stack gap="md" data-testid="journal-order">
      <Group gap="sm">
        <Badge color={statusColor(order.status)}>{orderStatusLabel(order)}</Badge>
        <Text size="sm">{order.customerName || 'No customer name'}</Text>
        {order.completedAt ? <Text size="sm">Completed {clock.dateTime(order.completedAt)}</Text> : null}
      </Group>
      <OrderLines order={order} />
      <SummaryFigures summary={figures(order)} taxLabels={taxLabels(order)} />
      <Payments order={order} />
      <RefundList order={order} timeZone={clock.timeZone} />
    </Stack>
  );
}

function figures(order: Order) {
  return {
    subtotal: fromWire(order.subtotal),
    discount: fromWire(order.discount),
    tax1: fromWire(order.tax1),
    tax2: fromWire(order.tax2),
    tax3: fromWire(order.tax3),
    total: fromWire(order.total),
  };
}

/** Each tax slot as its lines named it (the store's names may have changed since). */
function taxLabels(order: Order): string[] {
  return (['tax1Description', 'tax2Description', 'tax3Description'] as const).map((field, i) => order.items.find((l) => l[field])?.[field] ?? `Tax ${i + 1}`);
}

function OrderLines({ order }: { order: Order }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table withTableBorder data-testid="journal-order-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Code</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Refunded</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.itemCode || '—'}</Table.Td>
              <Table.Td>{l.description}</Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td ta="right">{formatMoney(fromWire(l.price))}</Table.Td>
              <Table.Td ta="right">{formatMoney(fromWire(l.total))}</Table.Td>
              <Table.Td ta="right">{l.refundedQuantity ? String(l.refundedQuantity) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Payments({ order }: { order: Order }) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table withTableBorder data-testid="journal-order-payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Paid by</Table.Th>
            <Table.Th ta="right">Applied</Table.Th>
            <Table.Th ta="right">Customer fee</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.payments.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{p.name}</Table.Td>
              <Table.Td ta="right">{formatMoney(fromWire(p.applied))}</Table.Td>
              <Table.Td ta="right">{formatMoney(fromWire(p.customerFee))}</Table.Td>
              <Table.Td ta="right">{formatMoney(fromWire(p.change))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
