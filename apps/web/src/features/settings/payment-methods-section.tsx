import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatMoney, formatPercent, MESSAGES } from '@pos/domain';
import { fromWire } from '@pos/contracts';
import { microUnitsField, MoneyInput, PercentInput } from '../../components/decimal-input';
import { errorMessage } from '../../lib/errors';
import { commitThenSubmit } from '../../lib/form-validation';
import { trpc } from '../../lib/trpc';
import { notifySuccess } from '../../lib/notify';
import {
  EMPTY_PAYMENT_METHOD,
  PAYMENT_METHOD_LABELS as L,
  toPaymentMethodForm,
  toPaymentMethodRequest,
  validatePaymentMethodForm,
  type CreatePaymentMethodRequest,
  type PaymentMethodAnswer,
  type PaymentMethodForm,
} from './payment-method-form';
import { Section } from './section';

type DialogState = { mode: 'add' } | { mode: 'edit'; method: PaymentMethodAnswer } | null;

/** Payment Methods: a table with add and edit in a dialog, and delete after a confirmation. */
export function PaymentMethodsSection() {
  const list = trpc.store.payment.list.useQuery();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<PaymentMethodAnswer | null>(null);

  return (
    <Section title="Payment Methods" description="Changes to payment methods are saved at once.">
      <Stack gap="md">
        {list.error && !list.data ? (
          <Alert color="red" variant="light" role="alert" title={MESSAGES.paymentMethodsLoadFailed}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(list.error, MESSAGES.paymentMethodsLoadFailed)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()} loading={list.isFetching}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : list.isPending ? (
          <Group gap="sm" aria-busy="true">
            <Loader size="sm" />
            <Text c="dimmed">Loading payment methods...</Text>
          </Group>
        ) : (
          <PaymentMethodsTable methods={list.data.paymentMethods} onEdit={(method) => setDialog({ mode: 'edit', method })} onDelete={setDeleting} />
        )}
        <Group>
          <Button variant="light" onClick={() => setDialog({ mode: 'add' })} disabled={!list.data}>
            Add Payment Method
          </Button>
        </Group>
      </Stack>
      {dialog ? <PaymentMethodDialog state={dialog} onClose={() => setDialog(null)} /> : null}
      {deleting ? <DeleteConfirmation method={deleting} onClose={() => setDeleting(null)} /> : null}
    </Section>
  );
}

function PaymentMethodsTable({ methods, onEdit, onDelete }: { methods: PaymentMethodAnswer[]; onEdit: (m: PaymentMethodAnswer) => void; onDelete: (m: PaymentMethodAnswer) => void }) {
  return (
    <Paper withBorder radius="sm">
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-label="Payment Methods" data-stack>
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={160}>{L.name}</Table.Th>
              <Table.Th ta="right">{L.vendorFeePercent}</Table.Th>
              <Table.Th ta="right">{L.customerFeePercent}</Table.Th>
              <Table.Th ta="right">{L.customerFeeAmount}</Table.Th>
              <Table.Th ta="right">{L.minimumAmount}</Table.Th>
              <Table.Th>{L.requiresManagerApproval}</Table.Th>
              <Table.Th>{L.offlineAllowed}</Table.Th>
              <Table.Th w={140}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {methods.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text c="dimmed">No payment methods yet.</Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              methods.map((m) => (
                <Table.Tr key={m.id} data-payment-method={m.name}>
                  <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }} data-label={L.name}>
                    {m.name}
                    {m.isCash ? (
                      <Badge variant="light" color="gray" tt="none" ml="xs" title="Gives change; the store's default tender; it cannot be deleted">
                        Cash
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" data-label={L.vendorFeePercent}>
                    {formatPercent(fromWire(m.vendorFeePercent))}
                  </Table.Td>
                  <Table.Td ta="right" data-label={L.customerFeePercent}>
                    {formatPercent(fromWire(m.customerFeePercent))}
                  </Table.Td>
                  <Table.Td ta="right" data-label={L.customerFeeAmount}>
                    {formatMoney(fromWire(m.customerFeeAmount))}
                  </Table.Td>
                  <Table.Td ta="right" data-label={L.minimumAmount}>
                    {formatMoney(fromWire(m.minimumAmount))}
                  </Table.Td>
                  <Table.Td data-label={L.requiresManagerApproval}>
                    <Badge variant="light" color={m.requiresManagerApproval ? 'orange' : 'gray'} tt="none">
                      {m.requiresManagerApproval ? 'Yes' : 'No'}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label={L.offlineAllowed}>
                    <Badge variant="light" color={m.offlineAllowed ? 'teal' : 'gray'} tt="none">
                      {m.offlineAllowed ? 'Yes' : 'No'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="compact-sm" variant="subtle" onClick={() => onEdit(m)} aria-label={`Edit ${m.name}`}>
                        Edit
                      </Button>
                      {m.isCash ? null : (
                        <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(m)} aria-label={`Delete ${m.name}`}>
                          Delete
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function PaymentMethodDialog({ state, onClose }: { state: NonNullable<DialogState>; onClose: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.store.payment.create.useMutation();
  const update = trpc.store.payment.update.useMutation();
  const editing = state.mode === 'edit' ? state.method : null;
  const isCash = editing?.isCash ?? false;
  const form = useForm<PaymentMethodForm, CreatePaymentMethodRequest>({
    initialValues: editing ? toPaymentMethodForm(editing) : EMPTY_PAYMENT_METHOD,
    validate: validatePaymentMethodForm,
    transformValues: toPaymentMethodRequest,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const failedTitle = editing ? MESSAGES.paymentMethodUpdateFailed : MESSAGES.paymentMethodAddFailed;
  const busy = create.isPending || update.isPending;

  const submit = async (request: CreatePaymentMethodRequest) => {
    setFailure(null);
    try {
      const answer = editing ? await update.mutateAsync({ ...request, id: editing.id }) : await create.mutateAsync(request);
      utils.store.payment.list.setData(undefined, (old) => {
        if (!old) return old;
        const others = old.paymentMethods.filter((m) => m.id !== answer.paymentMethod.id);
        const paymentMethods = editing ? old.paymentMethods.map((m) => (m.id === answer.paymentMethod.id ? answer.paymentMethod : m)) : [...others, answer.paymentMethod];
        return { ...old, paymentMethods };
      });
      void utils.store.payment.list.invalidate();
      notifySuccess(answer.message || (editing ? MESSAGES.paymentMethodUpdated : MESSAGES.paymentMethodAdded));
      onClose();
    } catch (err) {
      // The dialog stays open with everything typed.
      setFailure(errorMessage(err, failedTitle));
    }
  };

  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={editing ? 'Edit Payment Method' : 'Add Payment Method'} size="lg" centered>
      <form onSubmit={commitThenSubmit(form.onSubmit((request) => void submit(request)))} aria-label={editing ? 'Edit Payment Method' : 'Add Payment Method'} noValidate>
        <Stack gap="sm">
          {failure ? (
            <Alert color="red" variant="light" role="alert" title={failedTitle}>
              {failure === failedTitle ? null : failure}
            </Alert>
          ) : null}
          <TextInput label={L.name} name="name" autoComplete="off" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PercentInput label={L.vendorFeePercent} name="vendorFeePercent" withAsterisk {...microUnitsField(form.getInputProps('vendorFeePercent'))} />
            <PercentInput label={L.customerFeePercent} name="customerFeePercent" withAsterisk {...microUnitsField(form.getInputProps('customerFeePercent'))} />
            <MoneyInput label={L.customerFeeAmount} name="customerFeeAmount" withAsterisk {...microUnitsField(form.getInputProps('customerFeeAmount'))} />
            <MoneyInput label={L.minimumAmount} name="minimumAmount" withAsterisk {...microUnitsField(form.getInputProps('minimumAmount'))} />
          </SimpleGrid>
          <Checkbox label={L.requiresManagerApproval} name="requiresManagerApproval" {...form.getInputProps('requiresManagerApproval', { type: 'checkbox' })} mt="xs" />
          <Checkbox
            label={L.offlineAllowed}
            name="offlineAllowed"
            description={
              isCash
                ? 'Cash is always taken offline'
                : form.values.requiresManagerApproval
                  ? "A method that needs a manager's approval is never taken offline"
                  : 'For an external card terminal: the till may take this method with no network'
            }
            disabled={isCash || form.values.requiresManagerApproval}
            {...form.getInputProps('offlineAllowed', { type: 'checkbox' })}
            checked={isCash || (form.values.offlineAllowed && !form.values.requiresManagerApproval)}
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteConfirmation({ method, onClose }: { method: PaymentMethodAnswer; onClose: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.store.payment.delete.useMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      const answer = await remove.mutateAsync({ id: method.id });
      utils.store.payment.list.setData(undefined, (old) => (old ? { ...old, paymentMethods: old.paymentMethods.filter((m) => m.id !== method.id) } : old));
      void utils.store.payment.list.invalidate();
      notifySuccess(answer.message || MESSAGES.paymentMethodDeleted);
      onClose();
    } catch (err) {
      setFailure(errorMessage(err, MESSAGES.paymentMethodDeleteFailed));
    }
  };

  return (
    <Modal opened onClose={remove.isPending ? () => undefined : onClose} title="Delete Payment Method" centered>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" role="alert" title={MESSAGES.paymentMethodDeleteFailed}>
            {failure === MESSAGES.paymentMethodDeleteFailed ? null : failure}
          </Alert>
        ) : null}
        <Text>{MESSAGES.paymentMethodDeleteConfirm}</Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {method.name}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
