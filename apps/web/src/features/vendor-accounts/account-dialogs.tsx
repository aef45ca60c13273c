/**
 * The two dialogs of one account: a payout (the amount starts at the balance, never more;
 * a method; a check's number or a reference) and an adjustment (an amount either way and
 * the memo that says why). Both check what they send with the server's schema; a refusal
 * keeps what was typed and says why.
 */
import { useMemo } from 'react';
import { Button, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fromWire, type VendorAccount } from '@pos/contracts';
import { payoutProblem, type PayoutMethod } from '@pos/domain';
import { Balance } from '../../components/balance';
import { microUnitsField, MoneyInput } from '../../components/decimal-input';
import { errorMessage } from '../../lib/errors';
import { commitThenSubmit } from '../../lib/form-validation';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { accountName, adjustRequest, adjustValidator, METHOD_OPTIONS, payoutRequest, payoutValidator, referenceLabel, type AdjustValues, type PayoutValues } from './accounts-state';
import { useIdempotencyKey } from '../../lib/idempotency';

const FAILED_PAYOUT = 'Failed to record the payout';
const FAILED_ADJUST = 'Failed to post the adjustment';

interface DialogProps {
  opened: boolean;
  account: VendorAccount | null;
  formKey: number;
  onClose: () => void;
  /** Money moved (or the server refused): what the screen shows is to be read again. */
  onDone: () => void;
}

/** How a payout is paid: check, cash, ACH transfer or store credit. */
export function MethodSelect({ value, onChange }: { value: PayoutMethod; onChange: (method: PayoutMethod) => void }) {
  return <Select label="Method" name="method" data={METHOD_OPTIONS} allowDeselect={false} value={value} onChange={(v) => v && onChange(v)} />;
}

function AccountHeader({ account }: { account: VendorAccount }) {
  return (
    <Paper bg="gray.0" p="sm" radius="sm">
      <Group justify="space-between" gap="sm">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {accountName(account)}
        </Text>
        <Text size="sm">
          Balance <Balance value={fromWire(account.balance)} fw={700} data-testid="dialog-balance" />
        </Text>
      </Group>
    </Paper>
  );
}

export function PayoutDialog({ opened, account, formKey, onClose, onDone }: DialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Pay Vendor" centered>
      {account ? <PayoutForm key={formKey} account={account} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

function PayoutForm({ account, onClose, onDone }: { account: VendorAccount; onClose: () => void; onDone: () => void }) {
  const pay = trpc.vendor.payout.useMutation();
  const { key: idempotencyKey } = useIdempotencyKey();
  const balance = fromWire(account.balance);
  const { vendorId, itemCodeId } = account;
  const ref = { vendorId, itemCodeId };
  const schemaCheck = useMemo(() => payoutValidator({ vendorId, itemCodeId }), [vendorId, itemCodeId]);
  const form = useForm<PayoutValues>({
    initialValues: { amount: balance, method: 'CHECK', reference: '' },
    validate: (values) => {
      const errors = schemaCheck(values);
      const beyond = errors.amount ? null : payoutProblem(values.amount, balance);
      return beyond ? { ...errors, amount: beyond } : errors;
    },
  });

  const submit = async (values: PayoutValues) => {
    try {
      const answer = await pay.mutateAsync({ ...payoutRequest(ref, values), idempotencyKey });
      notifySuccess(answer.message);
      onClose();
    } catch (err) {
      const message = errorMessage(err, FAILED_PAYOUT);
      notifyFailure(FAILED_PAYOUT, message);
      form.setFieldError('amount', message);
    }
    onDone();
  };

  return (
    <form onSubmit={commitThenSubmit(form.onSubmit((values) => void submit(values)))} aria-label="Pay Vendor" noValidate>
      <Stack gap="sm">
        <AccountHeader account={account} />
        <MoneyInput label="Amount" name="amount" withAsterisk data-autofocus {...microUnitsField(form.getInputProps('amount'))} />
        <MethodSelect value={form.values.method} onChange={(method) => form.setFieldValue('method', method)} />
        <TextInput
          label={referenceLabel(form.values.method)}
          name="reference"
          autoComplete="off"
          withAsterisk={form.values.method === 'CHECK'}
          {...form.getInputProps('reference')}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={pay.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={pay.isPending}>
            Pay
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AdjustDialog({ opened, account, formKey, onClose, onDone }: DialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Adjust Balance" centered>
      {account ? <AdjustForm key={formKey} account={account} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

function AdjustForm({ account, onClose, onDone }: { account: VendorAccount; onClose: () => void; onDone: () => void }) {
  const adjust = trpc.vendor.adjust.useMutation();
  const { key: idempotencyKey } = useIdempotencyKey();
  const { vendorId, itemCodeId } = account;
  const ref = { vendorId, itemCodeId };
  const validate = useMemo(() => adjustValidator({ vendorId, itemCodeId }), [vendorId, itemCodeId]);
  const form = useForm<AdjustValues>({ initialValues: { amount: 0n, memo: '' }, validate });

  const submit = async (values: AdjustValues) => {
    try {
      const answer = await adjust.mutateAsync({ ...adjustRequest(ref, values), idempotencyKey });
      notifySuccess(answer.message);
      onClose();
    } catch (err) {
      notifyFailure(FAILED_ADJUST, errorMessage(err, FAILED_ADJUST));
    }
    onDone();
  };

  return (
    <form onSubmit={commitThenSubmit(form.onSubmit((values) => void submit(values)))} aria-label="Adjust Balance" noValidate>
      <Stack gap="sm">
        <AccountHeader account={account} />
        <MoneyInput
          label="Amount"
          name="amount"
          description="Owed to the vendor; a minus sign for what the vendor owes"
          withAsterisk
          data-autofocus
          {...microUnitsField(form.getInputProps('amount'))}
        />
        <TextInput label="Memo" name="memo" placeholder="e.g. Damaged goods, Credit for display case" autoComplete="off" withAsterisk {...form.getInputProps('memo')} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={adjust.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={adjust.isPending}>
            Post Adjustment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
