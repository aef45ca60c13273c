/**
 * 'Add Item' / 'Edit Item': SKU, Description, Item Code (optional; the server checks the
 * store has it), Price (the shared MoneyInput), Quantity On Hand (add only: later
 * changes go through Adjust, which keeps a record) and Reorder Level. A refusal leaves
 * the dialog open with everything typed, the server's message in a notification and on
 * the field it is about.
 */
import { useMemo } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { InventoryItem } from '@pos/contracts';
import { microUnitsField, MoneyInput } from '../../components/decimal-input';
import { errorMessage } from '../../lib/errors';
import { commitThenSubmit } from '../../lib/form-validation';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import {
  addItemInput,
  editItemInput,
  editItemValidator,
  EMPTY_ITEM_FORM,
  FAILED_ADD,
  FAILED_SAVE,
  fieldOfServerError,
  formValuesOf,
  ITEM_LABELS as L,
  validateAddItem,
  type ItemFormValues,
} from './inventory-form';

export function InventoryItemDialog({
  opened,
  item,
  formKey,
  onClose,
  onSaved,
}: {
  opened: boolean;
  /** null: a new item. Stays set while the dialog fades out. */
  item: InventoryItem | null;
  /** Changes on every opening, so the form starts afresh. */
  formKey: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const title = item ? 'Edit Item' : 'Add Item';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      <ItemForm key={formKey} item={item} title={title} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function ItemForm({ item, title, onClose, onSaved }: { item: InventoryItem | null; title: string; onClose: () => void; onSaved: () => void }) {
  const add = trpc.store.inventory.add.useMutation();
  const edit = trpc.store.inventory.edit.useMutation();
  const validate = useMemo(() => (item ? editItemValidator(item.id) : validateAddItem), [item]);
  const form = useForm<ItemFormValues>({ initialValues: item ? formValuesOf(item) : EMPTY_ITEM_FORM, validate });
  const busy = add.isPending || edit.isPending;

  const submit = async (values: ItemFormValues) => {
    try {
      const answer = item ? await edit.mutateAsync(editItemInput(item.id, values)) : await add.mutateAsync(addItemInput(values));
      notifySuccess(answer.message);
      onSaved();
    } catch (err) {
      // The dialog keeps everything typed.
      const failed = item ? FAILED_SAVE : FAILED_ADD;
      const message = errorMessage(err, failed);
      notifyFailure(failed, message);
      const field = fieldOfServerError(message);
      if (field) form.setErrors({ [field]: message });
    }
  };

  return (
    <form onSubmit={commitThenSubmit(form.onSubmit((values) => void submit(values)))} aria-label={title} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={L.sku} name="sku" autoComplete="off" withAsterisk data-autofocus {...form.getInputProps('sku')} />
          <TextInput label={L.itemCode} name="itemCode" autoComplete="off" description="Optional: a vendor item code of this store" {...form.getInputProps('itemCode')} />
        </SimpleGrid>
        <Textarea label={L.description} name="description" autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: item ? 2 : 3 }} spacing="sm">
          <MoneyInput label={L.price} name="price" withAsterisk {...microUnitsField(form.getInputProps('price'))} />
          {item ? null : <TextInput label={L.quantityOnHand} name="quantityOnHand" inputMode="numeric" autoComplete="off" {...form.getInputProps('quantityOnHand')} />}
          <TextInput label={L.reorderLevel} name="reorderLevel" inputMode="numeric" autoComplete="off" {...form.getInputProps('reorderLevel')} />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {item ? 'Save Changes' : 'Add Item'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
