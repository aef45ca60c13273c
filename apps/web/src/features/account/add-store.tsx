/**
 * Add Store, on the Account page of a store owner: another store of their own, named and
 * in a time zone (the current store's unless changed). The new store's STORE_OWNER role
 * is added to the session and becomes current, so its dashboard (with its set-up list)
 * opens next. The server makes the store and the role (/account/add-store).
 */
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { ZAddStoreInput } from '@pos/contracts';
import { errorMessage } from '../../lib/errors';
import { focusFirstError, requestResolver } from '../../lib/form-validation';
import { notifySuccess } from '../../lib/notify';
import { useStoreClock } from '../../lib/store-clock';
import { trpc } from '../../lib/trpc';
import { TimeZoneSelect } from '../settings/time-zone-select';
import { keepRoles } from './stored-roles';

interface StoreValues {
  storeName: string;
  timeZone: string;
}

const FAILED = 'Failed to add the store';

const validateStore = requestResolver(ZAddStoreInput, (values: StoreValues) => ({ storeName: values.storeName, timeZone: values.timeZone || undefined }));

export function AddStore() {
  const [opened, setOpened] = useState(false);
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="dimmed">
        Open another store of your own: it starts empty, with you as its owner, and you switch between your stores above.
      </Text>
      <Button variant="light" onClick={() => setOpened(true)}>
        Add Store
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Add Store" centered>
        {opened ? <AddStoreForm onClose={() => setOpened(false)} /> : null}
      </Modal>
    </Stack>
  );
}

function AddStoreForm({ onClose }: { onClose: () => void }) {
  const { timeZone: currentZone } = useStoreClock();
  const form = useForm<StoreValues>({ initialValues: { storeName: '', timeZone: currentZone ?? '' }, validate: validateStore });
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const add = trpc.staff.addStore.useMutation();
  const navigate = useNavigate();

  const submit = async (values: StoreValues) => {
    setFailure(null);
    try {
      const answer = await add.mutateAsync({ storeName: values.storeName, timeZone: values.timeZone || undefined });
      const storeId = Number(answer.store.id);
      keepRoles(answer.roles, (r) => r.storeId === storeId && r.role === 'STORE_OWNER');
      notifySuccess(answer.message);
      onClose();
      await navigate({ to: '/dashboard' });
    } catch (err) {
      // What the owner typed stays in the form.
      setFailure(errorMessage(err, FAILED));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.onSubmit(
      (values) => void submit(values),
      (errors: FormErrors) => focusFirstError(formRef.current, errors),
    )(event);

  return (
    <form ref={formRef} onSubmit={onSubmit} aria-label="Add Store" noValidate>
      <Stack gap="sm">
        <TextInput label="Store Name" name="storeName" autoComplete="organization" withAsterisk data-autofocus {...form.getInputProps('storeName')} />
        <TimeZoneSelect description="Every date and time of the new store is shown in this zone" comboboxProps={{ withinPortal: true }} {...form.getInputProps('timeZone')} />
        {failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="add-store-error">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add Store
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
