/**
 * What a completed order's tab shows of refunds: a Refund button while a unit is left
 * (opening the refund dialog; a staff member is asked for a manager's credentials
 * there), the order's refunds, and each refund's receipt, which opens by itself once a
 * refund is made.
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import type { Order, Refund } from '@pos/contracts';
import { includes } from '@pos/domain';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { RefundDialog } from './refund-dialog';
import { canRefund } from './refund-form';
import { RefundList } from './refund-list';
import type { ReceiptStore } from './receipt-model';
import { RefundReceiptDialog } from './refund-receipt';

/** The Refund button: shown while the order has a unit left to refund. */
export function RefundButton({ order, onClick }: { order: Order; onClick: () => void }) {
  if (!canRefund(order)) return null;
  return (
    <Button variant="light" color="red" onClick={onClick} data-testid="refund-button">
      Refund
    </Button>
  );
}

export function useRefunds(order: Order, store: ReceiptStore) {
  const utils = trpc.useUtils();
  const { currentRole } = useSession();
  const [opened, setOpened] = useState(false);
  const [receipt, setReceipt] = useState<Refund | null>(null);
  const needsApproval = currentRole === null || !includes(currentRole.role, 'STORE_MANAGER');

  const onRefunded = (answer: { refund: Refund; order: Order }) => {
    utils.order.fetch.setData({ orderId: answer.order.id }, { success: true, order: answer.order });
    void utils.order.lookup.invalidate();
    setOpened(false);
    setReceipt(answer.refund);
  };

  const parts = (
    <>
      <RefundDialog opened={opened} order={order} needsApproval={needsApproval} onClose={() => setOpened(false)} onRefunded={onRefunded} />
      <RefundReceiptDialog order={order} refund={receipt} store={store} onClose={() => setReceipt(null)} />
    </>
  );
  return {
    button: <RefundButton order={order} onClick={() => setOpened(true)} />,
    list: <RefundList order={order} timeZone={store.timeZone} onReceipt={setReceipt} />,
    dialogs: parts,
  };
}
