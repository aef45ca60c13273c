/**
 * 'Post Rent': a month's rent on every account whose deduction is on (the server decides
 * which, by the vendors' and codes' settings). A month already posted posts nothing new;
 * the dialog then lists what this call posted, or says there was nothing.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { fromWire } from '@pos/contracts';
import { formatMoney } from '@pos/domain';
import { Balance } from '../../components/balance';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { accountName, monthLabel, rentMonthOptions } from './accounts-state';
import { useIdempotencyKey } from '../../lib/idempotency';

const FAILED_RENT = 'Failed to post rent';

export function RentDialog({ opened, month, formKey, onClose, onPosted }: { opened: boolean; month: string | null; formKey: number; onClose: () => void; onPosted: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Post Rent" centered size="lg">
      {month ? <RentForm key={formKey} month={month} onClose={onClose} onPosted={onPosted} /> : null}
    </Modal>
  );
}

function RentForm({ month, onClose, onPosted }: { month: string; onClose: () => void; onPosted: () => void }) {
  const post = trpc.vendor.rent.post.useMutation();
  const { key: idempotencyKey } = useIdempotencyKey();
  const [chosen, setChosen] = useState(month);
  const result = post.data;

  const submit = async () => {
    try {
      const answer = await post.mutateAsync({ month: chosen, idempotencyKey });
      notifySuccess(answer.message);
    } catch (err) {
      notifyFailure(FAILED_RENT, errorMessage(err, FAILED_RENT));
    }
    onPosted();
  };

  if (result) {
    return (
      <Stack gap="sm">
        <Alert color={result.count > 0 ? 'green' : 'blue'} variant="light" role="status" title={result.message} data-testid="rent-result">
          {result.count > 0 ? `${formatMoney(-fromWire(result.total))} charged to ${result.count === 1 ? 'one account' : `${result.count} accounts`}.` : null}
        </Alert>
        {result.count > 0 ? (
          <Table aria-label={`Rent posted for ${monthLabel(result.month)}`} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th ta="right">Rent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.posted.map((p) => (
                <Table.Tr key={`${p.vendorId}/${p.itemCodeId ?? 0}`}>
                  <Table.Td>{accountName(p)}</Table.Td>
                  <Table.Td ta="right">
                    <Balance value={fromWire(p.amount)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!post.isPending) void submit();
      }}
      aria-label="Post Rent"
    >
      <Stack gap="sm">
        <Text size="sm">Charges each vendor account its monthly rent for the month, where its rent deduction is on. A month is charged once: posting it again charges nothing more.</Text>
        <Select label="Month" name="month" data={rentMonthOptions(month)} value={chosen} allowDeselect={false} onChange={(v) => v && setChosen(v)} data-autofocus />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={post.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={post.isPending}>
            Post Rent for {monthLabel(chosen)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
