/**
 * An order that can no longer be edited, read-only, as the server stored it, under a
 * banner that says what state it is in:
 * - COMPLETED (and REFUNDED): its receipt, with Print (or Reprint) on an 80 mm roll or A4.
 *   Just completed, Print has the focus, so Enter prints.
 * - PENDING: waiting for a manager's approval; a manager (STORE_MANAGER and above) sees
 *   Approve and Cancel Order here.
 * - CANCELLED: when and why.
 * Every state shows the order's payments. A completed order has Refund beside Print while
 * a unit is left, and lists its refunds under the receipt (refund-section.tsx).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTimeIn, formatMoney, formatPercent } from '@pos/domain';
import { fromWire, type Order } from '@pos/contracts';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { CancelOrderDialog } from './cancel-order-dialog';
import { SummaryFigures } from './summary-figures';
import { orderStatusLabel, partRefund } from './lookup-filters';
import { TAX_SLOT_INDEXES, carriedTaxName, taxLabel, lineFromServer, type StoreTaxes } from './order-lines';
import { Receipt, useReceiptPrint } from './receipt';
import type { ReceiptStore } from './receipt-model';
import { loadPaper, RECEIPT_PAPERS, savePaper, type ReceiptPaper } from './receipt-print';
import { useRefunds } from './refund-section';
import { useIdempotencyKey } from '../../lib/idempotency';

const STATUS_COLORS: Record<string, string> = { DRAFT: 'gray', PENDING: 'yellow', COMPLETED: 'green', CANCELLED: 'red', REFUNDED: 'grape' };

export function statusColor(status: string): string {
  return STATUS_COLORS[status] ?? 'gray';
}

export const APPROVE_FAILED = 'Failed to approve order';
export const CANCEL_FAILED = 'Failed to cancel order';

function localStore() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface OrderViewProps {
  order: Order;
  storeTaxes: StoreTaxes;
  store: ReceiptStore;
  /** This tab has just submitted, approved or cancelled it. */
  justSubmitted: boolean;
  onNewOrder: () => void;
  creating: boolean;
  /** The current role may approve and cancel PENDING orders (STORE_MANAGER and above). */
  canManage: boolean;
  /** The server answered an approve or a cancel with the order as it now stands. */
  onChanged: (order: Order) => void;
  /** The tab is pinned: starting the next order leaves it open. */
  pinned?: boolean;
  onTogglePin?: () => void;
}

export function OrderView({ order, storeTaxes, store, justSubmitted, onNewOrder, creating, canManage, onChanged, pinned = false, onTogglePin }: OrderViewProps) {
  const hasReceipt = order.status === 'COMPLETED' || order.status === 'REFUNDED';
  const refunds = useRefunds(order, store);
  return (
    <Stack gap="md" data-testid="order-view" data-order-id={order.id} data-status={order.status}>
      <StatusBanner order={order} timeZone={store.timeZone} justSubmitted={justSubmitted} canManage={canManage} />
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
          <Text>{formatDateTimeIn(order.createdAt, store.timeZone)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Status
          </Text>
          <Badge color={partRefund(order) ? 'grape' : statusColor(order.status)} variant="light" data-testid="view-status">
            {orderStatusLabel(order)}
          </Badge>
        </div>
        {order.approvedBy ? (
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Approved By
            </Text>
            <Text data-testid="view-approved-by">{order.approvedBy}</Text>
          </div>
        ) : null}
        {onTogglePin ? (
          <Button
            variant={pinned ? 'light' : 'subtle'}
            size="compact-sm"
            ml="auto"
            aria-pressed={pinned}
            onClick={onTogglePin}
            title={pinned ? 'Let this tab close when the next order starts' : 'Keep this tab open when the next order starts'}
            data-testid="pin-tab"
          >
            {pinned ? 'Pinned' : 'Pin tab'}
          </Button>
        ) : null}
      </Group>
      {order.status === 'PENDING' && canManage ? <ManagerActions key={order.id} order={order} onChanged={onChanged} /> : null}
      {hasReceipt ? (
        <>
          <ReceiptSection order={order} store={store} justSubmitted={justSubmitted} onNewOrder={onNewOrder} creating={creating} actions={refunds.button} />
          {refunds.list}
        </>
      ) : (
        <>
          <OrderDetails order={order} storeTaxes={storeTaxes} />
          {order.payments.length > 0 ? <PaymentsTable order={order} /> : null}
          <Group justify="flex-end">
            <NewOrderButton focus={justSubmitted} onNewOrder={onNewOrder} creating={creating} />
          </Group>
        </>
      )}
      {refunds.dialogs}
    </Stack>
  );
}

function StatusBanner({ order, timeZone, justSubmitted, canManage }: { order: Order; timeZone: string | undefined; justSubmitted: boolean; canManage: boolean }) {
  switch (order.status) {
    case 'COMPLETED': {
      const part = partRefund(order);
      if (part) {
        return (
          <Alert color="grape" variant="light" role="status" title={`Order ${order.orderNumber} is partly refunded.`} data-testid="view-banner">
            {formatMoney(part.refunded)} of {formatMoney(fromWire(order.total))} refunded: {formatMoney(part.left)} left. This order is read-only; what is left can still be refunded.
          </Alert>
        );
      }
      return (
        <Alert color="green" variant="light" role="status" title={justSubmitted ? `Order ${order.orderNumber} completed.` : `Order ${order.orderNumber} is completed.`} data-testid="view-banner">
          {justSubmitted && fromWire(order.changeDue) > 0n ? `Change due ${formatMoney(fromWire(order.changeDue))}. ` : ''}
          This order is read-only: its lines and payments can no longer be changed.
        </Alert>
      );
    }
    case 'PENDING':
      return (
        <Alert color="yellow" variant="light" role="status" title={`Order ${order.orderNumber} is pending: waiting for a manager's approval.`} data-testid="view-banner">
          Its lines and payments are frozen until a manager approves it or cancels it.
          {canManage ? ' You can approve or cancel it below.' : ' A store manager approves or cancels it from this order (Order Lookup, Status Pending).'}
        </Alert>
      );
    case 'CANCELLED':
      return (
        <Alert color="gray" variant="light" role="status" title={`Order ${order.orderNumber} was cancelled${order.cancelledAt ? ` on ${formatDateTimeIn(order.cancelledAt, timeZone)}` : ''}.`} data-testid="view-banner">
          {order.cancelReason ? `Reason: ${order.cancelReason}. ` : ''}This order is read-only.
        </Alert>
      );
    case 'REFUNDED':
      return (
        <Alert color="grape" variant="light" role="status" title={`Order ${order.orderNumber} was refunded.`} data-testid="view-banner">
          This order is read-only.
        </Alert>
      );
    default:
      return null;
  }
}

function ManagerActions({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const approve = trpc.order.approve.useMutation();
  const cancel = trpc.order.cancel.useMutation();
  const [cancelling, setCancelling] = useState(false);
  // One approval per order shown: a double press or a retry sends the same key.
  const { key: approveKey } = useIdempotencyKey();

  const onApprove = async () => {
    try {
      const answer = await approve.mutateAsync({ orderId: order.id, idempotencyKey: approveKey });
      notifySuccess(`Order ${order.orderNumber} approved`);
      onChanged(answer.order);
    } catch (error) {
      notifyFailure(APPROVE_FAILED, errorMessage(error, APPROVE_FAILED));
    }
  };
  const onCancel = async (reason: string, idempotencyKey: string): Promise<string | null> => {
    try {
      const answer = await cancel.mutateAsync({ orderId: order.id, reason, idempotencyKey });
      notifySuccess(`Order ${order.orderNumber} cancelled`);
      onChanged(answer.order);
      return null;
    } catch (error) {
      return errorMessage(error, CANCEL_FAILED);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Manager approval">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          Approving completes the sale with the payments below. Cancelling keeps the order, marked Cancelled, and charges nothing.
        </Text>
        <Group gap="sm">
          <Button variant="light" color="red" onClick={() => setCancelling(true)} disabled={approve.isPending}>
            Cancel Order
          </Button>
          <Button color="green" onClick={() => void onApprove()} loading={approve.isPending}>
            Approve
          </Button>
        </Group>
      </Group>
      <CancelOrderDialog opened={cancelling} orderId={order.id} orderNumber={order.orderNumber} onClose={() => setCancelling(false)} onCancel={onCancel} />
    </Paper>
  );
}

function NewOrderButton({ focus, onNewOrder, creating }: { focus: boolean; onNewOrder: () => void; creating: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Button ref={ref} variant={focus ? 'filled' : 'light'} onClick={onNewOrder} loading={creating} title="New order (Alt+N)">
      New Order
    </Button>
  );
}

function ReceiptSection({
  order,
  store,
  justSubmitted,
  onNewOrder,
  creating,
  actions,
}: {
  order: Order;
  store: ReceiptStore;
  justSubmitted: boolean;
  onNewOrder: () => void;
  creating: boolean;
  /** More buttons after Print and New Order (Refund), so Tab from Print still reaches New Order first. */
  actions?: ReactNode;
}) {
  const [paper, setPaper] = useState<ReceiptPaper>(() => loadPaper(localStore()));
  const [printedHere, setPrintedHere] = useState(false);
  const { print, layer } = useReceiptPrint(order, store);
  const printRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (justSubmitted) printRef.current?.focus();
  }, [justSubmitted]);

  const first = justSubmitted && !printedHere;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm" component="section" aria-label="Receipt actions">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={600} id={`paper-${order.id}`}>
              Receipt paper
            </Text>
            <SegmentedControl
              aria-labelledby={`paper-${order.id}`}
              data={RECEIPT_PAPERS.map((p) => ({ value: p.value, label: p.label }))}
              value={paper}
              onChange={(chosen) => {
                setPaper(chosen);
                savePaper(localStore(), chosen);
              }}
            />
          </Group>
          <Group gap="sm">
            <Button
              ref={printRef}
              variant={first ? 'filled' : 'light'}
              onClick={() => {
                setPrintedHere(true);
                print(paper);
              }}
            >
              {first ? 'Print Receipt' : 'Reprint Receipt'}
            </Button>
            <Button variant={first ? 'light' : 'filled'} onClick={onNewOrder} loading={creating} title="New order (Alt+N)">
              New Order
            </Button>
            {actions}
          </Group>
        </Group>
      </Paper>
      <Box bg="gray.1" p="md" style={{ borderRadius: 'var(--mantine-radius-md)', display: 'flex', justifyContent: 'center', overflowX: 'auto' }}>
        <Paper shadow="sm" radius={0}>
          <Receipt order={order} store={store} paper={paper} />
        </Paper>
      </Box>
      {layer}
    </Stack>
  );
}

function OrderDetails({ order, storeTaxes }: { order: Order; storeTaxes: StoreTaxes }) {
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
    <>
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
        <Text fw={600} mb={6}>
          Order Summary
        </Text>
        <SummaryFigures summary={summary} taxLabels={labels} />
      </Paper>
    </>
  );
}

/** The payments stored with the order: a PENDING order's wait for approval; a cancelled one's were never charged. */
function PaymentsTable({ order }: { order: Order }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`payments-${order.id}`}>
      <Title order={2} size="h4" mb="xs" id={`payments-${order.id}`}>
        Payments
      </Title>
      {order.status === 'CANCELLED' ? (
        <Text size="sm" c="dimmed" mb="xs">
          The order was cancelled: these payments were not taken.
        </Text>
      ) : null}
      <Table verticalSpacing={4} aria-label="Payments" data-testid="view-payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Method</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Customer Fee</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.payments.map((p) => (
            <Table.Tr key={p.id} data-payment={p.name}>
              <Table.Td>{p.isCash ? `${p.name} (tendered)` : p.name}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(fromWire(p.amount))}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {p.isCash ? '' : formatMoney(fromWire(p.customerFee))}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {p.isCash ? formatMoney(fromWire(p.change)) : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
