/**
 * The Refund dialog of a completed order: each line's units still to refund and a box for
 * how many go back; what they give back with their taxes, figured as it is typed by the
 * domain's refund functions (the server stores exactly these); the payments back,
 * pre-filled over the methods the order was paid by (each may be changed, none beyond
 * what its method may still return); a reason; and for a staff member, a manager's
 * credentials. Nothing typed is lost when the server refuses.
 */
import { useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Alert, Button, Fieldset, Group, Modal, PasswordInput, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import type { Order, Refund } from '@pos/contracts';
import { formatMoney, refundableQuantity } from '@pos/domain';
import { MoneyInput } from '../../components/decimal-input';
import { errorMessage } from '../../lib/errors';
import { useIdempotencyKey } from '../../lib/idempotency';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { EMPTY_REFUND_FORM, checkRefund, methodsOf, paymentAmounts, planOf, refundInput, refundSources, taxNamesOf, typedQuantities, type RefundFormValues } from './refund-form';

export const FAILED_REFUND = 'Failed to refund order';
export const APPROVAL_FAILED = 'Manager approval failed';

export function RefundDialog({
  opened,
  order,
  needsApproval,
  onClose,
  onRefunded,
}: {
  opened: boolean;
  order: Order;
  /** The caller is STORE_STAFF: a manager's credentials go with the refund. */
  needsApproval: boolean;
  onClose: () => void;
  onRefunded: (answer: { refund: Refund; order: Order }) => void;
}) {
  // On a phone the dialog takes the whole screen, so each line's box stays in view.
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Modal opened={opened} onClose={onClose} title={`Refund order ${order.orderNumber}`} size="xl" centered fullScreen={phone}>
      {opened ? <RefundForm order={order} needsApproval={needsApproval} onClose={onClose} onRefunded={onRefunded} /> : null}
    </Modal>
  );
}

function RefundForm({ order, needsApproval, onClose, onRefunded }: { order: Order; needsApproval: boolean; onClose: () => void; onRefunded: (answer: { refund: Refund; order: Order }) => void }) {
  const refund = trpc.order.refund.useMutation();
  const { key: idempotencyKey } = useIdempotencyKey();
  const [values, setValues] = useState<RefundFormValues>(EMPTY_REFUND_FORM);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<{ field: 'managerPassword' | null; message: string } | null>(null);
  const set = (change: Partial<RefundFormValues>) => {
    setValues((v) => ({ ...v, ...change }));
    setServerError(null);
  };

  const sources = refundSources(order);
  const plan = planOf(order, values);
  const methods = methodsOf(order);
  const amounts = paymentAmounts(methods, plan.amount, values);
  const check = checkRefund(order, values, needsApproval);
  const taxNames = taxNamesOf(order);
  const chosen = plan.lines.length > 0;
  // A problem is said as soon as some units are typed (too many of a line, say).
  const typed = typedQuantities(values).some((q) => q.quantity > 0n);
  const backByLine = new Map(plan.lines.map((l) => [l.line.id, l.amount]));

  const setPayment = (methodId: number, amount: bigint) => {
    const current = Object.fromEntries([...amounts].map(([id, a]) => [String(id), a]));
    set({ payments: { ...current, [String(methodId)]: amount } });
  };

  const submit = async () => {
    setTried(true);
    if (check.problem !== null || Object.keys(check.fields).length > 0) return;
    try {
      const answer = await refund.mutateAsync({ ...refundInput(order, values, needsApproval), idempotencyKey });
      notifySuccess(answer.message);
      onRefunded(answer);
    } catch (err) {
      const message = errorMessage(err, FAILED_REFUND);
      notifyFailure(FAILED_REFUND, message);
      setServerError({ field: message === APPROVAL_FAILED ? 'managerPassword' : null, message });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      aria-label="Refund"
      noValidate
    >
      <Stack gap="md">
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing={6} aria-label="Units to refund" data-testid="refund-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Refundable</Table.Th>
                <Table.Th ta="right" w={84}>
                  Refund
                </Table.Th>
                <Table.Th ta="right">Back</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sources.map((line) => {
                const left = refundableQuantity(line);
                const item = order.items.find((i) => i.id === line.id)!;
                return (
                  <Table.Tr key={line.id} data-refund-line={line.id}>
                    <Table.Td>
                      <Text size="sm">{line.label}</Text>
                      <Text size="xs" c="dimmed">
                        {item.itemCode && item.description ? `${item.itemCode}, ` : ''}
                        {String(line.quantity)} sold
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" data-testid="refundable-quantity">
                      {String(left)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <TextInput
                        aria-label={`Units of ${line.label} to refund`}
                        size="xs"
                        inputMode="numeric"
                        autoComplete="off"
                        placeholder="0"
                        disabled={left === 0n}
                        value={values.quantities[String(line.id)] ?? ''}
                        onChange={(event) => set({ quantities: { ...values.quantities, [String(line.id)]: event.currentTarget.value }, payments: null })}
                        styles={{ input: { textAlign: 'right' } }}
                      />
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="refund-line-back">
                      {backByLine.has(line.id) ? formatMoney(backByLine.get(line.id)!) : ''}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <Group gap="xl" wrap="wrap" aria-label="Amount back" role="group">
          <Figure label="Items" value={plan.total} testId="refund-total" />
          {plan.taxes.map((tax, i) => (tax !== 0n ? <Figure key={i} label={taxNames[i]!} value={tax} testId={`refund-tax${i + 1}`} /> : null))}
          <Figure label="Back to the customer" value={plan.amount} testId="refund-amount" strong />
        </Group>

        <Fieldset legend="Paid back by" variant="unstyled">
          <Stack gap="xs">
            {methods.length === 0 ? (
              <Text size="sm" c="dimmed">
                This order holds no payments to give money back through.
              </Text>
            ) : null}
            {methods.map((m) => (
              <MoneyInput
                key={m.paymentMethodId}
                label={m.name}
                description={`Took ${formatMoney(m.took)}${m.returned > 0n ? `, returned ${formatMoney(m.returned)} before` : ''}: may return up to ${formatMoney(m.left)}`}
                value={amounts.get(m.paymentMethodId) ?? 0n}
                onChange={(amount) => setPayment(m.paymentMethodId, amount)}
                data-testid={`refund-payment-${m.paymentMethodId}`}
                maw={320}
              />
            ))}
          </Stack>
        </Fieldset>

        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          value={values.reason}
          onChange={(event) => set({ reason: event.currentTarget.value })}
          error={tried ? check.fields.reason : undefined}
        />

        {needsApproval ? (
          <Fieldset legend="Manager approval">
            <Text size="sm" mb="xs">
              A refund by staff needs a manager: the manager enters their own username and password here.
            </Text>
            <Group grow align="flex-start">
              <TextInput
                label="Manager username or e-mail"
                autoComplete="off"
                withAsterisk
                value={values.managerUsername}
                onChange={(event) => set({ managerUsername: event.currentTarget.value })}
                error={tried ? check.fields.managerUsername : undefined}
              />
              <PasswordInput
                label="Manager password"
                autoComplete="off"
                withAsterisk
                value={values.managerPassword}
                onChange={(event) => set({ managerPassword: event.currentTarget.value })}
                error={(tried ? check.fields.managerPassword : undefined) ?? (serverError?.field === 'managerPassword' ? serverError.message : undefined)}
              />
            </Group>
          </Fieldset>
        ) : null}

        {(typed || tried) && check.problem !== null ? (
          <Alert color="red" variant="light" role="alert" data-testid="refund-problem">
            {check.problem}
          </Alert>
        ) : null}
        {serverError && serverError.field === null ? (
          <Alert color="red" variant="light" role="alert" title={FAILED_REFUND}>
            {serverError.message}
          </Alert>
        ) : null}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={refund.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={refund.isPending} disabled={!chosen}>
            {chosen ? `Refund ${formatMoney(plan.amount)}` : 'Refund'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Figure({ label, value, testId, strong = false }: { label: string; value: bigint; testId: string; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'xl' : 'md'} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {formatMoney(value)}
      </Text>
    </div>
  );
}
