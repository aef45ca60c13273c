/**
 * 'Add Item' / 'Edit Item': SKU, Description, Item Code (optional; the server checks the
 * store has it), Price (the shared MoneyInput), Quantity On Hand (add only: later
 * changes go through Adjust, which keeps a record) and Reorder Level. A refusal leaves
 * the dialog open with everything typed, the server's message in a notification and on
 * the field it is about.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { InventoryItem } from '@pos/contracts';
import { MoneyInput } from '../../components/decimal-input';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import {
  checkAddForm,
  checkEditForm,
  DESCRIPTION_MAX,
  EMPTY_ITEM_FORM,
  FAILED_ADD,
  FAILED_SAVE,
  fieldOfServerError,
  formValuesOf,
  ITEM_CODE_MAX,
  SKU_MAX,
  type ItemFormErrors,
  type ItemFormValues,
} from './inventory-form';
import { notifyFailure, notifySuccess } from './notify';

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
  const [values, setValues] = useState<ItemFormValues>(() => (item ? formValuesOf(item) : EMPTY_ITEM_FORM));
  const [errors, setErrors] = useState<ItemFormErrors>({});
  const busy = add.isPending || edit.isPending;

  const set = <K extends keyof ItemFormValues>(key: K, value: ItemFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const rest = { ...e };
      delete rest[key];
      return rest;
    });
  };

  /** The call for what the form holds, or null when a field is wrong (marked on it). */
  const request = (current: ItemFormValues) => {
    if (item) {
      const checked = checkEditForm(item.id, current);
      setErrors(checked.errors);
      const input = checked.input;
      return input ? () => edit.mutateAsync(input) : null;
    }
    const checked = checkAddForm(current);
    setErrors(checked.errors);
    const input = checked.input;
    return input ? () => add.mutateAsync(input) : null;
  };

  const submit = async (current: ItemFormValues) => {
    const send = request(current);
    if (!send) return;
    try {
      const answer = await send();
      notifySuccess(answer.message);
      onSaved();
    } catch (err) {
      const failed = item ? FAILED_SAVE : FAILED_ADD;
      const message = errorMessage(err, failed);
      notifyFailure(failed, message);
      const field = fieldOfServerError(message);
      if (field) setErrors({ [field]: message });
    }
  };

  // Enter in the price box: leave it first so the box commits what was typed, then
  // send what the form holds after that.
  const latest = useRef(values);
  latest.current = values;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const active = document.activeElement;
    if (active instanceof HTMLElement && event.currentTarget.contains(active)) active.blur();
    setTimeout(() => void submit(latest.current), 0);
  };

  return (
    <form onSubmit={onSubmit} aria-label={title} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="SKU"
            name="sku"
            autoComplete="off"
            withAsterisk
            data-autofocus
            maxLength={SKU_MAX}
            value={values.sku}
            error={errors.sku}
            onChange={(e) => set('sku', e.currentTarget.value)}
          />
          <TextInput
            label="Item Code"
            name="itemCode"
            autoComplete="off"
            description="Optional: a vendor item code of this store"
            maxLength={ITEM_CODE_MAX}
            value={values.itemCode}
            error={errors.itemCode}
            onChange={(e) => set('itemCode', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          name="description"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={DESCRIPTION_MAX}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: item ? 2 : 3 }} spacing="sm">
          <MoneyInput label="Price" name="price" withAsterisk value={values.price} error={errors.price} onChange={(v) => set('price', v)} />
          {item ? null : (
            <TextInput
              label="Quantity On Hand"
              name="quantityOnHand"
              inputMode="numeric"
              autoComplete="off"
              value={values.quantityOnHand}
              error={errors.quantityOnHand}
              onChange={(e) => set('quantityOnHand', e.currentTarget.value)}
            />
          )}
          <TextInput
            label="Reorder Level"
            name="reorderLevel"
            inputMode="numeric"
            autoComplete="off"
            value={values.reorderLevel}
            error={errors.reorderLevel}
            onChange={(e) => set('reorderLevel', e.currentTarget.value)}
          />
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
