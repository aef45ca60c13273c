/**
 * A completed (or otherwise closed) order, read-only: what the server stored, with the
 * taxes each line carried. After Submit Order the tab shows this (a cashier sees what
 * was rung up, like a receipt), with New Order focused so Enter starts the next sale.
 */
import { useEffect, useRef } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { formatMoney, formatPercent } from '@pos/domain';
import { fromWire, type Order } from '@pos/contracts';
import { SummaryFigures } from './order-editor';
import { formatOrderDate, statusLabel } from './lookup-filters';
import { TAX_SLOT_INDEXES, carriedTaxName, taxLabel, lineFromServer, type StoreTaxes } from './order-lines';
import { useRefunds } from './refund-section';

const STATUS_COLORS: Record<string, string> = { DRAFT: 'gray', PENDING: 'yellow', COMPLETED: 'green', CANCELLED: 'red', REFUNDED: 'grape' };

export function statusColor(status: string): string {
  return STATUS_COLORS[status] ?? 'gray';
}

export function OrderView({ order, storeTaxes, justSubmitted, onNewOrder, creating }: { order: Order; storeTaxes: StoreTaxes; justSubmitted: boolean; onNewOrder: () => void; creating: boolean }) {
  const newOrderRef = useRef<HTMLButtonElement>(null);
  const refunds = useRefunds(order);
  useEffect(() => {
    if (justSubmitted) newOrderRef.current?.focus();
  }, [justSubmitted]);

  const lines = order.items.map((item) => lineFromServer(String(item.id), item));
  const slots = TAX_SLOT_INDEXES.filter((slot) => lines.some((l) => l.taxes[slot].enabled));
  // A stored line names its own taxes; the store's current names only fill a gap.
  const labels = TAX_SLOT_INDEXES.map((slot) => {
    const carried = carriedTaxName(slot, lines);
    return carried !== '' ? carried : taxLabel(slot, storeTaxes);
  });
  const summary = {
    subtotal: fromWire(order.subtotal),
    discount: fromWire(order.discount),
    tax1: fromWire(order.tax1),
    tax2: fromWire(order.tax2),
    tax3: fromWire(order.tax3),
    total: fromWire(order.total),
  };

  return (
    <Stack gap="md" data-testid="order-view" data-order-id={order.id}>
      {justSubmitted ? (
        <Alert color="green" variant="light" role="status">
          Order {order.orderNumber} submitted.
        </Alert>
      ) : null}
      <Group gap="lg" wrap="wrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Customer Name
          </Text>
          <Text data-testid="view-customer">{order.customerName || '—'}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Date
          </Text>
          <Text>{formatOrderDate(order.createdAt)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Status
          </Text>
          <Badge color={statusColor(order.status)} variant="light" data-testid="view-status">
            {statusLabel(order.status)}
          </Badge>
        </div>
      </Group>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Order items" data-stack>
            <Table.Thead>
              <Table.Tr>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th>Item Code</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Discount</Table.Th>
                {slots.map((slot) => (
                  <Table.Th key={slot} ta="center">
                    {labels[slot]}
                  </Table.Th>
                ))}
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item, i) => {
                const line = lines[i]!;
                return (
                  <Table.Tr key={item.id} data-line-id={item.id}>
                    <Table.Td ta="right" data-label="Qty">
                      {item.quantity}
                    </Table.Td>
                    <Table.Td data-label="Item Code">{item.itemCode}</Table.Td>
                    <Table.Td data-label="Description">{item.description}</Table.Td>
                    <Table.Td ta="right" data-label="Price">
                      {formatMoney(line.price)}
                    </Table.Td>
                    <Table.Td ta="right" data-label="Discount">
                      {line.discountPercent === 0n ? '' : formatPercent(line.discountPercent)}
                    </Table.Td>
                    {slots.map((slot) => (
                      <Table.Td key={slot} ta="center" data-label={labels[slot]}>
                        {line.taxes[slot].enabled ? formatPercent(line.taxes[slot].percent) : ''}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right" data-label="Total" data-testid="line-total">
                      {formatMoney(fromWire(item.total))}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Order Summary">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Text fw={600} mb={6}>
              Order Summary
            </Text>
            <SummaryFigures summary={summary} taxLabels={labels} />
          </div>
          <Group gap="sm">
            {refunds.button}
            <Button ref={newOrderRef} variant={justSubmitted ? 'filled' : 'light'} onClick={onNewOrder} loading={creating}>
              New Order
            </Button>
          </Group>
        </Group>
      </Paper>
      {refunds.list}
      {refunds.dialogs}
    </Stack>
  );
}
