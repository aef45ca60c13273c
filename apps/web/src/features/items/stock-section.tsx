/**
 * A stock item's restock on its detail (a manager's): a quantity change with its reason
 * (an ADJUST movement with who and when; never below zero) and its reorder level, through
 * /store/inventory/adjust and /store/inventory/edit (docs/API.md, Stock items).
 */
import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { Item } from '@pos/contracts';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

export function StockSection({ item, onSaved }: { item: Item; onSaved: () => void }) {
  const [delta, setDelta] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [reorderLevel, setReorderLevel] = useState<number | string>(item.reorderLevel);
  const [error, setError] = useState<{ adjust?: string; reorder?: string }>({});
  const adjust = trpc.store.inventory.adjust.useMutation();
  const edit = trpc.store.inventory.edit.useMutation();

  const record = async () => {
    try {
      const answer = await adjust.mutateAsync({ id: item.id, delta: typeof delta === 'number' ? delta : Number.NaN, reason });
      notifySuccess(answer.message);
      setDelta('');
      setReason('');
      setError({});
      onSaved();
    } catch (err) {
      setError({ adjust: errorMessage(err, 'Could not change the quantity') });
    }
  };
  const saveReorderLevel = async () => {
    try {
      await edit.mutateAsync({
        id: item.id,
        sku: item.alias ?? '',
        description: item.description,
        itemCode: item.itemCode,
        price: item.price,
        reorderLevel: typeof reorderLevel === 'number' ? reorderLevel : Number.NaN,
      });
      notifySuccess('Reorder level saved');
      setError({});
      onSaved();
    } catch (err) {
      setError({ reorder: errorMessage(err, 'Could not save the reorder level') });
    }
  };

  return (
    <Paper withBorder p="sm" aria-label="Stock">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Restock or correct (SKU {item.alias})
        </Text>
        <Group align="flex-end" gap="xs">
          <NumberInput label="Quantity change" placeholder="+3 or -1" allowDecimal={false} value={delta} onChange={setDelta} w={140} />
          <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} style={{ flex: 1, minWidth: 160 }} />
          <Button loading={adjust.isPending} onClick={() => void record()}>
            Record
          </Button>
        </Group>
        {error.adjust ? (
          <Text c="red" size="sm" role="alert">
            {error.adjust}
          </Text>
        ) : null}
        <Group align="flex-end" gap="xs">
          <NumberInput label="Reorder level" allowDecimal={false} allowNegative={false} value={reorderLevel} onChange={setReorderLevel} w={140} />
          <Button variant="default" loading={edit.isPending} onClick={() => void saveReorderLevel()}>
            Save reorder level
          </Button>
        </Group>
        {error.reorder ? (
          <Text c="red" size="sm" role="alert">
            {error.reorder}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
