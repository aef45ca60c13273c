/**
 * 'Payout Run': pays every account what it earned through a day (less what it was paid
 * already), when that reaches a minimum. First a preview of who gets what, posting
 * nothing; then the run itself, and the list of what it paid. Running it again through
 * the same day pays nothing more.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fromWire } from '@pos/contracts';
import { formatMoney } from '@pos/domain';
import { Balance } from '../../components/balance';
import { DayInput } from '../../components/day-input';
import { microUnitsField, MoneyInput } from '../../components/decimal-input';
import { errorMessage } from '../../lib/errors';
import { commitThenSubmit } from '../../lib/form-validation';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { MethodSelect } from './account-dialogs';
import { accountName, endOfLastMonth, runRequest, runValidator, type RunValues } from './accounts-state';
import { dayLabel } from './statement-view';
import { useIdempotencyKey } from '../../lib/idempotency';

const FAILED_RUN = 'Failed to run payouts';

export function PayoutRunDialog({ opened, today, formKey, onClose, onPaid }: { opened: boolean; today: string | null; formKey: number; onClose: () => void; onPaid: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Payout Run" centered size="lg">
      {today ? <RunForm key={formKey} today={today} onClose={onClose} onPaid={onPaid} /> : null}
    </Modal>
  );
}

type RunAnswer = NonNullable<ReturnType<typeof trpc.vendor.payoutRun.useMutation>['data']>;

function RunForm({ today, onClose, onPaid }: { today: string; onClose: () => void; onPaid: () => void }) {
  const run = trpc.vendor.payoutRun.useMutation();
  const { key: idempotencyKey } = useIdempotencyKey();
  const [answer, setAnswer] = useState<RunAnswer | null>(null);
  const form = useForm<RunValues>({ initialValues: { through: endOfLastMonth(today), minimum: 0n, method: 'CHECK' }, validate: runValidator });
  // A preview stands for the values it was made with: changing them asks for a new one.
  form.watch('through', () => setAnswer((a) => (a?.preview ? null : a)));
  form.watch('minimum', () => setAnswer((a) => (a?.preview ? null : a)));
  form.watch('method', () => setAnswer((a) => (a?.preview ? null : a)));

  const call = async (values: RunValues, preview: boolean) => {
    try {
      const result = await run.mutateAsync({ ...runRequest(values, preview), idempotencyKey });
      setAnswer(result);
      if (!preview) {
        notifySuccess(result.message);
        onPaid();
      }
    } catch (err) {
      notifyFailure(FAILED_RUN, errorMessage(err, FAILED_RUN));
      if (!preview) onPaid();
    }
  };

  if (answer && !answer.preview) {
    return (
      <Stack gap="sm">
        <Alert color={answer.count > 0 ? 'green' : 'blue'} variant="light" role="status" title={answer.message} data-testid="run-result">
          {answer.runId !== null ? `Payout run ${answer.runId}, through ${dayLabel(answer.through)}.` : null}
        </Alert>
        {answer.count > 0 ? <RunTable answer={answer} caption="Paid" /> : null}
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={commitThenSubmit(form.onSubmit((values) => void call(values, !(answer?.preview && answer.count > 0))))} aria-label="Payout Run" noValidate>
      <Stack gap="sm">
        <Text size="sm">Pays each account what it earned through the day, less what it was paid already, when that is at least the minimum.</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DayInput label="Through" name="through" withAsterisk max={today} {...form.getInputProps('through')} />
          <MoneyInput label="Minimum" name="minimum" {...microUnitsField(form.getInputProps('minimum'))} />
          <MethodSelect value={form.values.method} onChange={(method) => form.setFieldValue('method', method)} />
        </SimpleGrid>
        {answer?.preview ? (
          answer.count > 0 ? (
            <RunTable answer={answer} caption="Would pay" />
          ) : (
            <Alert color="blue" variant="light" role="status" data-testid="run-preview-empty">
              No account reaches the minimum: the run would pay nothing.
            </Alert>
          )
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={run.isPending}>
            Cancel
          </Button>
          {answer?.preview && answer.count > 0 ? (
            <Button type="submit" loading={run.isPending}>
              Pay {answer.count === 1 ? '1 account' : `${answer.count} accounts`} {formatMoney(fromWire(answer.total))}
            </Button>
          ) : (
            <Button type="submit" loading={run.isPending} variant={answer?.preview ? 'default' : 'filled'}>
              Preview
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function RunTable({ answer, caption }: { answer: RunAnswer; caption: string }) {
  return (
    <Table aria-label={`${caption}: payout run through ${answer.through}`} striped data-testid="run-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Account</Table.Th>
          <Table.Th ta="right">{caption}</Table.Th>
          <Table.Th ta="right">Balance after</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {answer.payouts.map((p) => (
          <Table.Tr key={`${p.vendorId}/${p.itemCodeId ?? 0}`} data-account={accountName(p)}>
            <Table.Td>{accountName(p)}</Table.Td>
            <Table.Td ta="right">{formatMoney(fromWire(p.amount))}</Table.Td>
            <Table.Td ta="right">
              <Balance value={fromWire(p.balance)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>Total ({answer.count})</Table.Th>
          <Table.Th ta="right">{formatMoney(fromWire(answer.total))}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
