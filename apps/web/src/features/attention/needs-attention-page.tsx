/**
 * Needs attention (STORE_MANAGER and above): the offline sales the server could not
 * complete as the till sent them (/offline/attention), with why; a manager completes one
 * anyway (an override, audited) or voids it with a reason (/offline/resolve).
 * docs/ARCHITECTURE.md, The offline till.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@pos/api';
import { fromWire, VOID_REASON_REQUIRED } from '@pos/contracts';
import { formatMoney } from '@pos/domain';
import { LoadFailure } from '../../components/load-failure';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { useStoreClock } from '../../lib/store-clock';
import { trpc } from '../../lib/trpc';

type OfflineSale = inferRouterOutputs<AppRouter>['offline']['attention']['sales'][number];
type Action = 'COMPLETE' | 'VOID';

const FAILED_LOAD = 'Failed to load the sales needing attention';
const STATUS_COLOR = { OPEN: 'orange', COMPLETED: 'teal', VOIDED: 'gray' } as const;
const STATUS_LABEL = { OPEN: 'Open', COMPLETED: 'Completed', VOIDED: 'Voided' } as const;

export function NeedsAttentionPage() {
  const list = trpc.offline.attention.useQuery({});
  const [acting, setActing] = useState<{ sale: OfflineSale; action: Action } | null>(null);
  const sales = useMemo(() => list.data?.sales ?? [], [list.data]);
  const open = sales.filter((s) => s.status === 'OPEN');
  const resolved = sales.filter((s) => s.status !== 'OPEN');

  return (
    <>
      <PageHeading>Needs Attention</PageHeading>
      <Stack gap="lg">
        <Text c="dimmed" maw={760}>
          Sales rung up while a till was offline that the server could not complete as sent: an item sold meanwhile at another till, a payment method no longer
          taken, a day already closed. Complete each anyway (recorded as an override) or void it with a reason.
        </Text>
        {list.error ? (
          <LoadFailure title={FAILED_LOAD} detail={errorMessage(list.error, FAILED_LOAD)} testId="attention-load-failure" retrying={list.isFetching} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <Group gap="sm" aria-busy="true">
            <Loader size="sm" />
            <Text c="dimmed">Loading sales needing attention...</Text>
          </Group>
        ) : (
          <>
            <SalesTable title="Open" sales={open} empty="Nothing needs attention: every offline sale was completed." onAct={(sale, action) => setActing({ sale, action })} />
            {resolved.length > 0 ? <SalesTable title="Resolved" sales={resolved} empty="" /> : null}
          </>
        )}
      </Stack>
      {acting ? <ResolveDialog sale={acting.sale} action={acting.action} onClose={() => setActing(null)} /> : null}
    </>
  );
}

function SalesTable({ title, sales, empty, onAct }: { title: string; sales: OfflineSale[]; empty: string; onAct?: (sale: OfflineSale, action: Action) => void }) {
  const clock = useStoreClock();
  return (
    <Stack gap="xs">
      <Text component="h2" fw={600} size="lg">
        {title} ({sales.length})
      </Text>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-label={`${title} offline sales`} data-stack>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Sold</Table.Th>
                <Table.Th>Till and cashier</Table.Th>
                <Table.Th>Items</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Why</Table.Th>
                <Table.Th>{onAct ? 'Action' : 'Resolution'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sales.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed">{empty}</Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                sales.map((s) => (
                  <Table.Tr key={s.id} data-attention={s.orderNumber}>
                    <Table.Td data-label="Order" fw={500}>
                      {s.orderNumber}
                    </Table.Td>
                    <Table.Td data-label="Sold">{clock.dateTime(s.soldAt)}</Table.Td>
                    <Table.Td data-label="Till and cashier">
                      {s.deviceName}
                      <Text size="sm" c="dimmed">
                        {s.cashierName}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label="Items">
                      {s.items.map((l, i) => (
                        <Text key={i} size="sm">
                          {l.quantity} × {l.description || l.itemCode || l.itemNumber}
                          {l.itemNumber ? ` (#${l.itemNumber})` : ''}
                        </Text>
                      ))}
                      <Text size="xs" c="dimmed">
                        {s.payments.map((p) => `${p.name} ${formatMoney(fromWire(p.amount))}`).join(' + ')}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label="Total" ta="right">
                      {formatMoney(fromWire(s.total))}
                    </Table.Td>
                    <Table.Td data-label="Why" style={{ overflowWrap: 'anywhere' }}>
                      {s.reason}
                    </Table.Td>
                    <Table.Td data-label={onAct ? 'Action' : 'Resolution'}>
                      {onAct ? (
                        <Group gap={6} wrap="nowrap">
                          <Button size="compact-sm" onClick={() => onAct(s, 'COMPLETE')} aria-label={`Complete ${s.orderNumber} anyway`}>
                            Complete anyway
                          </Button>
                          <Button size="compact-sm" variant="default" color="red" onClick={() => onAct(s, 'VOID')} aria-label={`Void ${s.orderNumber}`}>
                            Void
                          </Button>
                        </Group>
                      ) : (
                        <Stack gap={2}>
                          <Badge variant="light" color={STATUS_COLOR[s.status]} tt="none" w="fit-content">
                            {STATUS_LABEL[s.status]}
                          </Badge>
                          <Text size="sm">{s.resolution}</Text>
                          <Text size="xs" c="dimmed">
                            {s.resolvedBy} {s.resolvedAt ? clock.dateTime(s.resolvedAt) : ''}
                          </Text>
                        </Stack>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

function ResolveDialog({ sale, action, onClose }: { sale: OfflineSale; action: Action; onClose: () => void }) {
  const utils = trpc.useUtils();
  const resolve = trpc.offline.resolve.useMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per opening of the dialog: a double press or a retry never resolves twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const voiding = action === 'VOID';
  const title = voiding ? `Void offline sale ${sale.orderNumber}` : `Complete offline sale ${sale.orderNumber} anyway`;

  const submit = async () => {
    setFailure(null);
    if (voiding && reason.trim() === '') {
      setError(VOID_REASON_REQUIRED);
      return;
    }
    try {
      const answer = await resolve.mutateAsync({ id: sale.id, action, reason: reason.trim(), idempotencyKey });
      notifySuccess(answer.message);
      await utils.offline.attention.invalidate();
      onClose();
    } catch (err) {
      // The dialog stays open with the reason typed.
      setFailure(errorMessage(err, voiding ? 'Failed to void the sale' : 'Failed to complete the sale'));
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          {failure ? (
            <Alert color="red" variant="light" role="alert" title={voiding ? 'Failed to void the sale' : 'Failed to complete the sale'}>
              {failure}
            </Alert>
          ) : null}
          <Text size="sm">
            {formatMoney(fromWire(sale.total))} sold {sale.deviceName ? `on ${sale.deviceName}` : ''} by {sale.cashierName}. Why it was kept: {sale.reason}
          </Text>
          <Text size="sm" c="dimmed">
            {voiding
              ? 'Voiding keeps the sale, voided, with your reason: nothing is charged or posted.'
              : 'Completing it anyway records the sale as an override in your name: an item already sold is sold again as a typed line, and a sale of a closed day lands on today.'}
          </Text>
          <Textarea
            label={voiding ? 'Reason' : 'Note (optional)'}
            name="reason"
            withAsterisk={voiding}
            autosize
            minRows={2}
            maxRows={5}
            data-autofocus
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose} disabled={resolve.isPending}>
              Cancel
            </Button>
            <Button type="submit" color={voiding ? 'red' : undefined} loading={resolve.isPending}>
              {voiding ? 'Void sale' : 'Complete anyway'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
