/**
 * 'Adjust Quantity': a signed whole change (-2 takes two away, 5 adds five) and a
 * required reason, kept by the server as a movement record. The resulting quantity is
 * shown as the change is typed; a change that would go below zero is refused here, and
 * by the server when the stock moved meanwhile (the list then reloads, so the dialog
 * shows the quantity the server holds).
 */
import { useMemo } from 'react';
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { QUANTITY_BELOW_ZERO, type InventoryItem } from '@pos/contracts';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { adjustInput, adjustValidator, FAILED_ADJUST, resultingQuantity, type AdjustFormValues } from './inventory-form';

export function InventoryAdjustDialog({
  opened,
  item,
  formKey,
  onClose,
  onSaved,
  onStale,
}: {
  opened: boolean;
  item: InventoryItem | null;
  formKey: number;
  onClose: () => void;
  onSaved: () => void;
  /** The server refused: what the screen shows may be out of date. */
  onStale: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Adjust Quantity" centered>
      {item ? <AdjustForm key={formKey} item={item} onClose={onClose} onSaved={onSaved} onStale={onStale} /> : null}
    </Modal>
  );
}

const NO_CHANGE: AdjustFormValues = { change: '', reason: '' };

function AdjustForm({ item, onClose, onSaved, onStale }: { item: InventoryItem; onClose: () => void; onSaved: () => void; onStale: () => void }) {
  const adjust = trpc.store.inventory.adjust.useMutation();
  // The item follows the list, so after a refusal the checks use the quantity now held.
  const validate = useMemo(() => adjustValidator(item.id, item.quantityOnHand), [item.id, item.quantityOnHand]);
  const form = useForm<AdjustFormValues>({ initialValues: NO_CHANGE, validate });
  const after = resultingQuantity(item.quantityOnHand, form.values.change);

  const submit = async (values: AdjustFormValues) => {
    const { delta, ...input } = adjustInput(item.id, values);
    // An empty change never gets here: the checks require one.
    if (delta === undefined) return;
    try {
      const answer = await adjust.mutateAsync({ ...input, delta });
      notifySuccess(`${answer.message}: ${answer.item.sku} now ${answer.item.quantityOnHand.toLocaleString('en-US')} on hand`);
      onSaved();
    } catch (err) {
      const message = errorMessage(err, FAILED_ADJUST);
      notifyFailure(FAILED_ADJUST, message);
      if (message === QUANTITY_BELOW_ZERO) form.setFieldError('change', message);
      onStale();
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} aria-label="Adjust Quantity" noValidate>
      <Stack gap="sm">
        <Paper bg="gray.0" p="sm" radius="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.sku}
          </Text>
          {item.description ? (
            <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {item.description}
            </Text>
          ) : null}
        </Paper>
        <SimpleGrid cols={2} spacing="sm">
          <Figure label="On hand now" testId="adjust-current">
            {item.quantityOnHand.toLocaleString('en-US')}
          </Figure>
          <Figure label="After the change" testId="adjust-result" color={after !== null && after < 0 ? 'red' : undefined}>
            {after === null ? '—' : after.toLocaleString('en-US')}
          </Figure>
        </SimpleGrid>
        <TextInput
          label="Adjustment"
          name="change"
          description="A whole number: -2 takes two away, 5 adds five"
          placeholder="e.g. -2 or 5"
          inputMode="numeric"
          autoComplete="off"
          withAsterisk
          data-autofocus
          {...form.getInputProps('change')}
        />
        <TextInput label="Reason" name="reason" placeholder="e.g. Damaged, Recount, Delivery" autoComplete="off" withAsterisk {...form.getInputProps('reason')} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={adjust.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={adjust.isPending}>
            Adjust
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Figure({ label, testId, color, children }: { label: string; testId: string; color?: string | undefined; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} c={color} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </div>
  );
}
