/**
 * One item with every change it went through (intake, price, withdrawal, sale, refund,
 * restock), who and when; a stock item (one with a SKU) shows when it is low, and a
 * manager restocks it here. When its vendor asked from the portal for its withdrawal, the
 * request shows here and a manager confirms it (/item/withdraw, audited).
 */
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { fromWire, type Item } from '@pos/contracts';
import { formatMoney, includes, isLowStock, isStockItem } from '@pos/domain';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useStoreClock } from '../../lib/store-clock';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { StockSection } from './stock-section';

const KIND_LABELS = { INTAKE: 'Intake', PRICE: 'Price', WITHDRAW: 'Withdrawn', SALE: 'Sold', REFUND: 'Refunded', ADJUST: 'Changed' } as const;

export function ItemDetail({ itemId, onClose }: { itemId: number | null; onClose: () => void }) {
  const fetched = trpc.item.fetch.useQuery({ itemId: itemId ?? 0 }, { enabled: itemId !== null });
  const item = fetched.data?.item;
  const utils = trpc.useUtils();
  const { currentRole } = useSession();
  const mayRestock = currentRole !== null && includes(currentRole.role, 'STORE_MANAGER');
  return (
    <Modal opened={itemId !== null} onClose={onClose} title={item ? `Item ${item.itemNumber}` : 'Item'} size="lg">
      {fetched.error ? <Text c="red">{errorMessage(fetched.error, 'Could not load the item')}</Text> : null}
      {!item ? (
        <Loader size="sm" aria-label="Loading the item" />
      ) : (
        <Stack gap="sm">
          <Group gap="lg">
            <Text fw={600}>{item.description}</Text>
            <Badge variant="light">{item.status}</Badge>
            {isLowStock(item) ? (
              <Badge color="red" variant="outline">
                Low stock (reorder at {item.reorderLevel})
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">
            {formatMoney(fromWire(item.price))} · {item.quantity} left · code {item.itemCode ?? '—'} · {item.vendor?.tradeName ?? 'the store’s own'} · taken in {item.intakeDate}
            {item.category ? ` · ${item.category}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {item.printedPrice === null ? 'No tag printed yet' : `Tag printed at ${formatMoney(fromWire(item.printedPrice))}${item.needsNewTag ? ': needs a new tag' : ''}`}
          </Text>
          {item.withdrawRequestedAt !== null && item.status === 'ACTIVE' ? (
            <WithdrawRequest item={item} mayConfirm={mayRestock} onConfirmed={() => void utils.item.invalidate()} />
          ) : null}
          {mayRestock && isStockItem(item) ? <StockSection key={item.id} item={item} onSaved={() => void utils.item.invalidate()} /> : null}
          <Table aria-label="Movements" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Qty</Table.Th>
                <Table.Th>Detail</Table.Th>
                <Table.Th>Who</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fetched.data?.movements.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{new Date(m.createdAt).toLocaleString()}</Table.Td>
                  <Table.Td>{KIND_LABELS[m.kind]}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    {m.quantityDelta > 0 ? `+${m.quantityDelta}` : m.quantityDelta} → {m.quantityAfter}
                  </Table.Td>
                  <Table.Td>
                    {[
                      m.priceBefore && m.priceAfter ? `${formatMoney(fromWire(m.priceBefore))} → ${formatMoney(fromWire(m.priceAfter))}` : m.priceAfter ? formatMoney(fromWire(m.priceAfter)) : '',
                      m.orderNumber ? `order ${m.orderNumber}` : '',
                      m.note,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Table.Td>
                  <Table.Td>{m.by ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Modal>
  );
}

/** The vendor's request to take the item back, and (managers) its confirmation: the item is withdrawn. */
function WithdrawRequest({ item, mayConfirm, onConfirmed }: { item: Item; mayConfirm: boolean; onConfirmed: () => void }) {
  const clock = useStoreClock();
  const withdraw = trpc.item.withdraw.useMutation();
  const confirm = async () => {
    try {
      const answer = await withdraw.mutateAsync({ itemIds: [item.id], reason: item.withdrawRequestReason || 'Asked by the vendor' });
      notifySuccess(answer.message);
      onConfirmed();
    } catch (err) {
      notifyFailure('Could not withdraw', errorMessage(err, 'Please try again.'));
    }
  };
  return (
    <Alert color="orange" variant="light" title="The vendor asked to take this item back" data-testid="withdraw-request">
      <Stack gap="xs">
        <Text size="sm">
          Asked {clock.date(item.withdrawRequestedAt!)}
          {item.withdrawRequestReason ? `: “${item.withdrawRequestReason}”` : ''}
        </Text>
        {mayConfirm ? (
          <Group>
            <Button size="xs" color="orange" loading={withdraw.isPending} onClick={() => void confirm()}>
              Confirm withdrawal
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            A manager confirms the withdrawal.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
