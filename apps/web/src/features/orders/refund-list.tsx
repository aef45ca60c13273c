/**
 * A completed order's refunds, oldest first: number, when, who made and who approved
 * each, why, the units given back and the amount, with its receipt a click away.
 */
import { Button, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { fromWire, type Order, type Refund } from '@pos/contracts';
import { formatDateTimeIn, formatMoney } from '@pos/domain';
import { refundsOf } from './refund-form';

/** '1 × Lamp, 2 × Chair': the units a refund gave back, named as on the order. */
export function refundedUnits(order: Order, refund: Refund): string {
  return refund.lines
    .map((l) => {
      const index = order.items.findIndex((i) => i.id === l.orderLineId);
      const item = order.items[index];
      return `${l.quantity} × ${item ? item.description || item.itemCode || `line ${index + 1}` : `line ${l.orderLineId}`}`;
    })
    .join(', ');
}

/** Without `onReceipt` the list is read-only: no Receipt buttons. */
export function RefundList({ order, timeZone, onReceipt }: { order: Order; timeZone: string | undefined; onReceipt?: (refund: Refund) => void }) {
  const refunds = refundsOf(order);
  if (refunds.length === 0) return null;
  return (
    <Paper withBorder radius="md" component="section" aria-label="Refunds" data-testid="refund-list">
      <Text fw={600} px="md" pt="sm">
        Refunds
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" data-stack>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Refund</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Items</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th ta="right">Back</Table.Th>
              {onReceipt ? (
                <Table.Th>
                  <VisuallyHidden>Receipt</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {refunds.map((r) => (
              <Table.Tr key={r.id} data-refund={r.number}>
                <Table.Td data-label="Refund" fw={600}>
                  {r.number}
                </Table.Td>
                <Table.Td data-label="Date">{formatDateTimeIn(r.createdAt, timeZone)}</Table.Td>
                <Table.Td data-label="By">
                  {r.createdBy ?? '—'}
                  {r.approvedBy ? (
                    <Text size="xs" c="dimmed">
                      approved by {r.approvedBy}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td data-label="Items">{refundedUnits(order, r)}</Table.Td>
                <Table.Td data-label="Reason" style={{ overflowWrap: 'anywhere' }}>
                  {r.reason}
                </Table.Td>
                <Table.Td data-label="Back" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(fromWire(r.amount))}
                </Table.Td>
                {onReceipt ? (
                  <Table.Td>
                    <Button size="compact-sm" variant="light" onClick={() => onReceipt(r)} aria-label={`Receipt of refund ${r.number}`}>
                      Receipt
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
