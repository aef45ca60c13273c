/**
 * Items: every tagged piece of the store, newest first, searched (number, description,
 * code or vendor) and filtered (status, vendor, category, needs a new tag) on the server,
 * paged by the server's `next` (docs/API.md, Items). Select items to print their tags,
 * change their price or (managers) withdraw them; take in a delivery with the intake
 * grid or a CSV file; open an item to see its movements. Items whose vendor asked from the
 * portal to take them back are marked and filtered; a manager confirms on the item.
 */
import { useState } from 'react';
import { Badge, Button, Checkbox, CloseButton, Group, Loader, Modal, NumberInput, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { ITEM_LABEL_TEMPLATES, ITEM_STATUSES, fromWire, toMoneyWire, type Item, type ItemLabelTemplate, type ItemLabelsInput, type ItemLabelsOutput, type ItemStatus } from '@pos/contracts';
import { formatMoney, includes, isLowStock, parseMoney, DomainError } from '@pos/domain';
import { LoadFailure } from '../../components/load-failure';
import { PageHeading } from '../../components/page-heading';
import { PlusIcon, SearchIcon } from '../../components/icons';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { IntakeDialog } from './intake-dialog';
import { ItemDetail } from './item-detail';
import { downloadPdf, TEMPLATE_LABELS } from './tags';

const PAGE_SIZE = 50;
const FAILED_LOAD = 'Could not load the items';
const STATUS_LABELS: Record<ItemStatus, string> = { ACTIVE: 'Active', SOLD: 'Sold', WITHDRAWN: 'Withdrawn' };
const STATUS_COLORS: Record<ItemStatus, string> = { ACTIVE: 'green', SOLD: 'gray', WITHDRAWN: 'orange' };

export function ItemsPage() {
  const utils = trpc.useUtils();
  const { currentRole } = useSession();
  const canWithdraw = currentRole !== null && includes(currentRole.role, 'STORE_MANAGER');
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), 300);
  const [status, setStatus] = useState<ItemStatus | null>(null);
  const [vendorId, setVendorId] = useState<number | null>(null);
  const [category, setCategory] = useState('');
  const [needsNewTag, setNeedsNewTag] = useState(false);
  const [withdrawRequested, setWithdrawRequested] = useState(false);
  // Cursors of the pages before this one: the first page has none.
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  const after = cursors[cursors.length - 1] ?? null;
  const filterKey = JSON.stringify([search, status, vendorId, category.trim(), needsNewTag, withdrawRequested]);
  const [shownKey, setShownKey] = useState(filterKey);
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setCursors([null]);
  }

  const list = trpc.item.list.useQuery(
    { search: search || null, status, vendorId, category: category.trim() || null, needsNewTag, withdrawRequested, after, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const vendors = trpc.vendor.list.useQuery({ pageSize: 100 }, { staleTime: 60_000 });
  const items = list.data?.items;
  const [selected, setSelected] = useState<Map<number, Item>>(new Map());
  const toggle = (item: Item, on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(item.id, item);
      else next.delete(item.id);
      return next;
    });

  const [intakeOpen, setIntakeOpen] = useState(false);
  const [printIds, setPrintIds] = useState<number[] | null>(null);
  const [priceOpen, setPriceOpen] = useState(false);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const refresh = () => utils.item.invalidate();

  const loadFailure = list.error ? errorMessage(list.error, FAILED_LOAD) : null;
  return (
    <>
      <PageHeading>Items</PageHeading>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap="sm" align="flex-end">
            <TextInput
              aria-label="Search items"
              placeholder="Number, description, code or vendor"
              autoComplete="off"
              leftSection={<SearchIcon size={16} />}
              rightSection={typed ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setTyped('')} /> : null}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              w={{ base: '100%', sm: 300 }}
            />
            <Select
              label="Status"
              w={140}
              clearable
              placeholder="Any"
              data={ITEM_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
              value={status}
              onChange={(v) => setStatus(v)}
            />
            <Select
              label="Vendor"
              w={200}
              clearable
              searchable
              placeholder="Any"
              data={(vendors.data?.vendors ?? []).map((v) => ({ value: String(v.id), label: v.tradeName }))}
              value={vendorId === null ? null : String(vendorId)}
              onChange={(v) => setVendorId(v === null ? null : Number(v))}
            />
            <TextInput label="Category" w={140} value={category} onChange={(e) => setCategory(e.currentTarget.value)} />
            <Checkbox label="Needs a new tag" checked={needsNewTag} onChange={(e) => setNeedsNewTag(e.currentTarget.checked)} mb={8} />
            <Checkbox label="Withdrawal asked" checked={withdrawRequested} onChange={(e) => setWithdrawRequested(e.currentTarget.checked)} mb={8} />
          </Group>
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setIntakeOpen(true)}>
            Intake
          </Button>
        </Group>

        <Group gap="sm" data-testid="item-selection">
          <Text size="sm" c="dimmed">
            {selected.size === 0 ? 'Select items to print tags, change price or withdraw' : `${selected.size} selected`}
          </Text>
          <Button size="xs" variant="light" disabled={selected.size === 0} onClick={() => setPrintIds([...selected.keys()])}>
            Print tags
          </Button>
          <Button size="xs" variant="light" disabled={selected.size === 0} onClick={() => setPriceOpen(true)}>
            Change price
          </Button>
          {canWithdraw ? (
            <Button size="xs" variant="light" color="orange" disabled={selected.size === 0} onClick={() => setWithdrawOpen(true)}>
              Withdraw
            </Button>
          ) : null}
          {selected.size > 0 ? (
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())}>
              Clear selection
            </Button>
          ) : null}
        </Group>

        {loadFailure !== null ? <LoadFailure title={FAILED_LOAD} detail={loadFailure} testId="items-error" retrying={list.isFetching} onRetry={() => void list.refetch()} /> : null}

        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="xs" striped highlightOnHover aria-label="Items" data-stack aria-busy={list.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Select every item on this page"
                      checked={items !== undefined && items.length > 0 && items.every((i) => selected.has(i.id))}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        for (const item of items ?? []) toggle(item, on);
                      }}
                    />
                  </Table.Th>
                  <Table.Th>Item #</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Item Code</Table.Th>
                  <Table.Th>Vendor</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Price</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Qty</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items === undefined ? (
                  <Table.Tr>
                    <Table.Td colSpan={9}>{list.isPending ? <Loader size="sm" aria-label="Loading items" /> : null}</Table.Td>
                  </Table.Tr>
                ) : items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={9}>
                      <Text ta="center" py="lg" data-testid="items-empty">
                        No items match. Use Intake to take in the first pieces.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  items.map((item) => (
                    <Table.Tr key={item.id} data-item-number={item.itemNumber}>
                      <Table.Td data-label="Select">
                        <Checkbox aria-label={`Select item ${item.itemNumber}`} checked={selected.has(item.id)} onChange={(e) => toggle(item, e.currentTarget.checked)} />
                      </Table.Td>
                      <Table.Td data-label="Item #">
                        <Button variant="subtle" size="compact-sm" onClick={() => setDetailId(item.id)} aria-label={`Open item ${item.itemNumber}`}>
                          {item.itemNumber}
                        </Button>
                        {item.alias ? (
                          <Text size="xs" c="dimmed" px={8} title="SKU: scans as this item too" data-testid="item-alias">
                            {item.alias}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td data-label="Description">{item.description}</Table.Td>
                      <Table.Td data-label="Item Code">{item.itemCode ?? '—'}</Table.Td>
                      <Table.Td data-label="Vendor">{item.vendor?.tradeName ?? 'Store'}</Table.Td>
                      <Table.Td data-label="Category">{item.category}</Table.Td>
                      <Table.Td data-label="Price" style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                        {formatMoney(fromWire(item.price))}
                      </Table.Td>
                      <Table.Td data-label="Qty" style={{ textAlign: 'right' }}>
                        {item.quantity}
                      </Table.Td>
                      <Table.Td data-label="Status">
                        <Group gap={4} wrap="nowrap">
                          <Badge color={STATUS_COLORS[item.status]} variant="light">
                            {STATUS_LABELS[item.status]}
                          </Badge>
                          {item.needsNewTag ? (
                            <Badge color="yellow" variant="outline">
                              {item.printedPrice === null ? 'No tag' : 'New tag'}
                            </Badge>
                          ) : null}
                          {item.withdrawRequestedAt !== null && item.status === 'ACTIVE' ? (
                            <Badge color="orange" variant="outline" data-testid="withdraw-asked">
                              Withdrawal asked
                            </Badge>
                          ) : null}
                          {isLowStock(item) ? (
                            <Badge color="red" variant="outline" data-testid="low-stock">
                              Low stock
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>

        <Group gap="sm">
          <nav aria-label="Item pages">
            <Group gap="xs">
              <Button size="xs" variant="default" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous
              </Button>
              <Button size="xs" variant="default" disabled={!list.data?.next} onClick={() => setCursors((c) => [...c, list.data?.next ?? null])}>
                Next
              </Button>
            </Group>
          </nav>
          <Text size="sm" c="dimmed" data-testid="items-page">
            Page {cursors.length}
          </Text>
          {list.isFetching && items !== undefined ? <Loader size="xs" aria-label="Loading items" /> : null}
        </Group>
      </Stack>

      <IntakeDialog
        opened={intakeOpen}
        onClose={() => setIntakeOpen(false)}
        onSaved={(ids) => {
          void refresh();
          setIntakeOpen(false);
          setPrintIds(ids);
        }}
      />
      <PrintDialog ids={printIds} onClose={() => setPrintIds(null)} onPrinted={() => void refresh()} />
      <PriceDialog
        opened={priceOpen}
        items={[...selected.values()]}
        onClose={() => setPriceOpen(false)}
        onSaved={() => {
          setPriceOpen(false);
          setSelected(new Map());
          void refresh();
        }}
      />
      <WithdrawDialog
        opened={withdrawOpen}
        items={[...selected.values()]}
        onClose={() => setWithdrawOpen(false)}
        onSaved={() => {
          setWithdrawOpen(false);
          setSelected(new Map());
          void refresh();
        }}
      />
      <ItemDetail itemId={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}

/**
 * Prints the tags of `ids` (a PDF at true size); offered right after an intake too. The
 * vendor portal passes its own `print` (/portal/labels); the store's is /item/labels.
 */
export function PrintDialog({ ids, onClose, onPrinted, print: printTags }: { ids: number[] | null; onClose: () => void; onPrinted: () => void; print?: (input: ItemLabelsInput) => Promise<ItemLabelsOutput> }) {
  const [template, setTemplate] = useState<ItemLabelTemplate>('THERMAL_2_25x1_25');
  const [startAt, setStartAt] = useState<number | string>(1);
  const labels = trpc.item.labels.useMutation();
  const [printing, setPrinting] = useState(false);
  const print = async () => {
    if (!ids) return;
    setPrinting(true);
    try {
      const input: ItemLabelsInput = { itemIds: ids, template, ...(template === 'AVERY_5160' ? { startAt: Number(startAt) || 1 } : {}) };
      const answer = printTags ? await printTags(input) : await labels.mutateAsync(input);
      downloadPdf(answer);
      notifySuccess(`${ids.length === 1 ? '1 tag' : `${ids.length} tags`} ready: ${answer.filename}`);
      onPrinted();
      onClose();
    } catch (err) {
      notifyFailure('Could not print the tags', errorMessage(err, 'Please try again.'));
    } finally {
      setPrinting(false);
    }
  };
  return (
    <Modal opened={ids !== null} onClose={onClose} title={`Print ${ids?.length ?? 0} price tags`}>
      <Stack gap="sm">
        <Select
          label="Label stock"
          allowDeselect={false}
          data={ITEM_LABEL_TEMPLATES.map((t) => ({ value: t, label: TEMPLATE_LABELS[t] }))}
          value={template}
          onChange={(v) => v && setTemplate(v)}
        />
        {template === 'AVERY_5160' ? <NumberInput label="First free label on the sheet (1–30)" min={1} max={30} value={startAt} onChange={setStartAt} /> : null}
        <Text size="sm" c="dimmed">
          Print the PDF at 100 % (Actual size), not Fit to page.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={printing} onClick={() => void print()}>
            Print tags
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One new price for every selected item (each a PRICE movement; each then needs a new tag). */
function PriceDialog({ opened, items, onClose, onSaved }: { opened: boolean; items: Item[]; onClose: () => void; onSaved: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const edit = trpc.item.edit.useMutation();
  const save = async () => {
    let price: bigint;
    try {
      price = parseMoney(text);
    } catch (e) {
      if (e instanceof DomainError) return setError(e.message);
      throw e;
    }
    try {
      for (const item of items) await edit.mutateAsync({ itemId: item.id, price: toMoneyWire(price) });
      notifySuccess(`${items.length === 1 ? '1 price' : `${items.length} prices`} changed to ${formatMoney(price)}`);
      setText('');
      setError(null);
      onSaved();
    } catch (err) {
      setError(errorMessage(err, 'Could not change the price'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Change the price of ${items.length} items`}>
      <Stack gap="sm">
        <TextInput label="New price" placeholder="0.00" value={text} error={error} onChange={(e) => setText(e.currentTarget.value)} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={edit.isPending} onClick={() => void save()}>
            Change price
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function WithdrawDialog({ opened, items, onClose, onSaved }: { opened: boolean; items: Item[]; onClose: () => void; onSaved: () => void }) {
  const [reason, setReason] = useState('');
  const withdraw = trpc.item.withdraw.useMutation();
  const confirm = async () => {
    try {
      const answer = await withdraw.mutateAsync({ itemIds: items.map((i) => i.id), reason });
      notifySuccess(answer.message);
      setReason('');
      onSaved();
    } catch (err) {
      notifyFailure('Could not withdraw', errorMessage(err, 'Please try again.'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Withdraw ${items.length} items`}>
      <Stack gap="sm">
        <Text size="sm">The vendor takes these items back: they leave the floor and can no longer be sold.</Text>
        <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="orange" loading={withdraw.isPending} onClick={() => void confirm()}>
            Withdraw
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
