/**
 * A vendor's item codes: each code's tag, its flags as labelled (read-only) checkboxes, its
 * commission and rent, edit and delete, Add Code. After a new code is saved the form
 * stays open, empty, with the cursor in Tag, so codes can be added one after another.
 * One code is added or edited at a time, in place; that editing state is reported up
 * so the vendor form can hold its own submit until the codes are done.
 */
import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, CheckboxIndicator, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { fromWire, type ItemCode, type VendorType } from '@pos/contracts';
import { formatMoney } from '@pos/domain';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { SECONDARY_COLOR } from '../../lib/theme';
import { trpc } from '../../lib/trpc';
import { ItemCodeForm } from './item-code-form';
import { commissionLabel, newCodeCommission } from './item-code-values';
import { PencilIcon, PlusIcon, TrashIcon } from '../../components/icons';

const ITEM_CODE_DELETE_FAILED = 'Failed to delete item code';

type Editing = { kind: 'add' } | { kind: 'edit'; id: number } | null;

export function itemCodeDeleteConfirmMessage(tag: string): string {
  return `Are you sure you want to delete item code "${tag}"?`;
}

export function ItemCodesSection({
  vendorId,
  vendorType,
  moneyLocked,
  onEditingChange,
}: {
  vendorId: number;
  vendorType: VendorType;
  /** The caller may not change codes' money settings (staff): the form locks them. */
  moneyLocked: boolean;
  onEditingChange: (editing: boolean) => void;
}) {
  const utils = trpc.useUtils();
  const codes = trpc.store.itemcode.fetchVendor.useQuery({ vendorId });
  // A new code starts at the store's default commission for the vendor's (saved) type.
  const settings = trpc.store.fetchSettings.useQuery();
  const remove = trpc.store.itemcode.delete.useMutation();
  const [editing, setEditingState] = useState<Editing>(null);

  const setEditing = (next: Editing) => {
    setEditingState(next);
    onEditingChange(next !== null);
  };

  const storeDefault = newCodeCommission(settings.data, vendorType);

  const confirmDelete = async (code: ItemCode) => {
    if (!window.confirm(itemCodeDeleteConfirmMessage(code.tag))) return;
    try {
      const answer = await remove.mutateAsync({ id: code.id });
      notifySuccess(answer.message);
    } catch (error) {
      notifyFailure(ITEM_CODE_DELETE_FAILED, errorMessage(error, ITEM_CODE_DELETE_FAILED));
    }
    await utils.store.itemcode.fetchVendor.invalidate({ vendorId });
  };

  const list = codes.data?.itemCodes;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Item Codes">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Item Codes
        </Title>
        {codes.isFetching && list ? <Loader size="xs" aria-label="Loading item codes" /> : null}
      </Group>
      <Stack gap="sm">
        {codes.error ? (
          <Alert color="red" variant="light" role="alert" title="Failed to load item codes">
            {errorMessage(codes.error, '') || null}
          </Alert>
        ) : null}
        {codes.isPending ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed">Loading item codes...</Text>
          </Group>
        ) : null}
        {list && list.length === 0 && editing?.kind !== 'add' ? (
          <Text c="dimmed" data-testid="no-item-codes">
            No item codes yet.
          </Text>
        ) : null}
        {list?.map((code) =>
          editing?.kind === 'edit' && editing.id === code.id ? (
            <ItemCodeForm key={code.id} vendorId={vendorId} code={code} storeDefault={storeDefault} moneyLocked={moneyLocked} onDone={() => setEditing(null)} />
          ) : (
            <ItemCodeRow
              key={code.id}
              code={code}
              locked={editing !== null}
              deleting={remove.isPending && remove.variables?.id === code.id}
              onEdit={() => setEditing({ kind: 'edit', id: code.id })}
              onDelete={() => void confirmDelete(code)}
            />
          ),
        )}
        {editing?.kind === 'add' ? <ItemCodeForm vendorId={vendorId} code={null} storeDefault={storeDefault} moneyLocked={moneyLocked} onDone={() => setEditing(null)} /> : null}
        {editing === null && list ? (
          <Group>
            <Button variant="light" leftSection={<PlusIcon size={16} />} onClick={() => setEditing({ kind: 'add' })}>
              Add Code
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A code's flag as a checkbox that shows, not changes, it (the code's form changes it). */
function FlagBox({ label, on }: { label: string; on: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" role="checkbox" aria-checked={on} aria-readonly="true" aria-label={label} data-chip={label} data-on={on}>
      <CheckboxIndicator checked={on} size="xs" color="teal" aria-hidden />
      <Text size="sm" c={on ? undefined : 'dimmed'}>
        {label}
      </Text>
    </Group>
  );
}

function ItemCodeRow({ code, locked, deleting, onEdit, onDelete }: { code: ItemCode; locked: boolean; deleting: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <Paper withBorder radius="sm" px="md" py="sm" data-item-code={code.tag} bg="gray.0">
      <Group justify="space-between" wrap="nowrap" align="center">
        <Group gap="sm" align="center">
          <Text fw={700} ff="monospace" size="lg" mr="xs" data-testid="item-code-tag">
            {code.tag}
          </Text>
          <FlagBox label="Warn on No Control" on={code.warnOnNoControlCode} />
          <Badge variant="light" color={SECONDARY_COLOR} tt="none" size="md" fw={500} data-chip="commission">
            {commissionLabel(code)}
          </Badge>
          <FlagBox label="Separate Statement" on={code.receivesSeparateStatement} />
          <FlagBox label="Proportional CC Fee" on={code.proportionalCcFee} />
          {code.receivesSeparateStatement && fromWire(code.monthlyRent) > 0n ? (
            <Badge variant="light" color="gray" tt="none" size="md" fw={500} data-chip="rent">
              {formatMoney(fromWire(code.monthlyRent))} rent
            </Badge>
          ) : null}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit code" withArrow>
            <ActionIcon variant="subtle" aria-label={`Edit code ${code.tag}`} onClick={onEdit} disabled={locked}>
              <PencilIcon />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete code" withArrow>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete code ${code.tag}`} onClick={onDelete} disabled={locked} loading={deleting}>
              <TrashIcon />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
