/**
 * A manager's approval in the checkout panel: asked for a sale that moves money out
 * (by STORE_STAFF: a sale below zero or a negative line), or for a payment method that
 * needs it, where the cashier may instead leave the order PENDING for a manager.
 */
import { Fieldset, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { CheckoutValues } from './checkout-state';

export interface ApprovalFieldsProps {
  form: UseFormReturnType<CheckoutValues>;
  /** The sale moves money out and the cashier is not a manager. */
  moneyOut: boolean;
  /** The methods of the payments that need a manager's approval. */
  approvals: readonly string[];
  busy: boolean;
  orderId: number;
  onMode: (mode: CheckoutValues['approvalMode']) => void;
}

export function ApprovalFields({ form, moneyOut, approvals, busy, orderId, onMode }: ApprovalFieldsProps) {
  return moneyOut ? (
    <Fieldset legend="Manager approval" mt="md" data-testid="approval" data-reason="money-out">
      <Text size="sm" mb="xs">
        Money goes out of the store (a sale below zero or a negative line): a manager approves it, as a refund.
      </Text>
      <ManagerCredentials form={form} busy={busy} />
    </Fieldset>
  ) : approvals.length > 0 ? (
    <Fieldset legend="Manager approval" mt="md" data-testid="approval">
      <Text size="sm" mb="xs">
        {approvals.join(' and ')} {approvals.length === 1 ? 'needs' : 'need'} a manager&apos;s approval.
      </Text>
      <Radio.Group name={`approvalMode-${orderId}`} label="Approval" value={form.values.approvalMode} onChange={(mode) => onMode(mode === 'pending' ? 'pending' : 'approve')}>
        <Stack gap={6} mt={6}>
          <Radio value="approve" label="A manager approves now" disabled={busy} />
          <Radio value="pending" label="Leave the order pending for a manager to approve" disabled={busy} />
        </Stack>
      </Radio.Group>
      {form.values.approvalMode === 'approve' ? (
        <ManagerCredentials form={form} busy={busy} mt="sm" />
      ) : null}
    </Fieldset>
  ) : null;
}

/** The approving manager's username (or e-mail) and password. */
function ManagerCredentials({ form, busy, mt }: { form: UseFormReturnType<CheckoutValues>; busy: boolean; mt?: 'sm' }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt={mt}>
      <TextInput size="md" label="Manager username or e-mail" name="usernameOrEmail" autoComplete="off" maxLength={254} disabled={busy} {...form.getInputProps('usernameOrEmail')} />
      <PasswordInput size="md" label="Manager password" name="password" autoComplete="new-password" maxLength={200} disabled={busy} {...form.getInputProps('password')} />
    </SimpleGrid>
  );
}
