/**
 * One item with every change it went through (intake, price, withdrawal, sale, refund,
 * restock), who and when; a stock item (one with a SKU) shows when it is low, and a
 * manager restocks it here.
 */
import { Badge, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { fromWire } from '@pos/contracts';
import { formatMoney, includes, isLowStock, isStockItem } from '@pos/domain';
import { errorMessage } from '../../lib/errors';
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
