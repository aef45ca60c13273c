/**
 * A refund's receipt: the store, the refund's number and its order's, when and by whom,
 * the units given back with their share of each line's total, the taxes, the amount back
 * and how it was paid back, and the reason. Print prints the receipt alone.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { fromWire, type Order, type Refund } from '@pos/contracts';
import { formatMoney } from '@pos/domain';
import { formatOrderDate } from './lookup-filters';
import { taxNamesOf } from './refund-form';
import classes from './refund-receipt.module.css';

export function RefundReceiptDialog({ order, refund, storeName, onClose }: { order: Order; refund: Refund | null; storeName: string; onClose: () => void }) {
  return (
    <Modal opened={refund !== null} onClose={onClose} title={refund ? `Receipt of refund ${refund.number}` : 'Receipt'} centered>
      {refund ? (
        <Stack gap="md">
          <RefundReceipt order={order} refund={refund} storeName={storeName} />
          <Group justify="flex-end" className={classes.screenOnly}>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => window.print()} data-autofocus>
              Print
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

export function RefundReceipt({ order, refund, storeName }: { order: Order; refund: Refund; storeName: string }) {
  const taxNames = taxNamesOf(order);
  const taxes = [refund.tax1, refund.tax2, refund.tax3].map(fromWire);
  return (
    <article className={classes.receipt} aria-label={`Refund ${refund.number}`} data-testid="refund-receipt">
      <Stack gap={4} align="center" mb="xs">
        <Text fw={700} size="lg">
          {storeName}
        </Text>
        <Text fw={700}>REFUND {refund.number}</Text>
        <Text size="sm">Order {order.orderNumber}</Text>
        <Text size="sm">{formatOrderDate(refund.createdAt)}</Text>
      </Stack>
      <div className={classes.rule} />
      {refund.lines.map((l) => {
        const item = order.items.find((i) => i.id === l.orderLineId);
        return (
          <div key={l.orderLineId} className={classes.row}>
            <Text size="sm">
              {l.quantity} × {item ? item.description || item.itemCode : `line ${l.orderLineId}`}
            </Text>
            <Text size="sm" className={classes.money}>
              {formatMoney(fromWire(l.total))}
            </Text>
          </div>
        );
      })}
      <div className={classes.rule} />
      <div className={classes.row}>
        <Text size="sm">Items</Text>
        <Text size="sm" className={classes.money}>
          {formatMoney(fromWire(refund.total))}
        </Text>
      </div>
      {taxes.map((tax, i) =>
        tax !== 0n ? (
          <div key={i} className={classes.row}>
            <Text size="sm">{taxNames[i]}</Text>
            <Text size="sm" className={classes.money}>
              {formatMoney(tax)}
            </Text>
          </div>
        ) : null,
      )}
      <div className={classes.row}>
        <Text fw={700}>Back to the customer</Text>
        <Text fw={700} className={classes.money} data-testid="receipt-amount">
          {formatMoney(fromWire(refund.amount))}
        </Text>
      </div>
      <div className={classes.rule} />
      {refund.payments.map((p) => (
        <div key={p.paymentMethodId} className={classes.row}>
          <Text size="sm">{p.name}</Text>
          <Text size="sm" className={classes.money}>
            {formatMoney(fromWire(p.amount))}
          </Text>
        </div>
      ))}
      <div className={classes.rule} />
      <Text size="sm">Reason: {refund.reason}</Text>
      <Text size="sm">
        By {refund.createdBy ?? '—'}
        {refund.approvedBy ? `, approved by ${refund.approvedBy}` : ''}
      </Text>
    </article>
  );
}
