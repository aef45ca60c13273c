/**
 * Store > Inventory: the store's stock items in a searchable (debounced, on the server),
 * sortable, paginated table with add, edit, adjust and archive. Every change reloads the
 * list and the dashboards, whose counters are made from these rows.
 */
import { useState } from 'react';
import { Badge, Button, CloseButton, Group, Loader, Pagination, Paper, Select, Skeleton, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { fromWire, type InventoryItem, type InventorySort } from '@pos/contracts';
import { formatMoney } from '@pos/domain';
import { LoadFailure } from '../../components/load-failure';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { InventoryAdjustDialog } from './inventory-adjust-dialog';
import { InventoryArchiveModal } from './inventory-archive-modal';
import { FAILED_ARCHIVE, FAILED_LOAD } from './inventory-form';
import { AdjustIcon, ArchiveIcon, PencilIcon, PlusIcon, SearchIcon, SortIcon } from '../../components/icons';
import { InventoryItemDialog } from './inventory-item-dialog';
import { DEFAULT_INVENTORY_PAGE_SIZE, INITIAL_INVENTORY_SORT, inventoryListInput, rangeText, SEARCH_DEBOUNCE_MS } from './inventory-list-state';
import { ariaSort, pageCount, showsPageSizes, showsPagination, TABLE_PAGE_SIZES, toggleSort, useKeepPageInRange, usePaging } from '../../lib/paging';
import { notifyFailure, notifySuccess } from '../../lib/notify';

const COLUMNS: readonly { sort: InventorySort | null; label: string; numeric?: boolean }[] = [
  { sort: 'sku', label: 'SKU' },
  { sort: 'description', label: 'Description' },
  { sort: null, label: 'Item Code' },
  { sort: 'price', label: 'Price', numeric: true },
  { sort: 'quantityOnHand', label: 'On Hand', numeric: true },
  { sort: 'reorderLevel', label: 'Reorder Level', numeric: true },
];
const COLUMN_COUNT = COLUMNS.length + 1;
const SKELETON_ROWS = 5;

type Dialog = { opened: boolean; item: InventoryItem | null; key: number };
const CLOSED: Dialog = { opened: false, item: null, key: 0 };

export function InventoryPage() {
  const utils = trpc.useUtils();
  const paging = usePaging(DEFAULT_INVENTORY_PAGE_SIZE);
  const [sortState, setSort] = useState(INITIAL_INVENTORY_SORT);
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const [search, setSearch] = useState('');
  // A new search (not the same one with other spaces) starts at the first page.
  const { toFirstPage } = paging;
  const next = debounced.trim();
  if (next !== search) {
    setSearch(next);
    toFirstPage();
  }

  const list = trpc.store.inventory.list.useQuery(inventoryListInput(paging, sortState, search), { placeholderData: keepPreviousData });
  const items = list.data?.items;
  const total = list.data?.totalItems ?? 0;

  // An archive can leave the current page past the end: show the last page instead.
  useKeepPageInRange(paging, list.isPlaceholderData ? undefined : list.data?.totalItems);

  const [itemDialog, setItemDialog] = useState<Dialog>(CLOSED);
  const [adjustDialog, setAdjustDialog] = useState<Dialog>(CLOSED);
  const [toArchive, setToArchive] = useState<Dialog>(CLOSED);
  const open = (set: typeof setItemDialog, item: InventoryItem | null) => set((d) => ({ opened: true, item, key: d.key + 1 }));
  const close = (set: typeof setItemDialog) => set((d) => ({ ...d, opened: false }));

  /** The list and every counter made from it. */
  const refresh = () => Promise.all([utils.store.inventory.list.invalidate(), utils.dashboard.invalidate()]);

  const archive = trpc.store.inventory.archive.useMutation();
  const confirmArchive = async () => {
    const item = toArchive.item;
    if (!item) return;
    try {
      const answer = await archive.mutateAsync({ id: item.id });
      notifySuccess(`${answer.message}: ${item.sku}`);
      close(setToArchive);
    } catch (err) {
      notifyFailure(FAILED_ARCHIVE, errorMessage(err, FAILED_ARCHIVE));
    }
    await refresh();
  };

  // The adjust dialog follows the list, so a reload after a refusal shows the quantity now held.
  const adjusting = adjustDialog.item ? (items?.find((i) => i.id === adjustDialog.item?.id) ?? adjustDialog.item) : null;
  const refreshing = list.isFetching && items !== undefined;
  const searching = search !== '';
  const loadFailure = list.error ? errorMessage(list.error, FAILED_LOAD) : null;

  return (
    <>
      <PageHeading>Inventory</PageHeading>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <TextInput
            aria-label="Search inventory"
            placeholder="Search by SKU or description"
            name="search"
            autoComplete="off"
            leftSection={<SearchIcon size={16} />}
            rightSection={typed ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setTyped('')} /> : null}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            w={{ base: '100%', sm: 360 }}
          />
          <Button leftSection={<PlusIcon size={16} />} onClick={() => open(setItemDialog, null)}>
            Add Item
          </Button>
        </Group>

        {loadFailure !== null ? (
          <LoadFailure
            title={FAILED_LOAD}
            detail={loadFailure === FAILED_LOAD ? 'Please try again.' : loadFailure}
            testId="inventory-error"
            retrying={list.isFetching}
            onRetry={() => void list.refetch()}
          />
        ) : null}

        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={900}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              striped
              highlightOnHover
              aria-label="Inventory"
              data-stack
              aria-busy={list.isFetching}
              style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map(({ sort, label, numeric }) =>
                    sort ? (
                      <SortableTh
                        key={label}
                        label={label}
                        numeric={numeric}
                        direction={ariaSort(sortState, sort)}
                        onSort={() => {
                          setSort(toggleSort(sortState, sort));
                          toFirstPage();
                        }}
                      />
                    ) : (
                      <Table.Th key={label} style={{ whiteSpace: 'nowrap' }}>
                        {label}
                      </Table.Th>
                    ),
                  )}
                  <Table.Th w={240}>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items === undefined ? (
                  list.isPending ? (
                    <LoadingRows />
                  ) : (
                    <Table.Tr>
                      <Table.Td colSpan={COLUMN_COUNT} />
                    </Table.Tr>
                  )
                ) : items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMN_COUNT}>
                      <Stack gap={4} align="center" py="lg" data-testid="inventory-empty">
                        <Text fw={500}>{searching ? `No stock items match "${search}".` : 'No stock items yet.'}</Text>
                        <Text size="sm" c="dimmed">
                          {searching ? 'Try another SKU or description.' : 'Use Add Item to record the first one.'}
                        </Text>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  items.map((item) => (
                    <ItemRow
                      key={item.id}
                      item={item}
                      archiving={archive.isPending && archive.variables?.id === item.id}
                      onEdit={() => open(setItemDialog, item)}
                      onAdjust={() => open(setAdjustDialog, item)}
                      onArchive={() => open(setToArchive, item)}
                    />
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>

        {items !== undefined ? (
          <Group justify="space-between" align="center" gap="md">
            <Group gap="md">
              {showsPagination(total, paging.pageSize) ? (
                <nav aria-label="Inventory pages">
                  <Pagination total={pageCount(total, paging.pageSize)} value={paging.page} onChange={paging.setPage} size="sm" />
                </nav>
              ) : null}
              <Text size="sm" c="dimmed" data-testid="inventory-total">
                {rangeText(total, paging.page, paging.pageSize)}
              </Text>
              {refreshing ? <Loader size="xs" aria-label="Loading inventory" /> : null}
            </Group>
            {showsPageSizes(total, TABLE_PAGE_SIZES) ? (
              <Group gap="xs">
                <Text size="sm" c="dimmed" component="label" htmlFor="inventory-page-size">
                  Rows per page
                </Text>
                <Select
                  id="inventory-page-size"
                  w={84}
                  size="xs"
                  allowDeselect={false}
                  data={TABLE_PAGE_SIZES.map(String)}
                  value={String(paging.pageSize)}
                  onChange={(v) => v && paging.setPageSize(Number(v))}
                />
              </Group>
            ) : null}
          </Group>
        ) : null}
      </Stack>

      <InventoryItemDialog
        opened={itemDialog.opened}
        item={itemDialog.item}
        formKey={itemDialog.key}
        onClose={() => close(setItemDialog)}
        onSaved={() => {
          close(setItemDialog);
          void refresh();
        }}
      />
      <InventoryAdjustDialog
        opened={adjustDialog.opened}
        item={adjusting}
        formKey={adjustDialog.key}
        onClose={() => close(setAdjustDialog)}
        onSaved={() => {
          close(setAdjustDialog);
          void refresh();
        }}
        onStale={() => void refresh()}
      />
      <InventoryArchiveModal opened={toArchive.opened} item={toArchive.item} archiving={archive.isPending} onCancel={() => close(setToArchive)} onConfirm={() => void confirmArchive()} />
    </>
  );
}

function LoadingRows() {
  return (
    <>
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <Table.Tr key={row} data-testid="inventory-loading">
          {Array.from({ length: COLUMN_COUNT }, (_, cell) => (
            <Table.Td key={cell}>
              <Skeleton height={14} radius="sm" width={cell === 1 ? '80%' : '60%'} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

function SortableTh({ label, numeric, direction, onSort }: { label: string; numeric?: boolean | undefined; direction: 'ascending' | 'descending' | 'none'; onSort: () => void }) {
  return (
    <Table.Th aria-sort={direction} ta={numeric ? 'right' : undefined}>
      <UnstyledButton
        onClick={onSort}
        fw={600}
        fz="sm"
        aria-label={`Sort by ${label}`}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, flexDirection: numeric ? 'row-reverse' : 'row', whiteSpace: 'nowrap' }}
      >
        {label}
        <SortIcon direction={direction === 'ascending' ? 'asc' : direction === 'descending' ? 'desc' : null} />
      </UnstyledButton>
    </Table.Th>
  );
}

function ItemRow({ item, archiving, onEdit, onAdjust, onArchive }: { item: InventoryItem; archiving: boolean; onEdit: () => void; onAdjust: () => void; onArchive: () => void }) {
  const numeric = { ta: 'right' as const, style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' as const } };
  return (
    <Table.Tr data-item-id={item.id} data-sku={item.sku} data-low-stock={item.lowStock || undefined}>
      <Table.Td fw={500} style={{ whiteSpace: 'nowrap' }} data-label="SKU">
        {item.sku}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }} data-label="Description">
        <Text size="sm" lineClamp={2}>
          {item.description}
        </Text>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }} data-label="Item Code">
        {item.itemCode ?? (
          <Text span c="dimmed">
            -
          </Text>
        )}
      </Table.Td>
      <Table.Td {...numeric} data-label="Price">
        {formatMoney(fromWire(item.price))}
      </Table.Td>
      <Table.Td {...numeric} data-label="On Hand">
        <Group gap={8} justify="flex-end" wrap="nowrap">
          {item.lowStock ? (
            <Badge color="orange" variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
              Low stock
            </Badge>
          ) : null}
          <span data-testid="on-hand">{item.quantityOnHand.toLocaleString('en-US')}</span>
        </Group>
      </Table.Td>
      <Table.Td {...numeric} data-label="Reorder Level">
        {item.reorderLevel.toLocaleString('en-US')}
      </Table.Td>
      <Table.Td data-label="Actions">
        <Group gap={4} wrap="nowrap">
          <Button variant="subtle" size="compact-sm" leftSection={<PencilIcon size={14} />} aria-label={`Edit ${item.sku}`} onClick={onEdit}>
            Edit
          </Button>
          <Button variant="subtle" size="compact-sm" leftSection={<AdjustIcon size={14} />} aria-label={`Adjust ${item.sku}`} onClick={onAdjust}>
            Adjust
          </Button>
          <Button variant="subtle" color="red" size="compact-sm" leftSection={<ArchiveIcon size={14} />} aria-label={`Archive ${item.sku}`} loading={archiving} onClick={onArchive}>
            Archive
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
