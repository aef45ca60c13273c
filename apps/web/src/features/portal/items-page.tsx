/**
 * Items (/portal/items): the vendor's own items, newest first, each with its status and
 * days on the floor. The vendor takes in items with the store's intake grid or a CSV file
 * (their own item codes only), changes the description or price of an active item,
 * prints their own price tags (the store's tag PDF) and asks for items to be withdrawn,
 * which a manager confirms on the store's item screen. Cards, one column on a phone.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, CloseButton, Group, Modal, Paper, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { ITEM_STATUSES, ZPortalEditItemInput, fromWire, toMoneyWire, type ItemStatus, type PortalItem } from '@pos/contracts';
import { formatMoney, parseMoney, DomainError } from '@pos/domain';
import { LoadFailure } from '../../components/load-failure';
import { PageHeading } from '../../components/page-heading';
import { PlusIcon, SearchIcon } from '../../components/icons';
import { errorMessage } from '../../lib/errors';
import { requestResolver } from '../../lib/form-validation';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { IntakeDialog } from '../items/intake-dialog';
import { PrintDialog } from '../items/items-page';
import { floorDaysLabel, ownCodeName } from './portal-view';

const PAGE_SIZE = 50;
const FAILED_LOAD = 'Failed to load your items';
const STATUS_LABELS: Record<ItemStatus, string> = { ACTIVE: 'On the floor', SOLD: 'Sold', WITHDRAWN: 'Withdrawn' };
const STATUS_COLORS: Record<ItemStatus, string> = { ACTIVE: 'green', SOLD: 'gray', WITHDRAWN: 'orange' };

export function PortalItemsPage() {
  const utils = trpc.useUtils();
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), 300);
  const [status, setStatus] = useState<ItemStatus | null>(null);
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  const filterKey = JSON.stringify([search, status]);
  const [shownKey, setShownKey] = useState(filterKey);
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setCursors([null]);
  }
  const after = cursors[cursors.length - 1] ?? null;
  const list = trpc.portal.items.useQuery({ search: search || null, status, after, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const summary = trpc.portal.summary.useQuery(undefined, { staleTime: 60_000 });
  const addItems = trpc.portal.item.add.useMutation();
  const labels = trpc.portal.labels.useMutation();
  const items = list.data?.items;
  const codes = list.data?.codes ?? [];

  const [selected, setSelected] = useState<Map<number, PortalItem>>(new Map());
  const toggle = (item: PortalItem, on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(item.id, item);
      else next.delete(item.id);
      return next;
    });
  const [intakeOpen, setIntakeOpen] = useState(false);
  const [printIds, setPrintIds] = useState<number[] | null>(null);
  const [editing, setEditing] = useState<PortalItem | null>(null);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const refresh = () => utils.portal.items.invalidate();
  const activeSelected = [...selected.values()].filter((i) => i.status === 'ACTIVE');

  return (
    <>
      <PageHeading>Items</PageHeading>
      <Stack gap="md" maw={900}>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap="sm" align="flex-end" style={{ flex: '1 1 260px' }}>
            <TextInput
              aria-label="Search your items"
              placeholder="Number or description"
              autoComplete="off"
              leftSection={<SearchIcon size={16} />}
              rightSection={typed ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setTyped('')} /> : null}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              style={{ flex: '1 1 180px' }}
            />
            <Select
              label="Status"
              w={150}
              clearable
              placeholder="Any"
              data={ITEM_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
              value={status}
              onChange={(v) => setStatus(v)}
            />
          </Group>
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setIntakeOpen(true)} disabled={list.data !== undefined && codes.length === 0}>
            Add items
          </Button>
        </Group>
        {list.data && codes.length === 0 ? (
          <Alert color="gray" variant="light" data-testid="portal-items-no-codes">
            You have no item code at this store yet: ask the store for one to add items.
          </Alert>
        ) : null}

        <Group gap="xs" data-testid="item-selection">
          <Text size="sm" c="dimmed" w="100%">
            {selected.size === 0 ? 'Select items to print their tags or ask for them back' : `${selected.size} selected`}
          </Text>
          <Button size="xs" variant="light" disabled={selected.size === 0} onClick={() => setPrintIds([...selected.keys()])}>
            Print tags
          </Button>
          <Button size="xs" variant="light" color="orange" disabled={activeSelected.length === 0} onClick={() => setWithdrawOpen(true)}>
            Ask to withdraw
          </Button>
          {selected.size > 0 ? (
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())}>
              Clear selection
            </Button>
          ) : null}
        </Group>

        {list.error ? (
          <LoadFailure title={FAILED_LOAD} detail={errorMessage(list.error, 'Please try again.')} testId="portal-items-error" retrying={list.isFetching} onRetry={() => void list.refetch()} />
        ) : null}
        {items === undefined ? (
          list.isPending ? (
            <Stack gap="sm" aria-busy="true" aria-label="Loading your items" data-testid="portal-items-loading">
              <Skeleton h={84} radius="md" />
              <Skeleton h={84} radius="md" />
            </Stack>
          ) : null
        ) : items.length === 0 ? (
          <Alert color="gray" variant="light" data-testid="portal-items-empty">
            {search || status ? 'No items match.' : 'No items yet. Use Add items to enter the pieces you bring in, then print their tags.'}
          </Alert>
        ) : (
          <Stack gap="sm" role="list" aria-label="Your items" aria-busy={list.isFetching}>
            {items.map((item) => (
              <ItemCard key={item.id} item={item} selected={selected.has(item.id)} onToggle={(on) => toggle(item, on)} onEdit={() => setEditing(item)} />
            ))}
          </Stack>
        )}
        {cursors.length > 1 || list.data?.next ? (
          <nav aria-label="Item pages">
            <Group gap="xs">
              <Button size="xs" variant="default" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous
              </Button>
              <Button size="xs" variant="default" disabled={!list.data?.next} onClick={() => setCursors((c) => [...c, list.data?.next ?? null])}>
                Next
              </Button>
              <Text size="sm" c="dimmed">
                Page {cursors.length}
              </Text>
            </Group>
          </nav>
        ) : null}
      </Stack>

      <IntakeDialog
        opened={intakeOpen}
        onClose={() => setIntakeOpen(false)}
        save={(rows) => addItems.mutateAsync({ rows })}
        nameCode={(tag) => Promise.resolve(ownCodeName(tag, codes, summary.data?.tradeName ?? 'Yours'))}
        onSaved={(ids) => {
          void refresh();
          setIntakeOpen(false);
          setPrintIds(ids);
        }}
      />
      <PrintDialog ids={printIds} onClose={() => setPrintIds(null)} onPrinted={() => void refresh()} print={(input) => labels.mutateAsync(input)} />
      <EditDialog
        item={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <WithdrawRequestDialog
        opened={withdrawOpen}
        items={activeSelected}
        onClose={() => setWithdrawOpen(false)}
        onSaved={() => {
          setWithdrawOpen(false);
          setSelected(new Map());
          void refresh();
        }}
      />
    </>
  );
}

function ItemCard({ item, selected, onToggle, onEdit }: { item: PortalItem; selected: boolean; onToggle: (on: boolean) => void; onEdit: () => void }) {
  const asked = item.withdrawRequestedAt !== null && item.status === 'ACTIVE';
  return (
    <Paper withBorder radius="md" p="sm" role="listitem" data-testid="portal-item" data-item-number={item.itemNumber}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox mt={4} aria-label={`Select item ${item.itemNumber}`} checked={selected} onChange={(e) => onToggle(e.currentTarget.checked)} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-field="description">
              {item.description}
            </Text>
            <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-field="price">
              {formatMoney(fromWire(item.price))}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            Item {item.itemNumber} · code {item.itemCode ?? '—'}
            {item.quantity > 1 ? ` · ${item.quantity} left` : ''}
          </Text>
          <Group gap={6} mt={4} justify="space-between">
            <Group gap={6}>
              <Badge color={STATUS_COLORS[item.status]} variant="light" data-field="status">
                {STATUS_LABELS[item.status]}
              </Badge>
              {item.needsNewTag ? (
                <Badge color="yellow" variant="outline" data-field="needs-tag">
                  {item.printedPrice === null ? 'No tag yet' : 'Needs a new tag'}
                </Badge>
              ) : null}
              {asked ? (
                <Badge color="orange" variant="outline" data-field="withdraw-asked">
                  Withdrawal asked
                </Badge>
              ) : null}
              <Text size="xs" c="dimmed" data-field="days">
                {floorDaysLabel(item.daysOnFloor, item.status)}
              </Text>
            </Group>
            {item.status === 'ACTIVE' ? (
              <Button size="compact-sm" variant="subtle" onClick={onEdit} aria-label={`Change item ${item.itemNumber}`}>
                Change
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

interface EditValues {
  description: string;
  price: string;
}

/** The request an edit sends: a price that is not money is sent as typed, for the schema to name. */
function editRequest(itemId: number, values: EditValues) {
  let price: unknown = values.price;
  try {
    price = toMoneyWire(parseMoney(values.price));
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
  }
  return { itemId, description: values.description, price };
}

function EditDialog({ item, onClose, onSaved }: { item: PortalItem | null; onClose: () => void; onSaved: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={item ? `Change item ${item.itemNumber}` : 'Change item'}>
      {item ? <EditForm key={item.id} item={item} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function EditForm({ item, onClose, onSaved }: { item: PortalItem; onClose: () => void; onSaved: () => void }) {
  const edit = trpc.portal.item.edit.useMutation();
  const form = useForm<EditValues>({
    initialValues: { description: item.description, price: formatMoney(fromWire(item.price)).replace(/[$,]/g, '') },
    validate: requestResolver(ZPortalEditItemInput, (v: EditValues) => editRequest(item.id, v)),
  });
  const save = form.onSubmit(async (values) => {
    try {
      const answer = await edit.mutateAsync(editRequest(item.id, values) as Parameters<typeof edit.mutateAsync>[0]);
      notifySuccess(answer.message);
      onSaved();
    } catch (err) {
      notifyFailure('Could not save the item', errorMessage(err, 'Please try again.'));
    }
  });
  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <Stack gap="sm">
        <TextInput label="Description" {...form.getInputProps('description')} data-autofocus />
        <TextInput label="Price" inputMode="decimal" {...form.getInputProps('price')} />
        <Text size="sm" c="dimmed">
          A new price needs a new tag: print it before the item goes back on the floor.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={edit.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function WithdrawRequestDialog({ opened, items, onClose, onSaved }: { opened: boolean; items: PortalItem[]; onClose: () => void; onSaved: () => void }) {
  const [reason, setReason] = useState('');
  const ask = trpc.portal.item.withdrawRequest.useMutation();
  const confirm = async () => {
    try {
      const answer = await ask.mutateAsync({ itemIds: items.map((i) => i.id), reason });
      notifySuccess(answer.message);
      setReason('');
      onSaved();
    } catch (err) {
      notifyFailure('Could not ask for the withdrawal', errorMessage(err, 'Please try again.'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Ask to take back ${items.length === 1 ? '1 item' : `${items.length} items`}`}>
      <Stack gap="sm">
        <Text size="sm">The store’s manager confirms the withdrawal; until then the items stay on the floor and can still sell.</Text>
        <TextInput label="Reason (optional)" value={reason} maxLength={200} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="orange" loading={ask.isPending} onClick={() => void confirm()}>
            Ask to withdraw
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
